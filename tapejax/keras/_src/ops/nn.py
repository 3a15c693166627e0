"""``keras.ops.nn``'s activations (Keras 3's ``keras.src.ops.nn``), each a Keras operation
through ``function_op.operation``: on tensors computed as Keras' TensorFlow backend computes them
(tapejax's ``tf.nn``/``tf.math`` ops, TF's gradients), on KerasTensors recorded as Keras'
``Relu``, ``Sigmoid``, ``Softmax``... with Keras' configs. ``keras.activations`` calls these.

The newer piecewise activations (``celu``, ``glu``, the shrink and sparse families,
``squareplus``, ``threshold``, ``sparsemax``) are each one recorded op over a JAX formula, so JAX
gives the gradient; where a formula has a kink, the side that holds the kink point is Keras'
(``hard_tanh`` has slope 1 at +-1, ``sparse_sigmoid`` slope 0 at +-1), checked against TF 2.21's
gradients in tests/test_keras_activations_more.py.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ..backend import tf
from ..backend.ops import math_ops as _math
from ..backend.ops import nn_ops as _nn
from ..backend.ops import reshape as _reshape
from .core import convert_to_tensor
from .function_op import jax_op, operation

_NN = "keras.src.ops.nn"


def _like(x, value):
    return convert_to_tensor(value, x.dtype)


@operation("Relu", module=_NN)
def relu(x):
    """``max(x, 0)``."""
    return _nn.relu(convert_to_tensor(x))


@operation("Relu6", module=_NN)
def relu6(x):
    """``min(max(x, 0), 6)``."""
    return _nn.relu6(convert_to_tensor(x))


@operation("Sigmoid", module=_NN)
def sigmoid(x):
    """``1 / (1 + exp(-x))``."""
    return _math.sigmoid(convert_to_tensor(x))


@operation("Softplus", module=_NN)
def softplus(x):
    """``log(1 + exp(x))``."""
    return _math.softplus(convert_to_tensor(x))


@operation("Softsign", module=_NN)
def softsign(x):
    """``x / (1 + |x|)``."""
    return _nn.softsign(convert_to_tensor(x))


@operation("Silu", module=_NN)
def silu(x):
    """``x * sigmoid(x)``."""
    return _nn.silu(convert_to_tensor(x))


swish = silu


@operation("Selu", module=_NN)
def selu(x):
    """The scaled exponential linear unit."""
    return _nn.selu(convert_to_tensor(x))


@operation("LeakyRelu", "negative_slope", module=_NN)
def leaky_relu(x, negative_slope=0.2):
    """``x`` where positive, ``negative_slope * x`` elsewhere."""
    return _nn.leaky_relu(convert_to_tensor(x), alpha=negative_slope)


@operation("HardSigmoid", module=_NN)
def hard_sigmoid(x):
    """``relu6(x + 3) / 6``."""
    x = convert_to_tensor(x)
    return _math.truediv(_nn.relu6(_math.add(x, _like(x, 3.0))), _like(x, 6.0))


@operation("HardSilu", module=_NN)
def hard_silu(x):
    """``x * hard_sigmoid(x)``."""
    x = convert_to_tensor(x)
    return _math.multiply(x, hard_sigmoid(x))


hard_swish = hard_silu


@operation("Elu", "alpha", module=_NN)
def elu(x, alpha=1.0):
    """``x`` where positive, ``alpha * (exp(x) - 1)`` elsewhere."""
    x = convert_to_tensor(x)
    out = _nn.elu(x)
    return out if alpha == 1 else tf.where(x > 0, out, _math.multiply(out, _like(x, alpha)))


@operation("Gelu", "approximate", module=_NN)
def gelu(x, approximate=True):
    """The Gaussian error linear unit (``approximate``: its tanh form)."""
    return _nn.gelu(convert_to_tensor(x), approximate=approximate)


@operation("Softmax", "axis", module=_NN)
def softmax(x, axis=-1):
    """``exp(x) / sum(exp(x))`` over ``axis`` (None: over all of ``x``)."""
    x = convert_to_tensor(x)
    if axis is None:
        return _reshape(_nn.softmax(_reshape(x, [-1]), axis=-1), x.shape.as_list())
    return _nn.softmax(x, axis=axis)


@operation("LogSoftmax", "axis", module=_NN)
def log_softmax(x, axis=-1):
    """``x - logsumexp(x)`` over ``axis`` (None: over all of ``x``)."""
    x = convert_to_tensor(x)
    if axis is None:
        return _reshape(_nn.log_softmax(_reshape(x, [-1]), axis=-1), x.shape.as_list())
    return _nn.log_softmax(x, axis=axis)


@operation("LogSigmoid", module=_NN)
def log_sigmoid(x):
    """``log(sigmoid(x))``, computed stably."""
    return _math.log_sigmoid(convert_to_tensor(x))


# -- the piecewise activations: one JAX formula each ----------------------------------------


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
    # Keras' TensorFlow backend's formula, whose numbers TF prints: x - tau clipped at 0, with
    # the support (entries above (cumsum - 1) / rank, sorted descending) of size k and tau the
    # sum of the support's cumulative sums less 1, over k. (The true simplex projection takes
    # the k-th cumulative sum; the two agree when k is 1.)
    x = jnp.moveaxis(x, axis, -1)
    ordered = -jnp.sort(-x, axis=-1)
    cumulative = jnp.cumsum(ordered, axis=-1)
    ranks = jnp.arange(1, x.shape[-1] + 1, dtype=x.dtype)
    support = ordered - (cumulative - 1.0) / ranks > 0
    k = jnp.sum(support.astype(x.dtype), axis=-1, keepdims=True)
    tau = (jnp.sum(jnp.where(support, cumulative, 0.0), axis=-1, keepdims=True) - 1.0) / k
    return jnp.moveaxis(jnp.maximum(x - tau, 0.0), -1, axis)


def _squareplus(x, b):
    return (x + jnp.sqrt(x * x + b)) / 2.0


def _tanh_shrink(x):
    return x - jnp.tanh(x)


def _threshold(x, threshold, default_value):
    return jnp.where(x > threshold, x, jnp.asarray(default_value, x.dtype))


_CELU = jax_op("Celu", _celu)
_GLU = jax_op("Glu", _glu)
_HARD_SHRINK = jax_op("HardShrink", _hard_shrink)
_HARD_TANH = jax_op("HardTanh", _hard_tanh)
_SOFT_SHRINK = jax_op("SoftShrink", _soft_shrink)
_SPARSE_PLUS = jax_op("SparsePlus", _sparse_plus)
_SPARSE_SIGMOID = jax_op("SparseSigmoid", _sparse_sigmoid)
_SPARSEMAX = jax_op("Sparsemax", _sparsemax)
_SQUAREPLUS = jax_op("Squareplus", _squareplus)
_TANH_SHRINK = jax_op("TanhShrink", _tanh_shrink)
_THRESHOLD = jax_op("Threshold", _threshold)


@operation("Celu", "alpha", module=_NN)
def celu(x, alpha=1.0):
    """``max(x, 0) + min(0, alpha * (exp(x / alpha) - 1))``."""
    return _CELU(x, alpha=float(alpha))


@operation("Glu", "axis", module=_NN)
def glu(x, axis=-1):
    """``a * sigmoid(b)``, ``x`` split in halves ``a``, ``b`` along ``axis``.

    Raises:
      ValueError: the size of ``axis`` is odd.
    """
    x = convert_to_tensor(x)
    size = x.shape[axis]
    if size is not None and size % 2 != 0:
        raise ValueError(f"axis size must be divisible by 2. Received: x.shape={x.shape} with axis={axis}")
    return _GLU(x, axis=int(axis))


@operation("HardShrink", "threshold", module=_NN)
def hard_shrink(x, threshold=0.5):
    """``x`` where ``|x| > threshold``, else 0."""
    return _HARD_SHRINK(x, threshold=float(threshold))


@operation("HardTanh", module=_NN)
def hard_tanh(x):
    """``x`` clipped to [-1, 1]."""
    return _HARD_TANH(x)


@operation("SoftShrink", "threshold", module=_NN)
def soft_shrink(x, threshold=0.5):
    """``x`` moved ``threshold`` towards 0, and 0 within ``threshold`` of it."""
    return _SOFT_SHRINK(x, threshold=float(threshold))


@operation("SparsePlus", module=_NN)
def sparse_plus(x):
    """0 below -1, ``x`` above 1, ``(x + 1)**2 / 4`` between: a smooth ReLU."""
    return _SPARSE_PLUS(x)


@operation("SparseSigmoid", module=_NN)
def sparse_sigmoid(x):
    """0 below -1, 1 above 1, ``(x + 1) / 2`` between."""
    return _SPARSE_SIGMOID(x)


@operation("Sparsemax", "axis", module=_NN)
def sparsemax(x, axis=-1):
    """The projection of ``x`` onto the probability simplex along ``axis``: a softmax whose
    small entries are exactly 0."""
    return _SPARSEMAX(x, axis=int(axis))


@operation("Squareplus", "b", module=_NN)
def squareplus(x, b=4):
    """``(x + sqrt(x**2 + b)) / 2``."""
    return _SQUAREPLUS(x, b=float(b))


@operation("TanhShrink", module=_NN)
def tanh_shrink(x):
    """``x - tanh(x)``."""
    return _TANH_SHRINK(x)


@operation("Threshold", "threshold default_value", module=_NN)
def threshold(x, threshold, default_value):
    """``x`` where ``x > threshold``, else ``default_value``."""
    return _THRESHOLD(x, threshold=float(threshold), default_value=float(default_value))
