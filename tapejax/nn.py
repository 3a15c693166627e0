"""``tf.nn``: activations and losses, one table entry per op.

Activations whose TF gradient differs from JAX's at a kink (relu, relu6, elu, selu,
leaky_relu) use ``_rules``; the rest are JAX's own.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from . import _rules
from ._ops import binary_args, check_float, unary
from ._record import Op, record
from ._tensor import Tensor, convert_to_tensor
from .math import sigmoid, softplus, tanh  # noqa: F401 - TF exposes them in tf.nn too

relu = unary("Relu", _rules.relu)
relu6 = unary("Relu6", _rules.relu6)
elu = unary("Elu", _rules.elu, float_only=True)
selu = unary("Selu", _rules.selu, float_only=True)
softsign = unary("Softsign", jax.nn.soft_sign, float_only=True)
silu = swish = unary("Silu", jax.nn.silu, float_only=True)
_LEAKY = Op("LeakyRelu", _rules.leaky_relu)
_GELU = Op("Gelu", lambda x, approximate: jax.nn.gelu(x, approximate=approximate))


def leaky_relu(features, alpha=0.2, name=None) -> Tensor:
    x = convert_to_tensor(features)
    return record(_LEAKY, (x, convert_to_tensor(alpha, dtype=x.dtype)))


def gelu(features, approximate=False, name=None) -> Tensor:
    """GELU; exact (erf) by default, as TF (JAX defaults to the tanh approximation)."""
    x = convert_to_tensor(features)
    check_float("Gelu", x)
    return record(_GELU, (x,), {"approximate": bool(approximate)})


def _along(fn):
    return Op(fn.__name__, lambda x, axis: fn(x, axis=axis))


_SOFTMAX = Op("Softmax", lambda x, axis: jax.nn.softmax(x, axis=axis))
_LOG_SOFTMAX = Op("LogSoftmax", lambda x, axis: jax.nn.log_softmax(x, axis=axis))


def softmax(logits, axis=None, name=None) -> Tensor:
    x = convert_to_tensor(logits)
    check_float("Softmax", x)
    return record(_SOFTMAX, (x,), {"axis": -1 if axis is None else int(axis)})


def log_softmax(logits, axis=None, name=None) -> Tensor:
    x = convert_to_tensor(logits)
    check_float("LogSoftmax", x)
    return record(_LOG_SOFTMAX, (x,), {"axis": -1 if axis is None else int(axis)})


def _softmax_xent(labels, logits, axis):
    return -jnp.sum(labels * jax.nn.log_softmax(logits, axis=axis), axis=axis)


_SOFTMAX_XENT = Op("SoftmaxCrossEntropyWithLogits", _softmax_xent)


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None) -> Tensor:
    """Cross entropy between ``labels`` (probabilities) and ``softmax(logits)``, per example."""
    labels, logits = binary_args(labels, logits, "SoftmaxCrossEntropyWithLogits")
    if labels.shape != logits.shape:
        raise ValueError(f"labels and logits must have the same shape, got {labels.shape} and {logits.shape}.")
    return record(_SOFTMAX_XENT, (labels, logits), {"axis": int(axis)})


def _sparse_xent(labels, logits):
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.take_along_axis(logp, labels[..., None].astype(jnp.int32), axis=-1)[..., 0]


_SPARSE_XENT = Op("SparseSoftmaxCrossEntropyWithLogits", _sparse_xent)


def sparse_softmax_cross_entropy_with_logits(labels, logits, name=None) -> Tensor:
    """Cross entropy with integer class ``labels`` (shape = logits.shape[:-1])."""
    labels, logits = convert_to_tensor(labels), convert_to_tensor(logits)
    if labels.shape != logits.shape[:-1]:
        raise ValueError(f"Shape mismatch: The shape of labels (received {labels.shape}) should equal "
                         f"the shape of logits except for the last dimension (received {logits.shape}).")
    if not labels.dtype.is_integer:
        raise ValueError(f"labels must be int32 or int64, got {labels.dtype.name}.")
    return record(_SPARSE_XENT, (labels, logits))


def _sigmoid_xent(labels, logits):
    # TF's numerically stable form.
    return jnp.maximum(logits, 0) - logits * labels + jnp.log1p(jnp.exp(-jnp.abs(logits)))


_SIGMOID_XENT = Op("SigmoidCrossEntropyWithLogits", _sigmoid_xent)


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None) -> Tensor:
    labels, logits = binary_args(labels, logits, "SigmoidCrossEntropyWithLogits")
    return record(_SIGMOID_XENT, (labels, logits))


l2_loss = unary("L2Loss", lambda x: jnp.sum(jnp.square(x)) / 2, float_only=True)
_L2_NORMALIZE = Op("L2Normalize", lambda x, axis, eps: x * jax.lax.rsqrt(
    jnp.maximum(jnp.sum(jnp.square(x), axis=axis, keepdims=True), eps)))


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None) -> Tensor:
    x = convert_to_tensor(x)
    axis = dim if axis is None else axis
    axis = None if axis is None else tuple(int(a) for a in jnp.atleast_1d(jnp.asarray(axis)).tolist())
    return record(_L2_NORMALIZE, (x,), {"axis": axis, "eps": float(epsilon)})


_MOMENTS = Op("Moments", lambda x, axes, keepdims: (
    jnp.mean(x, axis=axes, keepdims=keepdims), jnp.var(x, axis=axes, keepdims=keepdims)), multiple_results=True)


def moments(x, axes, shift=None, keepdims=False, name=None):
    """Mean and (biased) variance of ``x`` over ``axes``."""
    x = convert_to_tensor(x)
    return record(_MOMENTS, (x,), {"axes": tuple(int(a) for a in axes), "keepdims": bool(keepdims)})


_BIAS_ADD = Op("BiasAdd", lambda x, b: x + b)


def bias_add(value, bias, data_format=None, name=None) -> Tensor:
    x, b = binary_args(value, bias, "BiasAdd")
    return record(_BIAS_ADD, (x, b))
