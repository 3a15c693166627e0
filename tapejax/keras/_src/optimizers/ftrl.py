"""The FTRL optimizer, as Keras 3 updates."""

from __future__ import annotations

import jax.numpy as jnp

from .hyperparameters import as_float
from .optimizer import Optimizer

_STRENGTHS = (
    "l1_regularization_strength",
    "l2_regularization_strength",
    "l2_shrinkage_regularization_strength",
)


class Ftrl(Optimizer):
    """Follow The Regularized Leader (McMahan et al., 2013), as Keras 3's ``Ftrl``, with online
    L1/L2 regularization, L2 shrinkage and ``beta``.

    ``n' = n + g**2``; ``z += g + 2 * shrinkage * w - (n'**-p - n**-p) / lr * w``;
    ``w = (clip(z, -l1, l1) - z) / (n'**-p / lr + 2 * (l2 + beta / (2 * lr)))``.

    >>> import tapejax as tf
    >>> w = tf.Variable([1.0, 2.0])
    >>> opt = tf.keras.optimizers.Ftrl(learning_rate=0.1)
    >>> _ = opt.apply_gradients([(tf.constant([0.5, -1.0]), w)])
    >>> print(w.numpy())
    [0.3809621 1.4923235]
    """

    def __init__(
        self,
        learning_rate=0.001,
        learning_rate_power=-0.5,
        initial_accumulator_value=0.1,
        l1_regularization_strength=0.0,
        l2_regularization_strength=0.0,
        l2_shrinkage_regularization_strength=0.0,
        beta=0.0,
        name=None,
        **kwargs,
    ):
        super().__init__(learning_rate, name=name, **kwargs)
        _check_at_least_zero("initial_accumulator_value", initial_accumulator_value)
        if learning_rate_power > 0.0:
            raise ValueError(
                "`learning_rate_power` needs to be negative or zero. Received: "
                f"learning_rate_power={learning_rate_power}."
            )
        for name_, value in zip(
            _STRENGTHS,
            (l1_regularization_strength, l2_regularization_strength, l2_shrinkage_regularization_strength),
            strict=True,
        ):
            _check_at_least_zero(name_, value)
        self.learning_rate_power, self.initial_accumulator_value = (
            learning_rate_power,
            initial_accumulator_value,
        )
        self.l1_regularization_strength = l1_regularization_strength
        self.l2_regularization_strength = l2_regularization_strength
        self.l2_shrinkage_regularization_strength = l2_shrinkage_regularization_strength
        self.beta = beta

    _hyperparameters = ("learning_rate_power", *_STRENGTHS, "beta")

    def _slot_groups(self) -> list:
        return [(("accumulator", "linear"), (self.initial_accumulator_value, 0.0))]

    @staticmethod
    def update(h, grad, var, slots, square):
        accum, linear = slots
        lr, power = h.lr.astype(var.dtype), as_float(-h.learning_rate_power, var)
        l1 = as_float(h.l1_regularization_strength, var)
        l2 = as_float(h.l2_regularization_strength, var) + as_float(h.beta, var) / (2.0 * lr)
        shrunk = grad + as_float(2 * h.l2_shrinkage_regularization_strength, var) * var
        new_accum = accum + square
        linear = linear + (shrunk - (jnp.power(new_accum, power) - jnp.power(accum, power)) / lr * var)
        quadratic = jnp.power(new_accum, power) / lr + 2 * l2
        return (jnp.clip(linear, -l1, l1) - linear) / quadratic, [new_accum, linear]


def _check_at_least_zero(name: str, value) -> None:
    if value < 0.0:
        raise ValueError(f"`{name}` needs to be positive or zero. Received: {name}={value}.")
