"""``keras.utils.set_random_seed``: seeds Python's, numpy's and tapejax's generators at once."""

from __future__ import annotations

import random

import numpy as np

from ..backend.ops import random_ops as _random


def set_random_seed(seed):
    """Seeds Python's ``random``, numpy's global generator and tapejax's (``tf.random.set_seed``),
    as Keras does, so layer initializers, dropout and shuffles repeat."""
    if not isinstance(seed, int):
        raise ValueError(
            f"Expected `seed` argument to be an integer. Received: seed={seed} (of type {type(seed)})"
        )
    random.seed(seed)
    np.random.seed(seed)
    _random.set_seed(seed)
