"""Keras losses (``tf.keras.losses``), as Keras 3 computes them, built from tapejax ops.

Each function returns one loss per sample; each class converts both arguments to float32,
weights the per-sample losses by ``sample_weight`` and reduces them as its ``reduction`` says
(by default ``'sum_over_batch_size'``: their sum divided by their number).
"""

from __future__ import annotations

from ._src.losses.circle import Circle, circle
from ._src.losses.ctc import CTC, ctc
from ._src.losses.focal import (
    BinaryFocalCrossentropy,
    CategoricalFocalCrossentropy,
    binary_focal_crossentropy,
    categorical_focal_crossentropy,
)
from ._src.losses.generalized_cross_entropy import (
    CategoricalGeneralizedCrossEntropy,
    categorical_generalized_cross_entropy,
)
from ._src.losses.lookup import deserialize, serialize
from ._src.losses.lookup import get_loss as get
from ._src.losses.loss import Loss, LossFunctionWrapper
from ._src.losses.loss_functions import (
    binary_crossentropy,
    categorical_crossentropy,
    categorical_hinge,
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
    CategoricalHinge,
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
from ._src.losses.overlap import Dice, Tversky, dice, tversky
from ._src.losses.reduction import Reduction

# tf.keras's other names for the same functions (tf.keras.losses.MSE is mean_squared_error).

__all__ = [
    "CTC",
    "KLD",
    "MAE",
    "MAPE",
    "MSE",
    "MSLE",
    "BinaryCrossentropy",
    "BinaryFocalCrossentropy",
    "CategoricalCrossentropy",
    "CategoricalFocalCrossentropy",
    "CategoricalGeneralizedCrossEntropy",
    "CategoricalHinge",
    "Circle",
    "CosineSimilarity",
    "Dice",
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
    "Reduction",
    "SparseCategoricalCrossentropy",
    "SquaredHinge",
    "Tversky",
    "binary_crossentropy",
    "binary_focal_crossentropy",
    "categorical_crossentropy",
    "categorical_focal_crossentropy",
    "categorical_generalized_cross_entropy",
    "categorical_hinge",
    "circle",
    "cosine_similarity",
    "ctc",
    "deserialize",
    "dice",
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
    "serialize",
    "sparse_categorical_crossentropy",
    "squared_hinge",
    "tversky",
]
