"""Keras losses (``tf.keras.losses``), as Keras 3 computes them, built from tapejax ops.

Each function returns one loss per sample; each class converts both arguments to float32,
weights the per-sample losses by ``sample_weight`` and reduces them as its ``reduction`` says
(by default ``'sum_over_batch_size'``: their sum divided by their number).
"""

from __future__ import annotations

from ._src.losses.lookup import get_loss as get
from ._src.losses.loss import Loss, LossFunctionWrapper
from ._src.losses.loss_functions import (
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
from ._src.losses.loss_functions import kl_divergence as KLD
from ._src.losses.loss_functions import kl_divergence as kld
from ._src.losses.loss_functions import kl_divergence as kullback_leibler_divergence
from ._src.losses.loss_functions import log_cosh as logcosh
from ._src.losses.loss_functions import mean_absolute_error as MAE
from ._src.losses.loss_functions import mean_absolute_error as mae
from ._src.losses.loss_functions import mean_absolute_percentage_error as MAPE
from ._src.losses.loss_functions import mean_absolute_percentage_error as mape
from ._src.losses.loss_functions import mean_squared_error as MSE
from ._src.losses.loss_functions import mean_squared_error as mse
from ._src.losses.loss_functions import mean_squared_logarithmic_error as MSLE
from ._src.losses.loss_functions import mean_squared_logarithmic_error as msle
from ._src.losses.losses import (
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

# tf.keras's other names for the same functions (tf.keras.losses.MSE is mean_squared_error).

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
