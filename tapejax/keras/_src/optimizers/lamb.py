"""The Lamb optimizer, as Keras 3 updates."""

from __future__ import annotations

import jax.numpy as jnp

from .hyperparameters import as_float
from .optimizer import Optimizer


class Lamb(Optimizer):
    """Lamb, as Keras 3's ``Lamb``: Adam's bias-corrected step, scaled per variable by the trust
    ratio ``||w|| / ||step||`` (1 where either norm is 0).

    >>> import tapejax as tf
    >>> w = tf.Variable([3.0, 4.0])
    >>> opt = tf.keras.optimizers.Lamb(learning_rate=0.1)
    >>> _ = opt.apply_gradients([(tf.constant([0.5, -1.0]), w)])
    >>> print(w.numpy())
    [2.6464467 4.3535533]
    """

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon
        super().__init__(learning_rate, name=name, **kwargs)

    _hyperparameters = ("beta_1", "beta_2", "epsilon")

    def _slot_groups(self) -> list:
        return [(("momentum", "velocity"), 0.0)]

    @staticmethod
    def update(h, grad, var, slots, square):
        t = h.step.astype(var.dtype)
        beta_1, beta_2 = as_float(h.beta_1, var), as_float(h.beta_2, var)
        m = slots[0] + (grad - slots[0]) * as_float(1 - h.beta_1, var)
        v = slots[1] + (square - slots[1]) * as_float(1 - h.beta_2, var)
        m_hat = m / (1.0 - jnp.power(beta_1, t))
        step = m_hat / (jnp.sqrt(v / (1.0 - jnp.power(beta_2, t))) + as_float(h.epsilon, var))
        w_norm, g_norm = jnp.sqrt(jnp.sum(jnp.square(var))), jnp.sqrt(jnp.sum(jnp.square(step)))
        ratio = jnp.where(w_norm > 0, jnp.where(g_norm > 0, w_norm / g_norm, 1.0), 1.0).astype(var.dtype)
        return var - ratio * h.lr.astype(var.dtype) * step, [m, v]
