"""Keras initializers (``tf.keras.initializers``): objects called as ``init(shape, dtype)``.

Unseeded initializers draw from tapejax's global random sequence (``tapejax.random.set_seed``
fixes it); a seeded one returns the same values on every call, as in Keras 3. The values
differ from TensorFlow's for the same seed (the generators differ); the distributions match.
"""

from ._initializers import (
    Constant,
    GlorotNormal,
    GlorotUniform,
    HeNormal,
    HeUniform,
    Identity,
    Initializer,
    LecunNormal,
    LecunUniform,
    Ones,
    Orthogonal,
    RandomNormal,
    RandomUniform,
    TruncatedNormal,
    VarianceScaling,
    Zeros,
    deserialize,
    get,
    serialize,
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
