"""Focal cross-entropies (Lin et al., 2017): cross-entropy down-weighted where the prediction is
already confident, as Keras 3 computes them (``binary_focal_crossentropy``,
``categorical_focal_crossentropy`` and their classes)."""

from __future__ import annotations

import warnings

from ..backend.ops import clip_by_value, reduce_mean, reduce_sum
from ..backend.ops import math_ops as _math
from ..backend.ops import nn_ops as _nn
from .loss import Loss, LossFunctionWrapper
from .loss_functions import _EPSILON, _pair


def binary_focal_crossentropy(
    y_true,
    y_pred,
    apply_class_balancing=False,
    alpha=0.25,
    gamma=2.0,
    from_logits=False,
    label_smoothing=0.0,
    axis=-1,
):
    """Binary cross-entropy of each element times ``(1 - p_t)**gamma`` (``p_t``: the predicted
    probability of the true label), weighted by ``alpha``/``1 - alpha`` with
    ``apply_class_balancing``, averaged over ``axis``.

    >>> import tapejax as tf
    >>> print(tf.keras.losses.binary_focal_crossentropy([[0., 1.]], [[0.4, 0.6]]))
    tf.Tensor([0.08173208], shape=(1,), dtype=float32)
    """
    y_true, y_pred = _pair(y_true, y_pred)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    if from_logits:
        y_pred = _math.sigmoid(y_pred)
    p = clip_by_value(y_pred, _EPSILON, 1.0 - _EPSILON)
    bce = -(y_true * _math.log(p) + (1 - y_true) * _math.log(1 - p))
    p_t = y_true * y_pred + (1 - y_true) * (1 - y_pred)
    focal = _math.pow(1.0 - p_t, gamma) * bce
    if apply_class_balancing:
        focal = (y_true * alpha + (1 - y_true) * (1 - alpha)) * focal
    return reduce_mean(focal, axis=axis)


def categorical_focal_crossentropy(
    y_true, y_pred, alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0, axis=-1
):
    """Categorical cross-entropy of each class times ``alpha * (1 - p)**gamma``, summed over
    ``axis`` (``y_pred`` renormalised to sum to 1, then clipped).

    >>> import tapejax as tf
    >>> print(tf.keras.losses.categorical_focal_crossentropy([[0., 1.]], [[0.4, 0.6]]))
    tf.Tensor([0.02043302], shape=(1,), dtype=float32)
    """
    if isinstance(axis, bool):
        raise ValueError(f"`axis` must be of type `int`. Received: axis={axis} of type {type(axis)}")
    y_true, y_pred = _pair(y_true, y_pred)
    if y_pred.shape[-1] == 1:
        warnings.warn(
            "In loss categorical_focal_crossentropy, expected y_pred.shape to be (batch_size, "
            f"num_classes) with num_classes > 1. Received: y_pred.shape={y_pred.shape}. Consider "
            "using 'binary_crossentropy' if you only have 2 classes.",
            SyntaxWarning,
            stacklevel=2,
        )
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + label_smoothing / y_true.shape[-1]
    if from_logits:
        y_pred = _nn.softmax(y_pred, axis=axis)
    p = clip_by_value(y_pred / reduce_sum(y_pred, axis, keepdims=True), _EPSILON, 1.0 - _EPSILON)
    return reduce_sum(_math.pow(1.0 - p, gamma) * alpha * (-y_true * _math.log(p)), axis)


class BinaryFocalCrossentropy(LossFunctionWrapper):
    """``binary_focal_crossentropy`` as a loss object (``tf.keras.losses.BinaryFocalCrossentropy``).

    >>> import tapejax as tf
    >>> loss = tf.keras.losses.BinaryFocalCrossentropy(gamma=1.0)
    >>> print(loss([[0., 1.], [1., 0.]], [[0.4, 0.6], [0.3, 0.2]]))
    tf.Tensor(0.32401752, shape=(), dtype=float32)
    """

    def __init__(
        self,
        apply_class_balancing=False,
        alpha=0.25,
        gamma=2.0,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction="sum_over_batch_size",
        name="binary_focal_crossentropy",
        dtype=None,
    ):
        options = dict(apply_class_balancing=apply_class_balancing, alpha=alpha, gamma=gamma)
        options.update(from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        super().__init__(binary_focal_crossentropy, reduction=reduction, name=name, dtype=dtype, **options)
        self.__dict__.update(options)

    def get_config(self):
        keys = ("from_logits", "label_smoothing", "axis", "apply_class_balancing", "alpha", "gamma")
        return {**Loss.get_config(self), **{k: getattr(self, k) for k in keys}}


class CategoricalFocalCrossentropy(LossFunctionWrapper):
    """``categorical_focal_crossentropy`` as a loss object
    (``tf.keras.losses.CategoricalFocalCrossentropy``)."""

    def __init__(
        self,
        alpha=0.25,
        gamma=2.0,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction="sum_over_batch_size",
        name="categorical_focal_crossentropy",
        dtype=None,
    ):
        options = dict(
            alpha=alpha, gamma=gamma, from_logits=from_logits, label_smoothing=label_smoothing, axis=axis
        )
        super().__init__(
            categorical_focal_crossentropy, reduction=reduction, name=name, dtype=dtype, **options
        )
        self.__dict__.update(options)

    def get_config(self):
        keys = ("from_logits", "label_smoothing", "axis", "alpha", "gamma")
        return {**Loss.get_config(self), **{k: getattr(self, k) for k in keys}}
