"""Trainer: ``compile``, ``fit``, ``evaluate``, ``predict`` and the ``*_on_batch`` calls.

Each step is ONE ``tapejax.function``: the train step runs the model under a GradientTape,
takes the gradient of the loss and applies the optimizer, and updates the loss and metric
Variables, all inside one compiled call (traced once per input signature, as Keras' TF
backend traces its ``train_function``). ``fit`` only slices batches and calls it.
"""

from __future__ import annotations

import jax
import numpy as np

from ..backend.api import GradientTape, function
from ..backend.core import TensorLike
from ..backend.distribute import get_strategy, step_distribution
from ..backend.recording import deferred
from ..backend.variables import KerasVariable
from ..callbacks.callback_list import CallbackList, pythonify
from ..losses.lookup import get_loss
from ..metrics.reduction_metrics import Mean
from ..optimizers.lookup import get_optimizer
from .compile_utils import CompileLoss, CompileMetrics
from .epoch_iterator import (
    EpochIterator,
    as_arrays,
    batch_of,
    batch_size_of,
    take_batch,
    train_validation_split,
    unpack,
)


class Trainer:
    """The training entry points of ``tf.keras.Model`` (Keras 3's behaviour)."""

    compiled = False
    stop_training = False
    _initial_epoch = None  # set by BackupAndRestore on resuming
    history = None
    _compile_loss = _compile_metrics = _loss_tracker = optimizer = None
    loss = None  # what compile was given, as Keras 3 keeps it (``model.loss``)
    # Compiled in a tf.distribute strategy's scope (several replicas): how each step runs over
    # its mesh (tapejax/distribute/_global_step.py); None otherwise.
    _distribution = None

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
            if str(spec).lower() not in ("crossentropy", "ce"):
                get_loss(spec)  # an unknown name fails here, as in Keras
        self.loss = self._loss_spec = loss
        self._loss_weights = loss_weights
        self._metrics_spec, self._weighted_metrics_spec = metrics, weighted_metrics
        self.steps_per_execution = int(steps_per_execution)
        self._compile_loss = self._compile_metrics = None
        self._loss_tracker = Mean(name="loss")
        self.run_eagerly = bool(run_eagerly)
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
        """The loss tracker, then the compiled metrics (once built by a first batch), as Keras 3."""
        found = [self._loss_tracker] if self._loss_tracker is not None else []
        if self._compile_metrics is not None and self._compile_metrics.built:
            found.append(self._compile_metrics)
        if self._compile_loss is not None and self._compile_loss.trackers:
            found += self._compile_loss.trackers
        return found

    @property
    def metrics_names(self) -> list:
        return [m.name for m in self.metrics]

    def reset_metrics(self) -> None:
        for metric in self.metrics:
            metric.reset_state()

    def get_metrics_result(self) -> dict:
        """The metrics' current values, by name (Keras' log keys), sorted as TF's logs are."""
        logs = {}
        for metric in self.metrics:
            result = metric.result()
            logs.update(result if isinstance(result, dict) else {metric.name: result})
        return dict(sorted(logs.items()))

    # -- steps ------------------------------------------------------------------------------
    def _outputs_list(self, y_pred) -> list:
        return list(y_pred) if isinstance(y_pred, (list, tuple)) else [y_pred]

    def _targets_list(self, y, names: list) -> list:
        if isinstance(y, dict):
            return [y.get(name) for name in names]
        return list(y) if isinstance(y, (list, tuple)) and len(names) > 1 else [y]

    def _compute_loss(self, x, y, y_pred, sample_weight=None):
        names = self._output_names(y_pred)
        y_true, y_pred = self._targets_list(y, names), self._outputs_list(y_pred)
        if sample_weight is not None:
            sample_weight = self._targets_list(sample_weight, names)
            if len(sample_weight) < len(y_true):  # one array for every output
                sample_weight = sample_weight[:1] * len(y_true)
        if self._compile_loss is None:
            self._compile_loss = CompileLoss(self._loss_spec, self._loss_weights, names)
            self._compile_metrics = CompileMetrics(self._metrics_spec, self._weighted_metrics_spec, names)
        loss, parts = self._compile_loss(y_true, y_pred, sample_weight)
        self._loss_tracker.update_state(loss, sample_weight=batch_size_of(x))
        for tracker, part in zip(
            self._compile_loss.trackers, parts if self._compile_loss.trackers else [], strict=True
        ):
            tracker.update_state(part, sample_weight=batch_size_of(x))
        if not self._compile_metrics.built:
            self._compile_metrics.build(y_true, y_pred)
        self._compile_metrics.update_state(y_true, y_pred, sample_weight)
        return loss

    def _output_names(self, y_pred) -> list:
        names = getattr(self, "output_names", None)
        outputs = self._outputs_list(y_pred)
        if names and len(names) == len(outputs):
            return list(names)
        return [f"output_{i}" for i in range(len(outputs))] if len(outputs) > 1 else ["output"]

    def train_step(self, data):
        """One step of training on a batch: forward under a tape, gradient, optimizer update."""
        x, y, sample_weight = unpack(data)
        with GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self._compute_loss(x, y, y_pred, sample_weight)
        variables = self.trainable_weights
        if variables:
            grads = tape.gradient(loss, variables)
            self.optimizer.apply_gradients(zip(grads, variables, strict=True))
        return self.get_metrics_result()

    def test_step(self, data):
        x, y, sample_weight = unpack(data)
        self._compute_loss(x, y, self(x, training=False), sample_weight)
        return self.get_metrics_result()

    def predict_step(self, data):
        x, _, _ = unpack(data)
        return self(x, training=False)

    def _step_function(self, kind: str):
        """The compiled ``<kind>_step`` of each batch of a tuple of batches, in one call
        (``self.train_function`` etc.): the last batch's logs, or every batch's predictions."""
        name = f"{kind}_function"
        if getattr(self, name, None) is None:
            step = self._distributed_step(kind)

            def multi_step(batches):
                results = [step(batch) for batch in batches]
                return results if kind == "predict" else results[-1]

            setattr(self, name, self._placed(multi_step, split=True))
        return getattr(self, name)

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
            return self._step_function(kind)
        if getattr(self, "_batch_position", None) is None:  # where the next batch starts
            self._batch_position = KerasVariable(np.int32(0), trainable=False, name="batch_position")
        self._batch_position.assign(np.int32(0))
        return self._sliced_function(kind)

    def _steps_per_execution(self) -> int:
        return 1 if getattr(self, "run_eagerly", False) else getattr(self, "steps_per_execution", 1)

    def _assert_compiled(self) -> None:
        if not self.compiled:
            raise ValueError("You must call `compile()` before using the model.")

    # -- loops --------------------------------------------------------------------------------
    def fit(
        self,
        x=None,
        y=None,
        batch_size=None,
        epochs=1,
        verbose="auto",
        callbacks=None,
        validation_split=0.0,
        validation_data=None,
        shuffle=True,
        class_weight=None,
        sample_weight=None,
        initial_epoch=0,
        steps_per_epoch=None,
        validation_steps=None,
        validation_batch_size=None,
        validation_freq=1,
    ):
        """Trains for ``epochs`` epochs; returns the ``History`` of each epoch's logs.

        Args:
          x, y: arrays (numpy, tensors, lists/dicts of them for several inputs/outputs), or
            ``x`` alone as an iterable of ``(x, y)`` batches (a ``tf.data.Dataset``).
          batch_size: samples per step for arrays (32 by default).
          epochs: the number of passes over the data.
          verbose: 0 silent, 1 (``'auto'``) a progress bar, 2 one line per epoch.
          callbacks: ``tf.keras.callbacks.Callback`` objects.
          validation_split: the fraction of the arrays (the last samples) kept for validation.
          validation_data: ``(x_val, y_val)`` or an iterable of batches, evaluated each epoch.
          shuffle: shuffle the arrays each epoch (numpy's generator, not TF's).
          sample_weight: a weight per sample (arrays), multiplying its loss and its weighted
            metrics.
          class_weight: a dict ``{class: weight}``, each sample weighing its class's weight.
        """
        self._assert_compiled()
        if validation_split and validation_data is None:
            (x, y, sample_weight), validation_data = train_validation_split(
                x, y, validation_split, sample_weight
            )
        iterator = EpochIterator(
            x,
            y,
            batch_size,
            shuffle,
            steps_per_epoch,
            sample_weight,
            class_weight,
            self._steps_per_execution(),
        )
        callbacks = CallbackList(
            callbacks,
            add_history=True,
            add_progbar=verbose != 0,
            model=self,
            verbose=verbose,
            epochs=epochs,
            steps=iterator.num_batches,
        )
        train = self._runner("train", iterator)
        self.stop_training = False
        callbacks.on_train_begin()
        logs, epoch_logs = {}, None
        initial_epoch = self._initial_epoch or initial_epoch
        for epoch in range(initial_epoch, epochs):
            self.reset_metrics()
            callbacks.on_epoch_begin(epoch)
            if iterator.arrays and epoch > initial_epoch:
                self._batch_position.assign(np.int32(0))
            with deferred():  # a step's runtime checks are read as the next step starts
                for step, end, batch in iterator:
                    callbacks.on_train_batch_begin(step)
                    logs = train(*batch)
                    callbacks.on_train_batch_end(end, logs)
                    if self.stop_training:
                        break
            epoch_logs = pythonify(logs)
            if validation_data is not None and _should_eval(epoch, validation_freq):
                val_x, val_y, val_w = (
                    unpack(validation_data)
                    if isinstance(validation_data, tuple)
                    else (validation_data, None, None)
                )
                val_logs = self.evaluate(
                    val_x,
                    val_y,
                    batch_size=validation_batch_size or batch_size,
                    sample_weight=val_w,
                    steps=validation_steps,
                    callbacks=callbacks,
                    return_dict=True,
                    _silent=True,
                )
                epoch_logs.update({f"val_{k}": v for k, v in val_logs.items()})
            callbacks.on_epoch_end(epoch, epoch_logs)
            if self.stop_training:
                break
        callbacks.on_train_end(epoch_logs)
        return callbacks.history

    def evaluate(
        self,
        x=None,
        y=None,
        batch_size=None,
        verbose="auto",
        sample_weight=None,
        steps=None,
        callbacks=None,
        return_dict=False,
        **kwargs,
    ):
        """The loss and metrics over the data: a float, a list ``[loss, *metrics]`` or a dict."""
        self._assert_compiled()
        silent = kwargs.pop("_silent", False)
        if kwargs:
            raise ValueError(f"Arguments not recognized: {kwargs}")
        iterator = EpochIterator(
            x, y, batch_size, False, steps, sample_weight, steps_per_execution=self._steps_per_execution()
        )
        if not isinstance(callbacks, CallbackList):
            callbacks = CallbackList(
                callbacks,
                add_progbar=verbose != 0 and not silent,
                model=self,
                verbose=verbose,
                epochs=1,
                steps=iterator.num_batches,
            )
        test = self._runner("test", iterator)
        callbacks.on_test_begin()
        self.reset_metrics()
        logs = {}
        with deferred():
            for step, end, batch in iterator:
                callbacks.on_test_batch_begin(step)
                logs = test(*batch)
                callbacks.on_test_batch_end(end, logs)
        logs = pythonify(logs)
        callbacks.on_test_end(logs)
        return logs if return_dict else self._in_metrics_order(logs)

    def _in_metrics_order(self, logs: dict):
        names = []
        for metric in self.metrics:
            names += metric.result_names if isinstance(metric, CompileMetrics) else [metric.name]
        values = [logs[n] for n in names if n in logs] + [logs[k] for k in sorted(logs) if k not in names]
        return values[0] if len(values) == 1 else values

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        """The model's outputs for ``x``, computed batch by batch; numpy arrays."""
        iterator = EpochIterator(
            x, None, batch_size, False, steps, steps_per_execution=self._steps_per_execution()
        )
        callbacks = CallbackList(
            callbacks,
            add_progbar=verbose != 0,
            model=self,
            verbose=verbose,
            epochs=1,
            steps=iterator.num_batches,
        )
        run = self._runner("predict", iterator)
        callbacks.on_predict_begin()
        outputs = []
        for step, end, batch in iterator:
            callbacks.on_predict_batch_begin(step)
            outputs += run(*batch)
            callbacks.on_predict_batch_end(end, {"outputs": outputs[-1]})
        callbacks.on_predict_end()
        return jax.tree_util.tree_map(
            lambda *parts: np.concatenate([np.asarray(p) for p in parts]),
            *outputs,
            is_leaf=lambda t: isinstance(t, TensorLike),
        )

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None, return_dict=False):
        """One training step on one batch; the metrics' values since the last ``reset_metrics``."""
        self._assert_compiled()
        if class_weight is not None:
            sample_weight = EpochIterator(x, y, class_weight=class_weight).data[-1]
        self.reset_metrics()  # Keras 3 reports this batch alone
        logs = pythonify(self._step_function("train")((batch_of(x, y, sample_weight),)))
        return logs if return_dict else self._in_metrics_order(logs)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        self._assert_compiled()
        self.reset_metrics()
        logs = pythonify(self._step_function("test")((batch_of(x, y, sample_weight),)))
        return logs if return_dict else self._in_metrics_order(logs)

    def predict_on_batch(self, x):
        out = self._step_function("predict")(((as_arrays(x),),))[0]
        return jax.tree_util.tree_map(np.asarray, out, is_leaf=lambda t: isinstance(t, TensorLike))


def _should_eval(epoch: int, validation_freq) -> bool:
    if isinstance(validation_freq, int):
        return (epoch + 1) % validation_freq == 0
    return epoch + 1 in validation_freq
