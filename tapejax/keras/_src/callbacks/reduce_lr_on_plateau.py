"""``ReduceLROnPlateau``: lowers the optimizer's learning rate when a monitored value stops improving."""

from __future__ import annotations

import warnings

import numpy as np

from .monitor_callback import _MonitorCallback


def _current_lr(optimizer) -> float:
    return float(np.asarray(optimizer.learning_rate))


class ReduceLROnPlateau(_MonitorCallback):
    """Multiplies the learning rate by ``factor`` when ``monitor`` stops improving (Keras 3's).

    Args:
      monitor: the logged value to watch.
      factor: the new rate is ``max(rate * factor, min_lr)``; must be < 1.
      patience: epochs without improvement before the rate is reduced.
      verbose: 1 prints ``Epoch n: ReduceLROnPlateau reducing learning rate to x.``
      mode: ``'min'``, ``'max'`` or ``'auto'``.
      min_delta: smaller changes do not count as improvements.
      cooldown: epochs to wait after a reduction before counting again.
      min_lr: the lowest rate.

    Each epoch's logs gain ``learning_rate``.
    """

    def __init__(
        self,
        monitor="val_loss",
        factor=0.1,
        patience=10,
        verbose=0,
        mode="auto",
        min_delta=1e-4,
        cooldown=0,
        min_lr=0.0,
        **kwargs,
    ):
        super().__init__(monitor, mode, min_delta=min_delta)
        if factor >= 1.0:
            raise ValueError(f"ReduceLROnPlateau does not support a factor >= 1.0. Received factor={factor}")
        self.factor, self.min_lr, self.patience, self.verbose = factor, min_lr, patience, verbose
        self.cooldown, self.cooldown_counter, self.wait = cooldown, 0, 0

    def on_train_begin(self, logs=None):
        self.best, self.cooldown_counter, self.wait = None, 0, 0

    def in_cooldown(self) -> bool:
        return self.cooldown_counter > 0

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        logs = {} if logs is None else logs
        logs["learning_rate"] = _current_lr(self.model.optimizer)
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn(
                f"Learning rate reduction is conditioned on metric `{self.monitor}` which is not "
                f"available. Available metrics are: {','.join(list(logs.keys()))}.",
                stacklevel=2,
            )
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._is_improvement(current, self.best):
            self.best, self.wait = current, 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience and self._reduce(epoch):
                self.cooldown_counter, self.wait = self.cooldown, 0

    def _reduce(self, epoch) -> bool:
        old_lr = _current_lr(self.model.optimizer)
        if not old_lr > np.float32(self.min_lr):
            return False
        new_lr = max(old_lr * self.factor, self.min_lr)
        self.model.optimizer.learning_rate = new_lr
        if self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: ReduceLROnPlateau reducing learning rate to {new_lr}.")
        return True
