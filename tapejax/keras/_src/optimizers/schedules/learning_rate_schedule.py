"""Learning-rate schedules (``tf.keras.optimizers.schedules``), as Keras 3 computes them.

A schedule maps a step (an int, a Tensor, or an optimizer's ``iterations`` Variable) to a
float32 Tensor, computed in the dtype of ``initial_learning_rate`` (float32 for a Python
float) with Keras' order of operations. Optimizers read their schedule at ``iterations``
before each update, also inside ``tapejax.function`` (the step is then symbolic).
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp

from ...backend import core as backend
from ...backend.core import Variable, convert_to_tensor, x64


def _value(x):
    return backend.read(x if isinstance(x, Variable) else convert_to_tensor(x))


def _divide(x, y):
    """``x / y``, divided also when compiled: XLA would turn a division by a constant into a
    multiplication by its reciprocal (``5 * (1/5)`` is not 1 in float32), unlike TF."""
    return x / jax.lax.optimization_barrier(y)


def _check_steps(decay_steps, arg="decay_steps") -> None:
    if decay_steps <= 0:
        raise ValueError(f"Argument `{arg}` must be > 0. Received: {arg}={decay_steps}")


class LearningRateSchedule:
    """The base class: subclasses define ``__call__(step)`` and ``get_config()``."""

    _keras_module = "keras.optimizers.schedules"  # as Keras 3 writes it

    def __call__(self, step):
        raise NotImplementedError(
            f"Learning rate schedule '{self.__class__.__name__}' must override `__call__(self, step)`."
        )

    def get_config(self):
        raise NotImplementedError(
            f"Learning rate schedule '{self.__class__.__name__}' must override `get_config()` in order "
            "to be serializable."
        )

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def _start(self, step):
        """``(initial_learning_rate, its dtype, step in that dtype)`` as JAX values."""
        initial = _value(self.initial_learning_rate)
        return initial, initial.dtype, _value(step).astype(initial.dtype)


class ExponentialDecay(LearningRateSchedule):
    """``initial_learning_rate * decay_rate ** _divide(step, decay_steps)`` (the exponent floored
    with ``staircase=True``).

    >>> import tapejax as tf
    >>> s = tf.keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=2, decay_rate=0.5)
    >>> print(s(4))
    tf.Tensor(0.025, shape=(), dtype=float32)
    """

    def __init__(
        self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="ExponentialDecay"
    ):
        self.initial_learning_rate, self.decay_steps, self.decay_rate = (
            initial_learning_rate,
            decay_steps,
            decay_rate,
        )
        self.staircase, self.name = staircase, name
        _check_steps(decay_steps)

    @x64.enabled
    def __call__(self, step):
        initial, dtype, step = self._start(step)
        p = _divide(step, jnp.asarray(self.decay_steps, dtype))
        if self.staircase:
            p = jnp.floor(p)
        return convert_to_tensor(initial * jnp.power(jnp.asarray(self.decay_rate, dtype), p))

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "decay_rate": self.decay_rate,
            "staircase": self.staircase,
            "name": self.name,
        }


class PiecewiseConstantDecay(LearningRateSchedule):
    """``values[0]`` while ``step <= boundaries[0]``, ..., ``values[-1]`` after the last boundary.

    >>> import tapejax as tf
    >>> s = tf.keras.optimizers.schedules.PiecewiseConstantDecay([10, 20], [1.0, 0.5, 0.1])
    >>> [float(s(i)) for i in (10, 11, 21)]
    [1.0, 0.5, 0.10000000149011612]
    """

    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        if len(boundaries) != len(values) - 1:
            raise ValueError(
                "The length of boundaries should be 1 less than the length of values. "
                f"Received: boundaries={boundaries} of length {len(boundaries)}, and "
                f"values={values} of length {len(values)}."
            )
        self.boundaries, self.values, self.name = boundaries, values, name

    @x64.enabled
    def __call__(self, step):
        step = _value(step)
        bounds = [_value(b).astype(step.dtype) for b in self.boundaries]
        values = [_value(v) for v in self.values]
        dtype = values[0].dtype
        result = (step <= bounds[0]).astype(dtype) * values[0]
        result = result + (step > bounds[-1]).astype(dtype) * values[-1]
        for low, high, value in zip(bounds[:-1], bounds[1:], values[1:-1], strict=True):
            result = result + ((step > low) & (step <= high)).astype(dtype) * value
        return convert_to_tensor(result)

    def get_config(self):
        return {"boundaries": self.boundaries, "values": self.values, "name": self.name}


class PolynomialDecay(LearningRateSchedule):
    """``(initial - end) * (1 - step / decay_steps) ** power + end``, the step held at
    ``decay_steps`` (or, with ``cycle=True``, ``decay_steps`` stretched to the next multiple)."""

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        end_learning_rate=0.0001,
        power=1.0,
        cycle=False,
        name="PolynomialDecay",
    ):
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.end_learning_rate, self.power, self.cycle, self.name = end_learning_rate, power, cycle, name
        _check_steps(decay_steps)

    @x64.enabled
    def __call__(self, step):
        initial, dtype, step = self._start(step)
        end = jnp.asarray(self.end_learning_rate, dtype)
        steps = jnp.asarray(self.decay_steps, dtype)
        if self.cycle:
            steps = steps * jnp.where(
                step == 0,
                jnp.asarray(1.0, dtype),
                jnp.ceil(_divide(step, jnp.asarray(self.decay_steps, dtype))),
            )
        else:
            step = jnp.minimum(step, steps)
        p = _divide(step, steps)
        return convert_to_tensor((initial - end) * jnp.power(1 - p, jnp.asarray(self.power, dtype)) + end)

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "end_learning_rate": self.end_learning_rate,
            "power": self.power,
            "cycle": self.cycle,
            "name": self.name,
        }


class InverseTimeDecay(LearningRateSchedule):
    """``initial_learning_rate / (1 + decay_rate * step / decay_steps)`` (floored with
    ``staircase=True``)."""

    def __init__(
        self, initial_learning_rate, decay_steps, decay_rate, staircase=False, name="InverseTimeDecay"
    ):
        self.initial_learning_rate, self.decay_steps, self.decay_rate = (
            initial_learning_rate,
            decay_steps,
            decay_rate,
        )
        self.staircase, self.name = staircase, name
        _check_steps(decay_steps)

    @x64.enabled
    def __call__(self, step):
        initial, dtype, step = self._start(step)
        p = _divide(step, jnp.asarray(self.decay_steps, dtype))
        if self.staircase:
            p = jnp.floor(p)
        return convert_to_tensor(initial / (jnp.asarray(1, dtype) + jnp.asarray(self.decay_rate, dtype) * p))

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "decay_rate": self.decay_rate,
            "staircase": self.staircase,
            "name": self.name,
        }


class CosineDecay(LearningRateSchedule):
    """Cosine decay from ``initial_learning_rate`` (or, after ``warmup_steps`` of linear warmup,
    from ``warmup_target``) to ``alpha`` times it over ``decay_steps``, then constant.

    >>> import tapejax as tf
    >>> s = tf.keras.optimizers.schedules.CosineDecay(0.1, decay_steps=4)
    >>> print(s(2))
    tf.Tensor(0.049999997, shape=(), dtype=float32)
    """

    def __init__(
        self,
        initial_learning_rate,
        decay_steps,
        alpha=0.0,
        name="CosineDecay",
        warmup_target=None,
        warmup_steps=0,
    ):
        self.initial_learning_rate, self.decay_steps, self.alpha, self.name = (
            initial_learning_rate,
            decay_steps,
            alpha,
            name,
        )
        self.warmup_steps, self.warmup_target = warmup_steps, warmup_target
        _check_steps(decay_steps)

    def _decay(self, step, decay_steps, decay_from, dtype):
        cosine = 0.5 * (1.0 + jnp.cos(jnp.asarray(math.pi, dtype) * _divide(step, decay_steps)))
        return decay_from * ((1 - self.alpha) * cosine + self.alpha)

    @x64.enabled
    def __call__(self, step):
        initial, dtype, step = self._start(step)
        decay_steps = jnp.asarray(self.decay_steps, dtype)
        if self.warmup_target is None:
            return convert_to_tensor(self._decay(jnp.minimum(step, decay_steps), decay_steps, initial, dtype))
        target, warmup_steps = jnp.asarray(self.warmup_target, dtype), jnp.asarray(self.warmup_steps, dtype)
        step = jnp.minimum(step, decay_steps + warmup_steps)
        warmup = (target - initial) * _divide(step, warmup_steps) + initial
        decayed = self._decay(step - warmup_steps, decay_steps, target, dtype)
        return convert_to_tensor(jnp.where(step < warmup_steps, warmup, decayed))

    def get_config(self):
        return {
            "initial_learning_rate": self.initial_learning_rate,
            "decay_steps": self.decay_steps,
            "alpha": self.alpha,
            "name": self.name,
            "warmup_target": self.warmup_target,
            "warmup_steps": self.warmup_steps,
        }
