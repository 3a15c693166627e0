"""Keras metrics (``tf.keras.metrics``), as Keras 3 computes them.

A metric accumulates state over batches (``update_state(y_true, y_pred, sample_weight=None)``,
``result()``, ``reset_state()``, ``metric(y_true, y_pred)``) in non-trainable Variables, so it
also works inside ``tapejax.function`` with its state carried across calls.
"""

from __future__ import annotations

from ._auc import AUC
from ._confusion_metrics import Precision, Recall
from ._lookup import get_metric as get
from ._loss_functions import (
    binary_crossentropy,
    categorical_crossentropy,
    hinge,
    huber,
    kl_divergence,
    log_cosh,
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_squared_error,
    mean_squared_logarithmic_error,
    poisson,
    sparse_categorical_crossentropy,
    squared_hinge,
)
from ._metric import Mean, MeanMetricWrapper, Metric, Sum
from ._metrics_builtin import (
    Accuracy,
    BinaryAccuracy,
    BinaryCrossentropy,
    CategoricalAccuracy,
    CategoricalCrossentropy,
    Hinge,
    KLDivergence,
    LogCoshError,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    MeanSquaredLogarithmicError,
    Poisson,
    RootMeanSquaredError,
    SparseCategoricalAccuracy,
    SparseCategoricalCrossentropy,
    SquaredHinge,
    accuracy,
    binary_accuracy,
    categorical_accuracy,
    sparse_categorical_accuracy,
)

# tf.keras's other names (tf.keras.metrics.MSE is the MeanSquaredError class, mse the function).
KLD, MAE, MAPE, MSE, MSLE = (
    KLDivergence,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    MeanSquaredLogarithmicError,
)
kld = kullback_leibler_divergence = kl_divergence
mae, mape, mse, msle = (
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_squared_error,
    mean_squared_logarithmic_error,
)
logcosh = log_cosh

__all__ = [
    "AUC",
    "KLD",
    "MAE",
    "MAPE",
    "MSE",
    "MSLE",
    "Accuracy",
    "BinaryAccuracy",
    "BinaryCrossentropy",
    "CategoricalAccuracy",
    "CategoricalCrossentropy",
    "Hinge",
    "KLDivergence",
    "LogCoshError",
    "Mean",
    "MeanAbsoluteError",
    "MeanAbsolutePercentageError",
    "MeanMetricWrapper",
    "MeanSquaredError",
    "MeanSquaredLogarithmicError",
    "Metric",
    "Poisson",
    "Precision",
    "Recall",
    "RootMeanSquaredError",
    "SparseCategoricalAccuracy",
    "SparseCategoricalCrossentropy",
    "SquaredHinge",
    "Sum",
    "accuracy",
    "binary_accuracy",
    "binary_crossentropy",
    "categorical_accuracy",
    "categorical_crossentropy",
    "get",
    "hinge",
    "huber",
    "kl_divergence",
    "kld",
    "kullback_leibler_divergence",
    "log_cosh",
    "logcosh",
    "mae",
    "mape",
    "mean_absolute_error",
    "mean_absolute_percentage_error",
    "mean_squared_error",
    "mean_squared_logarithmic_error",
    "mse",
    "msle",
    "poisson",
    "sparse_categorical_accuracy",
    "sparse_categorical_crossentropy",
    "squared_hinge",
]
