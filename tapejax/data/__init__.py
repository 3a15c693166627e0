"""``tf.data``: input pipelines (``tf.data.Dataset``) that yield tapejax Tensors."""

from __future__ import annotations

from . import experimental as experimental
from ._cardinality import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._dataset import Dataset
from ._iterator import Iterator, NumpyIterator
from ._options import Options, ThreadingOptions
from ._windows import DatasetSpec

__all__ = [
    "AUTOTUNE",
    "INFINITE_CARDINALITY",
    "UNKNOWN_CARDINALITY",
    "Dataset",
    "DatasetSpec",
    "Iterator",
    "NumpyIterator",
    "Options",
    "ThreadingOptions",
    "experimental",
]
