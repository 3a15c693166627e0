"""The implementation of tf.keras.regularizers (its namespace module re-exports it)."""

from __future__ import annotations

import math

import numpy as np

from ..backend.ops import cast as _cast
from ..backend.ops import math_ops as _math
from ..backend.ops import matmul as _matmul
from ..backend.ops import reduction_ops as _reduce
from ..backend.ops import zeros as _zeros
from ..utils import serialization_utils as _serialization


class Regularizer:
    """Base class: subclasses implement ``__call__(x)``, returning a scalar penalty.

    >>> import tapejax as tf
    >>> class Sum(tf.keras.regularizers.Regularizer):
    ...   def __call__(self, x):
    ...     return tf.reduce_sum(x)
    >>> print(Sum()(tf.constant([1.0, 2.0])))
    tf.Tensor(3.0, shape=(), dtype=float32)
    """

    _keras_module = "keras.regularizers"  # the module a serialized regularizer names

    def __call__(self, x):
        return 0.0

    def get_config(self) -> dict:
        raise NotImplementedError(f"{type(self).__name__} does not implement get_config().")

    @classmethod
    def from_config(cls, config: dict):
        return cls(**config)


class L1(Regularizer):
    """``l1 * reduce_sum(abs(x))``. As Keras 3, ``l1`` is kept as a float32 value.

    >>> import tapejax as tf
    >>> print(tf.keras.regularizers.L1(0.5)(tf.constant([1.0, -2.0])))
    tf.Tensor(1.5, shape=(), dtype=float32)
    """

    def __init__(self, l1=0.01):
        self.l1 = float(np.float32(validate_float_arg(0.01 if l1 is None else l1, "l1")))

    def __call__(self, x):
        return _cast(self.l1, x.dtype) * _reduce.reduce_sum(_math.abs(x))

    def get_config(self) -> dict:
        return {"l1": self.l1}


class L2(Regularizer):
    """``l2 * reduce_sum(square(x))``.

    >>> import tapejax as tf
    >>> print(tf.keras.regularizers.L2(0.5)(tf.constant([1.0, -2.0])))
    tf.Tensor(2.5, shape=(), dtype=float32)
    """

    def __init__(self, l2=0.01):
        self.l2 = validate_float_arg(0.01 if l2 is None else l2, "l2")

    def __call__(self, x):
        return _cast(self.l2, x.dtype) * _reduce.reduce_sum(_math.square(x))

    def get_config(self) -> dict:
        return {"l2": self.l2}


class L1L2(Regularizer):
    """``l1 * reduce_sum(abs(x)) + l2 * reduce_sum(square(x))`` (both 0 by default).

    >>> import tapejax as tf
    >>> print(tf.keras.regularizers.L1L2(l1=1.0, l2=1.0)(tf.constant([1.0, -2.0])))
    tf.Tensor(8.0, shape=(), dtype=float32)
    """

    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = validate_float_arg(0.0 if l1 is None else l1, "l1")
        self.l2 = validate_float_arg(0.0 if l2 is None else l2, "l2")

    def __call__(self, x):
        penalty = _zeros((), x.dtype)
        if self.l1 != 0.0:
            penalty += _cast(self.l1, x.dtype) * _reduce.reduce_sum(_math.abs(x))
        if self.l2 != 0.0:
            penalty += _cast(self.l2, x.dtype) * _reduce.reduce_sum(_math.square(x))
        return penalty

    def get_config(self) -> dict:
        return {"l1": self.l1, "l2": self.l2}


class OrthogonalRegularizer(Regularizer):
    """Pushes the rows (``mode='rows'``) or columns of a 2-D weight towards orthogonality: the
    mean absolute cosine similarity of its distinct pairs, times ``factor / 2``.

    >>> import tapejax as tf
    >>> r = tf.keras.regularizers.OrthogonalRegularizer(factor=1.0)
    >>> print(r(tf.constant([[1.0, 0.0], [1.0, 1.0]])))
    tf.Tensor(0.70710677, shape=(), dtype=float32)
    """

    def __init__(self, factor=0.01, mode="rows"):
        self.factor = float(np.float32(validate_float_arg(factor, name="factor")))  # Keras keeps a float32
        if mode not in {"rows", "columns"}:
            raise ValueError(
                'Invalid value for argument `mode`. Expected one of {"rows", "columns"}. '
                f"Received: mode={mode}"
            )
        self.mode = mode

    def __call__(self, x):
        if len(x.shape) != 2:
            raise ValueError(
                f"Inputs to OrthogonalRegularizer must have rank 2. Received: inputs.shape={x.shape}"
            )
        axis = 1 if self.mode == "rows" else 0
        # Keras' normalize: x * min(rsqrt(sum(x**2)), 1 / epsilon).
        unit = x * _math.minimum(
            _math.rsqrt(_reduce.reduce_sum(_math.square(x), axis, keepdims=True)), 1.0 / 1e-7
        )
        product = (
            _matmul(unit, unit, transpose_b=True) if axis == 1 else _matmul(unit, unit, transpose_a=True)
        )
        size = x.shape[0] if axis == 1 else x.shape[1]
        off_diagonal = product * (1.0 - np.eye(size, dtype=np.dtype(x.dtype.as_numpy_dtype)))
        pairs = size * (size - 1.0) / 2.0
        return self.factor * 0.5 * _reduce.reduce_sum(_math.abs(off_diagonal)) / pairs

    def get_config(self) -> dict:
        return {"factor": self.factor, "mode": self.mode}


def validate_float_arg(value, name: str) -> float:
    """A non-negative finite number as a float, or Keras' ValueError."""
    if (
        not isinstance(value, (float, int))
        or isinstance(value, bool)
        or math.isinf(value)
        or math.isnan(value)
        or value < 0
    ):
        raise ValueError(
            f"Invalid value for argument {name}: expected a non-negative float.Received: {name}={value}"
        )
    return float(value)


l1, l2, l1_l2, orthogonal_regularizer = L1, L2, L1L2, OrthogonalRegularizer
_CLASSES = {
    "Regularizer": Regularizer,
    "L1": L1,
    "L2": L2,
    "L1L2": L1L2,
    "OrthogonalRegularizer": OrthogonalRegularizer,
}
_BY_NAME = {**_CLASSES, "l1": L1, "l2": L2, "l1_l2": L1L2, "orthogonal_regularizer": OrthogonalRegularizer}


def serialize(regularizer):
    """``regularizer`` as Keras' config dict (None for None).

    >>> import tapejax as tf
    >>> tf.keras.regularizers.serialize(tf.keras.regularizers.L2(0.5))['config']
    {'l2': 0.5}
    """
    return _serialization.serialize(regularizer, "keras.regularizers")


def deserialize(config: dict):
    """The regularizer a :func:`serialize` dict describes."""
    return _serialization.from_dict(config, _CLASSES, "regularizer")


def get(identifier):
    """A regularizer from a name (``'l2'``), a config dict, a class, an instance or a callable.

    >>> import tapejax as tf
    >>> tf.keras.regularizers.get('l2').l2
    0.01
    """
    return _serialization.lookup(identifier, _BY_NAME, _CLASSES, "regularizer")
