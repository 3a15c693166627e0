"""Checkpoint: saves and restores the Variables of an object graph (``tf.train.Checkpoint``)."""

from __future__ import annotations

import os

import numpy as np

from .._core.recording.variable import Variable
from .._core.values import dtype as _dtypes
from . import _files, _graph, _restore, _state


class Checkpoint(_graph.Root):
    """Groups trackable objects, and saves and restores their Variables (``tf.train.Checkpoint``).

    Objects are matched by their path of attribute names from the checkpoint (``model``, then
    ``dense``, then ``kernel``), as in TensorFlow's object-based checkpoints: a checkpoint
    restores into a new program whose objects have the same structure, whatever their
    Variables' names. Values whose Variables a Keras layer or optimizer has not created yet
    are restored when its ``build`` creates them.

    Args:
      root: optional; an object whose attributes become the checkpoint's top level.
      **kwargs: the objects to save: Variables, ``tf.Module``s, Keras layers, models and
        optimizers (and lists or dicts of them).

    >>> import tapejax as tf, tempfile, os
    >>> v = tf.Variable(1.0)
    >>> ckpt = tf.train.Checkpoint(v=v)
    >>> path = ckpt.save(os.path.join(tempfile.mkdtemp(), 'ckpt'))
    >>> os.path.basename(path)
    'ckpt-1'
    >>> _ = v.assign(5.0)
    >>> ckpt.restore(path).assert_consumed() is not None
    True
    >>> v.numpy()
    np.float32(1.0)
    """

    def __init__(self, root=None, **kwargs):
        object.__setattr__(self, "_children", {})
        object.__setattr__(self, "_restoration", None)
        for name, value in [("root", root)] * (root is not None) + sorted(kwargs.items()):
            if not (_graph.is_trackable(value) or isinstance(value, (list, tuple, dict))):
                raise ValueError(
                    f"`Checkpoint` was expecting {name} to be a trackable object (an object derived "
                    f"from `Trackable`), got {value}. If you believe this object should be trackable "
                    "(i.e. it is part of the TensorFlow Python API and manages state), please open "
                    "an issue."
                )
        self._root = root
        self._save_counter = None  # created by the first save or restore, as in TF
        for name, value in sorted(kwargs.items()):
            setattr(self, name, value)

    def __setattr__(self, name, value):
        object.__setattr__(self, name, value)
        if name.startswith("_"):
            return
        self._children.pop(name, None)
        if _graph.is_trackable(value) or isinstance(value, (list, tuple, dict)):
            self._children[name] = value
            if self._restoration is not None:
                self._restoration.resume()  # a value saved under this name waits for it

    def _checkpoint_children(self) -> list[tuple[str, object]]:
        found = _graph.children(self._root) if self._root is not None else []
        counter = [("save_counter", self._save_counter)] if self._save_counter is not None else []
        return [*found, *self._children.items(), *counter]

    @property
    def save_counter(self) -> Variable:
        """How many times ``save`` has run (an int64 Variable, saved and restored too).

        Created on first use (``save``, ``restore`` or reading it), so a checkpoint that only
        ``write``s has none, as in TensorFlow.
        """
        if self._save_counter is None:
            self._save_counter = Variable(
                np.int64(0), trainable=False, name="save_counter", dtype=_dtypes.int64
            )
        return self._save_counter

    def save(self, file_prefix, options=None) -> str:
        """Writes ``'<file_prefix>-<save_counter>'`` and records it in the directory.

        Increments ``save_counter`` first and names the checkpoint by it; the directory's
        ``checkpoint`` file then names it, for ``tf.train.latest_checkpoint``. Returns the path.
        """
        file_prefix = os.fspath(file_prefix)
        counter = self.save_counter
        number = int(counter.numpy()) + 1
        counter.assign(np.int64(number))
        try:
            path = self.write(f"{file_prefix}-{number}")
        except BaseException:
            counter.assign(np.int64(number - 1))
            raise
        directory = os.path.dirname(path) or "."
        _state.update_checkpoint_state(directory, _state.CheckpointState(path, [path]))
        return path

    def write(self, file_prefix, options=None) -> str:
        """Writes the checkpoint at exactly ``file_prefix`` (no counter, no ``checkpoint`` file)."""
        nodes, variables = _graph.build(self)
        return _files.write(file_prefix, nodes, variables)

    def restore(self, save_path, options=None):
        """Restores the checkpoint ``save_path`` (a prefix such as ``'ckpt-3'``).

        Every matched Variable's shape and dtype and every saved value are checked before any
        Variable is assigned, so a missing (NotFoundError), corrupt (DataLossError) or
        mismatched checkpoint changes nothing. Returns a status with ``assert_consumed()``,
        ``assert_existing_objects_matched()`` and ``expect_partial()``. ``None`` restores
        nothing (``CheckpointManager.latest_checkpoint`` of an empty directory).
        """
        status = self._load(save_path, restoring=True)
        if self._save_counter is None:
            _ = self.save_counter  # creates it, and the saved value is restored into it now
            if self._restoration is not None:
                self._restoration.resume()
        return status

    def read(self, save_path, options=None):
        """Restores a checkpoint written by ``write`` (the same as ``restore`` here)."""
        return self._load(save_path, restoring=False)

    def _load(self, save_path, restoring: bool):
        if save_path is None:
            return _restore.InitializationOnlyStatus()
        restoration = _restore.restore(self, os.fspath(save_path), restoring)
        if self._restoration is not None:
            self._restoration.cancel()
        object.__setattr__(self, "_restoration", restoration)
        return _restore.CheckpointLoadStatus(restoration)

    def sync(self) -> None:
        """Waits for pending writes: none, every write is synchronous."""
