"""The implementation of tf.keras.constraints (its namespace module re-exports it)."""

from __future__ import annotations

from ..backend.core import convert_to_tensor
from ..backend.ops import clip_by_value as _clip
from ..backend.ops import math_ops as _math
from ..backend.ops import reduction_ops as _reduce
from ..utils import serialization_utils as _serialization

_EPSILON = 1e-7  # keras.backend.epsilon()


class Constraint:
    """Base class: subclasses implement ``__call__(w)``, returning the projected weight.

    >>> import tapejax as tf
    >>> class Clip(tf.keras.constraints.Constraint):
    ...   def __call__(self, w):
    ...     return tf.clip_by_value(w, -1.0, 1.0)
    >>> print(Clip()(tf.constant([-3.0, 0.5])))
    tf.Tensor([-1.   0.5], shape=(2,), dtype=float32)
    """

    _keras_module = "keras.constraints"  # the module a serialized constraint names

    def __call__(self, w):
        return w

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config: dict):
        return cls(**config)


def _norms(w, axis):
    return _math.sqrt(_reduce.reduce_sum(_math.square(w), axis=axis, keepdims=True))


class MaxNorm(Constraint):
    """Scales each slice along ``axis`` down to a norm of at most ``max_value``.

    >>> import tapejax as tf
    >>> print(tf.keras.constraints.MaxNorm(1.0)(tf.constant([[3.0], [4.0]])))
    tf.Tensor(
    [[0.6]
     [0.8]], shape=(2, 1), dtype=float32)
    """

    def __init__(self, max_value=2, axis=0):
        self.max_value, self.axis = max_value, axis

    def __call__(self, w):
        w = convert_to_tensor(w)
        norms = _norms(w, self.axis)
        desired = _clip(norms, 0, self.max_value)
        return w * (desired / (_EPSILON + norms))

    def get_config(self) -> dict:
        return {"max_value": self.max_value, "axis": self.axis}


class NonNeg(Constraint):
    """``maximum(w, 0)``.

    >>> import tapejax as tf
    >>> print(tf.keras.constraints.NonNeg()(tf.constant([-1.0, 2.0])))
    tf.Tensor([0. 2.], shape=(2,), dtype=float32)
    """

    def __call__(self, w):
        w = convert_to_tensor(w)
        return _math.maximum(w, 0)


class UnitNorm(Constraint):
    """Scales each slice along ``axis`` to a norm of 1 (``w / (epsilon + norm)``)."""

    def __init__(self, axis=0):
        self.axis = axis

    def __call__(self, w):
        w = convert_to_tensor(w)
        return w / (_EPSILON + _norms(w, self.axis))

    def get_config(self) -> dict:
        return {"axis": self.axis}


class MinMaxNorm(Constraint):
    """Moves each slice's norm toward ``[min_value, max_value]`` by ``rate`` (1: all the way)."""

    def __init__(self, min_value=0.0, max_value=1.0, rate=1.0, axis=0):
        self.min_value, self.max_value, self.rate, self.axis = min_value, max_value, rate, axis

    def __call__(self, w):
        w = convert_to_tensor(w)
        norms = _norms(w, self.axis)
        desired = self.rate * _clip(norms, self.min_value, self.max_value) + (1 - self.rate) * norms
        return w * (desired / (_EPSILON + norms))

    def get_config(self) -> dict:
        return {
            "min_value": self.min_value,
            "max_value": self.max_value,
            "rate": self.rate,
            "axis": self.axis,
        }


max_norm, non_neg, unit_norm, min_max_norm = MaxNorm, NonNeg, UnitNorm, MinMaxNorm
_CLASSES = {
    "Constraint": Constraint,
    "MaxNorm": MaxNorm,
    "NonNeg": NonNeg,
    "UnitNorm": UnitNorm,
    "MinMaxNorm": MinMaxNorm,
}
_BY_NAME = {
    **_CLASSES,
    "max_norm": MaxNorm,
    "non_neg": NonNeg,
    "unit_norm": UnitNorm,
    "min_max_norm": MinMaxNorm,
}


def serialize(constraint):
    """``constraint`` as Keras' config dict (None for None)."""
    return _serialization.serialize(constraint, "keras.constraints")


def deserialize(config: dict):
    """The constraint a :func:`serialize` dict describes."""
    return _serialization.from_dict(config, _CLASSES, "constraint")


def get(identifier):
    """A constraint from a name (``'max_norm'``), a config dict, a class, an instance or a callable.

    >>> import tapejax as tf
    >>> type(tf.keras.constraints.get('non_neg')).__name__
    'NonNeg'
    """
    return _serialization.lookup(identifier, _BY_NAME, _CLASSES, "constraint")
