"""Trainer: ``compile``, the loss and metrics of a step, and the step functions.

Each step is ONE ``tapejax.function``: the train step runs the model under a GradientTape,
takes the gradient of the loss and applies the optimizer, and updates the loss and metric
Variables, all inside one compiled call (traced once per input signature, as Keras' TF
backend traces its ``train_function``). ``fit`` only slices batches and calls it
(``fit_loops.py``). ``train_step``/``test_step``/``predict_step``, ``compute_loss`` and
``compute_metrics`` are called exactly as Keras 3 calls them, so a subclass overriding any of
them runs unchanged.
"""

from __future__ import annotations

import functools
import inspect
import itertools
import warnings

import numpy as np

from ..backend.api import GradientTape, function
from ..backend.distribute import get_strategy, step_distribution
from ..backend.ops import cast as _cast
from ..backend.ops import reduce_sum as _reduce_sum
from ..backend.variables import KerasVariable
from ..losses.lookup import get_loss
from ..metrics.metric import Metric
from ..metrics.reduction_metrics import Mean
from ..optimizers.lookup import get_optimizer
from .compile_utils import CompileLoss, CompileMetrics
from .data_adapter_utils import unpack_x_y_sample_weight
from .epoch_iterator import batch_size_of, take_batch
from .fit_loops import FitLoops


class Trainer(FitLoops):
    """The training entry points of ``tf.keras.Model`` (Keras 3's behaviour)."""

    compiled = False
    stop_training = False
    _initial_epoch = None  # set by BackupAndRestore on resuming
    history = None
    _compile_loss = _compile_metrics = _loss_tracker = optimizer = None
    loss = None  # what compile was given, as Keras 3 keeps it (``model.loss``)
    train_function = test_function = predict_function = None
    steps_per_execution = 1
    # Compiled in a tf.distribute strategy's scope (several replicas): how each step runs over
    # its mesh (tapejax/distribute/_global_step.py); None otherwise.
    _distribution = None
    # What compile and fit keep is no checkpoint dependency (Keras 3 tracks none of it under
    # TF, the optimizer aside): a checkpoint holds the layers' and the optimizer's Variables.
    _checkpoint_untracked = frozenset(
        {
            "_batch_position",
            "_compile_loss",
            "_compile_metrics",
            "_loss_tracker",
            "_loss_spec",
            "loss",
            "_loss_weights",
            "_metrics_spec",
            "_weighted_metrics_spec",
        }
    )

    def compile(
        self,
        optimizer="rmsprop",
        loss=None,
        loss_weights=None,
        metrics=None,
        weighted_metrics=None,
        run_eagerly=False,
        steps_per_execution=1,
        jit_compile="auto",
        auto_scale_loss=True,
    ) -> None:
        """Configures training: the optimizer, the loss (of each output) and the metrics.

        Args:
          optimizer: a name (``'adam'``, ``'sgd'``...) or an optimizer object.
          loss: a name (``'mse'``, ``'sparse_categorical_crossentropy'``...), a function
            ``f(y_true, y_pred)`` or a Loss object; for several outputs a list, or a dict by
            output name.
          loss_weights: a float per output (a list or a dict), multiplying its loss.
          metrics: any metric ``tf.keras.metrics`` has: names (``'accuracy'``, ``'mae'``,
            ``'AUC'``...), classes, functions or metric objects; for several outputs a list of
            lists or a dict by output name.
          weighted_metrics: metrics that also weigh each sample by ``sample_weight``.
          run_eagerly: run the steps without compiling them (for debugging).
          steps_per_execution: batches run by one call of the compiled step (callbacks see
            every ``steps_per_execution``-th batch, as in Keras).
        """
        self.optimizer = get_optimizer(optimizer)
        specs = loss.values() if isinstance(loss, dict) else loss
        for spec in specs if isinstance(specs, (list, tuple, type({}.values()))) else [specs]:
            if spec is not None and str(spec).lower() not in ("crossentropy", "ce"):
                get_loss(spec)  # an unknown name fails here, as in Keras
        self.loss = self._loss_spec = loss
        self._loss_weights = loss_weights
        self._metrics_spec, self._weighted_metrics_spec = metrics, weighted_metrics
        names = _model_output_names(self)
        self._compile_loss = CompileLoss(loss, loss_weights, names) if loss is not None else None
        self._compile_metrics = (
            CompileMetrics(metrics, weighted_metrics, names)
            if metrics is not None or weighted_metrics is not None
            else None
        )
        self.steps_per_execution = int(steps_per_execution)
        self._loss_tracker = Mean(name="loss")
        self.run_eagerly = bool(run_eagerly)
        self.jit_compile = False if run_eagerly else jit_compile
        self.stop_training = False
        self.train_function = self.test_function = self.predict_function = None
        self._sliced_train_function = self._sliced_test_function = self._sliced_predict_function = None
        self._distribution = step_distribution()
        self.compiled = True

    @property
    def distribute_strategy(self):
        """The strategy the model was compiled under, else the current one (Keras 3)."""
        return get_strategy() if self._distribution is None else self._distribution.strategy

    # -- metrics ----------------------------------------------------------------------------
    @property
    def metrics(self) -> list:
        """Keras 3's order: the loss tracker, the compiled metrics, each output's loss tracker
        (once compiled), then the metrics held in attributes, the model's and its layers'."""
        found = []
        if self.compiled:
            found.append(self._loss_tracker)
            if self._compile_metrics is not None:
                found.append(self._compile_metrics)
            if self._compile_loss is not None:
                found += self._compile_loss.metrics
        return found + _held_metrics(self)

    @property
    def metrics_names(self) -> list:
        return [m.name for m in self.metrics]

    @property
    def metrics_variables(self) -> list:
        return [v for m in self.metrics for v in m.variables]

    def reset_metrics(self) -> None:
        for metric in self.metrics:
            metric.reset_state()

    def get_metrics_result(self) -> dict:
        """The metrics' current values by name (Keras' log keys); a metric whose result is a
        dict (the compiled metrics) adds each of its entries."""
        logs = {}
        for metric in self.metrics:
            result = metric.result()
            logs.update(result if isinstance(result, dict) else {metric.name: result})
        return logs

    # -- the loss and metrics of a step ---------------------------------------------------------
    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        """The compiled loss of ``y_pred`` against ``y`` plus the model's ``losses`` (added
        losses and weight regularization), as Keras 3 sums them; override it for a custom loss.

        Raises:
          ValueError: when there is no loss at all (none compiled, none added).
        """
        del x, training  # the default loss needs neither (Keras' signature has them)
        losses = []
        if self._compile_loss is not None:
            loss = self._compile_loss(y, y_pred, sample_weight)
            if loss is not None:
                losses.append(loss)
        for added in self.losses:
            losses.append(_reduce_sum(added if added.dtype.is_floating else _cast(added, "float32")))
        if not losses:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        total = losses[0]
        for loss in losses[1:]:
            total = total + loss
        return total

    def _compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        """``compute_loss``, also when an override lacks ``training`` (added in Keras 3.3)."""
        if _takes_training(type(self).compute_loss):
            return self.compute_loss(x, y, y_pred, sample_weight, training=training)
        return self.compute_loss(x, y, y_pred, sample_weight)

    def compute_metrics(self, x, y, y_pred, sample_weight=None) -> dict:
        """Updates the compiled metrics; returns every metric's value (``get_metrics_result``)."""
        del x
        if self._compile_metrics is not None:
            self._compile_metrics.update_state(y, y_pred, sample_weight)
        return self.get_metrics_result()

    # Keras 2's names, which Keras 3 keeps working (with a deprecation warning).
    @property
    def compiled_metrics(self):
        """Deprecated: ``update_state(y, y_pred, sample_weight)`` updates every metric of
        ``self.metrics`` (a ``Mean``, the loss tracker included, with ``y_pred``), as Keras 3."""
        return _DeprecatedCompiledMetrics(self)

    def compiled_loss(self, y, y_pred, sample_weight=None, regularization_losses=None):
        """Deprecated: ``compute_loss(x=None, y=y, y_pred=y_pred, sample_weight=...)``."""
        warnings.warn(
            "`model.compiled_loss()` is deprecated. Instead, use "
            "`model.compute_loss(x, y, y_pred, sample_weight, training)`.",
            stacklevel=2,
        )
        return self.compute_loss(x=None, y=y, y_pred=y_pred, sample_weight=sample_weight)

    # -- steps ------------------------------------------------------------------------------
    def train_step(self, data):
        """One step of training on a batch: forward under a tape, gradient, optimizer update;
        returns ``compute_metrics``' logs."""
        x, y, sample_weight = unpack_x_y_sample_weight(data)
        with GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self._compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight, training=True)
            self._loss_tracker.update_state(loss, sample_weight=batch_size_of(x))
            if self.optimizer is not None:
                loss = self.optimizer.scale_loss(loss)
        variables = self.trainable_weights
        if variables:
            grads = tape.gradient(loss, variables)
            self.optimizer.apply_gradients(zip(grads, variables, strict=True))
        else:
            warnings.warn("The model does not have any trainable weights.", stacklevel=2)
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def test_step(self, data):
        """The loss and metrics of a batch, without training; returns ``compute_metrics``' logs."""
        x, y, sample_weight = unpack_x_y_sample_weight(data)
        y_pred = self(x, training=False)
        loss = self._compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight, training=False)
        self._loss_tracker.update_state(loss, sample_weight=batch_size_of(x))
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)

    def predict_step(self, data):
        """The model's outputs for a batch."""
        x, _, _ = unpack_x_y_sample_weight(data)
        return self(x, training=False)

    def make_train_function(self, force: bool = False):
        """``self.train_function``: runs ``train_step`` on the next ``steps_per_execution``
        batches of an iterator (or iterable) in one compiled call; the last batch's logs."""
        return self._make_function("train", force)

    def make_test_function(self, force: bool = False):
        """``self.test_function``: as ``make_train_function``, with ``test_step``."""
        return self._make_function("test", force)

    def make_predict_function(self, force: bool = False):
        """``self.predict_function``: as ``make_train_function``, with ``predict_step``;
        every batch's outputs, in a list."""
        return self._make_function("predict", force)

    def _make_function(self, kind: str, force: bool):
        name = f"{kind}_function"
        if getattr(self, name, None) is not None and not force:
            return getattr(self, name)
        step = self._distributed_step(kind)

        def multi_step(batches):
            results = [step(batch) for batch in batches]
            return results if kind == "predict" else results[-1]

        compiled = self._placed(multi_step, split=True)
        count = max(int(self.steps_per_execution), 1)

        def run(data):
            batches = data if isinstance(data, tuple) else tuple(itertools.islice(iter(data), count))
            return compiled(batches)

        run.compiled = compiled  # the tapejax.function (its traces)
        setattr(self, name, run)
        return run

    def _sliced_function(self, kind: str):
        """The compiled step that first takes its ``count`` batches out of arrays already on the
        device (``steps_per_execution`` of them fused in one call)."""
        name = f"_sliced_{kind}_function"
        if getattr(self, name, None) is None:
            step = self._distributed_step(kind)

            def sliced(arrays, order, size, count):
                results = [step(take_batch(arrays, order, self._batch_position, size)) for _ in range(count)]
                return results if kind == "predict" else results[-1]

            setattr(self, name, self._placed(sliced, split=False))
        return getattr(self, name)

    # Under a strategy (``_distribution``), a step runs over the global batch split over its
    # replicas, and the arguments of the compiled call are placed on its mesh first.
    def _distributed_step(self, kind: str):
        step = getattr(self, f"{kind}_step")
        return step if self._distribution is None else self._distribution.step(step)

    def _placed(self, fn, split: bool):
        compiled = fn if getattr(self, "run_eagerly", False) else function(fn)
        return compiled if self._distribution is None else self._distribution.call(compiled, split)

    def _runner(self, kind: str, iterator):
        if self._distribution is not None:
            self._distribution.check_variables(self.trainable_weights)
            iterator.sharding = self._distribution.replicated  # the arrays, once on every device
        if not iterator.arrays:
            return self._make_function(kind, force=False)
        if getattr(self, "_batch_position", None) is None:  # where the next batch starts
            self._batch_position = KerasVariable(np.int32(0), trainable=False, name="batch_position")
        self._batch_position.assign(np.int32(0))
        return self._sliced_function(kind)

    def _steps_per_execution(self) -> int:
        return 1 if getattr(self, "run_eagerly", False) else getattr(self, "steps_per_execution", 1)

    def _assert_compiled(self) -> None:
        if not self.compiled:
            raise ValueError("You must call `compile()` before using the model.")


class _DeprecatedCompiledMetrics:
    """What Keras 3's ``model.compiled_metrics`` is: a shim with ``update_state``."""

    def __init__(self, model):
        self._model = model

    def update_state(self, y, y_pred, sample_weight=None) -> None:
        warnings.warn(
            "`model.compiled_metrics()` is deprecated. Instead, use e.g.:\n```\n"
            "for metric in self.metrics:\n    metric.update_state(y, y_pred)\n```\n",
            stacklevel=2,
        )
        for metric in self._model.metrics:
            if isinstance(metric, Mean):
                metric.update_state(y_pred, sample_weight=sample_weight)
            else:
                metric.update_state(y, y_pred, sample_weight=sample_weight)


def _model_output_names(model):
    try:
        return list(model.output_names) if getattr(model, "output_names", None) else None
    except (AttributeError, ValueError):  # a subclassed model not yet called
        return None


def _held_metrics(model) -> list:
    """The Metric objects held in attributes (also lists) of the model and of its layers
    (a nested model's are its own business, as Keras 3), the compiled ones left out."""
    own = {id(model._loss_tracker)} if model._loss_tracker is not None else set()
    found, seen = [], set()

    def visit(obj):
        for value in vars(obj).values():
            for item in value if isinstance(value, (list, tuple)) else (value,):
                if isinstance(item, Metric) and id(item) not in own and id(item) not in seen:
                    seen.add(id(item))
                    found.append(item)

    visit(model)
    stack = list(reversed(getattr(model, "_layers", [])))
    while stack:
        layer = stack.pop()
        if isinstance(layer, Trainer) or id(layer) in seen:
            continue
        seen.add(id(layer))
        visit(layer)
        stack.extend(reversed(layer._layers))
    return found


@functools.cache
def _takes_training(compute_loss) -> bool:
    params = inspect.signature(compute_loss).parameters
    return "training" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())
