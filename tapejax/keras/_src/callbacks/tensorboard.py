"""``TensorBoard``: logs for TensorBoard, as Keras 3's callback writes them under TF 2.21.

Event files go to ``log_dir/train`` and ``log_dir/validation`` (``tf.summary`` file writers,
made on first use and closed at the end of training). Each epoch writes ``epoch_<name>`` for
every log (the ``val_`` ones under ``validation/`` without their prefix) and
``epoch_learning_rate``; each evaluation ``evaluation_<name>_vs_iterations`` at the
optimizer's step. With ``update_freq`` a number n (or ``'batch'``: 1) every training batch's
logs are written as ``batch_<name>`` at the global batch count, and summaries written
anywhere during a batch go to the train writer at that count, recorded when it is a multiple
of n (Keras' ``record_if``, which also holds at epoch ends). ``histogram_freq`` writes each
weight's histogram (``<weight path>/histogram``) every that many epochs, ``write_images``
its image; ``write_graph`` writes the model's config (the ``keras`` tag, TensorBoard's
conceptual graph). No op graph: a tapejax step is a JAX program, not a TF graph.
``profile_batch`` profiles batches with JAX's profiler (Keras 3's JAX backend's way).
"""

from __future__ import annotations

import logging
import os
import sys
import time
import warnings

import numpy as np

from ..backend import summary as tensorboard
from ..optimizers.optimizer import Optimizer
from .callback import Callback


def _is_embedding(layer) -> bool:
    # Keras checks isinstance(layer, Embedding); layers sit above callbacks here, so the class
    # is found by name along the layer's bases.
    return any(cls.__name__ == "Embedding" for cls in type(layer).__mro__)


def keras_model_summary(name, data, step=None):
    """Writes a model's JSON config as TensorBoard's ``graph_keras_model`` summary (False,
    with a warning, when the model cannot be written as JSON)."""
    metadata = tensorboard.plugin_metadata("graph_keras_model", content=b"1")
    try:
        json_string = data.to_json()
    except Exception as exc:  # noqa: BLE001 - as Keras: a summary must never break training
        warnings.warn(f"Model failed to serialize as JSON. Ignoring... {exc}", stacklevel=2)
        return False
    summary = tensorboard.summary
    with summary.experimental.summary_scope(name, "graph_keras_model") as (tag, _):
        return summary.write(tag=tag, tensor=[json_string], step=step, metadata=metadata)


class TensorBoard(Callback):
    """Writes logs for TensorBoard (``tf.keras.callbacks.TensorBoard``, Keras 3's behaviour).

    Args:
      log_dir: the directory of the logs (``train/`` and ``validation/`` below it).
      histogram_freq: epochs between weight histograms (0: none).
      write_graph: write the model's config for TensorBoard's graph dashboard.
      write_images: also write each weight as an image (with the histograms).
      write_steps_per_second: log ``batch_steps_per_second`` and ``epoch_steps_per_second``.
      update_freq: ``'epoch'``, ``'batch'`` or n: write batch logs every n batches.
      profile_batch: a batch, or a pair ``(start, stop)`` (or ``'start,stop'``) to profile.
      embeddings_freq: epochs between saving the weights for the embedding projector.
      embeddings_metadata: a metadata file name, or a dict from Embedding layer names to one.

    >>> import os, tempfile, tapejax as tf
    >>> model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1)])
    >>> model.compile("sgd", "mse")
    >>> board = tf.keras.callbacks.TensorBoard(tempfile.mkdtemp(), write_graph=False)
    >>> _ = model.fit([[1.0]], [[2.0]], epochs=2, verbose=0, callbacks=[board])
    >>> sorted(os.listdir(board.log_dir))
    ['train']
    """

    def __init__(
        self,
        log_dir="logs",
        histogram_freq=0,
        write_graph=True,
        write_images=False,
        write_steps_per_second=False,
        update_freq="epoch",
        profile_batch=0,
        embeddings_freq=0,
        embeddings_metadata=None,
    ):
        super().__init__()
        self.log_dir = str(log_dir)
        self.histogram_freq = histogram_freq
        self.write_graph = write_graph
        self.write_images = write_images
        self.write_steps_per_second = write_steps_per_second
        self.update_freq = 1 if update_freq == "batch" else update_freq
        self.embeddings_freq = embeddings_freq
        self.embeddings_metadata = embeddings_metadata
        self._init_profile_batch(profile_batch)
        self._global_train_batch = 0
        self._global_test_batch = 0
        self._previous_epoch_iterations = 0
        self._batch_start_time = 0
        self._writers = {}
        self._prev_summary_state = []

    @property
    def summary(self):
        return tensorboard.summary

    def set_model(self, model):
        """Sets the model; writes its config (``write_graph``) and the projector's config."""
        self._model = model
        self._log_write_dir = self.log_dir
        self._train_dir = os.path.join(self._log_write_dir, "train")
        self._val_dir = os.path.join(self._log_write_dir, "validation")
        self._writers = {}
        if self.write_graph:
            with self._train_writer.as_default():
                if type(model).__name__ in ("Functional", "Sequential"):
                    keras_model_summary("keras", model, step=0)
        if self.embeddings_freq:
            self._configure_embeddings()

    @property
    def _train_writer(self):
        if "train" not in self._writers:
            self._writers["train"] = self.summary.create_file_writer(self._train_dir)
        return self._writers["train"]

    @property
    def _val_writer(self):
        if "val" not in self._writers:
            self._writers["val"] = self.summary.create_file_writer(self._val_dir)
        return self._writers["val"]

    def _configure_embeddings(self):
        """Writes ``projector_config.pbtxt`` naming each Embedding layer's weights."""
        lines = []
        for layer in self.model.layers:
            if not _is_embedding(layer):
                continue
            entry = ['  tensor_name: "layer_with_weights-0/embeddings/.ATTRIBUTES/VARIABLE_VALUE"']
            metadata = self.embeddings_metadata
            if isinstance(metadata, str):
                entry.append(f'  metadata_path: "{metadata}"')
            elif metadata is not None and layer.name in metadata:
                entry.append(f'  metadata_path: "{metadata.pop(layer.name)}"')
            lines += ["embeddings {", *entry, "}"]
        if self.embeddings_metadata and not isinstance(self.embeddings_metadata, str):
            raise ValueError(
                "Unrecognized `Embedding` layer names passed to `keras.callbacks.TensorBoard` "
                f"`embeddings_metadata` argument: {self.embeddings_metadata.keys()}"
            )
        os.makedirs(self._log_write_dir, exist_ok=True)
        with open(os.path.join(self._log_write_dir, "projector_config.pbtxt"), "w") as f:
            f.write("".join(line + "\n" for line in lines))

    def _push_writer(self, writer, step):
        """Makes ``writer`` the default at ``step``, recording every ``update_freq`` steps."""
        if self.update_freq == "epoch":
            return
        contexts = (writer.as_default(step), self.summary.record_if(lambda: step % self.update_freq == 0))
        self._prev_summary_state.append(contexts)
        contexts[0].__enter__()
        contexts[1].__enter__()

    def _pop_writer(self):
        if self.update_freq == "epoch":
            return
        contexts = self._prev_summary_state.pop()
        contexts[1].__exit__(*sys.exc_info())
        contexts[0].__exit__(*sys.exc_info())

    def _close_writers(self):
        for writer in self._writers.values():
            writer.close()

    def _init_profile_batch(self, profile_batch):
        """Reads ``profile_batch`` (Keras' forms and error) into the batches to profile."""
        message = (
            "profile_batch must be a non-negative integer or 2-tuple of positive integers. A pair "
            "of positive integers signifies a range of batches to profile. "
            f"Found: {profile_batch}"
        )
        if isinstance(profile_batch, str):
            profile_batch = [int(part) for part in profile_batch.split(",")]
        if isinstance(profile_batch, int):
            self._start_batch = self._stop_batch = profile_batch
        elif isinstance(profile_batch, (tuple, list)) and len(profile_batch) == 2:
            self._start_batch, self._stop_batch = profile_batch
        else:
            raise ValueError(message)
        if self._start_batch < 0 or self._stop_batch < self._start_batch:
            raise ValueError(message)
        self._profiler_started = False
        self._batch_trace_context = None
        self._is_tracing = False
        self._should_trace = not (self._start_batch == 0 and self._stop_batch == 0)

    def on_train_begin(self, logs=None):
        self._global_train_batch = 0
        self._previous_epoch_iterations = 0
        self._push_writer(self._train_writer, self._global_train_batch)

    def on_train_end(self, logs=None):
        self._pop_writer()
        if self._is_tracing:
            self._stop_trace()
        self._close_writers()

    def on_test_begin(self, logs=None):
        self._push_writer(self._val_writer, self._global_test_batch)

    def on_test_end(self, logs=None):
        optimizer = getattr(self.model, "optimizer", None)
        if optimizer and hasattr(optimizer, "iterations"):
            with self._val_writer.as_default():
                for name, value in (logs or {}).items():
                    self.summary.scalar(f"evaluation_{name}_vs_iterations", value, step=optimizer.iterations)
        self._pop_writer()

    def _repush_writer(self, train: bool, step):
        """The default writer's step becomes the new batch count (batch-level logging)."""
        if self.update_freq != "epoch":
            self._pop_writer()
            self._push_writer(self._train_writer if train else self._val_writer, step)

    def on_train_batch_begin(self, batch, logs=None):
        self._global_train_batch += 1
        self._repush_writer(True, self._global_train_batch)
        if self.write_steps_per_second:
            self._batch_start_time = time.time()
        if not self._should_trace:
            return
        if self._global_train_batch == self._start_batch:
            self._start_trace()
        if self._profiler_started:
            self._batch_trace_context = tensorboard.start_batch_trace(batch)

    def on_train_batch_end(self, batch, logs=None):
        if self.write_steps_per_second:
            batch_run_time = time.time() - self._batch_start_time
            self.summary.scalar("batch_steps_per_second", 1.0 / batch_run_time, step=self._global_train_batch)
        # Without a default writer (update_freq='epoch', and none of the user's) every scalar
        # would return False: skip them, they cost a small model's step ~0.1 ms.
        if isinstance(logs, dict) and tensorboard.has_default_writer():
            for name, value in logs.items():
                self.summary.scalar(f"batch_{name}", value, step=self._global_train_batch)
        if not self._should_trace or not self._is_tracing:
            return
        if self._profiler_started and self._batch_trace_context is not None:
            tensorboard.stop_batch_trace(self._batch_trace_context)
            self._batch_trace_context = None
        if self._global_train_batch >= self._stop_batch:
            self._stop_trace()

    def on_test_batch_begin(self, batch, logs=None):
        self._global_test_batch += 1
        self._repush_writer(False, self._global_test_batch)

    def on_epoch_begin(self, epoch, logs=None):
        if self.write_steps_per_second:
            self._previous_epoch_iterations = float(np.asarray(self.model.optimizer.iterations))
            self._epoch_start_time = time.time()

    def on_epoch_end(self, epoch, logs=None):
        self._log_epoch_metrics(epoch, logs)
        if self.histogram_freq and epoch % self.histogram_freq == 0:
            self._log_weights(epoch)
        if self.embeddings_freq and epoch % self.embeddings_freq == 0:
            self.model.save_weights(
                os.path.join(self._log_write_dir, "train", f"keras_embedding.ckpt-{epoch}.weights.h5")
            )

    def _start_trace(self):
        self.summary.trace_on(graph=True, profiler=False)
        self._start_profiler(self._train_dir)
        self._is_tracing = True

    def _stop_trace(self, batch=None):
        batch = self._stop_batch if batch is None else batch
        with self._train_writer.as_default():
            self.summary.trace_export(name=f"batch_{batch}", step=batch)
        self._stop_profiler()
        self._is_tracing = False

    def _start_profiler(self, logdir):
        if self._profiler_started:
            return
        try:
            tensorboard.start_trace(logdir)
            self._profiler_started = True
        except Exception as e:  # noqa: BLE001 - as Keras: profiler errors are not fatal
            logging.error("Failed to start profiler: %s", e)

    def _stop_profiler(self, save=True):
        if not self._profiler_started:
            return
        try:
            tensorboard.stop_trace(save=save)
        except Exception as e:  # noqa: BLE001 - as Keras: profiler errors are not fatal
            logging.error("Failed to stop profiler: %s", e)
        finally:
            self._profiler_started = False

    def _collect_learning_rate(self, logs):
        optimizer = getattr(self.model.optimizer, "inner_optimizer", self.model.optimizer)
        if hasattr(optimizer, "optimizers"):
            for inner in optimizer.optimizers:
                logs[f"learning_rate_{inner.name}"] = float(np.asarray(inner.learning_rate))
        elif isinstance(optimizer, Optimizer):
            logs["learning_rate"] = float(np.asarray(optimizer.learning_rate))
        return logs

    def _compute_steps_per_second(self):
        iterations = np.float32(np.asarray(self.model.optimizer.iterations))
        elapsed = np.float32(time.time() - self._epoch_start_time)
        return float((iterations - np.float32(self._previous_epoch_iterations)) / elapsed)

    def _log_epoch_metrics(self, epoch, logs):
        if not logs:
            return
        train_logs = {k: v for k, v in logs.items() if not k.startswith("val_")}
        val_logs = {k: v for k, v in logs.items() if k.startswith("val_")}
        train_logs = self._collect_learning_rate(train_logs)
        if self.write_steps_per_second:
            train_logs["steps_per_second"] = self._compute_steps_per_second()
        if train_logs:
            with self._train_writer.as_default():
                for name, value in train_logs.items():
                    self.summary.scalar(f"epoch_{name}", value, step=epoch)
        if val_logs:
            with self._val_writer.as_default():
                for name, value in val_logs.items():
                    self.summary.scalar(f"epoch_{name[4:]}", value, step=epoch)

    def _log_weights(self, epoch):
        with self._train_writer.as_default():
            for layer in self.model.layers:
                for weight in layer.weights:
                    weight_name = weight.path.replace(":", "_")
                    self.summary.histogram(f"{weight_name}/histogram", weight, step=epoch)
                    if self.write_images:
                        self._log_weight_as_image(weight, f"{weight_name}/image", epoch)
            self._train_writer.flush()

    def _log_weight_as_image(self, weight, weight_name, epoch):
        """A weight as an image, as Keras shapes it: a bias as a column, a kernel with its
        longer side across, a 3-D kernel as one image per output channel."""
        image = np.squeeze(np.asarray(weight))
        shape = image.shape
        if len(shape) == 1:
            image = image.reshape(1, shape[0], 1, 1)
        elif len(shape) == 2:
            if shape[0] > shape[1]:
                image = image.T
            image = image.reshape(1, *image.shape, 1)
        elif len(shape) == 3:
            # Keras' default image_data_format, channels_last: one image per last index.
            image = np.transpose(image, (2, 0, 1))
            image = image.reshape(*image.shape, 1)
        if image.ndim == 4 and image.shape[-1] in (1, 3, 4):
            self.summary.image(weight_name, image, step=epoch)
