"""``LearningRateScheduler``: sets the learning rate from a function of the epoch."""

from __future__ import annotations

import numpy as np

from .callback import Callback
from .reduce_lr_on_plateau import _current_lr


class LearningRateScheduler(Callback):
    """Sets the learning rate at each epoch's start to ``schedule(epoch, lr)`` (or ``schedule(epoch)``).

    >>> import tapejax as tf
    >>> model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1)])
    >>> model.compile(tf.keras.optimizers.SGD(0.1), 'mse')
    >>> halve = tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr / 2)
    >>> history = model.fit([[1.0]], [[2.0]], epochs=2, verbose=0, callbacks=[halve])
    >>> [round(lr, 4) for lr in history.history['learning_rate']]
    [0.05, 0.025]
    """

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule, self.verbose = schedule, verbose

    def on_epoch_begin(self, epoch, logs=None):
        optimizer = self.model.optimizer
        if not hasattr(optimizer, "learning_rate"):
            raise ValueError('Optimizer must have a "learning_rate" attribute.')
        try:
            learning_rate = self.schedule(epoch, _current_lr(optimizer))
        except TypeError:  # the old one-argument form
            learning_rate = self.schedule(epoch)
        if not isinstance(learning_rate, (float, np.float32, np.float64)):
            raise ValueError(f"The output of the `schedule` function should be a float. Got: {learning_rate}")
        optimizer.learning_rate = learning_rate
        if self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning rate to {learning_rate}.")

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            logs["learning_rate"] = _current_lr(self.model.optimizer)
