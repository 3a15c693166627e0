"""``tf.data``: input pipelines (``tf.data.Dataset``) that yield tapejax Tensors."""

from __future__ import annotations

from . import experimental as experimental
from ._cardinality import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._dataset import Dataset
from ._options import Options
from ._windows import DatasetSpec

__all__ = ["AUTOTUNE", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY", "Dataset", "DatasetSpec", "Options",
           "experimental"]
