"""``LambdaCallback``: a callback made of functions given for its hooks."""

from __future__ import annotations

from .callback import Callback


class LambdaCallback(Callback):
    """A callback made of functions: ``LambdaCallback(on_epoch_end=lambda epoch, logs: ...)``."""

    def __init__(
        self,
        on_epoch_begin=None,
        on_epoch_end=None,
        on_train_begin=None,
        on_train_end=None,
        on_train_batch_begin=None,
        on_train_batch_end=None,
        **kwargs,
    ):
        super().__init__()
        self.__dict__.update(kwargs)
        hooks = {
            "on_epoch_begin": on_epoch_begin,
            "on_epoch_end": on_epoch_end,
            "on_train_begin": on_train_begin,
            "on_train_end": on_train_end,
            "on_train_batch_begin": on_train_batch_begin,
            "on_train_batch_end": on_train_batch_end,
        }
        for hook, fn in hooks.items():
            if fn is not None:
                setattr(self, hook, fn)
