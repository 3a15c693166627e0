"""``keras.initializers.get``/``serialize``/``deserialize``: initializers by name, config or value."""

from __future__ import annotations

import numpy as np

from ..backend.core import TensorLike, convert_to_tensor
from ..backend.ops import cast as _cast
from ..utils import serialization_utils as _serialization
from .constant_initializers import Constant, Identity, Ones, Zeros
from .initializer import as_dtype
from .random_initializers import (
    GlorotNormal,
    GlorotUniform,
    HeNormal,
    HeUniform,
    LecunNormal,
    LecunUniform,
    Orthogonal,
    RandomNormal,
    RandomUniform,
    TruncatedNormal,
    VarianceScaling,
)

_CLASSES = [
    Constant,
    Zeros,
    Ones,
    RandomNormal,
    TruncatedNormal,
    RandomUniform,
    VarianceScaling,
    GlorotUniform,
    GlorotNormal,
    HeNormal,
    HeUniform,
    LecunNormal,
    LecunUniform,
    Orthogonal,
    Identity,
]
_BY_NAME = {cls.__name__: cls for cls in _CLASSES}
_BY_NAME.update(
    {
        "constant": Constant,
        "zeros": Zeros,
        "ones": Ones,
        "random_normal": RandomNormal,
        "truncated_normal": TruncatedNormal,
        "random_uniform": RandomUniform,
        "variance_scaling": VarianceScaling,
        "glorot_uniform": GlorotUniform,
        "glorot_normal": GlorotNormal,
        "he_normal": HeNormal,
        "he_uniform": HeUniform,
        "lecun_normal": LecunNormal,
        "lecun_uniform": LecunUniform,
        "normal": RandomNormal,
        "uniform": RandomUniform,
        "one": Ones,
        "zero": Zeros,
        "orthogonal": Orthogonal,
        "identity": Identity,
    }
)


def serialize(initializer):
    """``initializer`` as Keras' config dict (None for None).

    >>> import tapejax as tf
    >>> tf.keras.initializers.serialize(tf.keras.initializers.Zeros())['class_name']
    'Zeros'
    """
    return _serialization.serialize(initializer, "keras.initializers")


def deserialize(config: dict):
    """The initializer a :func:`serialize` dict describes."""
    return _serialization.from_dict(config, {cls.__name__: cls for cls in _CLASSES}, "initializer")


def get(identifier):
    """An initializer from a name, a class, an instance, a callable or a tensor (``get``).

    >>> import tapejax as tf
    >>> print(tf.keras.initializers.get('ones')((2,)))
    tf.Tensor([1. 1.], shape=(2,), dtype=float32)
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        return deserialize(identifier)
    if isinstance(identifier, str) and identifier in _BY_NAME:
        return _BY_NAME[identifier]()
    if isinstance(identifier, (TensorLike, np.ndarray, np.generic)):
        return _from_value(identifier)
    if isinstance(identifier, type):
        return identifier()
    if callable(identifier):
        return identifier
    raise ValueError(
        f"Could not interpret initializer identifier: {identifier}. Use one of "
        f"{sorted(k for k in _BY_NAME if k.islower())}, an initializer object, or a "
        "callable f(shape, dtype)."
    )


def _from_value(value):
    def initialize(shape, dtype=None):
        tensor = convert_to_tensor(value)
        if tuple(shape) != tuple(tensor.shape):
            raise ValueError(
                f"Expected `shape` to be {tuple(tensor.shape)} for direct tensor as "
                f"initializer. Received shape={tuple(shape)}"
            )
        return _cast(tensor, as_dtype(dtype)) if dtype is not None else tensor

    return initialize
