"""``tf.data.experimental``: the constants TF also keeps there."""

from __future__ import annotations

from ._cardinality import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._options import AutoShardPolicy

__all__ = ["AUTOTUNE", "AutoShardPolicy", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY"]
