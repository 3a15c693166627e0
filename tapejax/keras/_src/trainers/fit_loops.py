"""``fit``, ``evaluate``, ``predict`` and the ``*_on_batch`` calls: the loops around the steps.

Each loop cuts the data in batches (``epoch_iterator.py``), calls the step function
(``Trainer.make_train_function`` and siblings, or the step that slices arrays already on the
device) and the callbacks, with logs as Keras 3 gives them: flat dicts (a step's nested dict of
metric results is flattened), never None.
"""

from __future__ import annotations

import jax
import numpy as np

from ..backend.core import TensorLike
from ..backend.recording import deferred
from ..callbacks.callback_list import CallbackList, pythonify
from .compile_utils import CompileMetrics
from .data_adapter_utils import unpack_x_y_sample_weight
from .epoch_iterator import EpochIterator, as_arrays, batch_of, train_validation_split


class FitLoops:
    """The loops of ``tf.keras.Model`` (a mixin of :class:`Trainer`, whose steps it calls)."""

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
                    unpack_x_y_sample_weight(validation_data)
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
        if epochs > 0 and self.optimizer is not None:  # Keras 3: the moving averages of use_ema
            self.optimizer.finalize_variable_values(self.trainable_weights)
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
        logs = pythonify(self.make_train_function()((batch_of(x, y, sample_weight),)))
        return logs if return_dict else self._in_metrics_order(logs)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        self._assert_compiled()
        self.reset_metrics()
        logs = pythonify(self.make_test_function()((batch_of(x, y, sample_weight),)))
        return logs if return_dict else self._in_metrics_order(logs)

    def predict_on_batch(self, x):
        out = self.make_predict_function()(((as_arrays(x),),))[0]
        return jax.tree_util.tree_map(np.asarray, out, is_leaf=lambda t: isinstance(t, TensorLike))


def _should_eval(epoch: int, validation_freq) -> bool:
    if isinstance(validation_freq, int):
        return (epoch + 1) % validation_freq == 0
    return epoch + 1 in validation_freq
