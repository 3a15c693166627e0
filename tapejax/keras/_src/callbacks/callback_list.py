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
        logs = pythonify(logs) if floats else logs
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


def pythonify(logs):
    """Logs with every scalar as a Python float (Keras' ``pythonify_logs``)."""
    if logs is None:
        return None
    out = {}
    for key, value in logs.items():
        if isinstance(value, dict):
            out.update(pythonify(value))
        else:
            array = np.asarray(value)
            out[key] = float(array) if array.ndim == 0 else array
    return out
