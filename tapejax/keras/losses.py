"""Keras losses (``tf.keras.losses``), as Keras 3 computes them, built from tapejax ops.

Each function returns one loss per sample; each class converts both arguments to float32,
weights the per-sample losses by ``sample_weight`` and reduces them as its ``reduction`` says
(by default ``'sum_over_batch_size'``: their sum divided by their number).
"""

from __future__ import annotations

from ._lookup import get_loss as get
from ._loss import Loss, LossFunctionWrapper
from ._loss_classes import (
    BinaryCrossentropy,
    CategoricalCrossentropy,
    CosineSimilarity,
    Hinge,
    Huber,
    KLDivergence,
    LogCosh,
    MeanAbsoluteError,
    MeanAbsolutePercentageError,
    MeanSquaredError,
    MeanSquaredLogarithmicError,
    Poisson,
    SparseCategoricalCrossentropy,
    SquaredHinge,
)
from ._loss_functions import (
    binary_crossentropy,
    categorical_crossentropy,
    cosine_similarity,
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

# tf.keras's other names for the same functions (tf.keras.losses.MSE is mean_squared_error).
MAE = mae = mean_absolute_error
MAPE = mape = mean_absolute_percentage_error
MSE = mse = mean_squared_error
MSLE = msle = mean_squared_logarithmic_error
KLD = kld = kullback_leibler_divergence = kl_divergence
logcosh = log_cosh

__all__ = [
    "KLD",
    "MAE",
    "MAPE",
    "MSE",
    "MSLE",
    "BinaryCrossentropy",
    "CategoricalCrossentropy",
    "CosineSimilarity",
    "Hinge",
    "Huber",
    "KLDivergence",
    "LogCosh",
    "Loss",
    "LossFunctionWrapper",
    "MeanAbsoluteError",
    "MeanAbsolutePercentageError",
    "MeanSquaredError",
    "MeanSquaredLogarithmicError",
    "Poisson",
    "SparseCategoricalCrossentropy",
    "SquaredHinge",
    "binary_crossentropy",
    "categorical_crossentropy",
    "cosine_similarity",
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
    "sparse_categorical_crossentropy",
    "squared_hinge",
]
