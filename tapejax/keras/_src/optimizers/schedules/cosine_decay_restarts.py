"""``CosineDecayRestarts``: cosine decay with warm restarts (SGDR), as Keras 3 computes it."""

from __future__ import annotations

import math

import jax.numpy as jnp

from ...backend.core import convert_to_tensor, x64
from .learning_rate_schedule import LearningRateSchedule, _divide


class CosineDecayRestarts(LearningRateSchedule):
    """Cosine decay over ``first_decay_steps``, then restarts: each period ``t_mul`` times
    longer than the last and starting from ``m_mul`` times its rate (Loshchilov & Hutter).

    >>> import tapejax as tf
    >>> s = tf.keras.optimizers.schedules.CosineDecayRestarts(0.1, first_decay_steps=2)
    >>> [round(float(s(k)), 4) for k in range(4)]
    [0.1, 0.05, 0.1, 0.0854]
    """

    def __init__(
        self, initial_learning_rate, first_decay_steps, t_mul=2.0, m_mul=1.0, alpha=0.0, name="SGDRDecay"
    ):
        if first_decay_steps <= 0:
            raise ValueError(
                f"Argument `first_decay_steps` must be > 0. Received: first_decay_steps={first_decay_steps}"
            )
        self.initial_learning_rate, self.first_decay_steps = initial_learning_rate, first_decay_steps
        self._t_mul, self._m_mul, self.alpha, self.name = t_mul, m_mul, alpha, name

    @x64.enabled
    def __call__(self, step):
        initial, dtype, step = self._start(step)
        t_mul, m_mul = jnp.asarray(self._t_mul, dtype), jnp.asarray(self._m_mul, dtype)
        alpha = jnp.asarray(self.alpha, dtype)
        fraction = _divide(step, jnp.asarray(self.first_decay_steps, dtype))
        # Periods of equal length (t_mul == 1): the restart is the fraction's integer part;
        # else the restart solves the geometric sum of the periods' lengths.
        geometric = jnp.floor(jnp.log(1.0 - fraction * (1.0 - t_mul)) / jnp.log(t_mul))
        restart = jnp.where(t_mul == 1.0, jnp.floor(fraction), geometric)
        done = (1.0 - jnp.power(t_mul, restart)) / (1.0 - t_mul)
        within = jnp.where(t_mul == 1.0, fraction - restart, (fraction - done) / jnp.power(t_mul, restart))
        cosine = 0.5 * jnp.power(m_mul, restart) * (1.0 + jnp.cos(jnp.asarray(math.pi, dtype) * within))
        return convert_to_tensor(initial * ((1 - alpha) * cosine + alpha))

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "first_decay_steps": self.first_decay_steps,
            "t_mul": self._t_mul,
            "m_mul": self._m_mul,
            "alpha": self.alpha,
            "name": self.name,
        }
