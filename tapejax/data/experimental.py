"""``tf.data.experimental``: the constants TF also keeps there, ``Optional``, and the
experimental forms of Dataset methods (``scan``, ``group_by_window`` ... for ``apply``)."""

from __future__ import annotations

from .._api.optional import Optional
from ._cardinality import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._experimental import (
    Counter,
    RandomDataset,
    bucket_by_sequence_length,
    cardinality,
    choose_from_datasets,
    get_single_element,
    group_by_window,
    ignore_errors,
    load,
    sample_from_datasets,
    save,
    scan,
    take_while,
    unique,
)
from ._options import AutoShardPolicy

__all__ = [
    "AUTOTUNE",
    "AutoShardPolicy",
    "Counter",
    "INFINITE_CARDINALITY",
    "Optional",
    "RandomDataset",
    "UNKNOWN_CARDINALITY",
    "bucket_by_sequence_length",
    "cardinality",
    "choose_from_datasets",
    "get_single_element",
    "group_by_window",
    "ignore_errors",
    "load",
    "sample_from_datasets",
    "save",
    "scan",
    "take_while",
    "unique",
]
