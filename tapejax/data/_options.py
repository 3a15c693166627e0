"""``tf.data.Options``: settings a pipeline carries (``with_options``). tapejax records them
and reads none: its pipelines are deterministic and run on the host threads they need."""

from __future__ import annotations

import enum


class AutoShardPolicy(enum.IntEnum):
    """``tf.data.experimental.AutoShardPolicy`` (for distribution strategies, which tapejax lacks)."""

    OFF = -1
    AUTO = 0
    FILE = 1
    DATA = 2
    HINT = 3


class _Group:
    """A group of options (``options.threading``...): attributes set by the user, None otherwise."""

    def __init__(self, **defaults):
        self.__dict__.update(defaults)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)

    def __eq__(self, other):
        return type(other) is type(self) and vars(self) == vars(other)

    __hash__ = None


class ThreadingOptions(_Group):
    """``tf.data.ThreadingOptions`` (``options.threading``): recorded, not acted on."""

    def __init__(self):
        super().__init__(max_intra_op_parallelism=None, private_threadpool_size=None)


class Options:
    """``tf.data.Options``: ``deterministic``, ``autotune``, ``experimental_optimization``,
    ``experimental_distribute``, ``threading``..., each None until set (TF's defaults).

    >>> import tapejax as tf
    >>> options = tf.data.Options()
    >>> options.deterministic = False
    >>> tf.data.Dataset.range(3).with_options(options).options().deterministic
    False
    """

    def __init__(self):
        self.deterministic = None
        self.experimental_deterministic = None
        self.experimental_external_state_policy = None
        self.experimental_slack = None
        self.experimental_symbolic_checkpoint = None
        self.experimental_warm_start = None
        self.autotune = _Group(enabled=None, cpu_budget=None, ram_budget=None)
        self.experimental_distribute = _Group(auto_shard_policy=AutoShardPolicy.AUTO)
        self.experimental_optimization = _Group()
        self.threading = ThreadingOptions()

    def merge(self, options):
        """These options with ``options``' set values on top (TF's ``Options.merge``)."""
        merged = Options()
        for source in (self, options):
            for key, value in vars(source).items():
                if isinstance(value, _Group):
                    vars(getattr(merged, key)).update({k: v for k, v in vars(value).items() if v is not None})
                elif value is not None:
                    setattr(merged, key, value)
        return merged

    def __eq__(self, other):
        return type(other) is Options and vars(self) == vars(other)

    __hash__ = None
