"""The Adamax optimizer, as Keras 3 updates."""

from __future__ import annotations

import jax.numpy as jnp

from .hyperparameters import as_float
from .optimizer import Optimizer


class Adamax(Optimizer):
    """Adamax, as Keras 3's ``Adamax``: ``m += (g - m) * (1 - beta_1)``;
    ``u = max(beta_2 * u, |g|)``; ``w -= lr * m / ((1 - beta_1**t) * (u + epsilon))``."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon
        super().__init__(learning_rate, name=name, **kwargs)

    def _slot_groups(self) -> list:
        return [(("momentum", "norm"), 0.0)]

    _hyperparameters = ("beta_1", "beta_2", "epsilon")

    @staticmethod
    def update(h, grad, var, slots, square):
        beta_1_power = jnp.power(as_float(h.beta_1, var), h.step.astype(var.dtype))
        m = slots[0] + (grad - slots[0]) * as_float(1 - h.beta_1, var)
        u = jnp.maximum(as_float(h.beta_2, var) * slots[1], jnp.abs(grad))
        new = var - (h.lr.astype(var.dtype) * m) / ((1 - beta_1_power) * (u + as_float(h.epsilon, var)))
        return new, [m, u]
