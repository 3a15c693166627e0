"""``BackupAndRestore``: training state saved each epoch and restored when ``fit`` restarts (Keras 3's)."""

from __future__ import annotations

import json
import os
import shutil

from .callback import Callback


class BackupAndRestore(Callback):
    """Backs up the weights (and optimizer state) and the epoch reached to ``backup_dir``, so that
    an interrupted ``fit`` called again resumes where the backup was taken.

    Args:
      backup_dir: the folder of ``latest.weights.h5`` and ``training_metadata.json``.
      save_freq: ``'epoch'`` or a number of batches.
      double_checkpoint: keep the previous backup too (``.bkp``), used if the latest is unreadable.
      delete_checkpoint: remove ``backup_dir`` when training ends normally.
    """

    def __init__(self, backup_dir, save_freq="epoch", double_checkpoint=False, delete_checkpoint=True):
        super().__init__()
        self.save_freq, self.double_checkpoint = save_freq, double_checkpoint
        self.delete_checkpoint = delete_checkpoint
        self._batches_seen_since_last_saving = self._last_batch_seen = self._current_epoch = 0
        if not backup_dir:
            raise ValueError("Empty `backup_dir` argument passed")
        self.backup_dir = os.fspath(backup_dir)
        self._weights_path = os.path.join(self.backup_dir, "latest.weights.h5")
        self._training_metadata_path = os.path.join(self.backup_dir, "training_metadata.json")
        self._prev_weights_path = f"{self._weights_path}.bkp"
        self._prev_training_metadata_path = f"{self._training_metadata_path}.bkp"
        if save_freq != "epoch" and not isinstance(save_freq, int):
            raise ValueError(
                f"Invalid value for argument `save_freq`. Received: save_freq={save_freq}. "
                "Expected either 'epoch' or an integer value."
            )

    def on_train_begin(self, logs=None):
        try:
            self._load_model()
        except OSError:
            if not os.path.exists(self._prev_weights_path):
                raise
            shutil.copy(self._prev_weights_path, self._weights_path)
            if os.path.exists(self._prev_training_metadata_path):
                shutil.copy(self._prev_training_metadata_path, self._training_metadata_path)
            elif os.path.exists(self._training_metadata_path):
                os.remove(self._training_metadata_path)
            self._load_model()

    def _load_model(self):
        if not self.model.built:
            raise ValueError(
                "To use the BackupAndRestore callback, you model must be built before you "
                f"call `fit()`. Model {self.model} is unbuilt. You can build it beforehand by "
                "calling it on a batch of data."
            )
        if os.path.exists(self._weights_path):
            optimizer = getattr(self.model, "optimizer", None)
            if optimizer is not None:  # its state is in the file too (a second build does nothing)
                optimizer.build(self.model.trainable_variables)
            self.model.load_weights(self._weights_path)
        if os.path.exists(self._training_metadata_path):
            with open(self._training_metadata_path) as f:
                self.model._initial_epoch = json.loads(f.read())["epoch"]

    def on_epoch_end(self, epoch, logs=None):
        self._current_epoch, self._last_batch_seen = epoch + 1, 0
        if self.save_freq == "epoch":
            self._save_model()

    def on_train_batch_end(self, batch, logs=None):
        if self._should_save_on_batch(batch):
            self._save_model()

    def _save_model(self):
        os.makedirs(self.backup_dir, exist_ok=True)
        if self.double_checkpoint:
            for path, prev in (
                (self._weights_path, self._prev_weights_path),
                (self._training_metadata_path, self._prev_training_metadata_path),
            ):
                if os.path.exists(path):
                    shutil.copy(path, prev)
        self.model.save_weights(self._weights_path, overwrite=True)
        with open(self._training_metadata_path, "w") as f:
            f.write(json.dumps({"epoch": self._current_epoch, "batch": self._last_batch_seen}))

    def _should_save_on_batch(self, batch) -> bool:
        if self.save_freq == "epoch":
            return False
        add = batch + 1 if batch <= self._last_batch_seen else batch - self._last_batch_seen
        self._batches_seen_since_last_saving += add
        self._last_batch_seen = batch
        if self._batches_seen_since_last_saving >= self.save_freq:
            self._batches_seen_since_last_saving = 0
            return True
        return False

    def on_train_end(self, logs=None):
        if self.delete_checkpoint and os.path.exists(self.backup_dir):
            shutil.rmtree(self.backup_dir)
