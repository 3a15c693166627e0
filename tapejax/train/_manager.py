"""CheckpointManager: numbered checkpoints in one directory, the oldest deleted past a limit."""

from __future__ import annotations

import collections
import os
import shutil
import time

import numpy as np

from . import _state


class CheckpointManager:
    """Saves numbered checkpoints of a ``Checkpoint`` and keeps the newest few
    (``tf.train.CheckpointManager``).

    Its state (the checkpoints it manages, oldest first) is the directory's ``checkpoint``
    file, so a new manager on the same directory carries on where the last one stopped.

    Args:
      checkpoint: the ``tf.train.Checkpoint`` to save.
      directory: where the checkpoints go (created if needed).
      max_to_keep: how many checkpoints to keep (None: all); older ones are deleted.
      keep_checkpoint_every_n_hours: checkpoints this far apart are kept beyond ``max_to_keep``.
      checkpoint_name: the checkpoints' file name prefix (``'ckpt'``: ``ckpt-1``, ``ckpt-2``...).
      step_counter, checkpoint_interval: with both, ``save`` writes only every
        ``checkpoint_interval`` steps of ``step_counter`` (a Variable).
      init_fn: called by ``restore_or_initialize`` when there is no checkpoint yet.
    """

    def __init__(
        self,
        checkpoint,
        directory,
        max_to_keep,
        keep_checkpoint_every_n_hours=None,
        checkpoint_name: str = "ckpt",
        step_counter=None,
        checkpoint_interval=None,
        init_fn=None,
        last_checkpoint_step=None,
    ):
        if max_to_keep is not None and max_to_keep <= 0:
            raise ValueError(f"Expected a positive integer or `None` for `max_to_keep`, got {max_to_keep}.")
        if checkpoint_interval is not None and step_counter is None:
            raise ValueError("`step_counter` should be passed if `checkpoint_interval` is not None.")
        self._checkpoint = checkpoint
        self._max_to_keep = max_to_keep
        self._keep_checkpoint_every_n_hours = keep_checkpoint_every_n_hours
        self._directory = os.fspath(directory)
        self._prefix = os.path.join(self._directory, checkpoint_name)
        self._step_counter, self._checkpoint_interval = step_counter, checkpoint_interval
        self._last_checkpoint_step = last_checkpoint_step
        self._init_fn = init_fn
        self._maybe_delete: collections.OrderedDict[str, float] = collections.OrderedDict()
        now = time.time()
        recovered = _state.get_checkpoint_state(self._directory)
        if recovered is None:
            self._latest_checkpoint = None
            self._last_preserved_timestamp = now - 1.0
        else:
            self._latest_checkpoint = recovered.model_checkpoint_path
            self._last_preserved_timestamp = min(recovered.last_preserved_timestamp, now)
            paths = recovered.all_model_checkpoint_paths
            preserved = self._last_preserved_timestamp
            stamps = recovered.all_model_checkpoint_timestamps or [preserved] * len(paths)
            for path, stamp in zip(paths, stamps, strict=False):
                if min(stamp, now) > self._last_preserved_timestamp:
                    self._maybe_delete[path] = min(stamp, now)

    @property
    def directory(self) -> str:
        return self._directory

    @property
    def checkpoint(self):
        """The ``tf.train.Checkpoint`` it saves."""
        return self._checkpoint

    @property
    def checkpoint_interval(self):
        return self._checkpoint_interval

    @property
    def latest_checkpoint(self) -> str | None:
        """The newest checkpoint's prefix, or None if none was saved in the directory."""
        return self._latest_checkpoint

    @property
    def checkpoints(self) -> list[str]:
        """The managed checkpoints' prefixes, oldest first."""
        return list(self._maybe_delete)

    def save(self, checkpoint_number=None, check_interval: bool = True, options=None) -> str | None:
        """Saves a checkpoint numbered ``checkpoint_number`` (by default the incremented
        ``save_counter``), then deletes the oldest past ``max_to_keep``. Returns its path, or
        None when ``checkpoint_interval`` says this step is too early."""
        if self._checkpoint_interval is not None:
            step = int(np.asarray(self._step_counter.numpy()))
            if self._last_checkpoint_step is not None:
                if step == self._last_checkpoint_step:
                    return None
                if check_interval and step < self._last_checkpoint_step + self._checkpoint_interval:
                    return None
            self._last_checkpoint_step = step
        counter = self._checkpoint.save_counter
        counter.assign_add(1)
        number = counter.numpy() if checkpoint_number is None else checkpoint_number
        number = int(np.asarray(number.numpy() if hasattr(number, "numpy") else number))
        try:
            path = self._checkpoint.write(f"{self._prefix}-{number}")
        except BaseException:
            counter.assign_sub(1)
            raise
        self._maybe_delete.pop(path, None)
        self._maybe_delete[path] = time.time()
        self._latest_checkpoint = path
        self._record_state()
        self._sweep()
        self._record_state()
        return path

    def restore_or_initialize(self) -> str | None:
        """Restores the newest checkpoint and returns its path; with none, calls ``init_fn``
        (if given) and returns None."""
        if self._latest_checkpoint is not None:
            self._checkpoint.restore(self._latest_checkpoint)
            if self._checkpoint_interval is not None:
                self._last_checkpoint_step = int(np.asarray(self._step_counter.numpy()))
            return self._latest_checkpoint
        if self._init_fn is not None:
            self._init_fn()
        return None

    def sync(self) -> None:
        """Waits for pending writes: none, every write is synchronous."""

    def _sweep(self) -> None:
        if not self._max_to_keep:
            return
        while len(self._maybe_delete) > self._max_to_keep:
            path, stamp = self._maybe_delete.popitem(last=False)
            hours = self._keep_checkpoint_every_n_hours
            if hours and stamp - hours * 3600.0 >= self._last_preserved_timestamp:
                self._last_preserved_timestamp = stamp
                continue
            if os.path.lexists(path + ".index"):
                os.remove(path + ".index")  # first: a checkpoint without its index is gone
            shutil.rmtree(path + ".data", ignore_errors=True)

    def _record_state(self) -> None:
        _state.update_checkpoint_state(
            self._directory,
            _state.CheckpointState(
                self._latest_checkpoint,
                list(self._maybe_delete),
                list(self._maybe_delete.values()),
                self._last_preserved_timestamp,
            ),
        )
