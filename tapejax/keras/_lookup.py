"""Keras 3's identifier lookups: ``optimizers.get``, ``losses.get``, ``metrics.get``, and the
string resolution ``compile`` does (``'accuracy'`` picks binary, sparse or categorical accuracy).
"""

from __future__ import annotations

import inspect
import re

from . import _confusion_metrics, _loss_classes, _loss_functions, _metrics_builtin
from ._auc import AUC
from ._loss import Loss, LossFunctionWrapper
from ._metric import Mean, MeanMetricWrapper, Metric, Sum
from ._optimizer import Optimizer
from ._optimizers_adaptive import Adagrad, Adamax, Nadam, RMSprop
from ._optimizers_basic import SGD, Adam, AdamW


def _snake(name: str) -> str:
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()


_OPTIMIZERS = {c.__name__.lower(): c for c in (SGD, Adam, AdamW, RMSprop, Adagrad, Adamax, Nadam)}

_LOSS_CLASSES = [
    getattr(_loss_classes, n)
    for n in dir(_loss_classes)
    if inspect.isclass(getattr(_loss_classes, n)) and issubclass(getattr(_loss_classes, n), Loss)
]
_LOSS_FUNCTIONS = [
    getattr(_loss_functions, n)
    for n in (
        "kl_divergence",
        "poisson",
        "binary_crossentropy",
        "categorical_crossentropy",
        "sparse_categorical_crossentropy",
        "mean_squared_error",
        "mean_absolute_error",
        "mean_absolute_percentage_error",
        "mean_squared_logarithmic_error",
        "cosine_similarity",
        "log_cosh",
        "huber",
        "hinge",
        "squared_hinge",
    )
]
_LOSSES = {o.__name__: o for o in _LOSS_CLASSES + _LOSS_FUNCTIONS}
for _short, _full in (
    ("bce", "binary_crossentropy"),
    ("kld", "kl_divergence"),
    ("mae", "mean_absolute_error"),
    ("mse", "mean_squared_error"),
    ("mape", "mean_absolute_percentage_error"),
    ("msle", "mean_squared_logarithmic_error"),
):
    _LOSSES[_short] = _LOSSES[_short.upper()] = _LOSSES[_full]

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
_METRICS = {c.__name__: c for c in _METRIC_CLASSES} | {_snake(c.__name__): c for c in _METRIC_CLASSES}
for _short, _full in (
    ("bce", "BinaryCrossentropy"),
    ("mse", "MeanSquaredError"),
    ("mae", "MeanAbsoluteError"),
    ("mape", "MeanAbsolutePercentageError"),
    ("msle", "MeanSquaredLogarithmicError"),
):
    _METRICS[_short] = _METRICS[_short.upper()] = _METRICS[_full]


def get_optimizer(identifier):
    """An optimizer from its name (``'adam'``, ``'RMSprop'``...), or the optimizer given.

    >>> import tapejax as tf
    >>> type(tf.keras.optimizers.get('rmsprop')).__name__
    'RMSprop'
    """
    if identifier is None:
        return None
    obj = identifier
    if isinstance(identifier, str):
        cls = _OPTIMIZERS.get(identifier.lower())
        obj = cls() if cls is not None else None
    if isinstance(obj, Optimizer):
        return obj
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")


def _resolve(identifier, table: dict, kind: str):
    if identifier is None:
        return None
    obj = table.get(identifier) if isinstance(identifier, str) else identifier
    if callable(obj):
        return obj() if inspect.isclass(obj) else obj
    raise ValueError(f"Could not interpret {kind} identifier: {identifier}")


def get_loss(identifier):
    """A loss from its name: a class name gives an instance (``'Huber'``), a function name the
    function (``'huber'``, ``'mse'``); a loss object or callable is returned as given.

    >>> import tapejax as tf
    >>> tf.keras.losses.get('mse').__name__, tf.keras.losses.get('Huber').name
    ('mean_squared_error', 'huber_loss')
    """
    return _resolve(identifier, _LOSSES, "loss")


def get_metric(identifier):
    """A metric from its name (``'accuracy'``, ``'mse'``, ``'AUC'``, ``'precision'``...): a new
    instance of its class; a metric object or callable is returned as given.

    >>> import tapejax as tf
    >>> type(tf.keras.metrics.get('sparse_categorical_accuracy')).__name__
    'SparseCategoricalAccuracy'
    """
    return _resolve(identifier, _METRICS, "metric")


def compile_metric(identifier, y_true, y_pred) -> Metric:
    """The metric ``Model.compile(metrics=[identifier])`` makes for these targets, as Keras 3's
    ``get_metric``: ``'accuracy'``/``'acc'`` become binary accuracy when ``y_pred`` has one
    column, sparse categorical accuracy for integer labels, else categorical accuracy; a
    function is wrapped in ``MeanMetricWrapper``; a string names the metric.
    """
    if identifier is None:
        raise ValueError("Expected metric, received `None`")
    if str(identifier).lower() in ("accuracy", "acc"):
        is_binary = y_pred.shape[-1] == 1
        is_sparse = len(y_true.shape) < len(y_pred.shape) or (y_true.shape[-1] == 1 and y_pred.shape[-1] > 1)
        cls = (
            _metrics_builtin.BinaryAccuracy
            if is_binary
            else _metrics_builtin.SparseCategoricalAccuracy
            if is_sparse
            else _metrics_builtin.CategoricalAccuracy
        )
        metric = cls(name=str(identifier))
    else:
        metric = get_metric(identifier)
    name = identifier if isinstance(identifier, str) else getattr(metric, "name", None) or metric.__name__
    if not isinstance(metric, Metric):
        metric = MeanMetricWrapper(metric)
    metric.name = name
    return metric


def compile_loss(identifier, y_true, y_pred):
    """The loss ``Model.compile(loss=identifier)`` uses, as Keras 3's ``get_loss``:
    ``'crossentropy'``/``'ce'`` pick binary, sparse or categorical cross-entropy; a function is
    wrapped in ``LossFunctionWrapper`` named after the identifier."""
    if identifier is None:
        return None
    if str(identifier).lower() in ("crossentropy", "ce"):
        is_binary = y_pred.shape[-1] == 1
        is_sparse = len(y_true.shape) < len(y_pred.shape) or (y_true.shape[-1] == 1 and y_pred.shape[-1] > 1)
        loss = (
            _loss_functions.binary_crossentropy
            if is_binary
            else _loss_functions.sparse_categorical_crossentropy
            if is_sparse
            else _loss_functions.categorical_crossentropy
        )
    else:
        loss = get_loss(identifier)
    if not isinstance(loss, Loss):
        name = identifier if isinstance(identifier, str) else getattr(loss, "__name__", None)
        loss = LossFunctionWrapper(loss, name=name)
    return loss
