"""``ProgbarLogger``: the progress bar and epoch lines ``fit`` prints."""

from __future__ import annotations

from ..utils.progbar import Progbar
from .callback import Callback


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
