"""TF's own initializers at the top level: ``tf.constant_initializer``, ``zeros_initializer``,
``ones_initializer``, ``random_normal_initializer``, ``random_uniform_initializer``
(TF's ``init_ops_v2`` classes, not Keras's): ``init(shape, dtype)`` gives a tensor.

A seeded random initializer gives the same values at every call, as TF's (a stateless draw
with the seed ``[seed, 0]``); the values are tapejax's generator's, not TF's Philox stream.
"""

from __future__ import annotations

import numpy as np

from ..._core.recording.convert import constant
from ..._core.values import dtype as _dtypes
from ..._core.values.tensor import TensorLike
from ..._ops.creation_ops import ones, zeros
from ..._ops.random_ops import normal, stateless_normal, stateless_uniform, uniform


class Initializer:
    """The base class (``tf.keras``-free ``init_ops_v2.Initializer``): ``get_config`` and
    ``from_config``; subclasses define ``__call__(shape, dtype)``."""

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config: dict):
        config = dict(config)
        config.pop("dtype", None)
        return cls(**config)


class Zeros(Initializer):
    """Zeros of the requested shape and dtype (``tf.zeros_initializer``).

    >>> import tapejax as tf
    >>> tf.zeros_initializer()([2], tf.int32)
    <tf.Tensor: shape=(2,), dtype=int32, numpy=array([0, 0], dtype=int32)>
    """

    def __call__(self, shape, dtype=_dtypes.float32, **kwargs):
        return zeros(shape, dtype)


class Ones(Initializer):
    """Ones of the requested shape and dtype (``tf.ones_initializer``)."""

    def __call__(self, shape, dtype=_dtypes.float32, **kwargs):
        return ones(shape, dtype)


class Constant(Initializer):
    """``value`` (a Python scalar, list or numpy array) in the requested shape
    (``tf.constant_initializer``); with no dtype, the value's own.

    Raises:
      TypeError: ``value`` is a tensor or another object (TF's message).

    >>> import tapejax as tf
    >>> tf.constant_initializer(3)([2, 2], tf.float64).numpy().tolist()
    [[3.0, 3.0], [3.0, 3.0]]
    """

    def __init__(self, value=0, support_partition=False):
        if isinstance(value, TensorLike) or not isinstance(
            value, int | float | bool | list | tuple | np.ndarray | np.generic
        ):
            raise TypeError(
                f"Invalid type for initial value: {type(value).__name__}. Expected Python scalar, list or "
                "tuple of values, or numpy.ndarray."
            )
        self.value, self.support_partition = value, support_partition

    def __call__(self, shape, dtype=None, **kwargs):
        return constant(self.value, dtype=dtype, shape=shape)

    def get_config(self) -> dict:
        return {"value": self.value}


def _float_dtype(dtype):
    d = _dtypes.as_dtype(dtype)
    if not d.is_floating:
        raise ValueError(f"Argument `dtype` is expected to be floating point. Received: {d!r}.")
    return d


class RandomNormal(Initializer):
    """Normal samples of mean ``mean`` and standard deviation ``stddev``
    (``tf.random_normal_initializer``).

    >>> import tapejax as tf
    >>> init = tf.random_normal_initializer(stddev=0.1, seed=1)
    >>> bool(tf.reduce_all(init([3]) == init([3])))  # seeded: the same values at each call
    True
    """

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean, self.stddev, self.seed = mean, stddev, seed

    def __call__(self, shape, dtype=_dtypes.float32, **kwargs):
        d = _float_dtype(dtype)
        if self.seed is None:
            return normal(shape, self.mean, self.stddev, d)
        return stateless_normal(shape, [self.seed, 0], self.mean, self.stddev, d)

    def get_config(self) -> dict:
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed}


class RandomUniform(Initializer):
    """Uniform samples in ``[minval, maxval)`` (``tf.random_uniform_initializer``); integer
    dtypes take integer bounds, as TF's."""

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval, self.maxval, self.seed = minval, maxval, seed

    def __call__(self, shape, dtype=_dtypes.float32, **kwargs):
        d = _dtypes.as_dtype(dtype)
        if d.is_integer:
            for bound in (self.minval, self.maxval):
                constant(bound, dtype=d)  # TF's TypeError for a float bound
        if self.seed is None:
            return uniform(shape, self.minval, self.maxval, d)
        return stateless_uniform(shape, [self.seed, 0], self.minval, self.maxval, d)

    def get_config(self) -> dict:
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


# TF's top-level names for these classes.
constant_initializer = Constant
zeros_initializer = Zeros
ones_initializer = Ones
random_normal_initializer = RandomNormal
random_uniform_initializer = RandomUniform
