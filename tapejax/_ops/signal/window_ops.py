"""``tf.signal``'s windows: Hann, Hamming, Kaiser, Kaiser-Bessel-derived, Vorbis.

Each is computed in the requested float dtype with TF's formulas (so float16 and bfloat16
windows round as TF's do). Only Kaiser windows have a differentiable input (``beta``); the
others are constants.
"""

from __future__ import annotations

import jax.numpy as jnp
import jax.scipy.special as jsp

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values import dtype as _dtypes
from ..._core.values import x64
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.tensor import Tensor
from ..array_ops import cast
from ._args import scalar, scalar_int


def _check(window_length, dtype) -> tuple:
    dtype = _dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"dtype must be a floating point type. Found {dtype}")
    n = scalar_int(convert_to_tensor(window_length, dtype=_dtypes.int32), "window_length")
    if n < 0:
        raise InvalidArgumentError(
            f"Requires start <= limit when delta > 0: 0/{n} [Op:Range]; window_length must be non-negative."
        )
    return n, dtype


@x64.enabled
def _constant(values) -> Tensor:
    return convert_to_tensor(values)


def _raised_cosine(n: int, periodic, dtype, a: float, b: float) -> Tensor:
    if n == 1:
        return _constant(jnp.ones([1], dtype.as_numpy_dtype))
    periodic = int(bool(scalar(periodic, "periodic")))
    np_dtype = dtype.as_numpy_dtype
    with x64.scope():
        denominator = jnp.asarray(n + periodic * (1 - n % 2) - 1, np_dtype)
        count = jnp.arange(n).astype(np_dtype)
        angle = jnp.asarray(2 * jnp.pi, np_dtype) * count / denominator
        return _constant(jnp.asarray(a, np_dtype) - jnp.asarray(b, np_dtype) * jnp.cos(angle))


def hann_window(window_length, periodic=True, dtype=_dtypes.float32, name=None) -> Tensor:
    """A Hann window, ``0.5 - 0.5 cos(2 pi n / N)`` (``tf.signal.hann_window``); ``periodic``
    windows (for spectral analysis) have ``N = window_length``, symmetric ones one less.

    >>> import tapejax as tf
    >>> tf.signal.hann_window(4)
    <tf.Tensor: shape=(4,), dtype=float32, numpy=array([0. , 0.5, 1. , 0.5], dtype=float32)>
    """
    n, dtype = _check(window_length, dtype)
    return _raised_cosine(n, periodic, dtype, 0.5, 0.5)


def hamming_window(window_length, periodic=True, dtype=_dtypes.float32, name=None) -> Tensor:
    """A Hamming window, ``0.54 - 0.46 cos(2 pi n / N)`` (``tf.signal.hamming_window``)."""
    n, dtype = _check(window_length, dtype)
    return _raised_cosine(n, periodic, dtype, 0.54, 0.46)


def vorbis_window(window_length, dtype=_dtypes.float32, name=None) -> Tensor:
    """The Vorbis power-complementary window (``tf.signal.vorbis_window``)."""
    n, dtype = _check(window_length, dtype)
    np_dtype = dtype.as_numpy_dtype
    with x64.scope():
        arg = jnp.arange(n).astype(np_dtype)
        inner = jnp.sin(
            jnp.asarray(jnp.pi, np_dtype) / jnp.asarray(n, np_dtype) * (arg + jnp.asarray(0.5, np_dtype))
        )
        return _constant(jnp.sin(jnp.asarray(jnp.pi / 2.0, np_dtype) * jnp.square(inner)))


def _kaiser(beta, n):
    dtype = beta.dtype
    half = (n - 1.0) / 2.0
    arg = jnp.arange(-half, half + 0.1, dtype=jnp.float32).astype(dtype)
    half = jnp.asarray(half, dtype)
    num = beta * jnp.sqrt(jnp.maximum(jnp.asarray(0, dtype), 1 - jnp.square(arg / half)))
    return jnp.exp(num - beta) * (jsp.i0e(num) / jsp.i0e(beta))


def _kbd(beta, n):
    kaiser = _kaiser(beta, n // 2 + 1) if n // 2 + 1 > 1 else jnp.ones([1], beta.dtype)
    csum = jnp.cumsum(kaiser)
    half = jnp.sqrt(csum[:-1] / csum[-1])
    return jnp.concatenate([half, half[::-1]])


_KAISER = Op("KaiserWindow", _kaiser)
_KBD = Op("KaiserBesselDerivedWindow", _kbd)


def kaiser_window(window_length, beta=12.0, dtype=_dtypes.float32, name=None) -> Tensor:
    """A Kaiser window with shape parameter ``beta`` (differentiable in ``beta``)
    (``tf.signal.kaiser_window``)."""
    n, dtype = _check(window_length, dtype)
    if n == 1:
        return _constant(jnp.ones([1], dtype.as_numpy_dtype))
    if n == 0:
        raise InvalidArgumentError(
            "Requires start <= limit when delta > 0: 0.5/-0.4 [Op:Range]: TF 2.21's kaiser_window has no "
            "window of length 0; ask for at least 1 sample."
        )
    return record(_KAISER, (_beta(beta, dtype),), {"n": n})


def kaiser_bessel_derived_window(window_length, beta=12.0, dtype=_dtypes.float32, name=None) -> Tensor:
    """A Kaiser-Bessel-derived window (``tf.signal.kaiser_bessel_derived_window``): ``2 *
    (window_length // 2)`` samples, as TF's."""
    n, dtype = _check(window_length, dtype)
    return record(_KBD, (_beta(beta, dtype),), {"n": n})


def _beta(beta, dtype) -> Tensor:
    b = convert_to_tensor(beta, dtype_hint=dtype)
    return b if b.dtype == dtype else cast(b, dtype)  # TF casts beta to the window's dtype
