"""The RMSprop optimizer, with Keras 3's update rule (``tf.keras.optimizers.RMSprop``).

Each optimizer's ``update`` follows Keras' ``update_step`` operation by operation, in the variable's dtype
(hyperparameters cast to it where Keras casts them, Python arithmetic where Keras uses it).
"""

from __future__ import annotations

import jax.numpy as jnp

from .hyperparameters import as_float
from .optimizer import Optimizer


class RMSprop(Optimizer):
    """RMSprop, as Keras 3's ``RMSprop``.

    ``v = rho * v + (1 - rho) * g**2``; with ``centered=True`` also ``a = rho * a + (1 - rho) * g``
    and the denominator ``v - a**2 + epsilon`` (else ``v + epsilon``); the step
    ``lr * g / sqrt(denominator)`` is applied directly, or through ``m = momentum * m + step``.

    >>> import tapejax as tf
    >>> w = tf.Variable([1.0, 2.0])
    >>> opt = tf.keras.optimizers.RMSprop(learning_rate=0.1)
    >>> _ = opt.apply_gradients([(tf.constant([0.5, -1.0]), w)])
    >>> print(w.numpy())
    [0.68377286 2.3162277 ]
    """

    def __init__(
        self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, name=None, **kwargs
    ):
        self.rho, self.momentum, self.epsilon, self.centered = rho, momentum, epsilon, centered
        super().__init__(learning_rate, name=name, **kwargs)

    def _slot_groups(self) -> list:
        groups = [(("velocity",), 0.0)]
        groups += [(("momentum",), 0.0)] if self.momentum > 0 else []
        return groups + ([(("average_gradient",), 0.0)] if self.centered else [])

    _hyperparameters = ("rho", "momentum", "epsilon")

    def _options(self) -> tuple:
        return (("centered", bool(self.centered)), ("has_momentum", self.momentum > 0))

    @staticmethod
    def update(h, grad, var, slots, square):
        lr, rho = h.lr.astype(var.dtype), as_float(h.rho, var)
        slots = list(slots)
        velocity = rho * slots[0] + as_float(1 - h.rho, var) * square
        new_slots = [velocity]
        if h.centered:
            average = rho * slots[-1] + as_float(1 - h.rho, var) * grad
            denominator = velocity - jnp.square(average) + as_float(h.epsilon, var)
        else:
            denominator = velocity + as_float(h.epsilon, var)
        increment = (lr * grad) / jnp.sqrt(denominator)
        if h.has_momentum:
            momentum = as_float(h.momentum, var) * slots[1] + increment
            new_slots.append(momentum)
            var = var - momentum
        else:
            var = var - increment
        return var, new_slots + ([average] if h.centered else [])
