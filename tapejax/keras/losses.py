"""Keras losses (``tf.keras.losses``), as Keras 3 computes them, built from tapejax ops.

Each function returns one loss per sample (the mean or sum over the last axis); each class
converts both arguments to float32 and reduces those to a scalar, by default
``'sum_over_batch_size'`` (their sum divided by their number). Probabilities are clipped to
``[1e-7, 1 - 1e-7]`` before the log, as in Keras, so tapes differentiate the clipped value.
"""

from __future__ import annotations

from .._core.convert import convert_to_tensor
from .._ops import math_ops as _math
from .._ops import nn_ops as _nn
from .._ops.array_ops import cast, expand_dims, squeeze
from .._ops.clip_ops import clip_by_value
from .._ops.reduction_ops import reduce_mean, reduce_sum

__all__ = ["BinaryCrossentropy", "CategoricalCrossentropy", "Loss", "MeanAbsoluteError", "MeanSquaredError",
           "SparseCategoricalCrossentropy", "binary_crossentropy", "categorical_crossentropy",
           "mean_absolute_error", "mean_squared_error", "sparse_categorical_crossentropy"]

_EPSILON = 1e-7  # keras.backend.epsilon()
_REDUCTIONS = ("sum_over_batch_size", "sum", "none", None)


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


def binary_crossentropy(y_true, y_pred, from_logits=False, axis=-1):
    """Binary cross-entropy of each element, averaged over ``axis``: one loss per sample."""
    y_true, y_pred = _pair(y_true, y_pred)
    _check_same_shape(y_true, y_pred, "binary_crossentropy")
    if from_logits:
        return reduce_mean(_nn.sigmoid_cross_entropy_with_logits(labels=y_true, logits=y_pred), axis=axis)
    p = clip_by_value(y_pred, _EPSILON, 1.0 - _EPSILON)
    bce = y_true * _math.log(p) + (1 - y_true) * _math.log(1 - p)
    return reduce_mean(-bce, axis=axis)


def categorical_crossentropy(y_true, y_pred, from_logits=False, axis=-1):
    """Cross-entropy of one-hot (or soft) labels; ``y_pred`` is renormalised to sum to 1.

    >>> import tapejax as tf
    >>> loss = tf.keras.losses.categorical_crossentropy([[0., 1.]], [[0.5, 0.5]])
    >>> print(loss)
    tf.Tensor([0.6931472], shape=(1,), dtype=float32)
    """
    y_true, y_pred = _pair(y_true, y_pred)
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
        raise ValueError("Arguments `target` and `output` must have the same shape up until the last "
                         f"dimension: target.shape={y_true.shape}, output.shape={y_pred.shape} "
                         "(in tf.keras.losses.sparse_categorical_crossentropy).")
    logits = y_pred if from_logits else _math.log(clip_by_value(y_pred, _EPSILON, 1 - _EPSILON))
    # Keras casts the labels to int64 (through float32 in the loss classes); TF's op renormalises.
    return _nn.sparse_softmax_cross_entropy_with_logits(labels=cast(y_true, "int64"), logits=logits)


def _check_same_shape(y_true, y_pred, fn_name: str) -> None:
    if tuple(y_true.shape) != tuple(y_pred.shape):
        raise ValueError(f"Arguments `target` and `output` must have the same shape. Received: "
                         f"target.shape={y_true.shape}, output.shape={y_pred.shape} "
                         f"(in tf.keras.losses.{fn_name}).")


class Loss:
    """A loss object: ``loss(y_true, y_pred)`` is the reduced loss (Keras 3's ``Loss``).

    Args:
      reduction: ``'sum_over_batch_size'`` (the mean over every per-sample loss), ``'sum'``,
        or ``'none'``/None (the per-sample losses).
      name: the loss's name.
    """

    def __init__(self, fn, reduction="sum_over_batch_size", name=None, **fn_kwargs):
        if reduction not in _REDUCTIONS:
            raise ValueError(f"Invalid value for argument `reduction`. Expected one of {_REDUCTIONS}. "
                             f"Received: reduction={reduction}")
        self.fn, self.reduction, self.name, self._fn_kwargs = fn, reduction, name or fn.__name__, fn_kwargs

    def __call__(self, y_true, y_pred, sample_weight=None):
        if sample_weight is not None:
            raise NotImplementedError(f"{type(self).__name__}: `sample_weight` is not supported by "
                                      "tapejax.keras; multiply the per-sample losses (reduction='none').")
        # Keras converts both to the loss's dtype, casting tensors of another dtype (int labels).
        y_true, y_pred = (cast(convert_to_tensor(y), "float32") for y in (y_true, y_pred))
        losses = self.fn(y_true, y_pred, **self._fn_kwargs)
        if self.reduction in ("none", None) or tuple(losses.shape) in ((), (0,)):
            return losses
        total = reduce_sum(losses)
        if self.reduction == "sum":
            return total
        return _math.divide_no_nan(total, cast(losses.shape.num_elements(), total.dtype))


class MeanSquaredError(Loss):
    """The mean of ``square(y_true - y_pred)`` (``tf.keras.losses.MeanSquaredError``).

    >>> import tapejax as tf
    >>> mse = tf.keras.losses.MeanSquaredError()
    >>> print(mse([[0., 1.], [0., 0.]], [[1., 1.], [1., 0.]]))
    tf.Tensor(0.5, shape=(), dtype=float32)
    """

    def __init__(self, reduction="sum_over_batch_size", name="mean_squared_error"):
        super().__init__(mean_squared_error, reduction=reduction, name=name)


class MeanAbsoluteError(Loss):
    """The mean of ``abs(y_true - y_pred)`` (``tf.keras.losses.MeanAbsoluteError``)."""

    def __init__(self, reduction="sum_over_batch_size", name="mean_absolute_error"):
        super().__init__(mean_absolute_error, reduction=reduction, name=name)


class BinaryCrossentropy(Loss):
    """Binary cross-entropy of probabilities (or logits, ``from_logits=True``)."""

    def __init__(self, from_logits=False, reduction="sum_over_batch_size", name="binary_crossentropy"):
        super().__init__(binary_crossentropy, reduction=reduction, name=name, from_logits=from_logits)
        self.from_logits = from_logits


class CategoricalCrossentropy(Loss):
    """Cross-entropy of one-hot labels and probabilities (or logits, ``from_logits=True``)."""

    def __init__(self, from_logits=False, reduction="sum_over_batch_size", name="categorical_crossentropy"):
        super().__init__(categorical_crossentropy, reduction=reduction, name=name, from_logits=from_logits)
        self.from_logits = from_logits


class SparseCategoricalCrossentropy(Loss):
    """Cross-entropy of integer labels and probabilities (or logits, ``from_logits=True``)."""

    def __init__(self, from_logits=False, reduction="sum_over_batch_size",
                 name="sparse_categorical_crossentropy"):
        super().__init__(sparse_categorical_crossentropy, reduction=reduction, name=name,
                         from_logits=from_logits)
        self.from_logits = from_logits
