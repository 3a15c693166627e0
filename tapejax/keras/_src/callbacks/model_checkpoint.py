"""``ModelCheckpoint``: saves the model or its weights at the end of epochs."""

from __future__ import annotations

import warnings

from .monitor_callback import _MonitorCallback


class ModelCheckpoint(_MonitorCallback):
    """Saves the model's weights after each epoch (``save_weights_only=True``; whole-model
    ``.keras`` files are not supported by tapejax).

    Args:
      filepath: a ``.weights.h5`` path, which may hold ``{epoch}`` and logged names
        (``'ckpt-{epoch:02d}-{val_loss:.2f}.weights.h5'``).
      monitor, mode: what ``save_best_only`` watches.
      save_best_only: save only when the monitored value improves.
      save_weights_only: must be True.
      initial_value_threshold: the value to beat first.
    """

    def __init__(
        self,
        filepath,
        monitor="val_loss",
        verbose=0,
        save_best_only=False,
        save_weights_only=False,
        mode="auto",
        save_freq="epoch",
        initial_value_threshold=None,
    ):
        super().__init__(monitor, mode, initial_value_threshold)
        self.filepath, self.verbose = str(filepath), verbose
        self.save_best_only, self.save_weights_only = save_best_only, save_weights_only
        if save_freq != "epoch":
            raise NotImplementedError(
                "ModelCheckpoint: only save_freq='epoch' is supported by tapejax.keras."
            )
        if not save_weights_only:
            raise NotImplementedError(
                "ModelCheckpoint: tapejax.keras saves weights only; pass "
                "save_weights_only=True and a filepath ending in `.weights.h5`."
            )
        if not self.filepath.endswith(".weights.h5"):
            raise ValueError(
                "When using `save_weights_only=True` in `ModelCheckpoint`, the filepath "
                "provided must end in `.weights.h5` (Keras weights format). Received: "
                f"filepath={self.filepath}"
            )

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        logs = logs or {}
        filepath = self.filepath.format(epoch=epoch + 1, **logs)
        if self._should_save(epoch, logs, filepath):
            self.model.save_weights(filepath, overwrite=True)
            if self.verbose > 0:
                print(f"\nEpoch {epoch + 1}: finished saving model to {filepath}")

    def _should_save(self, epoch, logs, filepath) -> bool:
        if not self.save_best_only:
            if self.verbose > 0:
                print(f"\nEpoch {epoch + 1}: saving model to {filepath}")
            return True
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(f"Can save best model only with {self.monitor} available.", stacklevel=2)
            return True
        best = "None" if self.best is None else f"{self.best:.5f}"
        if self._is_improvement(current, self.best):
            if self.verbose > 0:
                print(
                    f"\nEpoch {epoch + 1}: {self.monitor} improved from {best} to {current:.5f}, saving "
                    f"model to {filepath}"
                )
            self.best = current
            return True
        if self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: {self.monitor} did not improve from {best}")
        return False
