"""``CallbackList``: calls every callback's hook in order (with History and ProgbarLogger
added as Keras adds them), and logs as Python numbers.
"""

from __future__ import annotations

import numpy as np

from .callback import Callback
from .history import History
from .progbar_logger import ProgbarLogger

_BATCH_HOOKS = ("on_batch_end", "on_train_batch_end", "on_test_batch_end", "on_predict_batch_end")


class CallbackList:
    """Calls every callback's hook in turn; converts logs to Python floats for them.

    Batch logs stay tensors (read only when a progress line is printed) unless a callback
    of the user's looks at them, so that ``fit`` does not wait for every step.
    """

    def __init__(self, callbacks=None, add_history=False, add_progbar=False, model=None, **params):
        self.callbacks = list(callbacks or [])
        if add_history and not any(isinstance(c, History) for c in self.callbacks):
            self.callbacks.append(History())
        if add_progbar and not any(isinstance(c, ProgbarLogger) for c in self.callbacks):
            self.callbacks.append(ProgbarLogger())
        self._batch_floats = any(
            type(c) not in (History, ProgbarLogger)
            and any(
                getattr(getattr(c, hook), "__func__", None) is not getattr(Callback, hook)
                for hook in _BATCH_HOOKS
            )
            for c in self.callbacks
        )
        for callback in self.callbacks:
            if model is not None:
                callback.set_model(model)
            if params:
                callback.set_params(params)

    @property
    def history(self):
        return next((c for c in self.callbacks if isinstance(c, History)), None)

    def _call(self, hook: str, *args, logs=None, floats: bool = True):
        # Keras 3 gives every hook a flat dict (``{}`` where nothing is logged, never None).
        logs = pythonify(logs) if floats else flatten_logs(logs)
        for callback in self.callbacks:
            getattr(callback, hook)(*args, logs)

    def on_train_begin(self, logs=None):
        self._call("on_train_begin", logs=logs)

    def on_train_end(self, logs=None):
        self._call("on_train_end", logs=logs)

    def on_epoch_begin(self, epoch, logs=None):
        self._call("on_epoch_begin", epoch, logs=logs)

    def on_epoch_end(self, epoch, logs=None):
        self._call("on_epoch_end", epoch, logs=logs)

    def on_test_begin(self, logs=None):
        self._call("on_test_begin", logs=logs)

    def on_test_end(self, logs=None):
        self._call("on_test_end", logs=logs)

    def on_predict_begin(self, logs=None):
        self._call("on_predict_begin", logs=logs)

    def on_predict_end(self, logs=None):
        self._call("on_predict_end", logs=logs)

    def on_train_batch_begin(self, batch, logs=None):
        self._call("on_train_batch_begin", batch, logs=logs, floats=self._batch_floats)

    def on_train_batch_end(self, batch, logs=None):
        self._call("on_train_batch_end", batch, logs=logs, floats=self._batch_floats)

    def on_test_batch_begin(self, batch, logs=None):
        self._call("on_test_batch_begin", batch, logs=logs, floats=self._batch_floats)

    def on_test_batch_end(self, batch, logs=None):
        self._call("on_test_batch_end", batch, logs=logs, floats=self._batch_floats)

    def on_predict_batch_begin(self, batch, logs=None):
        self._call("on_predict_batch_begin", batch, logs=logs, floats=False)

    def on_predict_batch_end(self, batch, logs=None):
        self._call("on_predict_batch_end", batch, logs=logs, floats=False)


def flatten_logs(logs) -> dict:
    """Logs as one flat dict sorted by key (a value that is a dict adds its entries), as
    Keras' ``pythonify_logs`` flattens them; ``{}`` for None. Values are left as they are."""
    out = {}
    for key, value in sorted((logs or {}).items()):
        if isinstance(value, dict):
            out.update(flatten_logs(value))
        else:
            out[key] = value
    return out


def pythonify(logs) -> dict:
    """Flat logs (:func:`flatten_logs`) with every scalar as a Python float (Keras'
    ``pythonify_logs``); other values (a batch of predictions) kept."""
    out = flatten_logs(logs)
    for key, value in out.items():
        try:
            array = np.asarray(value)
        except Exception:  # noqa: BLE001 - Keras keeps any value it cannot convert
            continue
        if array.ndim == 0 and array.dtype.kind in "biuf":
            out[key] = float(array)
        elif hasattr(value, "numpy"):  # a tensor Keras converts to numpy first
            out[key] = array
    return out
