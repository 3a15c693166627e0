"""``keras.ops.nn``'s targets, losses, statistics, normalizations and attention: ``one_hot``,
``multi_hot``, the three cross-entropies, ``moments``, ``batch_normalization``,
``layer_normalization``, ``rms_normalization``, ``normalize``, ``psnr``, ``polar`` and
``dot_product_attention``, with Keras 3's formulas as its TensorFlow backend writes them
(``epsilon`` clipping of probabilities, TF's fused logit losses, statistics of half precision in
float32), on tapejax's ops. Each is a Keras operation through ``function_op.operation``.
"""

from __future__ import annotations

import math

import jax.numpy as jnp

from ..backend import tf
from ..backend.config import epsilon as _epsilon
from ..backend.ops import math_ops as _math
from .core import cast, convert_to_tensor
from .function_op import as_dtype, jax_op, operation, result_type

_NN = "keras.src.ops.nn"


@operation("OneHot", "num_classes axis dtype sparse", module=_NN)
def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    """``x``'s integers as one-hot vectors of length ``num_classes`` along ``axis`` (a negative
    or too large index: all zeros)."""
    if sparse:
        raise NotImplementedError(
            "tapejax.keras: keras.ops.one_hot(sparse=True) is not supported; use sparse=False."
        )
    dtype = as_dtype(dtype) or "float32"
    x = convert_to_tensor(x, "int64")
    if dtype == "bool":
        return tf.one_hot(x, num_classes, on_value=True, off_value=False, axis=axis, dtype=dtype)
    return tf.one_hot(x, num_classes, axis=axis, dtype=dtype)


@operation("MultiHot", "num_classes axis dtype sparse", module=_NN)
def multi_hot(inputs, num_classes=None, axis=-1, dtype=None, sparse=False, **kwargs):
    """Per row of ``inputs``, 1 at each class it names (a 1-D ``inputs``: one row)."""
    if num_classes is None:
        num_classes = kwargs.pop("num_tokens", None)  # Keras' older name
    if num_classes is None:
        raise ValueError("Argument `num_classes` must be specified.")
    inputs = convert_to_tensor(inputs)
    reduction = 1 if len(inputs.shape) > 1 else 0
    hot = one_hot(inputs, num_classes, axis=axis, dtype=dtype, sparse=sparse)
    if hot.dtype.is_bool:
        return tf.math.reduce_any(hot, axis=reduction)
    return tf.math.reduce_max(hot, axis=reduction)


def _check_same_shape(target, output) -> None:
    if len(target.shape) != len(output.shape):
        raise ValueError(
            "Arguments `target` and `output` must have the same rank (ndim). Received: "
            f"target.shape={target.shape}, output.shape={output.shape}"
        )
    for a, b in zip(target.shape, output.shape, strict=True):
        if a is not None and b is not None and a != b:
            raise ValueError(
                "Arguments `target` and `output` must have the same shape. Received: "
                f"target.shape={target.shape}, output.shape={output.shape}"
            )


def _clip(p):
    eps = _epsilon()
    return tf.clip_by_value(p, eps, 1.0 - eps)


@operation("BinaryCrossentropy", "from_logits", module=_NN)
def binary_crossentropy(target, output, from_logits=False):
    """Elementwise ``-(t log p + (1 - t) log(1 - p))`` (``p`` clipped to [eps, 1 - eps]; logits:
    TF's ``sigmoid_cross_entropy_with_logits``)."""
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    _check_same_shape(target, output)
    if from_logits:
        return tf.nn.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = _clip(output)
    one = convert_to_tensor(1.0, output.dtype)
    positive = _math.multiply(target, tf.math.log(output))
    negative = _math.multiply(_math.subtract(one, target), tf.math.log(_math.subtract(one, output)))
    return tf.math.negative(_math.add(positive, negative))


@operation("CategoricalCrossentropy", "from_logits axis", module=_NN)
def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """``-sum(t log p)`` over ``axis`` (``p`` rescaled to sum to 1 and clipped; logits: TF's
    ``softmax_cross_entropy_with_logits``)."""
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    if len(target.shape) < 1:
        raise ValueError(
            "Arguments `target` and `output` must be at least rank 1. Received: "
            f"target.shape={target.shape}, output.shape={output.shape}"
        )
    _check_same_shape(target, output)
    if from_logits:
        return tf.nn.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    output = _math.truediv(output, tf.math.reduce_sum(output, axis, keepdims=True))
    return tf.math.negative(tf.math.reduce_sum(_math.multiply(target, tf.math.log(_clip(output))), axis))


@operation("SparseCategoricalCrossentropy", "from_logits axis", module=_NN)
def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """``-log p[target]`` (``p`` clipped; logits: TF's
    ``sparse_softmax_cross_entropy_with_logits``); ``axis`` must be the last."""
    output = convert_to_tensor(output)
    if axis != -1 and axis != len(output.shape) - 1:
        raise ValueError(f"Only axis=-1 is currently supported. Received: axis={axis}")
    target = convert_to_tensor(target, "int64")
    if len(target.shape) == len(output.shape) and target.shape[-1] == 1:
        target = tf.squeeze(target, axis=-1)
    if len(target.shape) != len(output.shape) - 1:
        raise ValueError(
            "Argument `output` must have rank (ndim) `target.ndim - 1`. Received: "
            f"target.shape={target.shape}, output.shape={output.shape}"
        )
    if not from_logits:
        output = tf.math.log(_clip(output))
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)


@operation("Moments", "axes keepdims synchronized", module=_NN)
def moments(x, axes, keepdims=False, synchronized=False):
    """The mean and variance of ``x`` over ``axes`` (half precision computed in float32)."""
    x = convert_to_tensor(x)
    dtype = x.dtype.name
    half = dtype in ("float16", "bfloat16")
    if half:
        x = cast(x, "float32")
    mean, variance = tf.nn.moments(x, axes, keepdims=keepdims)
    if half:
        limit = 65504.0
        mean = cast(tf.clip_by_value(mean, -limit, limit), dtype)
        variance = cast(tf.clip_by_value(variance, -limit, limit), dtype)
    return mean, variance


@operation("BatchNorm", "axis epsilon", module=_NN)
def batch_normalization(x, mean, variance, axis, offset=None, scale=None, epsilon=1e-3):
    """``(x - mean) / sqrt(variance + epsilon) * scale + offset``, the statistics along ``axis``."""
    x, mean, variance = (convert_to_tensor(v) for v in (x, mean, variance))
    offset = None if offset is None else convert_to_tensor(offset)
    scale = None if scale is None else convert_to_tensor(scale)
    if axis != -1:
        shape = [1] * len(x.shape)
        shape[axis] = mean.shape[0]
        mean, variance = tf.reshape(mean, shape), tf.reshape(variance, shape)
        offset = None if offset is None else tf.reshape(offset, shape)
        scale = None if scale is None else tf.reshape(scale, shape)
    return tf.nn.batch_normalization(x, mean, variance, offset, scale, epsilon)


def _in_float32(x):
    x = convert_to_tensor(x)
    return x.dtype.name, cast(x, result_type(x.dtype.name, "float32"))


@operation("LayerNorm", "axis epsilon rms_scaling", module=_NN)
def layer_normalization(x, gamma=None, beta=None, axis=-1, epsilon=None, *, rms_scaling=False):
    """``x`` normalized to mean 0 and variance 1 over ``axis``, then ``* gamma + beta``
    (``rms_scaling=True``: divided by the root of the variance only)."""
    epsilon = _epsilon() if epsilon is None else epsilon
    original, x = _in_float32(x)
    gamma = None if gamma is None else convert_to_tensor(gamma, x.dtype.name)
    beta = None if beta is None else convert_to_tensor(beta, x.dtype.name)
    ndims = len(x.shape)
    axes = sorted([axis] if isinstance(axis, int) else axis)
    axes = sorted(a % ndims for a in axes)
    shape = [1] * ndims
    for a in axes:
        shape[a] = x.shape[a]

    def broadcast(v):
        return tf.reshape(v, shape) if v is not None and len(v.shape) != ndims and axes != [ndims - 1] else v

    mean, variance = moments(x, axes, keepdims=True)
    eps = convert_to_tensor(epsilon, x.dtype.name)
    inv = tf.math.rsqrt(_math.add(variance, eps))
    if rms_scaling:
        out = _math.multiply(x, inv)
        return cast(out if gamma is None else _math.multiply(out, broadcast(gamma)), original)
    gamma, beta = broadcast(gamma), broadcast(beta)
    if gamma is not None:
        inv = _math.multiply(inv, gamma)
    rest = _math.multiply(tf.math.negative(mean), inv)
    if beta is not None:
        rest = _math.add(rest, beta)
    return cast(_math.add(_math.multiply(x, inv), rest), original)


@operation("RMSNorm", "axis epsilon", module=_NN)
def rms_normalization(x, scale=None, axis=-1, epsilon=None):
    """``x / sqrt(mean(x**2) + epsilon) * scale`` over ``axis``."""
    epsilon = _epsilon() if epsilon is None else epsilon
    original, x = _in_float32(x)
    if isinstance(axis, (tuple, list)):
        axis = sorted(axis)
    if len(x.shape) == 0:
        x = tf.expand_dims(x, 0)
    mean_square = tf.math.reduce_mean(tf.math.square(x), axis=axis, keepdims=True)
    out = _math.multiply(x, tf.math.rsqrt(_math.add(mean_square, convert_to_tensor(epsilon, x.dtype.name))))
    if scale is not None:
        out = _math.multiply(out, convert_to_tensor(scale, x.dtype.name))
    return cast(out, original)


@operation("Normalize", "axis order epsilon", module=_NN)
def normalize(x, axis=-1, order=2, epsilon=None):
    """``x`` divided by its ``order``-norm over ``axis`` (at least ``epsilon``)."""
    if not isinstance(order, int) or not order >= 1:
        raise ValueError(f"Argument `order` must be an int >= 1. Received: order={order}")
    x = convert_to_tensor(x)
    if len(x.shape) == 0:
        x = tf.expand_dims(x, 0)
    epsilon = _epsilon() if epsilon is None else epsilon
    eps = convert_to_tensor(epsilon, x.dtype.name)
    if order == 2:
        inv = tf.math.rsqrt(tf.math.reduce_sum(tf.math.square(x), axis=axis, keepdims=True))
        return _math.multiply(x, _math.minimum(inv, _math.truediv(convert_to_tensor(1.0, x.dtype.name), eps)))
    norm = (
        tf.math.pow(
            tf.math.reduce_sum(
                tf.math.pow(tf.math.abs(x), convert_to_tensor(float(order), x.dtype.name)),
                axis=axis,
                keepdims=True,
            ),
            convert_to_tensor(1.0 / order, x.dtype.name),
        )
        if order != 1
        else tf.math.reduce_sum(tf.math.abs(x), axis=axis, keepdims=True)
    )
    return _math.truediv(x, _math.maximum(norm, eps))


@operation("PSNR", "max_val", module=_NN)
def psnr(x1, x2, max_val):
    """The peak signal-to-noise ratio ``20 log10(max_val) - 10 log10(mean((x1 - x2)**2))``."""
    x1, x2 = convert_to_tensor(x1), convert_to_tensor(x2)
    if x1.shape != x2.shape:
        raise ValueError(f"Input shapes {x1.shape} and {x2.shape} must match for PSNR calculation. ")
    max_val = convert_to_tensor(max_val, x2.dtype.name)
    mse = tf.math.reduce_mean(tf.math.square(_math.subtract(x1, x2)))
    ten = convert_to_tensor(math.log(10.0), x2.dtype.name)

    def log10(v):
        return _math.truediv(tf.math.log(v), ten)

    return _math.subtract(
        _math.multiply(convert_to_tensor(20.0, x2.dtype.name), log10(max_val)),
        _math.multiply(convert_to_tensor(10.0, x2.dtype.name), log10(mse)),
    )


@operation("Polar", module=_NN)
def polar(abs_, angle):
    """The complex numbers of magnitude ``abs_`` and phase ``angle``."""
    abs_, angle = convert_to_tensor(abs_), convert_to_tensor(angle)
    return tf.math.complex(_math.multiply(abs_, tf.math.cos(angle)), _math.multiply(abs_, tf.math.sin(angle)))


@operation("DotProductAttention", "is_causal flash_attention attn_logits_soft_cap", module=_NN)
def dot_product_attention(
    query,
    key,
    value,
    bias=None,
    mask=None,
    scale=None,
    is_causal=False,
    flash_attention=None,
    attn_logits_soft_cap=None,
):
    """``softmax(query . key * scale + bias, masked) . value`` over (batch, length, heads,
    head_dim) tensors; fewer key/value heads are repeated to the query's."""
    if flash_attention:
        raise ValueError("Flash attention is not supported in tensorflow backend.")
    query, key, value = (convert_to_tensor(v) for v in (query, key, value))
    if len(query.shape) != 4:
        raise ValueError(
            "`dot_product_attention` only supports 4D inputs. Received: "
            f"query.shape={query.shape}, key.shape={key.shape}, value.shape={value.shape}."
        )
    dtype = result_type(query.dtype.name, key.dtype.name, value.dtype.name)
    query, key, value = (cast(v, dtype) for v in (query, key, value))
    q_heads, kv_heads = query.shape[2], key.shape[2]
    if q_heads is not None and kv_heads is not None and q_heads > kv_heads > 1:
        key = tf.repeat(key, q_heads // kv_heads, axis=2)
        value = tf.repeat(value, q_heads // kv_heads, axis=2)
    if scale is None:
        scale = 1.0 / math.sqrt(int(key.shape[-1]))
    logits_dtype = result_type(query.dtype.name, "float32")
    logits = cast(tf.einsum("BTNH,BSNH->BNTS", query, key), logits_dtype)
    logits = _math.multiply(logits, convert_to_tensor(scale, logits_dtype))
    if bias is not None:
        logits = _math.add(logits, cast(convert_to_tensor(bias), logits_dtype))
    if mask is not None or is_causal:
        keep = tf.ones_like(logits, dtype="bool")
        if mask is not None:
            keep = tf.math.logical_and(keep, convert_to_tensor(mask, "bool"))
        if is_causal:
            t, s = logits.shape[2], logits.shape[3]
            band = tf.linalg.band_part(tf.ones((t, s), "bool"), -1, 0)
            keep = tf.math.logical_and(keep, band[None, None, :, :])
        large = (65500.0 if logits_dtype == "float16" else 3.38953e38) * -0.7
        logits = tf.where(keep, logits, convert_to_tensor(large, logits_dtype))
    probs = cast(tf.nn.softmax(cast(logits, result_type(logits_dtype, "float32")), axis=-1), key.dtype.name)
    return tf.einsum("BNTS,BSNH->BTNH", probs, value)


@operation("CTCLoss", "mask_index", module=_NN)
def ctc_loss(target, output, target_length, output_length, mask_index=0):
    """The connectionist temporal classification loss of each sequence: ``output`` (batch, time,
    classes) logits, ``target`` (batch, max label length) labels, ``mask_index`` the blank."""
    target, output = convert_to_tensor(target, "int32"), convert_to_tensor(output)
    result = result_type(output.dtype.name, "float32")
    output = cast(output, "float32" if result == "float64" else result)
    loss = tf.nn.ctc_loss(
        labels=target,
        logits=output,
        label_length=convert_to_tensor(target_length),
        logit_length=convert_to_tensor(output_length),
        blank_index=mask_index,
        logits_time_major=False,
    )
    return cast(loss, result)


def _greedy_decode(logits, lengths, *, merge_repeated, blank):
    # TF's greedy decoder: the best class at each valid step, a repeat of the previous step's
    # class dropped (merge_repeated), blanks dropped; the score is minus the sum of the best
    # logits. Paths padded with -1.
    steps = logits.shape[1]
    best = jnp.argmax(logits, axis=-1)
    valid = jnp.arange(steps)[None, :] < lengths[:, None]
    scores = -jnp.sum(jnp.where(valid, jnp.max(logits, axis=-1), 0.0), axis=1, keepdims=True)
    keep = valid & (best != blank)
    if merge_repeated:
        previous = jnp.concatenate([jnp.full_like(best[:, :1], -1), best[:, :-1]], axis=1)
        keep = keep & (best != previous)
    slots = jnp.where(keep, jnp.cumsum(keep, axis=1) - 1, steps)
    rows = jnp.broadcast_to(jnp.arange(best.shape[0])[:, None], best.shape)
    paths = jnp.full((best.shape[0], steps + 1), -1, jnp.int32).at[rows, slots].set(best.astype(jnp.int32))
    return paths[:, :steps], scores.astype(logits.dtype)


_GREEDY_DECODE = jax_op("CTCGreedyDecoder", _greedy_decode, differentiable=False, multiple_results=True)


@operation("CTCDecode", "strategy beam_width top_paths merge_repeated mask_index", module=_NN)
def ctc_decode(
    inputs,
    sequence_lengths,
    strategy="greedy",
    beam_width=100,
    top_paths=1,
    merge_repeated=True,
    mask_index=0,
):
    """The most likely label sequences of ``inputs`` (batch, time, classes) logits: the
    (top_paths, batch, time) paths padded with -1, and their scores (batch, top_paths)."""
    if strategy != "greedy":
        raise NotImplementedError(
            f"tapejax.keras: keras.ops.ctc_decode(strategy={strategy!r}) is not supported; use strategy='greedy'."
        )
    inputs = convert_to_tensor(inputs)
    inputs = cast(inputs, result_type(inputs.dtype.name, "float32"))
    paths, scores = _GREEDY_DECODE(
        inputs,
        convert_to_tensor(sequence_lengths, "int32"),
        merge_repeated=bool(merge_repeated),
        blank=int(mask_index),
    )
    return tf.expand_dims(paths, 0), scores
