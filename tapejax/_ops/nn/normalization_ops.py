"""``tf.nn``'s normalization statistics: ``weighted_moments``, ``sufficient_statistics``,
``batch_norm_with_global_normalization`` and ``local_response_normalization`` (``lrn``).

The statistics are written with tapejax ops in TF's own formulas, so their gradients are TF's;
``lrn`` is one op (JAX's gradient of TF's formula).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.tensor import Tensor
from .. import math_ops as _math
from ..array_ops import cast, squeeze
from ..builders import check_dtype, convert_like
from ..creation_ops import zeros_like
from ..nn_ops import batch_normalization


def weighted_moments(x, axes, frequency_weights, keepdims=False, name=None, keep_dims=None):
    """The mean and variance of ``x`` over ``axes``, each element counted
    ``frequency_weights`` times (broadcast to ``x``) (``tf.nn.weighted_moments``); float16
    is computed in float32, as TF.

    >>> import tapejax as tf
    >>> mean, variance = tf.nn.weighted_moments(tf.constant([1.0, 2.0, 4.0]), [0], [1.0, 1.0, 2.0])
    >>> float(mean), float(variance)
    (2.75, 1.6875)
    """
    keepdims = keepdims if keep_dims is None else keep_dims
    x = convert_to_tensor(x)
    half = x.dtype.name == "float16"
    if half:
        x = cast(x, "float32")
    weights = convert_like(frequency_weights, x, lenient=True)
    if weights.dtype != x.dtype:
        weights = cast(weights, x.dtype)
    total = _math.reduce_sum(weights * x, axes, keepdims=True)
    count = _math.reduce_sum(weights + zeros_like(x), axes, keepdims=True)
    mean = _math.divide_no_nan(total, count)
    spread = _math.reduce_sum(weights * _math.squared_difference(x, mean), axes, keepdims=True)
    variance = _math.divide_no_nan(spread, count)
    if not keepdims:
        mean, variance = squeeze(mean, axes), squeeze(variance, axes)
    if half:
        mean, variance = cast(mean, "float16"), cast(variance, "float16")
    return mean, variance


def sufficient_statistics(x, axes, shift=None, keepdims=False, name=None, keep_dims=None):
    """``(count, sum(x - shift), sum((x - shift)**2), shift)`` over ``axes``, the statistics
    ``normalize_moments`` takes (``tf.nn.sufficient_statistics``); ``count`` has ``x``'s dtype."""
    keepdims = keepdims if keep_dims is None else keep_dims
    x = convert_to_tensor(x)
    axes = sorted({int(a) for a in (axes if isinstance(axes, (list, tuple)) else [axes])})
    count = 1
    for a in axes:
        count *= x.shape[a]
    counts = convert_to_tensor(count, dtype=x.dtype)
    if shift is None:
        m_ss, v_ss = x, _math.square(x)
    else:
        shift = convert_like(shift, x)
        m_ss, v_ss = x - shift, _math.squared_difference(x, shift)
    m_ss = _math.reduce_sum(m_ss, axes, keepdims=keepdims)
    v_ss = _math.reduce_sum(v_ss, axes, keepdims=keepdims)
    return counts, m_ss, v_ss, shift


def batch_norm_with_global_normalization(
    input,  # noqa: A002
    mean,
    variance,
    beta,
    gamma,
    variance_epsilon,
    scale_after_normalization,
    name=None,
) -> Tensor:
    """``batch_normalization(input, mean, variance, beta, gamma, variance_epsilon)``, without
    ``gamma`` unless ``scale_after_normalization`` (``tf.nn.batch_norm_with_global_normalization``)."""
    scale = gamma if scale_after_normalization else None
    return batch_normalization(input, mean, variance, beta, scale, variance_epsilon)


def _lrn(x, *, depth_radius, bias, alpha, beta):
    squares = jnp.square(x)
    window = (1, 1, 1, 2 * depth_radius + 1)
    pads = ((0, 0), (0, 0), (0, 0), (depth_radius, depth_radius))
    # a numpy identity: JAX then picks its differentiable window sum
    total = jax.lax.reduce_window(squares, np.zeros((), x.dtype), jax.lax.add, window, (1,) * 4, pads)
    return x / (bias + alpha * total) ** beta


_LRN = Op("LRN", _lrn)


def local_response_normalization(input, depth_radius=5, bias=1, alpha=1, beta=0.5, name=None) -> Tensor:  # noqa: A002
    """``input / (bias + alpha * sum(input[..., d - r : d + r + 1] ** 2)) ** beta`` along the
    last axis, of a 4-d input (``tf.nn.local_response_normalization``, ``tf.nn.lrn``)."""
    x = convert_to_tensor(input)
    check_dtype("LRN", ("float16", "bfloat16", "float32"), x)
    if x.ndim != 4:
        raise InvalidArgumentError(
            f"in must be 4-dimensional, got shape {x.shape} [Op:LRN]. Pass [batch, height, width, depth]."
        )
    static = {
        "depth_radius": int(depth_radius),
        "bias": float(bias),
        "alpha": float(alpha),
        "beta": float(beta),
    }
    return record(_LRN, (x,), static)


lrn = local_response_normalization
