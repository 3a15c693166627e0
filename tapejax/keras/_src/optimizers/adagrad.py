"""The Adagrad optimizer, as Keras 3 updates."""

from __future__ import annotations

import jax.numpy as jnp

from .hyperparameters import as_float
from .optimizer import Optimizer


class Adagrad(Optimizer):
    """Adagrad, as Keras 3's ``Adagrad``: ``a += g**2``; ``w -= lr * g / sqrt(a + epsilon)``, the
    accumulators starting at ``initial_accumulator_value``.

    >>> import tapejax as tf
    >>> w = tf.Variable([1.0, 2.0])
    >>> opt = tf.keras.optimizers.Adagrad(learning_rate=0.1)
    >>> _ = opt.apply_gradients([(tf.constant([0.5, -1.0]), w)])
    >>> print(w.numpy())
    [0.9154846 2.0953462]
    """

    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-7, name=None, **kwargs):
        self.initial_accumulator_value, self.epsilon = initial_accumulator_value, epsilon
        super().__init__(learning_rate, name=name, **kwargs)

    def _slot_groups(self) -> list:
        return [(("accumulator",), self.initial_accumulator_value)]

    _hyperparameters = ("epsilon",)

    @staticmethod
    def update(h, grad, var, slots, square):
        accumulator = slots[0] + square
        step_size = (h.lr.astype(var.dtype) * grad) / jnp.sqrt(accumulator + as_float(h.epsilon, var))
        return var - step_size, [accumulator]
