"""The layers being called, per thread: their name scopes (a weight built inside a call is
named ``'outer/inner/kernel'``) and the ``training`` value an inner call inherits, as Keras 3's
call context.
"""

from __future__ import annotations

import functools
import inspect
import threading


class _CallState(threading.local):
    def __init__(self):
        self.scopes: list = []  # (layer name, layer): the layers being called, outermost first
        self.training: list = []  # the ``training`` value of each layer being called


_state = _CallState()


@functools.cache
def _call_parameters(cls) -> tuple:
    """The names of ``cls.call``'s parameters after ``self`` and the inputs."""
    params = list(inspect.signature(cls.call).parameters.values())[2:]
    return tuple(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))


def _bind_training(cls, args, kwargs):
    """Resolves ``training``: given (by keyword or position), else the calling layer's."""
    params = _call_parameters(cls)
    training = kwargs.get("training")
    if "training" in params:
        position = params.index("training")
        if training is None and len(args) > position:
            training = args[position]
        if training is None and _state.training:
            training = _state.training[-1]
        if training is not None:  # else ``call``'s own default applies
            if len(args) > position:
                args = args[:position] + (training,) + args[position + 1 :]
            else:
                kwargs = {**kwargs, "training": training}
    else:
        # Keras drops ``training`` for a layer whose ``call`` does not take it.
        kwargs = {k: v for k, v in kwargs.items() if k != "training"}
        if training is None and _state.training:
            training = _state.training[-1]
    return args, kwargs, training


class _scope:
    """Enters ``layer``'s name scope (once per layer) and its ``training`` context."""

    def __init__(self, layer, training=None):
        self.layer, self.training = layer, training

    def __enter__(self):
        self.pushed = not _state.scopes or _state.scopes[-1][1] is not self.layer
        if self.pushed:
            _state.scopes.append((self.layer.name, self.layer))
        inherited = _state.training[-1] if _state.training else None
        _state.training.append(inherited if self.training is None else self.training)

    def __exit__(self, *exc):
        _state.training.pop()
        if self.pushed:
            _state.scopes.pop()
