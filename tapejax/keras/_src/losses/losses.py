"""The Keras 3 loss classes (``tf.keras.losses.Huber`` ...): each wraps its loss function."""

from __future__ import annotations

from . import loss_functions as _fn
from .loss import LossFunctionWrapper


class MeanSquaredError(LossFunctionWrapper):
    """The mean of ``square(y_true - y_pred)`` (``tf.keras.losses.MeanSquaredError``).
    >>> import tapejax as tf
    >>> mse = tf.keras.losses.MeanSquaredError()
    >>> print(mse([[0., 1.], [0., 0.]], [[1., 1.], [1., 0.]]))
    tf.Tensor(0.5, shape=(), dtype=float32)
    """

    def __init__(self, reduction="sum_over_batch_size", name="mean_squared_error", dtype=None):
        super().__init__(_fn.mean_squared_error, reduction=reduction, name=name, dtype=dtype)


class MeanAbsoluteError(LossFunctionWrapper):
    """The mean of ``abs(y_true - y_pred)`` (``tf.keras.losses.MeanAbsoluteError``)."""

    def __init__(self, reduction="sum_over_batch_size", name="mean_absolute_error", dtype=None):
        super().__init__(_fn.mean_absolute_error, reduction=reduction, name=name, dtype=dtype)


class MeanAbsolutePercentageError(LossFunctionWrapper):
    """``100 * mean(abs((y_true - y_pred) / y_true))`` (``tf.keras.losses.MeanAbsolutePercentageError``)."""

    def __init__(self, reduction="sum_over_batch_size", name="mean_absolute_percentage_error", dtype=None):
        super().__init__(_fn.mean_absolute_percentage_error, reduction=reduction, name=name, dtype=dtype)


class MeanSquaredLogarithmicError(LossFunctionWrapper):
    """The mean of ``square(log(y_pred + 1) - log(y_true + 1))``
    (``tf.keras.losses.MeanSquaredLogarithmicError``)."""

    def __init__(self, reduction="sum_over_batch_size", name="mean_squared_logarithmic_error", dtype=None):
        super().__init__(_fn.mean_squared_logarithmic_error, reduction=reduction, name=name, dtype=dtype)


class CosineSimilarity(LossFunctionWrapper):
    """Minus the cosine similarity along ``axis`` (``tf.keras.losses.CosineSimilarity``)."""

    def __init__(self, axis=-1, reduction="sum_over_batch_size", name="cosine_similarity", dtype=None):
        super().__init__(_fn.cosine_similarity, reduction=reduction, name=name, dtype=dtype, axis=axis)
        self.axis = axis


class Huber(LossFunctionWrapper):
    """Quadratic for errors up to ``delta``, linear beyond (``tf.keras.losses.Huber``).
    >>> import tapejax as tf
    >>> print(tf.keras.losses.Huber(delta=1.0)([[0., 1.]], [[0.5, 3.]]))
    tf.Tensor(0.8125, shape=(), dtype=float32)
    """

    def __init__(self, delta=1.0, reduction="sum_over_batch_size", name="huber_loss", dtype=None):
        super().__init__(_fn.huber, reduction=reduction, name=name, dtype=dtype, delta=delta)
        self.delta = delta


class LogCosh(LossFunctionWrapper):
    """The mean of ``log(cosh(y_pred - y_true))`` (``tf.keras.losses.LogCosh``)."""

    def __init__(self, reduction="sum_over_batch_size", name="log_cosh", dtype=None):
        super().__init__(_fn.log_cosh, reduction=reduction, name=name, dtype=dtype)


class KLDivergence(LossFunctionWrapper):
    """Kullback-Leibler divergence ``sum(y_true * log(y_true / y_pred))``
    (``tf.keras.losses.KLDivergence``)."""

    def __init__(self, reduction="sum_over_batch_size", name="kl_divergence", dtype=None):
        super().__init__(_fn.kl_divergence, reduction=reduction, name=name, dtype=dtype)


class Poisson(LossFunctionWrapper):
    """The mean of ``y_pred - y_true * log(y_pred)`` (``tf.keras.losses.Poisson``)."""

    def __init__(self, reduction="sum_over_batch_size", name="poisson", dtype=None):
        super().__init__(_fn.poisson, reduction=reduction, name=name, dtype=dtype)


class Hinge(LossFunctionWrapper):
    """The mean of ``maximum(1 - y_true * y_pred, 0)``, 0/1 labels read as -1/1
    (``tf.keras.losses.Hinge``)."""

    def __init__(self, reduction="sum_over_batch_size", name="hinge", dtype=None):
        super().__init__(_fn.hinge, reduction=reduction, name=name, dtype=dtype)


class SquaredHinge(LossFunctionWrapper):
    """The mean of ``square(maximum(1 - y_true * y_pred, 0))`` (``tf.keras.losses.SquaredHinge``)."""

    def __init__(self, reduction="sum_over_batch_size", name="squared_hinge", dtype=None):
        super().__init__(_fn.squared_hinge, reduction=reduction, name=name, dtype=dtype)


class CategoricalHinge(LossFunctionWrapper):
    """``categorical_hinge`` as a loss object (``tf.keras.losses.CategoricalHinge``)."""

    def __init__(self, reduction="sum_over_batch_size", name="categorical_hinge", dtype=None):
        super().__init__(_fn.categorical_hinge, reduction=reduction, name=name, dtype=dtype)


class BinaryCrossentropy(LossFunctionWrapper):
    """Binary cross-entropy of probabilities (or logits, ``from_logits=True``)."""

    def __init__(
        self,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction="sum_over_batch_size",
        name="binary_crossentropy",
        dtype=None,
    ):
        super().__init__(
            _fn.binary_crossentropy,
            reduction=reduction,
            name=name,
            dtype=dtype,
            from_logits=from_logits,
            label_smoothing=label_smoothing,
            axis=axis,
        )
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis


class CategoricalCrossentropy(LossFunctionWrapper):
    """Cross-entropy of one-hot labels and probabilities (or logits, ``from_logits=True``)."""

    def __init__(
        self,
        from_logits=False,
        label_smoothing=0.0,
        axis=-1,
        reduction="sum_over_batch_size",
        name="categorical_crossentropy",
        dtype=None,
    ):
        super().__init__(
            _fn.categorical_crossentropy,
            reduction=reduction,
            name=name,
            dtype=dtype,
            from_logits=from_logits,
            label_smoothing=label_smoothing,
            axis=axis,
        )
        self.from_logits = from_logits
        self.label_smoothing = label_smoothing
        self.axis = axis


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    """Cross-entropy of integer labels and probabilities (or logits, ``from_logits=True``)."""

    def __init__(
        self,
        from_logits=False,
        reduction="sum_over_batch_size",
        name="sparse_categorical_crossentropy",
        dtype=None,
    ):
        super().__init__(
            _fn.sparse_categorical_crossentropy,
            reduction=reduction,
            name=name,
            dtype=dtype,
            from_logits=from_logits,
        )
        self.from_logits = from_logits
