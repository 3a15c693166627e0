"""The batches ``adapt`` reads: a numpy array or tensor (one batch), a ``tf.data.Dataset``
(each element a batch), or another
iterable of batches. Each batch comes back as a numpy array."""

from __future__ import annotations

import itertools

import numpy as np

from ...backend.core import TensorLike
from ...backend.io import Dataset


def _features(element):
    return element[0] if isinstance(element, tuple) else element


def batches(data, name: str = "adapt", batch_vectors: bool = False):
    """``(first_shape, iterator of numpy batches)`` of ``data``; ``batch_vectors``: a dataset
    of rank-1 elements is batched by 128 first (Normalization's rule)."""
    if isinstance(data, (np.ndarray, TensorLike)):
        array = np.asarray(data)
        return array.shape, iter([array])
    if isinstance(data, Dataset):
        spec = _features(data.element_spec)
        if batch_vectors and len(spec.shape) == 1:
            data = data.batch(128)
            spec = _features(data.element_spec)
        return tuple(spec.shape), (np.asarray(_features(e)) for e in data)
    if isinstance(data, (list, tuple)) and data and all(isinstance(v, (int, float)) for v in data):
        array = np.asarray(data)
        return array.shape, iter([array])
    if hasattr(data, "__iter__"):
        it = iter(data)
        first = next(it, None)
        if first is None:
            raise ValueError(
                f"{name}() received an empty iterable (no batches). Expected at least one batch. "
                "Pass a non-empty iterable of arrays or tensors, e.g. layer.adapt([x]) or "
                "layer.adapt(list_of_batches)."
            )
        first = np.asarray(_features(first))
        return first.shape, itertools.chain([first], (np.asarray(_features(b)) for b in it))
    raise TypeError(
        f"Unsupported data type: {type(data)}. `adapt` supports `np.ndarray`, backend tensors, "
        "`tf.data.Dataset`, `keras.utils.PyDataset`, and iterables of batches (e.g. list, generator)."
    )
