"""Keras initializers (``tf.keras.initializers``): objects called as ``init(shape, dtype)``.

Unseeded initializers draw from tapejax's global random sequence (``tapejax.random.set_seed``
fixes it); a seeded one returns the same values on every call, as in Keras 3. The values
differ from TensorFlow's for the same seed (the generators differ); the distributions match.
"""

from ._src.initializers.constant_initializers import Constant, Identity, Ones, Zeros
from ._src.initializers.constant_initializers import (
    Constant as constant,
)

# Keras 3's lowercase (and *Initializer) names of the same classes.
from ._src.initializers.constant_initializers import (
    Identity as IdentityInitializer,
)
from ._src.initializers.constant_initializers import (
    Identity as identity,
)
from ._src.initializers.constant_initializers import (
    Ones as ones,
)
from ._src.initializers.constant_initializers import (
    Zeros as zeros,
)
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
from ._src.initializers.random_initializers import (
    GlorotNormal as glorot_normal,
)
from ._src.initializers.random_initializers import (
    GlorotUniform as glorot_uniform,
)
from ._src.initializers.random_initializers import (
    HeNormal as he_normal,
)
from ._src.initializers.random_initializers import (
    HeUniform as he_uniform,
)
from ._src.initializers.random_initializers import (
    LecunNormal as lecun_normal,
)
from ._src.initializers.random_initializers import (
    LecunUniform as lecun_uniform,
)
from ._src.initializers.random_initializers import (
    Orthogonal as OrthogonalInitializer,
)
from ._src.initializers.random_initializers import (
    Orthogonal as orthogonal,
)
from ._src.initializers.random_initializers import (
    RandomNormal as random_normal,
)
from ._src.initializers.random_initializers import (
    RandomUniform as random_uniform,
)
from ._src.initializers.random_initializers import (
    TruncatedNormal as truncated_normal,
)
from ._src.initializers.random_initializers import (
    VarianceScaling as variance_scaling,
)

__all__ = [
    "Constant",
    "GlorotNormal",
    "GlorotUniform",
    "HeNormal",
    "HeUniform",
    "Identity",
    "IdentityInitializer",
    "Initializer",
    "LecunNormal",
    "LecunUniform",
    "Ones",
    "Orthogonal",
    "OrthogonalInitializer",
    "RandomNormal",
    "RandomUniform",
    "TruncatedNormal",
    "VarianceScaling",
    "Zeros",
    "constant",
    "deserialize",
    "get",
    "glorot_normal",
    "glorot_uniform",
    "he_normal",
    "he_uniform",
    "identity",
    "lecun_normal",
    "lecun_uniform",
    "ones",
    "orthogonal",
    "random_normal",
    "random_uniform",
    "serialize",
    "truncated_normal",
    "variance_scaling",
    "zeros",
]
