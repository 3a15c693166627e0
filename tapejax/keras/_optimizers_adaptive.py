"""RMSprop, Adagrad, Adamax and Nadam, with Keras 3's update rules (``tf.keras.optimizers``).

Each ``update`` follows Keras' ``update_step`` operation by operation, in the variable's dtype
(hyperparameters cast to it where Keras casts them, Python arithmetic where Keras uses it).
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import convert_to_tensor
from ._gradient_clipping import read
from ._optimizer import Optimizer, as_float
from ._variable import KerasVariable


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

    def update(self, grad, var, slots, lr, step):
        lr, rho = lr.astype(var.dtype), as_float(self.rho, var)
        slots = list(slots)
        velocity = rho * slots[0] + as_float(1 - self.rho, var) * jnp.square(grad)
        new_slots = [velocity]
        if self.centered:
            average = rho * slots[-1] + as_float(1 - self.rho, var) * grad
            denominator = velocity - jnp.square(average) + as_float(self.epsilon, var)
        else:
            denominator = velocity + as_float(self.epsilon, var)
        increment = (lr * grad) / jnp.sqrt(denominator)
        if self.momentum > 0:
            momentum = as_float(self.momentum, var) * slots[1] + increment
            new_slots.append(momentum)
            var = var - momentum
        else:
            var = var - increment
        return var, new_slots + ([average] if self.centered else [])


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

    def update(self, grad, var, slots, lr, step):
        accumulator = slots[0] + jnp.square(grad)
        step_size = (lr.astype(var.dtype) * grad) / jnp.sqrt(accumulator + as_float(self.epsilon, var))
        return var - step_size, [accumulator]


class Adamax(Optimizer):
    """Adamax, as Keras 3's ``Adamax``: ``m += (g - m) * (1 - beta_1)``;
    ``u = max(beta_2 * u, |g|)``; ``w -= lr * m / ((1 - beta_1**t) * (u + epsilon))``."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon
        super().__init__(learning_rate, name=name, **kwargs)

    def _slot_groups(self) -> list:
        return [(("momentum", "norm"), 0.0)]

    def update(self, grad, var, slots, lr, step):
        beta_1_power = jnp.power(as_float(self.beta_1, var), step.astype(var.dtype))
        m = slots[0] + (grad - slots[0]) * as_float(1 - self.beta_1, var)
        u = jnp.maximum(as_float(self.beta_2, var) * slots[1], jnp.abs(grad))
        new = var - (lr.astype(var.dtype) * m) / ((1 - beta_1_power) * (u + as_float(self.epsilon, var)))
        return new, [m, u]


class Nadam(Optimizer):
    """Nadam, as Keras 3's ``Nadam``: Adam with Nesterov momentum and the momentum schedule
    ``u_t = beta_1 * (1 - 0.5 * 0.96**t)``, whose running product is an optimizer variable."""

    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, name=None, **kwargs):
        self.beta_1, self.beta_2, self.epsilon = beta_1, beta_2, epsilon
        super().__init__(learning_rate, name=name, **kwargs)

    def _slot_groups(self) -> list:
        return [(("momentum", "velocity"), 0.0)]

    def _build_extra(self, variables) -> None:
        dtype = variables[0]._np_dtype if variables else np.float32
        # Keras creates it outside the optimizer's name scope: its path is plain 'variable'.
        self._u_product = KerasVariable(np.asarray(1.0, dtype), trainable=False, name="variable")
        self._slot_variables.append(self._u_product)

    def _prepare(self, step) -> None:
        u_product = read(self._u_product)
        t = step.astype(u_product.dtype)
        new = u_product * self.beta_1 * (1.0 - 0.5 * jnp.power(jnp.asarray(0.96, u_product.dtype), t))
        self._u_product.assign(convert_to_tensor(new))

    def update(self, grad, var, slots, lr, step):
        t, decay = step.astype(var.dtype), as_float(0.96, var)
        beta_1, beta_2 = as_float(self.beta_1, var), as_float(self.beta_2, var)
        u_t = beta_1 * (1.0 - 0.5 * jnp.power(decay, t))
        u_t_1 = beta_1 * (1.0 - 0.5 * jnp.power(decay, t + 1))
        u_product_t = read(self._u_product).astype(var.dtype)
        u_product_t_1 = u_product_t * u_t_1
        m = slots[0] + (grad - slots[0]) * (1 - beta_1)
        v = slots[1] + (jnp.square(grad) - slots[1]) * (1 - beta_2)
        m_hat = (u_t_1 * m) / (1 - u_product_t_1) + ((1 - u_t) * grad) / (1 - u_product_t)
        v_hat = v / (1 - jnp.power(beta_2, t))
        new = var - (m_hat * lr.astype(var.dtype)) / (jnp.sqrt(v_hat) + as_float(self.epsilon, var))
        return new, [m, v]
