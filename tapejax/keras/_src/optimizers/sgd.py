"""The SGD optimizer (momentum, Nesterov), as Keras 3 updates."""

from __future__ import annotations

from .hyperparameters import as_float
from .optimizer import Optimizer


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

    _hyperparameters = ("momentum",)

    def _slot_groups(self) -> list:
        return [(("momentum",), 0.0)] if self.momentum else []

    def _options(self) -> tuple:
        return (("nesterov", self.nesterov),)

    @staticmethod
    def update(h, grad, var, slots, square):
        lr = h.lr.astype(var.dtype)
        if not slots:
            return var - grad * lr, []
        momentum = as_float(h.momentum, var)
        m = slots[0] * momentum - grad * lr
        if h.nesterov:
            return var + (m * momentum - grad * lr), [m]
        return var + m, [m]
