"""Keras initializers used by the layers (glorot_uniform, zeros, ones, ...)."""

from __future__ import annotations

import math

from .. import random as _random
from .._creation_ops import ones as _ones
from .._creation_ops import zeros as _zeros


class GlorotUniform:
    def __init__(self, seed=None):
        self.seed = seed

    def __call__(self, shape, dtype="float32"):
        fan_in, fan_out = _fans(shape)
        limit = math.sqrt(6.0 / max(1.0, (fan_in + fan_out)))
        return _random.uniform(shape, -limit, limit, dtype=dtype, seed=self.seed)


class GlorotNormal:
    def __init__(self, seed=None):
        self.seed = seed

    def __call__(self, shape, dtype="float32"):
        fan_in, fan_out = _fans(shape)
        std = math.sqrt(2.0 / max(1.0, (fan_in + fan_out))) / 0.87962566103423978
        return _random.truncated_normal(shape, 0.0, std, dtype=dtype, seed=self.seed)


class Zeros:
    def __call__(self, shape, dtype="float32"):
        return _zeros(shape, dtype)


class Ones:
    def __call__(self, shape, dtype="float32"):
        return _ones(shape, dtype)


def _fans(shape):
    shape = tuple(shape)
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    receptive = math.prod(shape[:-2])
    return shape[-2] * receptive, shape[-1] * receptive


_BY_NAME = {"glorot_uniform": GlorotUniform, "glorot_normal": GlorotNormal, "zeros": Zeros, "ones": Ones}


def get(identifier):
    if callable(identifier) and not isinstance(identifier, type):
        return identifier
    if isinstance(identifier, type):
        return identifier()
    if isinstance(identifier, str) and identifier in _BY_NAME:
        return _BY_NAME[identifier]()
    raise ValueError(f"Unknown initializer: {identifier!r}. Use one of {sorted(_BY_NAME)} or a callable.")
