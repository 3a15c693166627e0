"""``keras.metrics.get``: a metric from its class name, its snake_case name or a short name."""

from __future__ import annotations

import inspect

from ..utils.naming import to_snake_case
from ..utils.serialization_utils import _resolve
from . import builtin_metrics as _metrics_builtin
from . import confusion_metrics as _confusion_metrics
from .auc import AUC
from .metric import Metric
from .reduction_metrics import Mean, MeanMetricWrapper, Sum

_METRIC_CLASSES = [
    Mean,
    Sum,
    MeanMetricWrapper,
    AUC,
    _confusion_metrics.Precision,
    _confusion_metrics.Recall,
] + [
    getattr(_metrics_builtin, n)
    for n in dir(_metrics_builtin)
    if inspect.isclass(getattr(_metrics_builtin, n)) and issubclass(getattr(_metrics_builtin, n), Metric)
]
_METRICS = {c.__name__: c for c in _METRIC_CLASSES} | {to_snake_case(c.__name__): c for c in _METRIC_CLASSES}
for _short, _full in (
    ("bce", "BinaryCrossentropy"),
    ("mse", "MeanSquaredError"),
    ("mae", "MeanAbsoluteError"),
    ("mape", "MeanAbsolutePercentageError"),
    ("msle", "MeanSquaredLogarithmicError"),
):
    _METRICS[_short] = _METRICS[_short.upper()] = _METRICS[_full]


def get_metric(identifier):
    """A metric from its name (``'accuracy'``, ``'mse'``, ``'AUC'``, ``'precision'``...): a new
    instance of its class; a metric object or callable is returned as given.

    >>> import tapejax as tf
    >>> type(tf.keras.metrics.get('sparse_categorical_accuracy')).__name__
    'SparseCategoricalAccuracy'
    """
    return _resolve(identifier, _METRICS, "metric")
