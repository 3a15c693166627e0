"""``tf.nn``: activations, losses and normalization, one table entry per op.

Activations whose TF gradient differs from JAX's at a kink (relu, relu6, elu, selu,
leaky_relu) and the fused softmax cross entropy use ``_rules``; the rest are JAX's own.
Composite ops (moments, batch_normalization, dropout) are written with tapejax ops, in TF's
own formula, so their gradients are TF's.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.recording.runtime_check import check as runtime_check
from .._core.recording.state import state as thread_state
from .._core.values.access import is_symbolic_tensor, np_dtype, value_of
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor
from . import math_ops as _math
from . import random_ops as _random
from .array_ops import broadcast_to, cast, squeeze, stop_gradient
from .builders import FLOAT, REAL, binary_args, check_dtype, check_same_dtype, convert_like, unary
from .conventions import rules as _rules
from .join_ops import concat
from .math_ops import sigmoid, softplus, softsign, tanh, zero_fraction  # noqa: F401 - also in tf.nn
from .nn_conv import (  # noqa: F401 - tf.nn's namespace
    avg_pool,
    avg_pool1d,
    avg_pool2d,
    conv1d,
    conv2d,
    convolution,
    max_pool,
    max_pool1d,
    max_pool2d,
)
from .reduction_ops import axes, l2_normalize, log_softmax, softmax  # noqa: F401
from .selection_ops import gather, where
from .sort_ops import in_top_k, top_k  # noqa: F401

relu = unary("Relu", _rules.relu, dtypes=REAL)
relu6 = unary("Relu6", _rules.relu6, dtypes=REAL)
elu = unary("Elu", _rules.elu, dtypes=FLOAT)
selu = unary("Selu", _rules.selu, dtypes=FLOAT)
silu = unary("Silu", jax.nn.silu, dtypes=FLOAT)
l2_loss = unary("L2Loss", lambda x: jnp.sum(jnp.square(x)) / 2, dtypes=FLOAT)
_LEAKY = Op("LeakyRelu", _rules.leaky_relu)
_GELU = Op("Gelu", lambda x, approximate: jax.nn.gelu(x, approximate=approximate))
_SWISH = Op("Swish", lambda x, beta: x * jax.nn.sigmoid(beta * x))


def leaky_relu(features, alpha=0.2, name=None) -> Tensor:
    """``x if x > 0 else alpha * x``; integer features are cast to float32 first, as TF.

    >>> import tapejax as tf
    >>> tf.nn.leaky_relu([-1.0, 2.0])
    <tf.Tensor: shape=(2,), dtype=float32, numpy=array([-0.2,  2. ], dtype=float32)>
    """
    x = convert_to_tensor(features)
    if x.dtype.is_integer:
        x = cast(x, "float32")
    return record(_LEAKY, (x, convert_to_tensor(alpha, dtype=x.dtype)))


def crelu(features, axis=-1, name=None) -> Tensor:
    """``relu(concat([features, -features], axis))``: the positive and the negative part, side
    by side (``tf.nn.crelu``)."""
    x = convert_to_tensor(features)
    return relu(concat([x, _math.negative(x)], axis))


def gelu(features, approximate=False, name=None) -> Tensor:
    """GELU; exact (erf) by default, as TF (JAX defaults to the tanh approximation)."""
    x = convert_to_tensor(features)
    if not x.dtype.is_floating:
        raise ValueError(
            f"`features.dtype` must be a floating point tensor.Received:features.dtype={x.dtype}"
        )
    return record(_GELU, (x,), {"approximate": bool(approximate)})


def swish(features, beta=1.0, name=None) -> Tensor:
    """``x * sigmoid(beta * x)`` (``tf.nn.silu`` / ``tf.nn.swish``)."""
    x = convert_to_tensor(features)
    check_dtype("Swish", FLOAT, x)
    return record(_SWISH, (x, convert_to_tensor(beta, dtype=x.dtype)))


# -- losses ------------------------------------------------------------------------------------
_SOFTMAX_XENT = Op(
    "SoftmaxCrossEntropyWithLogits",
    lambda labels, logits, axis: _rules.softmax_xent(
        jnp.moveaxis(labels, axis, -1), jnp.moveaxis(logits, axis, -1)
    ),
)


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None) -> Tensor:
    """Cross entropy between ``labels`` (probabilities, broadcast to ``logits``' shape and cast
    to its dtype) and ``softmax(logits)`` along ``axis``, per example.

    As TF's fused kernel, the gradient to ``logits`` is ``softmax(logits) - labels``.

    >>> import tapejax as tf
    >>> tf.nn.softmax_cross_entropy_with_logits(labels=[[0.5, 0.5]], logits=[[0.0, 0.0]])
    <tf.Tensor: shape=(1,), dtype=float32, numpy=array([0.6931472], dtype=float32)>
    """
    logits = convert_to_tensor(logits)
    check_dtype("SoftmaxCrossEntropyWithLogits", FLOAT, logits)
    labels = convert_to_tensor(labels, dtype_hint=logits.dtype)
    if labels.dtype != logits.dtype:
        labels = cast(labels, logits.dtype)
    if labels.shape != logits.shape:
        labels = broadcast_to(labels, logits.shape)
    if logits.ndim == 0:
        raise InvalidArgumentError(
            "logits and labels must be at least one-dimensional, "
            "got scalars [Op:SoftmaxCrossEntropyWithLogits]"
        )
    (ax,) = axes(axis, logits.ndim, "SoftmaxCrossEntropyWithLogits")
    return record(_SOFTMAX_XENT, (labels, logits), {"axis": ax})


def _sparse_xent(labels, logits):
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.take_along_axis(logp, labels[..., None].astype(jnp.int32), axis=-1)[..., 0]


_SPARSE_XENT = Op("SparseSoftmaxCrossEntropyWithLogits", _sparse_xent)


def sparse_softmax_cross_entropy_with_logits(labels, logits, name=None) -> Tensor:
    """Cross entropy with integer class ``labels`` (shape ``logits.shape[:-1]``), per example.

    Raises:
      InvalidArgumentError: a label outside ``[0, num_classes)`` (TF's CPU kernel), float labels.
      ValueError: shapes that do not match.
    """
    labels, logits = convert_to_tensor(labels), convert_to_tensor(logits)
    check_dtype("SparseSoftmaxCrossEntropyWithLogits", FLOAT, logits)
    check_dtype("SparseSoftmaxCrossEntropyWithLogits", ("int32", "int64"), labels, attr="Tlabels")
    if logits.ndim == 0:
        raise ValueError(f"Logits cannot be scalars - received shape {logits.shape}.")
    if labels.shape != logits.shape[:-1]:
        raise ValueError(
            f"`labels.shape.rank` must equal `logits.shape.rank - 1`, and their leading "
            f"dimensions must match. Received: labels.shape={labels.shape} and "
            f"logits.shape={logits.shape}."
        )
    _check_labels(labels, logits.shape[-1])
    return record(_SPARSE_XENT, (labels, logits))


def _check_labels(labels: Tensor, n: int) -> None:
    if is_symbolic_tensor(labels):  # checked when the function runs (see runtime_check)
        values = value_of(labels).reshape(-1)
        bad = (values < 0) | (values >= n)
        runtime_check(
            ~jnp.any(bad),
            f"Received a label value of {{}} which is outside the valid range of "
            f"[0, {n}). [Op:SparseSoftmaxCrossEntropyWithLogits]",
            values[jnp.argmax(bad)],
        )
        return
    values = np.asarray(value_of(labels)).reshape(-1)
    bad = values[(values < 0) | (values >= n)]
    if bad.size:
        raise InvalidArgumentError(
            f"Received a label value of {bad[0]} which is outside the valid range of "
            f"[0, {n}).  Label values: {' '.join(str(v) for v in values)} "
            "[Op:SparseSoftmaxCrossEntropyWithLogits]"
        )


def _sigmoid_xent(labels, logits):
    # TF's stable formula, with its where()s, so the gradient at logits == 0 is TF's.
    cond = logits >= 0
    relu_logits = jnp.where(cond, logits, jnp.zeros_like(logits))
    neg_abs_logits = jnp.where(cond, -logits, logits)
    return relu_logits - logits * labels + jnp.log1p(jnp.exp(neg_abs_logits))


_SIGMOID_XENT = Op("SigmoidCrossEntropyWithLogits", _sigmoid_xent)


def _labels_and_logits(labels, logits, op_name):
    logits = convert_to_tensor(logits)
    labels = convert_like(labels, logits, lenient=True)
    if labels.shape != logits.shape:
        raise ValueError(
            f"`logits` and `labels` must have the same shape, received ({logits.shape} vs {labels.shape})."
        )
    check_same_dtype(op_name, (labels, logits))
    return labels, logits


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None) -> Tensor:
    """Elementwise logistic loss ``-labels*log(sigmoid(logits)) - (1-labels)*log(1-sigmoid(logits))``."""
    labels, logits = _labels_and_logits(labels, logits, "SigmoidCrossEntropyWithLogits")
    return record(_SIGMOID_XENT, (labels, logits))


def _weighted_xent(labels, logits, pos_weight):
    log_weight = 1 + (pos_weight - 1) * labels
    return (1 - labels) * logits + log_weight * (
        jnp.log1p(jnp.exp(-_rules.abs(logits))) + _rules.relu(-logits)
    )


_WEIGHTED_XENT = Op("WeightedCrossEntropyWithLogits", _weighted_xent)


def weighted_cross_entropy_with_logits(labels, logits, pos_weight, name=None) -> Tensor:
    """Sigmoid cross entropy with the positive term weighted by ``pos_weight``."""
    labels, logits = _labels_and_logits(labels, logits, "WeightedCrossEntropyWithLogits")
    return record(_WEIGHTED_XENT, (labels, logits, convert_like(pos_weight, logits)))


def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None) -> Tensor:
    """``exp(log_input) - log_input * targets``, plus Stirling's term if ``compute_full_loss``."""
    log_input = convert_to_tensor(log_input)
    targets = convert_like(targets, log_input)
    result = _math.exp(log_input) - log_input * targets
    if compute_full_loss:
        stirling = targets * _math.log(targets) - targets + 0.5 * _math.log(2 * np.pi * targets)
        in_unit = _math.logical_and(targets >= 0, targets <= 1)
        result = result + where(in_unit, _math.multiply(targets, 0.0), stirling)
    return result


# TF's message (RuntimeError) for a loss scaled by the replicas in a strategy's scope, outside
# the code of strategy.run: there is no replica's batch to scale.
CROSS_REPLICA_LOSS = (
    "You are calling `{name}` in cross replica context, while it was expected to be called in "
    "replica context."
)


def _replicas_in_sync(name: str) -> int:
    """The replicas whose losses add up to the step's loss (``state.distribution``, kept by
    tapejax/distribute): a replica's strategy's count in one replica's code; 1 outside every
    strategy and in a step over the global batch (Keras fit's); TF's RuntimeError in a
    strategy's scope outside its replicas' code."""
    if not thread_state.distribution:
        return 1
    kind, obj = thread_state.distribution[-1]
    if kind == "cross":
        raise RuntimeError(CROSS_REPLICA_LOSS.format(name=name))
    return obj.num_replicas_in_sync if kind == "replica" else 1


def scale_regularization_loss(regularization_loss) -> Tensor:
    """The sum of ``regularization_loss`` divided by the number of replicas in sync
    (``tf.nn.scale_regularization_loss``): summed over the replicas, as their gradients are,
    it counts once.

    >>> import tapejax as tf
    >>> print(tf.nn.scale_regularization_loss([1.0, 2.0]))
    tf.Tensor(3.0, shape=(), dtype=float32)
    """
    replicas = _replicas_in_sync("scale_regularization_loss")
    return _math.reduce_sum(convert_to_tensor(regularization_loss)) / replicas


def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None) -> Tensor:
    """``sum(per_example_loss * sample_weight) / global_batch_size``, 0 when that is 0
    (``tf.nn.compute_average_loss``). By default the global batch is this replica's batch
    (``per_example_loss``'s first dimension) times the replicas in sync, so that the replicas'
    losses sum to the mean over the global batch.

    >>> import tapejax as tf
    >>> print(tf.nn.compute_average_loss(tf.constant([1.0, 2.0, 3.0])))
    tf.Tensor(2.0, shape=(), dtype=float32)
    """
    loss = convert_to_tensor(per_example_loss)
    if loss.ndim == 0:
        raise ValueError(
            "Invalid value passed for `per_example_loss`. Expected a tensor with at least rank 1. "
            f"Received per_example_loss={loss} with rank 0"
        )
    if sample_weight is not None:
        loss = loss * convert_like(sample_weight, loss)
    if global_batch_size is None:
        global_batch_size = loss.shape[0] * _replicas_in_sync("compute_average_loss")
    return _math.divide_no_nan(_math.reduce_sum(loss), cast(global_batch_size, loss.dtype))


# -- normalization --------------------------------------------------------------------------
def moments(x, axes, shift=None, keepdims=False, name=None, keep_dims=None):
    """Mean and variance of ``x`` over ``axes``, TF's formula: the variance is the mean of
    ``squared_difference(x, stop_gradient(mean))``; integer inputs give integer moments."""
    x = convert_to_tensor(x)
    keepdims = keepdims if keep_dims is None else keep_dims
    y = cast(x, "float32") if x.dtype.name == "float16" else x
    mean = _math.reduce_mean(y, axes, keepdims=True)
    variance = _math.reduce_mean(_math.squared_difference(y, stop_gradient(mean)), axes, keepdims=True)
    if not keepdims:
        mean, variance = squeeze(mean, axes), squeeze(variance, axes)
    if x.dtype.name == "float16":
        mean, variance = cast(mean, "float16"), cast(variance, "float16")
    return mean, variance


def normalize_moments(counts, mean_ss, variance_ss, shift, name=None):
    """Mean and variance from sufficient statistics (``tf.nn.normalize_moments``)."""
    divisor = _math.reciprocal(counts)
    shifted_mean = _math.multiply(mean_ss, divisor)
    mean = shifted_mean if shift is None else _math.add(shifted_mean, shift)
    variance = _math.subtract(_math.multiply(variance_ss, divisor), _math.square(shifted_mean))
    return mean, variance


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None) -> Tensor:
    """``(x - mean) * scale / sqrt(variance + epsilon) + offset``, in TF's formula."""
    x = convert_to_tensor(x)
    inv = _math.rsqrt(convert_like(variance, x) + variance_epsilon)
    if scale is not None:
        inv = inv * convert_like(scale, x)
    shift = -convert_like(mean, x) * inv
    if offset is not None:
        shift = convert_like(offset, x) + shift
    return x * inv + shift


_BIAS_ADD = Op("BiasAdd", lambda x, b, channel: x + jnp.expand_dims(b, tuple(range(1, x.ndim - channel))))


def bias_add(value, bias, data_format=None, name=None) -> Tensor:
    """Adds the 1-D ``bias`` along the channel axis: last (``NHWC``, default) or 1 (``NC...``)."""
    x, b = binary_args(value, bias, "BiasAdd")
    channel = 1 if data_format and data_format.startswith("NC") else x.ndim - 1
    if b.ndim != 1 or x.ndim < 2 or b.shape[0] != x.shape[channel]:
        raise InvalidArgumentError(
            f"Must provide as many biases as the channel dimension of the input tensor: "
            f"{list(b.shape)} vs. {list(x.shape)} [Op:BiasAdd]"
        )
    return record(_BIAS_ADD, (x, b), {"channel": channel})


def dropout(x, rate, noise_shape=None, seed=None, name=None) -> Tensor:
    """Zeroes each element with probability ``rate`` and scales the rest by ``1 / (1 - rate)``.

    The mask comes from ``tapejax.random``'s stream (reproducible after ``random.set_seed``;
    the values differ from TF's for the same seed).
    """
    x = convert_to_tensor(x)
    if not x.dtype.is_floating:
        raise ValueError(
            f"x has to be a floating point tensor since it's going to be scaled. "
            f"Got a {x.dtype.name} tensor instead."
        )
    rate_value = float(rate)
    if not 0 <= rate_value < 1:
        raise ValueError(f"rate must be a scalar tensor or a float in the range [0, 1), got {rate}")
    shape = x.shape if noise_shape is None else tuple(int(d) for d in noise_shape)
    keep = value_of(_random.uniform(shape, dtype=x.dtype, seed=seed)) >= rate_value
    scale = Tensor((keep / (1 - rate_value)).astype(np_dtype(x)))
    return _math.multiply(x, scale)


def embedding_lookup(params, ids, max_norm=None, name=None) -> Tensor:
    """Rows of ``params`` (a tensor, or a one-element list of one) at ``ids`` (``tf.gather``)."""
    if isinstance(params, (list, tuple)):
        if len(params) != 1:
            raise ValueError("tapejax.nn.embedding_lookup supports one params tensor (no sharding).")
        params = params[0]
    out = gather(params, ids)
    if max_norm is not None:
        norms = _math.reduce_euclidean_norm(out, axis=-1, keepdims=True)
        out = out * _math.minimum(_math.divide_no_nan(convert_like(max_norm, norms), norms), 1.0)
    return out
