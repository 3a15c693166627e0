"""What ``Model.compile`` resolves: the optimizer, the loss of each output, the metrics.

Names, classes and functions are looked up by ``losses/lookup.py``, ``metrics/lookup.py`` and
``optimizers/lookup.py`` (Keras 3's identifiers, shared with ``tf.keras.optimizers.get``/
``losses.get``/``metrics.get``), so
``compile(metrics=[...])`` accepts every metric ``tf.keras.metrics`` has: ``'accuracy'``
(binary, sparse or categorical by the shapes of the first batch, as Keras 3), ``'mae'``,
``'mse'``, ``'AUC'``, ``AUC()``, ``Precision()``, a function ``f(y_true, y_pred)``...
Metric state is Variables, so the compiled train step updates it.
"""

from __future__ import annotations

from ..losses import loss_functions as _loss_functions
from ..losses.lookup import get_loss
from ..losses.loss import Loss, LossFunctionWrapper
from ..metrics import builtin_metrics as _metrics_builtin
from ..metrics.lookup import get_metric
from ..metrics.metric import Metric
from ..metrics.reduction_metrics import Mean, MeanMetricWrapper
from .epoch_iterator import batch_size_of


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


def output_names_of(y_pred, model_names) -> list:
    """The names of the outputs in ``y_pred``: the model's (``output_names``) when they match
    in number, else ``output_<i>`` (``output`` for one), as Keras' log keys name them."""
    if isinstance(y_pred, dict):
        return list(y_pred)
    count = len(y_pred) if isinstance(y_pred, (list, tuple)) else 1
    if model_names and len(model_names) == count:
        return list(model_names)
    return [f"output_{i}" for i in range(count)] if count > 1 else ["output"]


def flat_outputs(y_pred, names: list) -> list:
    if isinstance(y_pred, dict):
        return [y_pred[name] for name in names]
    return list(y_pred) if isinstance(y_pred, (list, tuple)) else [y_pred]


def flat_targets(y, names: list) -> list:
    """``y`` (or sample weights) given for every output: by name, as a list, or one for all."""
    if isinstance(y, dict):
        return [y.get(name) for name in names]
    return list(y) if isinstance(y, (list, tuple)) and len(names) > 1 else [y]


def _flat_weights(sample_weight, names: list, count: int):
    if sample_weight is None:
        return [None] * count
    weights = flat_targets(sample_weight, names)
    return weights[:1] * count if len(weights) < count else weights  # one array for every output


class CompileMetrics:
    """The compiled metrics (and weighted metrics) of every output, built on the first batch
    (Keras 3's ``CompileMetrics``, named ``'compile_metrics'``): ``update_state(y, y_pred,
    sample_weight)`` takes the model's targets and outputs as they are (one, a list, a dict)."""

    name = "compile_metrics"

    def __init__(self, metrics, weighted_metrics, output_names: list | None = None):
        for arg, value in (("metrics", metrics), ("weighted_metrics", weighted_metrics)):
            if value and not isinstance(value, (list, tuple, dict)):
                raise ValueError(
                    f"Expected `{arg}` argument to be a list, tuple, or dict. Received "
                    f"instead: {arg}={value} of type {type(value)}"
                )
        self._specs, self._model_names = (metrics, weighted_metrics), output_names
        self.output_names: list = []
        self._plain: list = []  # per output: its metrics (no sample weights)
        self._weighted: list = []  # per output: its weighted metrics
        self._keys: list = []
        self.built = False

    @property
    def metrics(self) -> list:
        return [m for group in self._plain + self._weighted for m in group]

    def build(self, y_true, y_pred) -> None:
        self.output_names = output_names_of(y_pred, self._model_names)
        y_pred = flat_outputs(y_pred, self.output_names)
        y_true = flat_targets(y_true, self.output_names)
        several = len(self.output_names) > 1
        for spec, into in zip(self._specs, (self._plain, self._weighted), strict=True):
            per_output = _per_output(spec, self.output_names, "metrics") if spec else [None] * len(y_pred)
            for given, yt, yp in zip(per_output, y_true, y_pred, strict=True):
                names = [] if given is None else given if isinstance(given, (list, tuple)) else [given]
                into.append([compile_metric(m, yt, yp) for m in names])
        # Keras prefixes a metric's log key with its output's name when there are several outputs;
        # a weighted metric whose name is taken is logged as ``weighted_<name>``.
        self._keys, seen = [], set()
        for weighted, groups in ((False, self._plain), (True, self._weighted)):
            for out_name, group in zip(self.output_names, groups, strict=True):
                for metric in group:
                    key = f"{out_name}_{metric.name}" if several else metric.name
                    if key in seen:
                        key = (
                            f"{out_name}_weighted_{metric.name}"
                            if (weighted and several)
                            else (f"weighted_{metric.name}" if weighted else f"{key}_1")
                        )
                    seen.add(key)
                    self._keys.append((key, metric))
        self.built = True

    def update_state(self, y_true, y_pred, sample_weight=None) -> None:
        if not self.built:
            self.build(y_true, y_pred)
        y_pred = flat_outputs(y_pred, self.output_names)
        y_true = flat_targets(y_true, self.output_names)
        for group, yt, yp in zip(self._plain, y_true, y_pred, strict=True):
            for metric in group:
                metric.update_state(yt, yp)
        weights = _flat_weights(sample_weight, self.output_names, len(y_true))
        for group, yt, yp, sw in zip(self._weighted, y_true, y_pred, weights, strict=True):
            for metric in group:
                metric.update_state(yt, yp, sample_weight=sw)

    def result(self) -> dict:
        if not self.built:
            raise ValueError("Cannot get result() since the metric has not yet been built.")
        return {key: metric.result() for key, metric in self._keys}

    @property
    def result_names(self) -> list:
        return [key for key, _ in self._keys]

    def reset_state(self) -> None:
        for metric in self.metrics:
            metric.reset_state()

    @property
    def variables(self) -> list:
        return [v for m in self.metrics for v in m.variables]


def _per_output(spec, output_names: list, what: str) -> list:
    """``spec`` given per output (a list, or a dict by output name) or once for all of them."""
    if isinstance(spec, dict):
        unknown = [k for k in spec if k not in output_names]
        if unknown:
            raise ValueError(
                f"In the dict argument `{what}`, keys {unknown} do not match any model "
                f"output. Model output names: {output_names}"
            )
        return [spec.get(name) for name in output_names]
    if what == "metrics":
        nested = (
            isinstance(spec, (list, tuple))
            and len(output_names) > 1
            and len(spec) == len(output_names)
            and all(isinstance(s, (list, tuple)) or s is None for s in spec)
        )
        return list(spec) if nested else [spec] * len(output_names)
    if isinstance(spec, (list, tuple)):
        if len(spec) != len(output_names):
            raise ValueError(
                f"For a model with multiple outputs, when providing the `{what}` argument as "
                f"a list, it should have as many entries as the model has outputs. Received:"
                f"\n{what}={list(spec)}\nof length {len(spec)} whereas the model has "
                f"{len(output_names)} outputs."
            )
        return list(spec)
    return [spec] * len(output_names)


class CompileLoss:
    """The loss of every output, weighted and summed (Keras 3's ``CompileLoss``), built on the
    first batch ('crossentropy' picks its kind by the shapes, as Keras 3). Called with the
    model's targets and outputs as they are; a model of several outputs also tracks each
    output's (unweighted) loss as ``<output name>_loss`` (its ``metrics``)."""

    name = "compile_loss"

    def __init__(self, loss, loss_weights, output_names: list | None = None):
        self._loss, self._loss_weights, self._model_names = loss, loss_weights, output_names
        self.output_names: list = []
        self.metrics: list = []
        self.losses = None
        self.built = False

    @property
    def trackers(self) -> list:
        return self.metrics

    def build(self, y_true, y_pred) -> None:
        names = self.output_names = output_names_of(y_pred, self._model_names)
        self._specs = _per_output(self._loss, names, "loss")
        weights = _per_output(self._loss_weights, names, "loss_weights")
        self.weights = [1.0 if w is None else float(w) for w in weights]
        if len(names) > 1:
            self.metrics = [
                Mean(name=f"{n}_loss") for n, spec in zip(names, self._specs, strict=True) if spec is not None
            ]
        self.losses = [
            compile_loss(spec, yt, yp)
            for spec, yt, yp in zip(
                self._specs, flat_targets(y_true, names), flat_outputs(y_pred, names), strict=True
            )
        ]
        self.built = True

    def __call__(self, y_true, y_pred, sample_weight=None):
        if not self.built:
            self.build(y_true, y_pred)
        y_pred = flat_outputs(y_pred, self.output_names)
        y_true = flat_targets(y_true, self.output_names)
        weights = _flat_weights(sample_weight, self.output_names, len(y_true))
        total, trackers = None, iter(self.metrics)
        for fn, weight, yt, yp, sw in zip(self.losses, self.weights, y_true, y_pred, weights, strict=True):
            if fn is None:
                continue
            value = fn(yt, yp, sample_weight=sw)
            tracker = next(trackers, None)
            if tracker is not None:
                tracker.update_state(value, sample_weight=batch_size_of(yp))
            value = value * weight if weight != 1.0 else value
            total = value if total is None else total + value
        return total
