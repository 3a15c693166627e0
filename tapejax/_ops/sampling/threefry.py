"""JAX's threefry2x32 PRNG computed with numpy: keys and random bits, the same as JAX's.

With ``jax_threefry_partitionable`` (JAX's default since 0.5), element ``i`` (row-major) of a
draw of any shape is the threefry2x32 hash of the key and the 64-bit counter ``i`` (as the two
uint32 halves ``(i >> 32, i & 0xffffffff)``), and ``split`` and ``fold_in`` hash fixed
counters. numpy's uint32 arithmetic wraps as XLA's does, so these give JAX's bits exactly,
without compiling an XLA program for every shape (``jax.random.split`` alone compiles three).
Keys here are ``uint32[2]`` key data, what ``jax.random.key_data`` holds.
"""

from __future__ import annotations

import jax
import numpy as np

_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
_PARITY = np.uint32(0x1BD11BDA)  # threefry's key-schedule constant
_UINT = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def partitionable() -> bool:
    """Whether JAX draws element ``i`` from counter ``i`` (what this module computes); with
    ``jax_threefry_partitionable`` off, the bits depend on the whole shape: callers use JAX."""
    return bool(jax.config.jax_threefry_partitionable)


def _hash(key: np.ndarray, x0: np.ndarray, x1: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """threefry2x32 (20 rounds) of the counters ``(x0, x1)`` under ``key``, as JAX lowers it."""
    k0, k1 = np.uint32(key[0]), np.uint32(key[1])
    ks = (k0, k1, k0 ^ k1 ^ _PARITY)
    with np.errstate(over="ignore"):
        x0, x1 = x0 + ks[0], x1 + ks[1]
        for i in range(5):
            for r in _ROTATIONS[i % 2]:
                x0 = x0 + x1
                x1 = x0 ^ ((x1 << np.uint32(r)) | (x1 >> np.uint32(32 - r)))
            x0 = x0 + ks[(i + 1) % 3]
            x1 = x1 + ks[(i + 2) % 3] + np.uint32(i + 1)
    return x0, x1


def _counter_bits(key: np.ndarray, hi: np.ndarray, lo: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return _hash(key, hi.astype(np.uint32), lo.astype(np.uint32))


def random_bits(key: np.ndarray, bit_width: int, count: int, start: int = 0) -> np.ndarray:
    """Elements ``start .. start + count`` (row-major) of ``jax.random.bits(key, shape)`` with
    ``bit_width`` bits, for any shape that large (JAX's ``_threefry_random_bits_partitionable``)."""
    index = np.arange(start, start + count, dtype=np.uint64)
    b1, b2 = _counter_bits(key, index >> np.uint64(32), index & np.uint64(0xFFFFFFFF))
    if bit_width == 64:
        return (b1.astype(np.uint64) << np.uint64(32)) | b2.astype(np.uint64)
    return (b1 ^ b2).astype(_UINT[bit_width])


def split(key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``jax.random.split(key)``'s two keys."""
    b1, b2 = _counter_bits(key, np.zeros(2, np.uint32), np.arange(2, dtype=np.uint32))
    return np.array([b1[0], b2[0]], np.uint32), np.array([b1[1], b2[1]], np.uint32)


def fold_in(key: np.ndarray, data: int) -> np.ndarray:
    """``jax.random.fold_in(key, data)`` (JAX hashes the counter pair ``(0, data)``)."""
    if not 0 <= data < 2**32:  # JAX's own conversion of other integers
        with jax.ensure_compile_time_eval():
            folded = jax.random.fold_in(jax.random.wrap_key_data(key, impl="threefry2x32"), data)
            return np.asarray(jax.random.key_data(folded))
    b1, b2 = _counter_bits(key, np.zeros(1, np.uint32), np.array([data], np.uint32))
    return np.array([b1[0], b2[0]], np.uint32)


def seed_key(seed: int) -> np.ndarray:
    """``jax.random.key_data(jax.random.key(seed))``: ``[0, seed]`` for a seed in [0, 2**31)."""
    if 0 <= seed < 2**31:
        return np.array([0, seed], np.uint32)
    with jax.ensure_compile_time_eval():  # JAX's own rules for other seeds (and their errors)
        return np.asarray(jax.random.key_data(jax.random.key(seed)))
