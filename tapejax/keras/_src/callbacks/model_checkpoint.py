"""``ModelCheckpoint``: saves the whole model (``.keras``) or its weights (``.weights.h5``) at
the end of epochs or every ``save_freq`` batches, as Keras 3's callback does."""

from __future__ import annotations

import os
import warnings

import numpy as np

from .monitor_callback import _MonitorCallback


class ModelCheckpoint(_MonitorCallback):
    """Saves the model (``model.save``: a ``.keras`` or ``.h5`` file) or, with
    ``save_weights_only=True``, its weights (a ``.weights.h5`` file).

    Args:
      filepath: the file to write; it may hold ``{epoch}`` (1-based), ``{batch}`` (1-based,
        with an integer ``save_freq``) and logged names, formatted as ``str.format`` does
        (``'ckpt-{epoch:02d}-{val_loss:.2f}.keras'``). Missing folders are created.
      monitor, mode: what ``save_best_only`` watches, and which way it improves.
      save_best_only: save only when the monitored value improves on the best so far.
      save_weights_only: save the weights only.
      save_freq: ``'epoch'``, or a number of batches between saves.
      initial_value_threshold: the value to beat first with ``save_best_only``.
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
        self.filepath, self.verbose = os.fspath(filepath), verbose
        self.save_best_only, self.save_weights_only, self.save_freq = (
            save_best_only,
            save_weights_only,
            save_freq,
        )
        self._batches_seen_since_last_saving, self._last_batch_seen, self._current_epoch = 0, None, 0
        if save_freq != "epoch" and not isinstance(save_freq, int):
            raise ValueError(
                f"Unrecognized save_freq: {save_freq}. Expected save_freq are 'epoch' or integer values"
            )
        if save_weights_only:
            if not self.filepath.endswith(".weights.h5"):
                raise ValueError(
                    "When using `save_weights_only=True` in `ModelCheckpoint`, the filepath "
                    "provided must end in `.weights.h5` (Keras weights format). Received: "
                    f"filepath={self.filepath}"
                )
        elif not self.filepath.endswith((".keras", ".h5")):
            raise ValueError(
                f"The filepath provided must end in `.keras` (Keras model format). Received: filepath={self.filepath}"
            )

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        if self._should_save_on_batch(batch):
            self._save_model(self._current_epoch, batch, logs)

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        if self.save_freq == "epoch":
            self._save_model(epoch, None, logs)

    def _should_save_on_batch(self, batch) -> bool:
        if self.save_freq == "epoch":
            return False
        seen = (
            batch + 1
            if self._last_batch_seen is None or batch <= self._last_batch_seen
            else batch - self._last_batch_seen
        )
        self._batches_seen_since_last_saving += seen
        self._last_batch_seen = batch
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            return True
        return False

    def _file_path(self, epoch, batch, logs) -> str:
        try:
            if batch is None or "batch" in logs:
                return self.filepath.format(epoch=epoch + 1, **logs)
            return self.filepath.format(epoch=epoch + 1, batch=batch + 1, **logs)
        except KeyError as e:
            raise KeyError(f'Failed to format this callback filepath: "{self.filepath}". Reason: {e}') from e

    def _save_model(self, epoch, batch, logs) -> None:
        logs = logs or {}
        filepath = self._file_path(epoch, batch, logs)
        if not self._should_save(epoch, logs, filepath):
            return
        if os.path.isdir(filepath):
            raise OSError(
                "Please specify a non-directory filepath for ModelCheckpoint. Filepath used is an "
                f"existing directory: {filepath}"
            )
        folder = os.path.dirname(filepath)
        if folder:
            os.makedirs(folder, exist_ok=True)
        if self.save_weights_only:
            self.model.save_weights(filepath, overwrite=True)
        else:
            self.model.save(filepath, overwrite=True)
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
        if np.ndim(current) > 0:
            warnings.warn(
                "Can save best model only when `monitor` is a scalar value. Received: "
                f"{current}. Falling back to `save_best_only=False`.",
                stacklevel=2,
            )
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
