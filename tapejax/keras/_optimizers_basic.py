"""SGD, Adam and AdamW, with Keras 3's update rules (``tf.keras.optimizers``)."""

from __future__ import annotations

import jax.numpy as jnp

from ._optimizer import Optimizer, as_float


class SGD(Optimizer):
    """Gradient descent, with optional (Nesterov) momentum, as Keras 3's ``SGD``.

    Without momentum: ``w -= lr * g``. With it: ``m = momentum * m - lr * g``, then ``w += m``,
    or ``w += momentum * m - lr * g`` with ``nesterov=True``.

    >>> import tapejax as tf
    >>> w = tf.Variable(1.0)
    >>> opt = tf.keras.optimizers.SGD(learning_rate=0.1)
    >>> _ = opt.apply_gradients([(tf.constant(2.0), w)])
    >>> w.numpy(), int(opt.iterations.numpy())
    (np.float32(0.8), 1)
    """

    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name=None, **kwargs):
        if not isinstance(momentum, float | int) or momentum < 0 or momentum > 1:
            raise ValueError("`momentum` must be a float between [0, 1].")
        self.momentum, self.nesterov = float(momentum), bool(nesterov)
        super().__init__(learning_rate, name=name, **kwargs)

    def _slot_groups(self) -> list:
        return [(("momentum",), 0.0)] if self.momentum else []

    def update(self, grad, var, slots, lr, step):
        lr = lr.astype(var.dtype)
        if not slots:
            return var - grad * lr, []
        momentum = as_float(self.momentum, var)
        m = slots[0] * momentum - grad * lr
        if self.nesterov:
            return var + (m * momentum - grad * lr), [m]
        return var + m, [m]


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

    def _slot_groups(self) -> list:
        return [(("momentum", "velocity"), 0.0)] + ([(("velocity_hat",), 0.0)] if self.amsgrad else [])

    def update(self, grad, var, slots, lr, step):
        lr, t = lr.astype(var.dtype), step.astype(var.dtype)
        beta_1, beta_2 = as_float(self.beta_1, var), as_float(self.beta_2, var)
        alpha = lr * jnp.sqrt(1 - jnp.power(beta_2, t)) / (1 - jnp.power(beta_1, t))
        m = slots[0] + (grad - slots[0]) * as_float(1 - self.beta_1, var)  # Python's 1 - 0.9
        v = slots[1] + (jnp.square(grad) - slots[1]) * as_float(1 - self.beta_2, var)
        new_slots = [m, v]
        if self.amsgrad:
            v = jnp.maximum(slots[2], v)
            new_slots.append(v)
        return var - (m * alpha) / (jnp.sqrt(v) + as_float(self.epsilon, var)), new_slots


class AdamW(Adam):
    """Adam with decoupled weight decay, as Keras 3's ``AdamW``: ``weight_decay`` (0.004 by
    default) shrinks each variable by ``w * weight_decay * lr`` before the Adam update.

    >>> import tapejax as tf
    >>> w = tf.Variable([1.0, 2.0])
    >>> opt = tf.keras.optimizers.AdamW(learning_rate=0.1, weight_decay=0.5)
    >>> _ = opt.apply_gradients([(tf.constant([0.5, -1.0]), w)])
    >>> print(w.numpy())
    [0.8500013 1.999999 ]
    """

    def __init__(
        self,
        learning_rate=0.001,
        weight_decay=0.004,
        beta_1=0.9,
        beta_2=0.999,
        epsilon=1e-7,
        amsgrad=False,
        name=None,
        **kwargs,
    ):
        super().__init__(
            learning_rate,
            beta_1=beta_1,
            beta_2=beta_2,
            epsilon=epsilon,
            amsgrad=amsgrad,
            name=name,
            weight_decay=weight_decay,
            **kwargs,
        )
        if self.weight_decay is None:
            raise ValueError("Argument `weight_decay` must be a float. Received: weight_decay=None")
