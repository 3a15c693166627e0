"""Callback, History, ProgbarLogger and the CallbackList that ``fit`` drives (Keras 3's)."""

from __future__ import annotations

import numpy as np

from ._progbar import Progbar


class Callback:
    """Base class of callbacks (``tf.keras.callbacks.Callback``): override the hooks you need.

    ``self.model`` is the model being trained and ``self.params`` holds ``verbose``,
    ``epochs`` and ``steps``. Epoch logs hold Python floats.

    >>> import tapejax as tf
    >>> class Count(tf.keras.callbacks.Callback):
    ...   def on_epoch_end(self, epoch, logs=None):
    ...     print(epoch, sorted(logs))
    >>> model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1)])
    >>> model.compile('sgd', 'mse')
    >>> _ = model.fit([[1.0]], [[2.0]], epochs=2, verbose=0, callbacks=[Count()])
    0 ['loss']
    1 ['loss']
    """

    def __init__(self):
        self.params: dict = {}
        self._model = None

    def set_params(self, params: dict) -> None:
        self.params = params

    def set_model(self, model) -> None:
        self._model = model

    @property
    def model(self):
        return self._model

    def on_batch_begin(self, batch, logs=None): ...
    def on_batch_end(self, batch, logs=None): ...
    def on_epoch_begin(self, epoch, logs=None): ...
    def on_epoch_end(self, epoch, logs=None): ...
    def on_train_batch_begin(self, batch, logs=None):
        self.on_batch_begin(batch, logs)

    def on_train_batch_end(self, batch, logs=None):
        self.on_batch_end(batch, logs)

    def on_test_batch_begin(self, batch, logs=None): ...
    def on_test_batch_end(self, batch, logs=None): ...
    def on_predict_batch_begin(self, batch, logs=None): ...
    def on_predict_batch_end(self, batch, logs=None): ...
    def on_train_begin(self, logs=None): ...
    def on_train_end(self, logs=None): ...
    def on_test_begin(self, logs=None): ...
    def on_test_end(self, logs=None): ...
    def on_predict_begin(self, logs=None): ...
    def on_predict_end(self, logs=None): ...


class History(Callback):
    """Records each epoch's logs: ``history.history['loss']`` is the list of epoch losses."""

    def __init__(self):
        super().__init__()
        self.history: dict = {}
        self.epoch: list = []

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        self.epoch.append(epoch)
        for key, value in (logs or {}).items():
            self.history.setdefault(key, []).append(value)
        self.model.history = self


class ProgbarLogger(Callback):
    """Prints ``Epoch i/n`` and the progress bar (``verbose=1``) or epoch lines (``verbose=2``)."""

    def __init__(self):
        super().__init__()
        self.progbar, self.target, self.verbose, self.epochs = None, None, 1, 1
        self.seen, self._called_in_fit = 0, False

    def set_params(self, params):
        super().set_params(params)
        self.verbose = 1 if params["verbose"] == "auto" else params["verbose"]
        self.epochs, self.target = params["epochs"], params["steps"]

    def on_train_begin(self, logs=None):
        self._called_in_fit = True  # validation inside fit is silent

    def on_test_begin(self, logs=None):
        if not self._called_in_fit:
            self._reset()

    def on_predict_begin(self, logs=None):
        self._reset()

    def on_epoch_begin(self, epoch, logs=None):
        self._reset()
        if self.verbose and self.epochs > 1:
            print(f"Epoch {epoch + 1}/{self.epochs}", flush=True)

    def on_train_batch_end(self, batch, logs=None):
        self._update(batch, logs)

    def on_test_batch_end(self, batch, logs=None):
        if not self._called_in_fit:
            self._update(batch, logs)

    def on_predict_batch_end(self, batch, logs=None):
        self._update(batch, None)

    def on_epoch_end(self, epoch, logs=None):
        self._finalize(logs)

    def on_test_end(self, logs=None):
        if not self._called_in_fit:
            self._finalize(logs)

    def on_predict_end(self, logs=None):
        self._finalize(logs)

    def _reset(self):
        self.seen, self.progbar = 0, None
        self._progbar()  # the clock starts now, before the first step

    def _progbar(self) -> Progbar:
        if self.progbar is None:
            self.progbar = Progbar(target=self.target, verbose=self.verbose)
        return self.progbar

    def _update(self, batch, logs):
        progbar = self._progbar()
        self.seen = batch + 1
        if self.verbose == 1:
            progbar.update(self.seen, list((logs or {}).items()), finalize=False)

    def _finalize(self, logs):
        progbar = self._progbar()
        if self.target is None:
            self.target = progbar.target = self.seen
        progbar.update(self.target, list((logs or {}).items()), finalize=True)


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
