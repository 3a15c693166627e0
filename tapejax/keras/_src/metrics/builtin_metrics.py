"""The accuracy, regression and cross-entropy metrics of Keras 3 (``tf.keras.metrics``).

Each is a ``MeanMetricWrapper`` of its per-sample function: the accuracy functions below
(JAX, as Keras computes them) or the loss functions of ``tf.keras.losses``.
"""

from __future__ import annotations

import jax.numpy as jnp

from ..backend.core import convert_to_tensor, read, x64
from ..losses import loss_functions as _losses
from .metrics_utils import array, divide_no_nan, same_rank, stateful
from .reduction_metrics import Mean, MeanMetricWrapper


@x64.enabled
def accuracy(y_true, y_pred):
    """1.0 where ``y_true == y_pred``, else 0.0."""
    y_pred = array(y_pred)
    y_true, y_pred = same_rank(array(y_true, y_pred.dtype), y_pred)
    return convert_to_tensor((y_true == y_pred).astype("float32"))


@x64.enabled
def binary_accuracy(y_true, y_pred, threshold=0.5):
    """1.0 where ``y_true`` equals ``y_pred > threshold``, else 0.0.

    >>> import tapejax as tf
    >>> print(tf.keras.metrics.binary_accuracy([[1.], [0.]], [[0.7], [0.6]]))
    tf.Tensor(
    [[1.]
     [0.]], shape=(2, 1), dtype=float32)
    """
    y_true, y_pred = same_rank(array(y_true), array(y_pred))
    y_pred = (y_pred > threshold).astype(y_true.dtype)
    return convert_to_tensor((y_true == y_pred).astype("float32"))


@x64.enabled
def categorical_accuracy(y_true, y_pred):
    """1.0 where the argmax of one-hot ``y_true`` is the argmax of ``y_pred``, else 0.0."""
    y_pred = array(y_pred)
    y_true = jnp.argmax(array(y_true), axis=-1).astype(y_pred.dtype)
    shape, reshape = y_true.shape, False
    if y_true.ndim == y_pred.ndim:
        y_true, reshape = jnp.squeeze(y_true, -1), True
    matches = (y_true == jnp.argmax(y_pred, axis=-1).astype(y_true.dtype)).astype("float32")
    return convert_to_tensor(matches.reshape(shape) if reshape else matches)


@x64.enabled
def sparse_categorical_accuracy(y_true, y_pred):
    """1.0 where the integer label ``y_true`` is the argmax of ``y_pred``, else 0.0.

    >>> import tapejax as tf
    >>> print(tf.keras.metrics.sparse_categorical_accuracy([[2], [1]], [[0.1, 0.6, 0.3], [0.05, 0.95, 0]]))
    tf.Tensor([0. 1.], shape=(2,), dtype=float32)
    """
    y_pred = array(y_pred)
    y_true = array(y_true, y_pred.dtype)
    shape, reshape = y_true.shape, False
    if y_true.ndim == y_pred.ndim and y_true.shape[-1] == 1:
        y_true, reshape = jnp.squeeze(y_true, -1), True
    matches = (y_true == jnp.argmax(y_pred, axis=-1).astype(y_true.dtype)).astype("float32")
    if reshape:
        matches = matches.reshape(shape)
    if matches.ndim > 1 and matches.shape[-1] == 1:
        matches = jnp.squeeze(matches, -1)
    return convert_to_tensor(matches)


class Accuracy(MeanMetricWrapper):
    """How often predictions equal labels (``tf.keras.metrics.Accuracy``)."""

    def __init__(self, name="accuracy", dtype=None):
        super().__init__(accuracy, name=name, dtype=dtype)


class BinaryAccuracy(MeanMetricWrapper):
    """How often ``y_pred > threshold`` equals the 0/1 label (``tf.keras.metrics.BinaryAccuracy``).

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.BinaryAccuracy()
    >>> float(m([[1], [1], [0], [0]], [[0.98], [1], [0], [0.6]]))
    0.75
    """

    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        super().__init__(binary_accuracy, name=name, dtype=dtype, threshold=threshold)
        self.threshold = threshold


class CategoricalAccuracy(MeanMetricWrapper):
    """How often the argmax of ``y_pred`` is that of the one-hot label."""

    def __init__(self, name="categorical_accuracy", dtype=None):
        super().__init__(categorical_accuracy, name=name, dtype=dtype)


class SparseCategoricalAccuracy(MeanMetricWrapper):
    """How often the argmax of ``y_pred`` is the integer label."""

    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        super().__init__(sparse_categorical_accuracy, name=name, dtype=dtype)


def _wrapper(class_name, fn, default_name, doc, **defaults):
    """A ``MeanMetricWrapper`` class of a loss function, with Keras' name and keywords."""

    def __init__(self, name=default_name, dtype=None, **kwargs):
        unknown = set(kwargs) - set(defaults)
        if unknown:
            raise TypeError(
                f"{class_name}.__init__() got an unexpected keyword argument '{sorted(unknown)[0]}'"
            )
        options = {**defaults, **kwargs}
        MeanMetricWrapper.__init__(self, fn, name=name, dtype=dtype, **options)
        for key, value in options.items():
            setattr(self, key, value)

    return type(
        class_name, (MeanMetricWrapper,), {"__init__": __init__, "__doc__": doc, "__module__": __name__}
    )


MeanSquaredError = _wrapper(
    "MeanSquaredError",
    _losses.mean_squared_error,
    "mean_squared_error",
    "The mean of ``square(y_true - y_pred)`` over every sample seen.",
)
MeanAbsoluteError = _wrapper(
    "MeanAbsoluteError",
    _losses.mean_absolute_error,
    "mean_absolute_error",
    "The mean of ``abs(y_true - y_pred)`` over every sample seen.",
)
MeanAbsolutePercentageError = _wrapper(
    "MeanAbsolutePercentageError",
    _losses.mean_absolute_percentage_error,
    "mean_absolute_percentage_error",
    "The mean absolute percentage error over every sample seen.",
)
MeanSquaredLogarithmicError = _wrapper(
    "MeanSquaredLogarithmicError",
    _losses.mean_squared_logarithmic_error,
    "mean_squared_logarithmic_error",
    "The mean squared logarithmic error over every sample seen.",
)
KLDivergence = _wrapper(
    "KLDivergence",
    _losses.kl_divergence,
    "kl_divergence",
    "The mean Kullback-Leibler divergence over every sample seen.",
)
Poisson = _wrapper("Poisson", _losses.poisson, "poisson", "The mean Poisson loss over every sample seen.")
CategoricalHinge = _wrapper(
    "CategoricalHinge",
    _losses.categorical_hinge,
    "categorical_hinge",
    "The mean categorical hinge loss over every sample seen.",
)
Hinge = _wrapper("Hinge", _losses.hinge, "hinge", "The mean hinge loss over every sample seen.")
SquaredHinge = _wrapper(
    "SquaredHinge",
    _losses.squared_hinge,
    "squared_hinge",
    "The mean squared hinge loss over every sample seen.",
)
LogCoshError = _wrapper(
    "LogCoshError",
    _losses.log_cosh,
    "logcosh",
    "The mean of ``log(cosh(y_pred - y_true))`` over every sample seen.",
)
BinaryCrossentropy = _wrapper(
    "BinaryCrossentropy",
    _losses.binary_crossentropy,
    "binary_crossentropy",
    "The mean binary cross-entropy over every sample seen.",
    from_logits=False,
    label_smoothing=0,
)
CategoricalCrossentropy = _wrapper(
    "CategoricalCrossentropy",
    _losses.categorical_crossentropy,
    "categorical_crossentropy",
    "The mean categorical cross-entropy over every sample seen.",
    from_logits=False,
    label_smoothing=0,
    axis=-1,
)
SparseCategoricalCrossentropy = _wrapper(
    "SparseCategoricalCrossentropy",
    _losses.sparse_categorical_crossentropy,
    "sparse_categorical_crossentropy",
    "The mean sparse categorical cross-entropy over every sample seen.",
    from_logits=False,
    axis=-1,
)


class RootMeanSquaredError(Mean):
    """``sqrt(mean(square(y_pred - y_true)))`` over every element seen
    (``tf.keras.metrics.RootMeanSquaredError``).

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.RootMeanSquaredError()
    >>> float(m([[0., 1.], [0., 0.]], [[1., 1.], [0., 0.]]))
    0.5
    """

    def __init__(self, name="root_mean_squared_error", dtype=None):
        super().__init__(name=name, dtype=dtype)

    @stateful
    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = same_rank(array(y_true, self._dtype), array(y_pred, self._dtype))
        self._add(jnp.square(y_pred - y_true), sample_weight)

    @x64.enabled
    def result(self):
        return convert_to_tensor(jnp.sqrt(divide_no_nan(read(self.total), read(self.count))))
