"""Keras 3's newer activations (``celu``, ``glu``, the shrink and sparse families,
``squareplus``, ``threshold``): each call one recorded op over its JAX formula, so JAX gives
the gradient. Where a formula has a kink, the side that holds the kink point is Keras'
(``hard_tanh`` has slope 1 at +-1, ``sparse_sigmoid`` slope 0 at +-1), checked against
TF 2.21's gradients in tests/test_keras_activations_more.py.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ..backend.layer_op import run_op
from ..backend.recording import Op


def _celu(x, alpha):
    # Keras' max(x, 0) + alpha * expm1(min(x, 0) / alpha), each side taking the tie at 0 as TF's
    # maximum/minimum do (slope 2 there, where JAX's would split it).
    zero = jnp.zeros_like(x)
    return jnp.where(x >= 0.0, x, zero) + alpha * jnp.expm1(jnp.where(x <= 0.0, x, zero) / alpha)


def _glu(x, axis):
    a, b = jnp.split(x, 2, axis=axis)
    return a * jax.nn.sigmoid(b)


def _hard_shrink(x, threshold):
    return jnp.where(jnp.abs(x) > threshold, x, jnp.zeros_like(x))


def _hard_tanh(x):
    return jnp.where(x < -1.0, -jnp.ones_like(x), jnp.where(x > 1.0, jnp.ones_like(x), x))


def _soft_shrink(x, threshold):
    zero = jnp.zeros_like(x)
    return jnp.where(x > threshold, x - threshold, jnp.where(x < -threshold, x + threshold, zero))


def _sparse_plus(x):
    return jnp.where(x <= -1.0, jnp.zeros_like(x), jnp.where(x >= 1.0, x, (x + 1.0) ** 2 / 4.0))


def _sparse_sigmoid(x):
    return jnp.where(x <= -1.0, jnp.zeros_like(x), jnp.where(x >= 1.0, jnp.ones_like(x), 0.5 * (x + 1.0)))


def _sparsemax(x, axis):
    # The Euclidean projection of x onto the simplex: x - tau, clipped at 0, where tau makes the
    # support (the k largest entries) sum to 1.
    x = jnp.moveaxis(x, axis, -1)
    ordered = -jnp.sort(-x, axis=-1)
    cumulative = jnp.cumsum(ordered, axis=-1)
    ranks = jnp.arange(1, x.shape[-1] + 1, dtype=x.dtype)
    k = jnp.sum((1.0 + ranks * ordered > cumulative).astype(x.dtype), axis=-1, keepdims=True)
    tau = (jnp.take_along_axis(cumulative, k.astype(jnp.int32) - 1, axis=-1) - 1.0) / k
    return jnp.moveaxis(jnp.maximum(x - tau, 0.0), -1, axis)


def _squareplus(x, b):
    return (x + jnp.sqrt(x * x + b)) / 2.0


def _tanh_shrink(x):
    return x - jnp.tanh(x)


def _threshold(x, threshold, default_value):
    return jnp.where(x > threshold, x, jnp.asarray(default_value, x.dtype))


_CELU = Op("Celu", _celu)
_GLU = Op("Glu", _glu)
_HARD_SHRINK = Op("HardShrink", _hard_shrink)
_HARD_TANH = Op("HardTanh", _hard_tanh)
_SOFT_SHRINK = Op("SoftShrink", _soft_shrink)
_SPARSE_PLUS = Op("SparsePlus", _sparse_plus)
_SPARSE_SIGMOID = Op("SparseSigmoid", _sparse_sigmoid)
_SPARSEMAX = Op("Sparsemax", _sparsemax)
_SQUAREPLUS = Op("Squareplus", _squareplus)
_TANH_SHRINK = Op("TanhShrink", _tanh_shrink)
_THRESHOLD = Op("Threshold", _threshold)


def celu(x, alpha=1.0):
    """``max(x, 0) + min(0, alpha * (exp(x / alpha) - 1))``."""
    return run_op(_CELU, x, alpha=float(alpha))


def glu(x, axis=-1):
    """``a * sigmoid(b)``, ``x`` split in halves ``a``, ``b`` along ``axis``.

    Raises:
      ValueError: the size of ``axis`` is odd.
    """
    size = x.shape[axis]
    if size is not None and size % 2 != 0:
        raise ValueError(f"axis size must be divisible by 2. Received: x.shape={x.shape} with axis={axis}")
    return run_op(_GLU, x, axis=int(axis))


def hard_shrink(x, threshold=0.5):
    """``x`` where ``|x| > threshold``, else 0."""
    return run_op(_HARD_SHRINK, x, threshold=float(threshold))


def hard_tanh(x):
    """``x`` clipped to [-1, 1]."""
    return run_op(_HARD_TANH, x)


def soft_shrink(x, threshold=0.5):
    """``x`` moved ``threshold`` towards 0, and 0 within ``threshold`` of it."""
    return run_op(_SOFT_SHRINK, x, threshold=float(threshold))


def sparse_plus(x):
    """0 below -1, ``x`` above 1, ``(x + 1)**2 / 4`` between: a smooth ReLU."""
    return run_op(_SPARSE_PLUS, x)


def sparse_sigmoid(x):
    """0 below -1, 1 above 1, ``(x + 1) / 2`` between."""
    return run_op(_SPARSE_SIGMOID, x)


def sparsemax(x, axis=-1):
    """The projection of ``x`` onto the probability simplex along ``axis``: a softmax whose
    small entries are exactly 0."""
    return run_op(_SPARSEMAX, x, axis=int(axis))


def squareplus(x, b=4):
    """``(x + sqrt(x**2 + b)) / 2``."""
    return run_op(_SQUAREPLUS, x, b=float(b))


def tanh_shrink(x):
    """``x - tanh(x)``."""
    return run_op(_TANH_SHRINK, x)


def threshold(x, threshold, default_value):
    """``x`` where ``x > threshold``, else ``default_value``."""
    return run_op(_THRESHOLD, x, threshold=float(threshold), default_value=float(default_value))
