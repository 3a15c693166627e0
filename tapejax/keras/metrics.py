"""Keras metrics (``tf.keras.metrics``), as Keras 3 computes them.

A metric accumulates state over batches (``update_state(y_true, y_pred, sample_weight=None)``,
``result()``, ``reset_state()``, ``metric(y_true, y_pred)``) in non-trainable Variables, so it
also works inside ``tapejax.function`` with its state carried across calls.
"""

from __future__ import annotations

from ._src.losses.focal import binary_focal_crossentropy, categorical_focal_crossentropy
from ._src.losses.loss_functions import (
    binary_crossentropy,
    categorical_crossentropy,
    categorical_hinge,
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
from ._src.losses.loss_functions import kl_divergence as kld
from ._src.losses.loss_functions import kl_divergence as kullback_leibler_divergence
from ._src.losses.loss_functions import log_cosh as logcosh
from ._src.losses.loss_functions import mean_absolute_error as mae
from ._src.losses.loss_functions import mean_absolute_percentage_error as mape
from ._src.losses.loss_functions import mean_squared_error as mse
from ._src.losses.loss_functions import mean_squared_logarithmic_error as msle
from ._src.metrics.auc import AUC
from ._src.metrics.builtin_metrics import (
    Accuracy,
    BinaryAccuracy,
    BinaryCrossentropy,
    CategoricalAccuracy,
    CategoricalCrossentropy,
    CategoricalHinge,
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
from ._src.metrics.builtin_metrics import KLDivergence as KLD
from ._src.metrics.builtin_metrics import MeanAbsoluteError as MAE
from ._src.metrics.builtin_metrics import MeanAbsolutePercentageError as MAPE
from ._src.metrics.builtin_metrics import MeanSquaredError as MSE
from ._src.metrics.builtin_metrics import MeanSquaredLogarithmicError as MSLE
from ._src.metrics.confusion_counts import FalseNegatives, FalsePositives, TrueNegatives, TruePositives
from ._src.metrics.confusion_metrics import Precision, Recall
from ._src.metrics.correlation_metrics import (
    ConcordanceCorrelation,
    PearsonCorrelation,
    concordance_correlation,
    pearson_correlation,
)
from ._src.metrics.f_score_metrics import F1Score, FBetaScore
from ._src.metrics.iou_metrics import BinaryIoU, IoU, MeanIoU, OneHotIoU, OneHotMeanIoU
from ._src.metrics.lookup import deserialize, serialize
from ._src.metrics.lookup import get_metric as get
from ._src.metrics.metric import Metric
from ._src.metrics.reduction_metrics import Mean, MeanMetricWrapper, Sum
from ._src.metrics.regression_metrics import CosineSimilarity, R2Score
from ._src.metrics.sensitivity_specificity import (
    PrecisionAtRecall,
    RecallAtPrecision,
    SensitivityAtSpecificity,
    SpecificityAtSensitivity,
)
from ._src.metrics.top_k_accuracy import (
    SparseTopKCategoricalAccuracy,
    TopKCategoricalAccuracy,
    sparse_top_k_categorical_accuracy,
    top_k_categorical_accuracy,
)

# tf.keras's other names (tf.keras.metrics.MSE is the MeanSquaredError class, mse the function).

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
    "BinaryIoU",
    "CategoricalAccuracy",
    "CategoricalCrossentropy",
    "CategoricalHinge",
    "ConcordanceCorrelation",
    "CosineSimilarity",
    "F1Score",
    "FBetaScore",
    "FalseNegatives",
    "FalsePositives",
    "Hinge",
    "IoU",
    "KLDivergence",
    "LogCoshError",
    "Mean",
    "MeanAbsoluteError",
    "MeanAbsolutePercentageError",
    "MeanIoU",
    "MeanMetricWrapper",
    "MeanSquaredError",
    "MeanSquaredLogarithmicError",
    "Metric",
    "OneHotIoU",
    "OneHotMeanIoU",
    "PearsonCorrelation",
    "Poisson",
    "Precision",
    "PrecisionAtRecall",
    "R2Score",
    "Recall",
    "RecallAtPrecision",
    "RootMeanSquaredError",
    "SensitivityAtSpecificity",
    "SparseCategoricalAccuracy",
    "SparseCategoricalCrossentropy",
    "SparseTopKCategoricalAccuracy",
    "SpecificityAtSensitivity",
    "SquaredHinge",
    "Sum",
    "TopKCategoricalAccuracy",
    "TrueNegatives",
    "TruePositives",
    "accuracy",
    "binary_accuracy",
    "binary_crossentropy",
    "binary_focal_crossentropy",
    "categorical_accuracy",
    "categorical_crossentropy",
    "categorical_focal_crossentropy",
    "categorical_hinge",
    "concordance_correlation",
    "deserialize",
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
    "pearson_correlation",
    "poisson",
    "serialize",
    "sparse_categorical_accuracy",
    "sparse_categorical_crossentropy",
    "sparse_top_k_categorical_accuracy",
    "squared_hinge",
    "top_k_categorical_accuracy",
]
