"""The Adadelta optimizer, as Keras 3 updates."""

from __future__ import annotations

import jax.numpy as jnp

from .hyperparameters import as_float
from .optimizer import Optimizer


class Adadelta(Optimizer):
    """Adadelta, as Keras 3's ``Adadelta``: running averages of the squared gradients and of the
    squared updates set each variable's step size.

    ``a = rho * a + (1 - rho) * g**2``; ``d = -sqrt(b + eps) * g / sqrt(a + eps)``;
    ``b = rho * b + (1 - rho) * d**2``; ``w += lr * d``.

    >>> import tapejax as tf
    >>> w = tf.Variable([1.0, 2.0])
    >>> opt = tf.keras.optimizers.Adadelta(learning_rate=1.0)
    >>> _ = opt.apply_gradients([(tf.constant([0.5, -1.0]), w)])
    >>> print(w.numpy())
    [0.9985858 2.0014143]
    """

    def __init__(self, learning_rate=0.001, rho=0.95, epsilon=1e-7, name=None, **kwargs):
        self.rho, self.epsilon = rho, epsilon
        super().__init__(learning_rate, name=name, **kwargs)

    _hyperparameters = ("rho", "epsilon")

    def _slot_groups(self) -> list:
        return [(("accumulated_grad", "accumulated_delta_var"), 0.0)]

    @staticmethod
    def update(h, grad, var, slots, square):
        rho, keep, eps = as_float(h.rho, var), as_float(1 - h.rho, var), as_float(h.epsilon, var)
        grads = rho * slots[0] + keep * square
        delta = -(jnp.sqrt(slots[1] + eps) * grad) / jnp.sqrt(grads + eps)
        deltas = rho * slots[1] + keep * jnp.square(delta)
        return var + h.lr.astype(var.dtype) * delta, [grads, deltas]
