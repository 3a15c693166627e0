"""The Adam optimizer, with Keras 3's update rule (``tf.keras.optimizers.Adam``)."""

from __future__ import annotations

import jax.numpy as jnp

from .hyperparameters import as_float
from .optimizer import Optimizer


class Adam(Optimizer):
    """Adam, as Keras 3's ``Adam`` (epsilon added outside the square root, bias-corrected lr).

    ``lr_t = lr * sqrt(1 - beta_2**t) / (1 - beta_1**t)``; ``m += (g - m) * (1 - beta_1)``;
    ``v += (g**2 - v) * (1 - beta_2)``; ``w -= lr_t * m / (sqrt(v) + epsilon)``, with ``v``
    replaced by its running maximum when ``amsgrad=True``.

    >>> import tapejax as tf
    >>> w = tf.Variable([1.0, 2.0])
    >>> opt = tf.keras.optimizers.Adam(learning_rate=0.1)
    >>> _ = opt.apply_gradients([(tf.constant([0.5, -1.0]), w)])
    >>> print(w.numpy())
    [0.9000013 2.099999 ]
    """

    def __init__(
        self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, name=None, **kwargs
    ):
        self.beta_1, self.beta_2, self.epsilon, self.amsgrad = beta_1, beta_2, epsilon, bool(amsgrad)
        super().__init__(learning_rate, name=name, **kwargs)

    _hyperparameters = ("beta_1", "beta_2", "epsilon")

    def _slot_groups(self) -> list:
        return [(("momentum", "velocity"), 0.0)] + ([(("velocity_hat",), 0.0)] if self.amsgrad else [])

    def _options(self) -> tuple:
        return (("amsgrad", self.amsgrad),)

    @staticmethod
    def update(h, grad, var, slots, square):
        lr, t = h.lr.astype(var.dtype), h.step.astype(var.dtype)
        beta_1, beta_2 = as_float(h.beta_1, var), as_float(h.beta_2, var)
        alpha = lr * jnp.sqrt(1 - jnp.power(beta_2, t)) / (1 - jnp.power(beta_1, t))
        m = slots[0] + (grad - slots[0]) * as_float(1 - h.beta_1, var)  # Python's 1 - 0.9 (float64)
        v = slots[1] + (square - slots[1]) * as_float(1 - h.beta_2, var)
        new_slots = [m, v]
        if h.amsgrad:
            v = jnp.maximum(slots[2], v)
            new_slots.append(v)
        return var - (m * alpha) / (jnp.sqrt(v) + as_float(h.epsilon, var)), new_slots
