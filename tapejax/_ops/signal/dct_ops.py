"""``tf.signal.dct`` and ``idct``: discrete cosine transforms of types I-IV over the last axis,
computed from FFTs as TF computes them (one recorded op each; JAX differentiates them)."""

from __future__ import annotations

import math

import jax.numpy as jnp

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values import dtype as _dtypes
from ..._core.values.access import np_shape
from ..._core.values.tensor import Tensor
from ._args import at_least_rank


def _fit(x, n):
    """The last axis cropped or zero-padded to ``n``."""
    if n is None or n == x.shape[-1]:
        return x
    if n < x.shape[-1]:
        return x[..., :n]
    return jnp.pad(x, [(0, 0)] * (x.ndim - 1) + [(0, n - x.shape[-1])])


def _twiddle(size: int, dtype, sign: float):
    k = jnp.arange(size).astype(dtype)
    return 2.0 * jnp.exp(1j * (sign * k * (math.pi * 0.5 / size)).astype(dtype))


def _weights(size: int, dtype, first, rest):
    return jnp.concatenate([jnp.full([1], first, dtype), jnp.full([size - 1], rest, dtype)])


def _dct2(x, ortho: bool):
    size = x.shape[-1]
    y = jnp.real(jnp.fft.rfft(x, n=2 * size)[..., :size] * _twiddle(size, x.dtype, -1.0))
    if ortho:
        n1 = 0.5 / math.sqrt(size)
        y = y * _weights(size, x.dtype, n1, n1 * math.sqrt(2.0))
    return y


def _dct3(x, ortho: bool):
    size = x.shape[-1]
    if ortho:
        x = x * _weights(size, x.dtype, math.sqrt(size), math.sqrt(size) * math.sqrt(0.5))
    else:
        x = x * jnp.asarray(size, x.dtype)
    spectrum = _twiddle(size, x.dtype, 1.0) * x.astype(_twiddle(1, x.dtype, 1.0).dtype)
    return jnp.fft.irfft(spectrum, n=2 * size)[..., :size]


def _dct(x, dct_type: int, n, ortho: bool):
    x = _fit(x, n)
    if dct_type == 1:
        return jnp.real(jnp.fft.rfft(jnp.concatenate([x, x[..., -2:0:-1]], axis=-1)))
    if dct_type == 2:
        return _dct2(x, ortho)
    if dct_type == 3:
        return _dct3(x, ortho)
    y = _dct2(_fit(x, 2 * x.shape[-1]), False)[..., 1::2]
    return y * (math.sqrt(0.5) / math.sqrt(x.shape[-1])) if ortho else y


_DCT = Op("DCT", _dct)


def _validate(x: Tensor, dct_type, n, axis, norm) -> None:
    if axis != -1:
        raise NotImplementedError(f"axis must be -1. Got: {axis}")
    if n is not None and n < 1:
        raise ValueError("n should be a positive integer or None")
    if dct_type not in (1, 2, 3, 4):
        raise ValueError("Types I, II, III and IV (I)DCT are supported.")
    if dct_type == 1:
        if norm == "ortho":
            raise ValueError("Normalization is not supported for the Type-I DCT.")
        if np_shape(x)[-1] < 2:
            raise ValueError("Type-I DCT requires the dimension to be greater than one.")
    if norm not in (None, "ortho"):
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")


def _input(input) -> Tensor:  # noqa: A002 - TF's name
    x = convert_to_tensor(input)
    at_least_rank(x, 1)
    if x.dtype not in (_dtypes.float32, _dtypes.float64):
        if not x.dtype.is_floating:
            raise TypeError(
                f"Cannot convert 0.0 to EagerTensor of dtype {x.dtype.name}: dct takes float32 or "
                "float64 signals; cast the input first (tf.cast)."
            )
        raise TypeError(
            f"The `real` and `imag` components have incorrect types: {x.dtype.name} {x.dtype.name}. They "
            "must be consistent, and one of [tf.float32, tf.float64]; cast the input first (tf.cast)."
        )
    return x


def dct(input, type=2, n=None, axis=-1, norm=None, name=None) -> Tensor:  # noqa: A002 - TF's names
    """The discrete cosine transform of ``type`` 1-4 over the last axis (``tf.signal.dct``);
    ``n`` crops or zero-pads the signal first, ``norm='ortho'`` makes types 2-4 orthonormal.

    >>> import tapejax as tf
    >>> tf.signal.dct([1.0, 2.0, 3.0, 4.0], type=1)
    <tf.Tensor: shape=(4,), dtype=float32, numpy=array([15., -4.,  0., -1.], dtype=float32)>
    """
    x = _input(input)
    _validate(x, type, n, axis, norm)
    return record(_DCT, (x,), {"dct_type": int(type), "n": n, "ortho": norm == "ortho"})


def idct(input, type=2, n=None, axis=-1, norm=None, name=None) -> Tensor:  # noqa: A002 - TF's names
    """The inverse DCT (``tf.signal.idct``): the DCT of the inverse type (2 and 3 swap); with
    ``norm='ortho'`` it inverts ``dct`` exactly, else up to a factor ``2N`` (``2(N-1)``, type 1)."""
    x = _input(input)
    _validate(x, type, n, axis, norm)
    inverse = {1: 1, 2: 3, 3: 2, 4: 4}[type]
    return record(_DCT, (x,), {"dct_type": inverse, "n": n, "ortho": norm == "ortho"})
