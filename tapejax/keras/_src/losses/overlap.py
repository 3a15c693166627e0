"""Overlap losses for segmentation, as Keras 3 computes them: ``dice`` and ``tversky`` (one
minus an overlap ratio of labels and predictions, summed over ``axis``: all axes by default)."""

from __future__ import annotations

from ..backend.ops import reduce_sum
from .loss import Loss, LossFunctionWrapper
from .loss_functions import _EPSILON, _pair


def dice(y_true, y_pred, axis=None):
    """``1 - 2 * sum(y_true * y_pred) / (sum(y_true) + sum(y_pred) + 1e-7)`` over ``axis``.

    >>> import tapejax as tf
    >>> loss = tf.keras.losses.dice([[0., 1.], [1., 1.]], [[0.2, 0.8], [0.6, 0.4]])
    >>> print(round(float(loss), 6))
    0.28
    """
    y_true, y_pred = _pair(y_true, y_pred)
    overlap = reduce_sum(y_true * y_pred, axis=axis)
    return 1 - (2.0 * overlap) / (reduce_sum(y_true, axis=axis) + reduce_sum(y_pred, axis=axis) + _EPSILON)


def tversky(y_true, y_pred, alpha=0.5, beta=0.5, axis=None):
    """``1 - TP / (TP + alpha * FP + beta * FN + 1e-7)`` over ``axis``, as Keras 3 counts them
    (its ``FP`` sums ``(1 - y_pred) * y_true``, its ``FN`` sums ``y_pred * (1 - y_true)``)."""
    y_true, y_pred = _pair(y_true, y_pred)
    overlap = reduce_sum(y_true * y_pred, axis=axis)
    fp = reduce_sum((1 - y_pred) * y_true, axis=axis)
    fn = reduce_sum(y_pred * (1 - y_true), axis=axis)
    return 1 - overlap / (overlap + fp * alpha + fn * beta + _EPSILON)


class Dice(LossFunctionWrapper):
    """``dice`` as a loss object (``tf.keras.losses.Dice``)."""

    def __init__(self, reduction="sum_over_batch_size", name="dice", axis=None, dtype=None):
        super().__init__(dice, reduction=reduction, name=name, dtype=dtype, axis=axis)
        self.axis = axis

    def get_config(self):
        return {**Loss.get_config(self), "axis": self.axis}


class Tversky(LossFunctionWrapper):
    """``tversky`` as a loss object (``tf.keras.losses.Tversky``)."""

    def __init__(
        self, alpha=0.5, beta=0.5, reduction="sum_over_batch_size", name="tversky", axis=None, dtype=None
    ):
        super().__init__(
            tversky, reduction=reduction, name=name, dtype=dtype, alpha=alpha, beta=beta, axis=axis
        )
        self.alpha, self.beta, self.axis = alpha, beta, axis

    def get_config(self):
        return {**Loss.get_config(self), "alpha": self.alpha, "beta": self.beta, "axis": self.axis}
