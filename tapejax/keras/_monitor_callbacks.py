"""EarlyStopping, ModelCheckpoint (callbacks that watch a logged value) and LambdaCallback."""

from __future__ import annotations

import operator
import warnings

from ._callback import Callback


class _MonitorCallback(Callback):
    """Keras' MonitorCallback: which way the monitored value improves, and by how much."""

    def __init__(self, monitor="val_loss", mode="auto", baseline=None, min_delta=0):
        super().__init__()
        if mode not in ("auto", "min", "max"):
            warnings.warn(
                f"{type(self).__name__} mode '{mode}' is unknown, fallback to auto mode.", stacklevel=3
            )
            mode = "auto"
        self.monitor, self.mode, self.best = monitor, mode, baseline
        self.min_delta = abs(min_delta)
        self.monitor_op = None

    def _set_monitor_op(self) -> None:
        name = self.monitor.removeprefix("val_")
        if self.mode != "auto":
            self.monitor_op = operator.lt if self.mode == "min" else operator.gt
        elif name == "loss" or name.endswith("_loss") or _named(name, _DOWN_METRICS):
            self.monitor_op = operator.lt
        elif _named(name, _UP_METRICS):
            self.monitor_op = operator.gt
        else:
            raise ValueError(
                f"{type(self).__name__} callback received monitor={self.monitor}, but Keras isn't able "
                "to automatically determine whether that metric should be maximized or minimized. Pass "
                "`mode='max'` in order to monitor based on the highest metric value, or pass "
                "`mode='min'` in order to use the lowest value."
            )
        if self.monitor_op is operator.lt:
            self.min_delta *= -1

    def _is_improvement(self, value, reference) -> bool:
        return reference is None or self.monitor_op(value - self.min_delta, reference)


def _named(name: str, metrics: tuple) -> bool:
    """``name`` is one of ``metrics``, or one of them for an output (``out1_accuracy``)."""
    return name in metrics or name.endswith(tuple("_" + m for m in metrics))


# Metrics whose larger values are better / worse (Keras reads each metric's ``_direction``).
_UP_METRICS = (
    "accuracy",
    "acc",
    "binary_accuracy",
    "categorical_accuracy",
    "sparse_categorical_accuracy",
    "auc",
    "precision",
    "recall",
    "top_k_categorical_accuracy",
)
_DOWN_METRICS = ("mae", "mse", "mean_absolute_error", "mean_squared_error", "crossentropy")


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
