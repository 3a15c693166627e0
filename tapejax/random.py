"""``tf.random``: stateful random ops over JAX's counter-based PRNG.

A global seed (``set_seed``) fixes the sequence: each op draws the next key. Without a seed,
the sequence starts from OS entropy. Values differ from TensorFlow's for the same seed (the
generators differ); their distributions are the same.
"""

from __future__ import annotations

import os
import threading

import jax
import jax.numpy as jnp

from . import dtypes as _dtypes
from ._array_ops import as_ints
from ._tensor import Tensor, convert_to_tensor

_lock = threading.Lock()
_key = None


def set_seed(seed: int) -> None:
    """Sets the global seed: the sequence of random ops after it is reproducible."""
    global _key
    with _lock:
        _key = jax.random.key(int(seed))


def _next_key(seed=None):
    global _key
    if seed is not None:
        with _lock:
            if _key is None:
                _key = jax.random.key(int.from_bytes(os.urandom(4), "little"))
            _key, sub = jax.random.split(_key)
        return jax.random.fold_in(sub, int(seed))
    with _lock:
        if _key is None:
            _key = jax.random.key(int.from_bytes(os.urandom(4), "little"))
        _key, sub = jax.random.split(_key)
    return sub


def _float_dtype(dtype):
    d = _dtypes.as_dtype(dtype)
    if not d.is_floating:
        raise ValueError(f"Invalid dtype {d!r}: tapejax.random.normal/uniform need a float dtype.")
    return d._np


def normal(shape, mean=0.0, stddev=1.0, dtype=_dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples from a normal distribution (``tf.random.normal``)."""
    d = _float_dtype(dtype)
    z = jax.random.normal(_next_key(seed), as_ints(shape), d)
    m = convert_to_tensor(mean, dtype=d)._value
    s = convert_to_tensor(stddev, dtype=d)._value
    return Tensor(z * s + m)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=_dtypes.float32, seed=None, name=None) -> Tensor:
    d = _float_dtype(dtype)
    z = jax.random.truncated_normal(_next_key(seed), -2.0, 2.0, as_ints(shape), d)
    return Tensor(z * convert_to_tensor(stddev, dtype=d)._value + convert_to_tensor(mean, dtype=d)._value)


def uniform(shape, minval=0, maxval=None, dtype=_dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples uniformly from [minval, maxval) (``tf.random.uniform``); ints need maxval."""
    d = _dtypes.as_dtype(dtype)
    key, shape = _next_key(seed), as_ints(shape)
    if d.is_integer:
        if maxval is None:
            raise ValueError("Must specify maxval for integer dtype in tapejax.random.uniform.")
        return Tensor(jax.random.randint(key, shape, int(minval), int(maxval), d._np))
    lo = convert_to_tensor(minval, dtype=d)._value
    hi = convert_to_tensor(1.0 if maxval is None else maxval, dtype=d)._value
    return Tensor(jax.random.uniform(key, shape, d._np, lo, hi))


def shuffle(value, seed=None, name=None) -> Tensor:
    x = convert_to_tensor(value)
    return Tensor(jax.random.permutation(_next_key(seed), x._value, axis=0))


def categorical(logits, num_samples, dtype=None, seed=None, name=None) -> Tensor:
    x = convert_to_tensor(logits)
    d = _dtypes.as_dtype(dtype or _dtypes.int64)._np
    out = jax.random.categorical(_next_key(seed), x._value, axis=-1, shape=(num_samples, x.shape[0]))
    return Tensor(jnp.transpose(out).astype(d))
