"""What ``Model.compile`` resolves: the optimizer, the loss of each output, the metrics.

Metrics are objects with ``update_state(y_true, y_pred)``, ``result()``, ``reset_state()``
and ``name`` (``tf.keras.metrics`` objects, or your own); the names ``'accuracy'``, ``'mae'``,
``'mse'`` (and their long spellings) make a running mean of Keras' per-sample function, as
Keras 3 does. Their state is Variables, so the compiled train step updates them.
"""

from __future__ import annotations

import numpy as np

from .._core.convert import convert_to_tensor
from .._ops import math_ops as _math
from .._ops.array_ops import cast, squeeze
from .._ops.reduction_ops import argmax, reduce_mean, reduce_sum
from . import losses, optimizers
from ._variable import KerasVariable

_OPTIMIZERS = {"sgd": "SGD", "adam": "Adam", "rmsprop": "RMSprop", "adagrad": "Adagrad", "adamw": "AdamW",
               "adamax": "Adamax", "nadam": "Nadam", "adadelta": "Adadelta", "ftrl": "Ftrl", "lion": "Lion"}
_LOSSES = {"mse": "mean_squared_error", "mae": "mean_absolute_error",
           "mape": "mean_absolute_percentage_error", "msle": "mean_squared_logarithmic_error",
           "bce": "binary_crossentropy",
           "cce": "categorical_crossentropy", "scce": "sparse_categorical_crossentropy"}


def get_optimizer(identifier):
    """An optimizer from a name (``'adam'``, Keras' defaults) or the object itself."""
    if isinstance(identifier, str):
        cls = getattr(optimizers, _OPTIMIZERS.get(identifier.lower(), ""), None)
        if cls is None:
            raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
        return cls()
    return identifier


def get_loss(identifier):
    """A loss object (reduced to a scalar) from a name, a function ``f(y_true, y_pred)`` or a Loss."""
    if identifier is None or isinstance(identifier, losses.Loss):
        return identifier
    if isinstance(identifier, str):
        fn = getattr(losses, _LOSSES.get(identifier, identifier), None)
        if fn is None or not callable(fn) or isinstance(fn, type):
            raise ValueError(f"Could not interpret loss identifier: {identifier}")
        return losses.LossFunctionWrapper(fn, name=identifier)
    if callable(identifier):
        return losses.LossFunctionWrapper(identifier, name=getattr(identifier, "__name__", "loss"))
    raise ValueError(f"Could not interpret loss identifier: {identifier}")


class Mean:
    """A running weighted mean held in two Variables (Keras' ``Mean`` metric, for ``fit``'s own use)."""

    def __init__(self, name: str = "mean"):
        self.name = name
        self.total = KerasVariable(np.float32(0), trainable=False, name="total", path=f"{name}/total")
        self.count = KerasVariable(np.float32(0), trainable=False, name="count", path=f"{name}/count")

    def update_state(self, values, sample_weight=None) -> None:
        values = cast(convert_to_tensor(values), "float32")
        if sample_weight is None:
            total, count = reduce_sum(values), values.shape.num_elements()
        else:  # a scalar weight: Keras' loss tracker weighs each batch's loss by its size
            weight = cast(convert_to_tensor(sample_weight), "float32")
            total, count = reduce_sum(values) * weight, weight
        self.total.assign_add(total)
        self.count.assign_add(cast(convert_to_tensor(count), "float32"))

    def result(self):
        return _math.divide_no_nan(self.total, self.count)

    def reset_state(self) -> None:
        self.total.assign(np.float32(0))
        self.count.assign(np.float32(0))

    @property
    def variables(self) -> list:
        return [self.total, self.count]


class MeanMetricWrapper(Mean):
    """The running mean of ``fn(y_true, y_pred)`` (one value per sample)."""

    def __init__(self, fn, name: str):
        super().__init__(name)
        self._fn = fn

    def update_state(self, y_true, y_pred, sample_weight=None) -> None:
        super().update_state(self._fn(y_true, y_pred))


def _sparse_categorical_accuracy(y_true, y_pred):
    y_true, y_pred = convert_to_tensor(y_true), convert_to_tensor(y_pred)
    if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] == 1:
        y_true = squeeze(y_true, -1)
    return cast(_math.equal(cast(y_true, "int64"), argmax(y_pred, -1)), "float32")


def _categorical_accuracy(y_true, y_pred):
    return cast(_math.equal(argmax(y_true, -1), argmax(y_pred, -1)), "float32")


def _binary_accuracy(y_true, y_pred, threshold=0.5):
    y_pred = cast(_math.greater(convert_to_tensor(y_pred), threshold), "float32")
    return reduce_mean(cast(_math.equal(cast(convert_to_tensor(y_true), "float32"), y_pred), "float32"),
                       axis=-1)


def get_metric(identifier, y_true, y_pred, loss):
    """A metric object from a name (Keras 3's choice of accuracy by shapes and loss) or an object."""
    if not isinstance(identifier, str):
        if callable(identifier) and not hasattr(identifier, "update_state"):
            return MeanMetricWrapper(identifier, getattr(identifier, "__name__", "metric"))
        return identifier
    name = identifier
    if name in ("accuracy", "acc"):
        binary = getattr(loss, "fn", None) is losses.binary_crossentropy
        if binary or (y_pred.shape and y_pred.shape[-1] == 1):
            return MeanMetricWrapper(_binary_accuracy, name)
        if len(y_true.shape) == len(y_pred.shape) and y_true.shape[-1] != 1:
            return MeanMetricWrapper(_categorical_accuracy, name)
        return MeanMetricWrapper(_sparse_categorical_accuracy, name)
    functions = {"sparse_categorical_accuracy": _sparse_categorical_accuracy,
                 "categorical_accuracy": _categorical_accuracy, "binary_accuracy": _binary_accuracy}
    fn = functions.get(name) or getattr(losses, _LOSSES.get(name, name), None)
    if fn is None or isinstance(fn, type):
        raise ValueError(f"Could not interpret metric identifier: {identifier}")
    return MeanMetricWrapper(fn, name)


class CompileMetrics:
    """The compiled metrics of every output, built on the first batch (``name='compile_metrics'``)."""

    name = "compile_metrics"

    def __init__(self, metrics, output_names: list):
        self._spec, self.output_names = metrics, output_names
        self.metrics: list = []
        self._per_output: list = []
        self.built = False

    def build(self, y_true: list, y_pred: list, losses_: list) -> None:
        per_output = _per_output(self._spec, self.output_names, "metrics")
        prefix = len(self.output_names) > 1
        outputs = zip(self.output_names, per_output, y_true, y_pred, losses_, strict=True)
        for name, spec, yt, yp, loss in outputs:
            made = [get_metric(m, yt, yp, loss) for m in (spec or [])]
            if prefix:
                for metric in made:
                    metric.name = f"{name}_{metric.name}"
            self._per_output.append(made)
            self.metrics += made
        self.built = True

    def update_state(self, y_true: list, y_pred: list) -> None:
        for metrics, yt, yp in zip(self._per_output, y_true, y_pred, strict=True):
            for metric in metrics:
                metric.update_state(yt, yp)

    def result(self) -> dict:
        return {m.name: m.result() for m in self.metrics}

    def reset_state(self) -> None:
        for metric in self.metrics:
            metric.reset_state()


def _per_output(spec, output_names: list, what: str) -> list:
    """``spec`` given per output (a list, or a dict by output name) or once for all of them."""
    if isinstance(spec, dict):
        unknown = [k for k in spec if k not in output_names]
        if unknown:
            raise ValueError(f"In the dict argument `{what}`, keys {unknown} do not match any model "
                             f"output. Model output names: {output_names}")
        return [spec.get(name) for name in output_names]
    if what == "metrics":
        nested = isinstance(spec, (list, tuple)) and len(output_names) > 1 and all(
            isinstance(s, (list, tuple)) or s is None for s in spec)
        return list(spec) if nested else [spec] * len(output_names)
    if isinstance(spec, (list, tuple)):
        if len(spec) != len(output_names):
            raise ValueError(f"For a model with multiple outputs, when providing the `{what}` argument as "
                             f"a list, it should have as many entries as the model has outputs. Received:"
                             f"\n{what}={list(spec)}\nof length {len(spec)} whereas the model has "
                             f"{len(output_names)} outputs.")
        return list(spec)
    return [spec] * len(output_names)


class CompileLoss:
    """The loss of every output, weighted and summed (Keras 3's ``CompileLoss``)."""

    def __init__(self, loss, loss_weights, output_names: list):
        self.output_names = output_names
        self.losses = [get_loss(spec) for spec in _per_output(loss, output_names, "loss")]
        weights = _per_output(loss_weights, output_names, "loss_weights")
        self.weights = [1.0 if w is None else float(w) for w in weights]
        # A model of several outputs logs each output's loss as ``<output name>_loss``.
        self.trackers = [Mean(f"{n}_loss") for n, fn in zip(output_names, self.losses, strict=True)
                         if fn is not None] if len(output_names) > 1 else []

    def __call__(self, y_true: list, y_pred: list):
        total, parts = None, []
        for fn, weight, yt, yp in zip(self.losses, self.weights, y_true, y_pred, strict=True):
            if fn is None:
                continue
            value = fn(yt, yp)
            parts.append(value)
            value = value * weight if weight != 1.0 else value
            total = value if total is None else total + value
        if total is None:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        return total, parts
