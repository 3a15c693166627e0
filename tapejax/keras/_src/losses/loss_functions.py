"""The Keras loss functions (``tf.keras.losses.huber`` ...), as Keras 3 computes them.

Each returns one loss per sample (the mean or sum over the last axis), built from tapejax ops
so that tapes differentiate it. Probabilities are clipped to ``[1e-7, 1 - 1e-7]`` before the
log, as in Keras, so tapes differentiate the clipped value.
"""

from __future__ import annotations

from ..backend.core import convert_to_tensor
from ..backend.ops import (
    cast,
    clip_by_value,
    expand_dims,
    reduce_all,
    reduce_mean,
    reduce_sum,
    squeeze,
    where,
)
from ..backend.ops import math_ops as _math
from ..backend.ops import nn_ops as _nn

_EPSILON = 1e-7  # keras.backend.epsilon()


def _same_rank(x1, x2):
    """Keras' ``squeeze_or_expand_to_same_rank``: fixes a trailing dimension of 1 on one side."""
    r1, r2 = len(x1.shape), len(x2.shape)
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        return (x1, expand_dims(x2, -1)) if r2 == 1 else (squeeze(x1, -1), x2)
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        return (expand_dims(x1, -1), x2) if r1 == 1 else (x1, squeeze(x2, -1))
    return x1, x2


def _pair(y_true, y_pred):
    y_pred = convert_to_tensor(y_pred)
    if not y_pred.dtype.is_floating:  # Keras' means of integers are float32
        y_pred = cast(y_pred, "float32")
    return cast(convert_to_tensor(y_true), y_pred.dtype), y_pred


def mean_squared_error(y_true, y_pred):
    """``mean(square(y_true - y_pred), axis=-1)``: one loss per sample.

    >>> import tapejax as tf
    >>> print(tf.keras.losses.mean_squared_error([[0., 1.]], [[1., 1.]]))
    tf.Tensor([0.5], shape=(1,), dtype=float32)
    """
    y_true, y_pred = _same_rank(*_pair(y_true, y_pred))
    return reduce_mean(_math.square(y_true - y_pred), axis=-1)


def mean_absolute_error(y_true, y_pred):
    """``mean(abs(y_true - y_pred), axis=-1)``: one loss per sample."""
    y_true, y_pred = _same_rank(*_pair(y_true, y_pred))
    return reduce_mean(_math.abs(y_true - y_pred), axis=-1)


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """Binary cross-entropy of each element, averaged over ``axis``: one loss per sample."""
    y_true, y_pred = _pair(y_true, y_pred)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    _check_same_shape(y_true, y_pred, "binary_crossentropy")
    if from_logits:
        return reduce_mean(_nn.sigmoid_cross_entropy_with_logits(labels=y_true, logits=y_pred), axis=axis)
    p = clip_by_value(y_pred, _EPSILON, 1.0 - _EPSILON)
    bce = y_true * _math.log(p) + (1 - y_true) * _math.log(1 - p)
    return reduce_mean(-bce, axis=axis)


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """Cross-entropy of one-hot (or soft) labels; ``y_pred`` is renormalised to sum to 1.

    >>> import tapejax as tf
    >>> loss = tf.keras.losses.categorical_crossentropy([[0., 1.]], [[0.5, 0.5]])
    >>> print(loss)
    tf.Tensor([0.6931472], shape=(1,), dtype=float32)
    """
    y_true, y_pred = _pair(y_true, y_pred)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + label_smoothing / y_true.shape[-1]
    _check_same_shape(y_true, y_pred, "categorical_crossentropy")
    if from_logits:
        return _nn.softmax_cross_entropy_with_logits(labels=y_true, logits=y_pred, axis=axis)
    p = y_pred / reduce_sum(y_pred, axis, keepdims=True)
    p = clip_by_value(p, _EPSILON, 1.0 - _EPSILON)
    return -reduce_sum(y_true * _math.log(p), axis)


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, axis=-1):
    """Cross-entropy of integer class labels (``y_true`` may have a trailing dimension of 1)."""
    y_pred = convert_to_tensor(y_pred)
    y_true = convert_to_tensor(y_true)
    if axis not in (-1, len(y_pred.shape) - 1):
        raise ValueError(f"Only axis=-1 is currently supported. Received: axis={axis}")
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = squeeze(y_true, -1)
    if tuple(y_true.shape) != tuple(y_pred.shape[:-1]):
        raise ValueError(
            "Arguments `target` and `output` must have the same shape up until the last "
            f"dimension: target.shape={y_true.shape}, output.shape={y_pred.shape} "
            "(in tf.keras.losses.sparse_categorical_crossentropy)."
        )
    logits = y_pred if from_logits else _math.log(clip_by_value(y_pred, _EPSILON, 1 - _EPSILON))
    # Keras casts the labels to int64 (through float32 in the loss classes); TF's op renormalises.
    return _nn.sparse_softmax_cross_entropy_with_logits(labels=cast(y_true, "int64"), logits=logits)


def _check_same_shape(y_true, y_pred, fn_name: str) -> None:
    if tuple(y_true.shape) != tuple(y_pred.shape):
        raise ValueError(
            f"Arguments `target` and `output` must have the same shape. Received: "
            f"target.shape={y_true.shape}, output.shape={y_pred.shape} "
            f"(in tf.keras.losses.{fn_name})."
        )


def mean_absolute_percentage_error(y_true, y_pred):
    """``100 * mean(abs((y_true - y_pred) / max(abs(y_true), 1e-7)), axis=-1)``."""
    y_true, y_pred = _same_rank(*_pair(y_true, y_pred))
    diff = _math.abs((y_true - y_pred) / _math.maximum(_math.abs(y_true), _EPSILON))
    return 100.0 * reduce_mean(diff, axis=-1)


def mean_squared_logarithmic_error(y_true, y_pred):
    """``mean(square(log(max(y_pred, 1e-7) + 1) - log(max(y_true, 1e-7) + 1)), axis=-1)``."""
    y_true, y_pred = _same_rank(*_pair(y_true, y_pred))
    first = _math.log(_math.maximum(y_pred, _EPSILON) + 1.0)
    second = _math.log(_math.maximum(y_true, _EPSILON) + 1.0)
    return reduce_mean(_math.square(first - second), axis=-1)


def _l2_normalize(x, axis):
    """Keras' ``normalize``: ``x * min(rsqrt(sum(x**2)), 1 / 1e-7)`` along ``axis``."""
    inv_norm = _math.rsqrt(reduce_sum(_math.square(x), axis=axis, keepdims=True))
    return x * _math.minimum(inv_norm, 1.0 / _EPSILON)


def cosine_similarity(y_true, y_pred, axis=-1):
    """``-sum(l2_normalize(y_true) * l2_normalize(y_pred), axis)``: -1 for parallel vectors.

    >>> import tapejax as tf
    >>> print(tf.keras.losses.cosine_similarity([[0., 1.], [1., 1.]], [[1., 0.], [1., 1.]]))
    tf.Tensor([-0.         -0.99999994], shape=(2,), dtype=float32)
    """
    y_true, y_pred = _same_rank(*_pair(y_true, y_pred))
    return -reduce_sum(_l2_normalize(y_true, axis) * _l2_normalize(y_pred, axis), axis=axis)


def huber(y_true, y_pred, delta=1.0):
    """``mean(0.5 * e**2 if |e| <= delta else delta * |e| - 0.5 * delta**2, axis=-1)`` of the
    errors ``e = y_pred - y_true``.

    >>> import tapejax as tf
    >>> print(tf.keras.losses.huber([[0., 1.]], [[0.5, 3.]]))
    tf.Tensor([0.8125], shape=(1,), dtype=float32)
    """
    y_true, y_pred = _same_rank(*_pair(y_true, y_pred))
    delta = cast(convert_to_tensor(delta), y_pred.dtype)
    error = y_pred - y_true
    abs_error = _math.abs(error)
    small = 0.5 * _math.square(error)
    large = delta * abs_error - 0.5 * _math.square(delta)
    return reduce_mean(where(abs_error <= delta, small, large), axis=-1)


def log_cosh(y_true, y_pred):
    """``mean(log(cosh(y_pred - y_true)), axis=-1)``, computed as ``x + softplus(-2x) - log(2)``."""
    y_true, y_pred = _same_rank(*_pair(y_true, y_pred))
    x = y_pred - y_true
    log2 = cast(convert_to_tensor(0.6931471805599453), y_pred.dtype)
    return reduce_mean(x + _math.softplus(x * -2.0) - log2, axis=-1)


def kl_divergence(y_true, y_pred):
    """``sum(y_true * log(y_true / y_pred), axis=-1)``, both clipped to ``[1e-7, 1]``."""
    y_true, y_pred = _pair(y_true, y_pred)
    y_true = clip_by_value(y_true, _EPSILON, 1.0)
    y_pred = clip_by_value(y_pred, _EPSILON, 1.0)
    return reduce_sum(y_true * _math.log(y_true / y_pred), axis=-1)


def poisson(y_true, y_pred):
    """``mean(y_pred - y_true * log(y_pred + 1e-7), axis=-1)``."""
    y_true, y_pred = _pair(y_true, y_pred)
    return reduce_mean(y_pred - y_true * _math.log(y_pred + _EPSILON), axis=-1)


def _hinge_labels(y_true):
    """Labels that are all 0 or 1 become -1 or 1 (Keras' ``convert_binary_labels_to_hinge``)."""
    is_binary = reduce_all(_math.logical_or(_math.equal(y_true, 0.0), _math.equal(y_true, 1.0)))
    return where(is_binary, 2.0 * y_true - 1.0, y_true)


def hinge(y_true, y_pred):
    """``mean(maximum(1 - y_true * y_pred, 0), axis=-1)``; 0/1 labels are read as -1/1.

    >>> import tapejax as tf
    >>> print(tf.keras.losses.hinge([[0., 1.]], [[0.5, 0.25]]))
    tf.Tensor([1.125], shape=(1,), dtype=float32)
    """
    y_true, y_pred = _pair(y_true, y_pred)
    return reduce_mean(_math.maximum(1.0 - _hinge_labels(y_true) * y_pred, 0.0), axis=-1)


def squared_hinge(y_true, y_pred):
    """``mean(square(maximum(1 - y_true * y_pred, 0)), axis=-1)``; 0/1 labels are read as -1/1."""
    y_true, y_pred = _pair(y_true, y_pred)
    return reduce_mean(_math.square(_math.maximum(1.0 - _hinge_labels(y_true) * y_pred, 0.0)), axis=-1)


def categorical_hinge(y_true, y_pred):
    """``maximum(max((1 - y_true) * y_pred) - sum(y_true * y_pred) + 1, 0)`` over the last axis.

    >>> import tapejax as tf
    >>> print(tf.keras.losses.categorical_hinge([[0., 1.]], [[0.6, 0.4]]))
    tf.Tensor([1.2], shape=(1,), dtype=float32)
    """
    y_true, y_pred = _pair(y_true, y_pred)
    positive = reduce_sum(y_true * y_pred, axis=-1)
    negative = _math.reduce_max((1.0 - y_true) * y_pred, axis=-1)
    return _math.maximum(negative - positive + 1.0, 0.0)
