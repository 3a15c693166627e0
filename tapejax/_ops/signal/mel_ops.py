"""The mel scale: ``tf.signal.linear_to_mel_weight_matrix`` and
``mfccs_from_log_mel_spectrograms``, with TF's formulas (HTK's mel scale, 700 Hz break,
1127 mels)."""

from __future__ import annotations

import jax.numpy as jnp

from ..._core.recording.convert import convert_to_tensor
from ..._core.values import dtype as _dtypes
from ..._core.values import x64
from ..._core.values.access import np_shape
from ..._core.values.tensor import Tensor, TensorLike
from ..math_ops import multiply
from ._args import scalar
from .dct_ops import dct

_BREAK_HERTZ = 700.0
_HIGH_FREQUENCY_Q = 1127.0


def _hertz_to_mel(hertz):
    return _HIGH_FREQUENCY_Q * jnp.log(1.0 + hertz / _BREAK_HERTZ)


def _validate(num_mel_bins, sample_rate, lower_edge_hertz, upper_edge_hertz, dtype) -> None:
    if num_mel_bins <= 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {num_mel_bins}")
    if lower_edge_hertz < 0.0:
        raise ValueError(f"lower_edge_hertz must be non-negative. Got: {lower_edge_hertz}")
    if lower_edge_hertz >= upper_edge_hertz:
        raise ValueError(
            f"lower_edge_hertz {lower_edge_hertz:.1f} >= upper_edge_hertz {upper_edge_hertz:.1f}"
        )
    if sample_rate <= 0.0:
        raise ValueError(f"sample_rate must be positive. Got: {sample_rate}")
    if upper_edge_hertz > sample_rate / 2:
        raise ValueError(
            f"upper_edge_hertz must not be larger than the Nyquist frequency (sample_rate / 2). Got "
            f"{upper_edge_hertz} for sample_rate: {sample_rate}"
        )
    if not dtype.is_floating:
        raise ValueError(f"dtype must be a floating point type. Got: {dtype}")


def linear_to_mel_weight_matrix(
    num_mel_bins=20,
    num_spectrogram_bins=129,
    sample_rate=8000,
    lower_edge_hertz=125.0,
    upper_edge_hertz=3800.0,
    dtype=_dtypes.float32,
    name=None,
) -> Tensor:
    """A ``[num_spectrogram_bins, num_mel_bins]`` matrix of triangular filters that maps a
    linear-frequency spectrogram (``rfft`` bins up to ``sample_rate / 2``) to the mel scale
    (``tf.signal.linear_to_mel_weight_matrix``). The DC bin gets no weight, as TF's.

    >>> import tapejax as tf
    >>> tf.signal.linear_to_mel_weight_matrix(4, 5, 8000, 100.0, 4000.0).shape
    TensorShape([5, 4])
    """
    dtype = _dtypes.as_dtype(dtype)
    rate = scalar(sample_rate, "sample_rate") if isinstance(sample_rate, TensorLike) else sample_rate
    lower = scalar(lower_edge_hertz, "lower_edge_hertz")
    upper = scalar(upper_edge_hertz, "upper_edge_hertz")
    num_mel_bins = int(scalar(num_mel_bins, "num_mel_bins"))
    _validate(num_mel_bins, rate, lower, upper, dtype)
    with x64.scope():
        np_dtype = dtype.as_numpy_dtype
        nyquist = jnp.asarray(rate, np_dtype) / 2.0
        bins = jnp.linspace(jnp.asarray(0, np_dtype), nyquist, int(num_spectrogram_bins))[1:]
        bins_mel = _hertz_to_mel(bins)[:, None]
        edges = jnp.linspace(
            _hertz_to_mel(jnp.asarray(lower, np_dtype)),
            _hertz_to_mel(jnp.asarray(upper, np_dtype)),
            num_mel_bins + 2,
        )
        low, center, high = edges[:-2][None], edges[1:-1][None], edges[2:][None]
        rising = (bins_mel - low) / (center - low)
        falling = (high - bins_mel) / (high - center)
        weights = jnp.maximum(jnp.asarray(0, np_dtype), jnp.minimum(rising, falling))
        return convert_to_tensor(jnp.pad(weights, [(1, 0), (0, 0)]).astype(np_dtype))


def mfccs_from_log_mel_spectrograms(log_mel_spectrograms, name=None) -> Tensor:
    """Mel-frequency cepstral coefficients: the orthonormal-scaled type-II DCT of log-mel
    spectrograms over their last axis (``tf.signal.mfccs_from_log_mel_spectrograms``); keep the
    first 13 or so."""
    x = convert_to_tensor(log_mel_spectrograms)
    bins = np_shape(x)[-1] if np_shape(x) else None
    if bins == 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {x}")
    return multiply(dct(x, type=2), float(1.0 / (bins * 2.0) ** 0.5))
