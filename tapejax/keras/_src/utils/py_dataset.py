"""``keras.utils.PyDataset`` (and its old name ``Sequence``): batches by index, in Python.

``fit``/``evaluate``/``predict`` read a PyDataset batch by batch in this process: ``workers``,
``use_multiprocessing`` and ``max_queue_size`` are kept (and read back) but no thread or process
pool runs; the batches and the ``on_epoch_begin``/``on_epoch_end`` calls are Keras 3's.
"""

from __future__ import annotations

import itertools
import random
import warnings

import numpy as np


class PyDataset:
    """A dataset of batches: ``__getitem__(index)`` returns batch ``index`` (``x``, ``(x,)``,
    ``(x, y)``, ``(x, y, sample_weight)`` or a dict) and ``__len__`` their number; or a
    ``num_batches`` property returning ``None`` for an infinite dataset.

    >>> import numpy as np, tapejax as tf
    >>> class Squares(tf.keras.utils.PyDataset):
    ...     def __len__(self):
    ...         return 2
    ...     def __getitem__(self, i):
    ...         return np.array([i]), np.array([i * i])
    >>> [y.tolist() for _, y in Squares()]
    [[0], [1]]
    """

    def __init__(self, workers=1, use_multiprocessing=False, max_queue_size=10):
        self._workers = workers
        self._use_multiprocessing = use_multiprocessing
        self._max_queue_size = max_queue_size

    def _warn_if_super_not_called(self):
        defaults = {"_workers": 1, "_use_multiprocessing": False, "_max_queue_size": 10}
        missing = [name for name in defaults if not hasattr(self, name)]
        for name in missing:
            setattr(self, name, defaults[name])
        if missing:
            warnings.warn(
                "Your `PyDataset` class should call `super().__init__(**kwargs)` in its "
                "constructor. `**kwargs` can include `workers`, `use_multiprocessing`, "
                "`max_queue_size`. Do not pass these arguments to `fit()`, as they will be ignored.",
                stacklevel=3,
            )

    @property
    def workers(self):
        self._warn_if_super_not_called()
        return self._workers

    @workers.setter
    def workers(self, value):
        self._workers = value

    @property
    def use_multiprocessing(self):
        self._warn_if_super_not_called()
        return self._use_multiprocessing

    @use_multiprocessing.setter
    def use_multiprocessing(self, value):
        self._use_multiprocessing = value

    @property
    def max_queue_size(self):
        self._warn_if_super_not_called()
        return self._max_queue_size

    @max_queue_size.setter
    def max_queue_size(self, value):
        self._max_queue_size = value

    def __getitem__(self, index):
        """Batch number ``index``."""
        raise NotImplementedError

    def __iter__(self):
        try:
            count = self.num_batches
        except NotImplementedError:
            count = None
        for index in itertools.count() if count is None else range(count):
            yield self[index]

    @property
    def num_batches(self):
        """The number of batches, or ``None`` when the dataset never ends."""
        if hasattr(self, "__len__"):
            return len(self)
        raise NotImplementedError(
            "You need to implement the `num_batches` property:\n\n@property\ndef num_batches(self):\n  return ..."
        )

    def on_epoch_begin(self):
        """Called before each epoch of ``fit`` (and before ``evaluate``/``predict``)."""

    def on_epoch_end(self):
        """Called after each epoch of ``fit`` (and after ``evaluate``/``predict``)."""

    def _epoch(self, shuffle: bool = False, class_weight=None):
        """One epoch's batches as the trainers read them (Keras 3's ``PyDatasetAdapter``):
        ``on_epoch_begin``, the batches (a finite dataset's in a new random order when
        ``shuffle``), ``on_epoch_end`` once they end or the loop stops reading."""
        count = self.num_batches
        if count is None:
            indices = itertools.count()
        else:
            indices = list(range(count))
            if shuffle:
                random.shuffle(indices)
        self.on_epoch_begin()
        try:
            for index in indices:
                yield _standardize_batch(self[index], class_weight)
        finally:
            self.on_epoch_end()


Sequence = PyDataset


def _standardize_batch(batch, class_weight):
    if isinstance(batch, dict):
        return batch
    if isinstance(batch, np.ndarray):
        batch = (batch,)
    if isinstance(batch, list):
        batch = tuple(batch)
    if not isinstance(batch, tuple) or len(batch) not in (1, 2, 3):
        raise ValueError(
            "PyDataset.__getitem__() must return a tuple or a dict. If a tuple, it must be ordered "
            "either (input,) or (inputs, targets) or (inputs, targets, sample_weights). "
            f"Received: {str(batch)[:100]}... of type {type(batch)}"
        )
    if class_weight is not None and len(batch) == 3:
        raise ValueError("You cannot specify `class_weight` and `sample_weight` at the same time.")
    return batch
