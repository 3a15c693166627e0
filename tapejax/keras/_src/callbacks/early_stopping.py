"""``EarlyStopping``: stops training when a monitored value stops improving."""

from __future__ import annotations

import warnings

from .monitor_callback import _MonitorCallback


class EarlyStopping(_MonitorCallback):
    """Stops training when ``monitor`` has not improved for ``patience`` epochs.

    Args:
      monitor: the logged value to watch (``'val_loss'`` by default).
      min_delta: smaller changes do not count as improvements.
      patience: epochs without improvement after which training stops.
      verbose: 1 prints the epoch at which it stopped.
      mode: ``'min'``, ``'max'`` or ``'auto'`` (from the name: losses go down, accuracy up).
      baseline: a value the monitored one must beat.
      restore_best_weights: at the end, set the weights of the best epoch.
      start_from_epoch: epochs to wait before watching.
    """

    def __init__(
        self,
        monitor="val_loss",
        min_delta=0,
        patience=0,
        verbose=0,
        mode="auto",
        baseline=None,
        restore_best_weights=False,
        start_from_epoch=0,
    ):
        super().__init__(monitor, mode, min_delta=min_delta)
        self.patience, self.verbose, self.baseline = patience, verbose, baseline
        self.restore_best_weights, self.start_from_epoch = restore_best_weights, start_from_epoch
        self.wait = self.stopped_epoch = self.best_epoch = 0
        self.best_weights = None

    def on_train_begin(self, logs=None):
        self.wait = self.stopped_epoch = self.best_epoch = 0
        self.best, self.best_weights = None, None

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        current = (logs or {}).get(self.monitor)
        if current is None:
            warnings.warn(
                f"Early stopping conditioned on metric `{self.monitor}` which is not available. "
                f"Available metrics are: {','.join(list((logs or {}).keys()))}",
                stacklevel=2,
            )
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            self.best_weights, self.best_epoch = self.model.get_weights(), epoch
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best, self.best_epoch = current, epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            if self.baseline is None or self._is_improvement(current, self.baseline):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0 and self.verbose > 0:
            print(f"Epoch {self.stopped_epoch + 1}: early stopping")
        if self.restore_best_weights and self.best_weights is not None:
            if self.verbose > 0:
                print(f"Restoring model weights from the end of the best epoch: {self.best_epoch + 1}.")
            self.model.set_weights(self.best_weights)
