"""Keras initializers (``tf.keras.initializers``): objects called as ``init(shape, dtype)``.

Unseeded initializers draw from tapejax's global random sequence (``tapejax.random.set_seed``
fixes it); a seeded one returns the same values on every call, as in Keras 3. The values
differ from TensorFlow's for the same seed (the generators differ); the distributions match.
"""

from ._src.initializers.constant_initializers import Constant, Identity, Ones, Zeros
from ._src.initializers.initializer import Initializer
from ._src.initializers.lookup import deserialize, get, serialize
from ._src.initializers.random_initializers import (
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

__all__ = [
    "Constant",
    "GlorotNormal",
    "GlorotUniform",
    "HeNormal",
    "HeUniform",
    "Identity",
    "Initializer",
    "LecunNormal",
    "LecunUniform",
    "Ones",
    "Orthogonal",
    "RandomNormal",
    "RandomUniform",
    "TruncatedNormal",
    "VarianceScaling",
    "Zeros",
    "deserialize",
    "get",
    "serialize",
]
