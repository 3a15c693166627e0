"""``keras.metrics.get``: a metric from its class name, its snake_case name or a short name."""

from __future__ import annotations

import inspect

from ..utils.naming import to_snake_case
from ..utils.serialization_utils import _resolve, serialize_known
from . import builtin_metrics as _metrics_builtin
from . import confusion_counts as _counts
from . import confusion_metrics as _confusion_metrics
from . import correlation_metrics as _correlation
from . import f_score_metrics as _f_score
from . import iou_metrics as _iou
from . import regression_metrics as _regression
from . import sensitivity_specificity as _at_constraint
from . import top_k_accuracy as _top_k
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
    getattr(module, n)
    for module in (
        _metrics_builtin,
        _counts,
        _correlation,
        _f_score,
        _iou,
        _regression,
        _at_constraint,
        _top_k,
    )
    for n in dir(module)
    if inspect.isclass(getattr(module, n))
    and issubclass(getattr(module, n), Metric)
    and not n.startswith("_")
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
    if isinstance(identifier, dict):
        return deserialize(identifier)
    return _resolve(identifier, _METRICS, "metric")


def serialize(metric) -> dict:
    """A metric as Keras 3's dict (``module``, ``class_name``, ``config``, ``registered_name``).

    >>> import tapejax as tf
    >>> tf.keras.metrics.serialize(tf.keras.metrics.F1Score())['config']
    {'name': 'f1_score', 'dtype': 'float32', 'average': None, 'threshold': None}
    """
    return serialize_known(metric, Metric._keras_module, _METRICS.get(type(metric).__name__) is type(metric))


def deserialize(config, custom_objects=None):
    """The metric a :func:`serialize` dict describes (classes in ``custom_objects`` too)."""
    known = {**_METRICS, **(custom_objects or {})}
    name = config.get("class_name") if isinstance(config, dict) else None
    cls = known.get(config.get("registered_name") or name) or known.get(name) if name else None
    if not inspect.isclass(cls):
        raise ValueError(f"Could not interpret metric identifier: {config}")
    return cls.from_config(config.get("config", {}))
