"""The Lion optimizer, as Keras 3 updates."""

from __future__ import annotations

import jax.numpy as jnp

from .hyperparameters import as_float
from .optimizer import Optimizer


class Lion(Optimizer):
    """Lion (evolved sign momentum), as Keras 3's ``Lion``: each variable moves by ``lr`` in the
    sign of ``beta_1 * m + (1 - beta_1) * g``; then ``m = beta_2 * m + (1 - beta_2) * g``.

    >>> import tapejax as tf
    >>> w = tf.Variable([1.0, 2.0])
    >>> opt = tf.keras.optimizers.Lion(learning_rate=0.1)
    >>> _ = opt.apply_gradients([(tf.constant([0.5, -1.0]), w)])
    >>> print(w.numpy())
    [0.9 2.1]
    """

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.99, name=None, **kwargs):
        if beta_1 <= 0 or beta_1 > 1:
            raise ValueError(
                "Argument `beta_1` must be in the [0, 1] range. Otherwise, the optimizer degenerates "
                f"to SignSGD. Received: beta_1={beta_1}."
            )
        self.beta_1, self.beta_2 = beta_1, beta_2
        super().__init__(learning_rate, name=name, **kwargs)

    _hyperparameters = ("beta_1", "beta_2")

    def _slot_groups(self) -> list:
        return [(("momentum",), 0.0)]

    @staticmethod
    def update(h, grad, var, slots, square):
        # Keras casts beta to the variable's dtype first, then takes 1 - beta in that dtype.
        beta_1, beta_2, m = as_float(h.beta_1, var), as_float(h.beta_2, var), slots[0]
        direction = jnp.sign(m * beta_1 + grad * (1.0 - beta_1))
        new = var - h.lr.astype(var.dtype) * direction
        return new, [m * beta_2 + grad * (1.0 - beta_2)]
