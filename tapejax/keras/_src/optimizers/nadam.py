"""The Nadam optimizer, as Keras 3 updates (its momentum-cache product is state)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..backend import core as backend
from ..backend.variables import KerasVariable
from .hyperparameters import as_float
from .optimizer import Optimizer


class Nadam(Optimizer):
    """Nadam, as Keras 3's ``Nadam``: Adam with Nesterov momentum and the momentum schedule
    ``u_t = beta_1 * (1 - 0.5 * 0.96**t)``, whose running product is an optimizer variable."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon
        super().__init__(learning_rate, name=name, **kwargs)

    def _slot_groups(self) -> list:
        return [(("momentum", "velocity"), 0.0)]

    def _build_extra(self, variables) -> None:
        dtype = backend.dtype_of(variables[0]) if variables else np.float32
        # Keras creates it outside the optimizer's name scope: its path is plain 'variable'.
        self._u_product = KerasVariable(np.asarray(1.0, dtype), trainable=False, name="variable")
        self._slot_variables.append(self._u_product)

    _hyperparameters = ("beta_1", "beta_2", "epsilon")

    def _extra_variables(self) -> list:
        return [self._u_product]

    @staticmethod
    def prepare(h, extra: list) -> list:
        (u_product,) = extra
        t = h.step.astype(u_product.dtype)
        beta_1 = as_float(h.beta_1, u_product)  # Keras multiplies by the Python float
        return [u_product * beta_1 * (1.0 - 0.5 * jnp.power(jnp.asarray(0.96, u_product.dtype), t))]

    @staticmethod
    def update(h, grad, var, slots, square):
        t, decay = h.step.astype(var.dtype), as_float(0.96, var)
        beta_1, beta_2 = as_float(h.beta_1, var), as_float(h.beta_2, var)
        u_t = beta_1 * (1.0 - 0.5 * jnp.power(decay, t))
        u_t_1 = beta_1 * (1.0 - 0.5 * jnp.power(decay, t + 1))
        u_product_t = h.extra[0].astype(var.dtype)
        u_product_t_1 = u_product_t * u_t_1
        m = slots[0] + (grad - slots[0]) * (1 - beta_1)
        v = slots[1] + (square - slots[1]) * (1 - beta_2)
        m_hat = (u_t_1 * m) / (1 - u_product_t_1) + ((1 - u_t) * grad) / (1 - u_product_t)
        v_hat = v / (1 - jnp.power(beta_2, t))
        new = var - (m_hat * h.lr.astype(var.dtype)) / (jnp.sqrt(v_hat) + as_float(h.epsilon, var))
        return new, [m, v]
