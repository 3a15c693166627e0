"""Uniform, normal and truncated normal draws of any shape, exactly ``jax.random``'s values,
without an XLA program per shape.

``jax.random.uniform(key, shape)`` compiles a program for every new shape; building a model
would compile one per weight shape (and one per size for the ops scaling it). Here:

- a uniform draw in ``[0, 1)`` of up to ``HOST_MAX`` elements is made on the host: threefry
  bits (``threefry.random_bits``) turned into floats by JAX's exact bit recipe (the mantissa
  bits under the exponent of 1.0, minus 1.0: no rounding anywhere);
- anything else runs JAX's own sampler (``jax.random.uniform``/``normal``/``truncated_normal``)
  over a fixed-size chunk of counters starting at an offset: one compiled program per
  (sampler, dtype, chunk size), whatever the shape. The chunk's bits come from a PRNG
  implementation that is JAX's threefry with the counters shifted (``_at_offset_bits``), so
  its values are the elements ``offset .. offset + chunk`` of the whole draw, bit for bit,
  including the rounding of JAX's scaling (``floats * (maxval - minval) + minval``, which
  XLA may fuse into one multiply-add: it does on x86 CPUs, so numpy could not reproduce it).

Keys are ``uint32[2]`` key data on the host (``threefry``); results are numpy arrays.
"""

from __future__ import annotations

import contextlib
import functools

import jax
import ml_dtypes
import numpy as np
from jax import lax
from jax.extend import random as jex_random

from ..._core import disk_cache
from ..._core.values import x64
from . import threefry

HOST_MAX = 1 << 18  # host threefry: ~10 ms for this many on a 2-core CPU, less than a compile
_CHUNKS = (1 << 12, 1 << 18)  # the chunk sizes compiled: small draws waste little work


def uniform01(key: np.ndarray, count: int, dtype) -> np.ndarray:
    """``jax.random.uniform(key, shape, dtype)`` (in ``[0, 1)``), flattened, for ``count``
    elements: on the host up to ``HOST_MAX``, else by the compiled chunks."""
    dtype = np.dtype(dtype)
    if count > HOST_MAX:
        return draw("uniform", key, count, dtype, 0.0, 1.0)
    return floats01(key, count, dtype)


def floats01(key: np.ndarray, count: int, dtype: np.dtype, start: int = 0) -> np.ndarray:
    """Elements ``start .. start + count`` of ``jax.random.uniform(key, shape, dtype)``, made
    from threefry's bits by JAX's recipe: the mantissa bits under 1.0's exponent, minus 1.0."""
    info = ml_dtypes.finfo(dtype)
    nbits, nmant = info.bits, info.nmant
    rng_bits = nbits if nmant >= 8 else 8  # JAX draws 8 bits for bfloat16's 7-bit mantissa
    uint = threefry._UINT[nbits]
    bits = threefry.random_bits(key, rng_bits, count, start).astype(uint)
    one = np.array(1.0, dtype).view(uint)
    floats = ((bits >> uint(rng_bits - nmant)) | one).view(dtype)
    return floats - np.array(1.0, dtype)  # exact: floats lie in [1, 2)


# -- JAX's samplers over a chunk of counters -----------------------------------------------------
try:  # the switch ensure_compile_time_eval turns on (no public spelling yet)
    from jax._src.config import eager_constant_folding as _constant_folding
except ImportError:  # pragma: no cover - a JAX without it: its constants may compile eagerly

    def _constant_folding(on: bool):
        return contextlib.nullcontext()


def _at_offset_bits(key, bit_width, shape):
    """JAX's partitionable threefry bits (``_threefry_random_bits_partitionable``) for a 1-D
    ``shape``, counting from the 64-bit offset held in the key's last two words."""
    (size,) = shape
    k0, k1, start_hi, start_lo = key[0], key[1], key[2], key[3]
    with _constant_folding(False):  # JAX traces this again when it lowers the program
        lo = lax.iota(np.uint32, size) + start_lo
    hi = start_hi + (lo < start_lo).astype(np.uint32)  # the carry of the 64-bit counter
    b1, b2 = jex_random.threefry2x32_p.bind(k0, k1, hi, lo)
    if bit_width == 64:
        return (b1.astype(np.uint64) << np.uint64(32)) | b2.astype(np.uint64)
    return (b1 ^ b2).astype(threefry._UINT[bit_width])


# Chunk keys only draw bits; seeding, splitting and folding (never asked of them) give
# threefry's keys, counting from 0.
_THREEFRY = jex_random.threefry_prng_impl


def _from_zero(keys):
    return jax.numpy.concatenate([keys, jax.numpy.zeros((*keys.shape[:-1], 2), np.uint32)], axis=-1)


_AT_OFFSET = jex_random.define_prng_impl(
    key_shape=(4,),
    seed=lambda seed: _from_zero(_THREEFRY.seed(seed)),
    split=lambda key, shape: _from_zero(_THREEFRY.split(key[:2], shape)),
    random_bits=_at_offset_bits,
    fold_in=lambda key, data: _from_zero(_THREEFRY.fold_in(key[:2], data)),
    name="tapejax_threefry_at_offset",
    tag="tjxo",
)


def _chunk(key4, a, b, *, kind: str, size: int, dtype):
    """One chunk's draw: a compiled program per (kind, size, dtype), kept in tapejax's on-disk
    cache of compiled programs (``disk_cache``) like its others, so a second run compiles none."""
    program = _PROGRAMS.get((kind, size, dtype))
    if program is None:
        program = _PROGRAMS[kind, size, dtype] = disk_cache.jit(
            functools.partial(_sample, kind=kind, size=size, dtype=dtype)
        )
    return program(key4, a, b)


_PROGRAMS: dict = {}  # (kind, size, dtype) -> its compiled draw: a few (see _CHUNKS)


def _sample(key4, a, b, *, kind: str, size: int, dtype):
    # Traced as one program also when called in init_scope (a Variable initialized while a
    # function is traced), where JAX would otherwise run the sampler's constants eagerly.
    with _constant_folding(False):
        key = jax.random.wrap_key_data(key4, impl=_AT_OFFSET)
        if kind == "uniform":
            return jax.random.uniform(key, (size,), dtype, a, b)
        if kind == "normal":
            return jax.random.normal(key, (size,), dtype)
        return jax.random.truncated_normal(key, a, b, (size,), dtype)


def draw(kind: str, key: np.ndarray, count: int, dtype, a: float = 0.0, b: float = 1.0) -> np.ndarray:
    """The first ``count`` elements of ``jax.random.uniform(key, shape, dtype, a, b)``
    (``kind`` "uniform"), ``jax.random.normal(key, shape, dtype)`` ("normal") or
    ``jax.random.truncated_normal(key, a, b, shape, dtype)`` ("truncated_normal"), flattened.

    ``a`` and ``b`` are passed as float64, as JAX passes Python floats in its 64-bit mode, and
    converted to ``dtype`` inside the program as JAX does.
    """
    dtype = np.dtype(dtype)
    size = next((c for c in _CHUNKS if count <= c), _CHUNKS[-1])
    out = np.empty(count, dtype)
    with x64.scope(), jax.ensure_compile_time_eval():  # computed now, also under a trace
        lo, hi = np.float64(a), np.float64(b)
        for start in range(0, count, size):
            key4 = np.array([key[0], key[1], start >> 32, start & 0xFFFFFFFF], np.uint32)
            values = _chunk(key4, lo, hi, kind=kind, size=size, dtype=dtype)
            out[start : start + size] = np.asarray(values)[: count - start]
    return out
