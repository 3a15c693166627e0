"""``tf.data.experimental``: the constants TF also keeps there, and ``Optional``."""

from __future__ import annotations

from .._api.optional import Optional
from ._cardinality import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._options import AutoShardPolicy

__all__ = ["AUTOTUNE", "AutoShardPolicy", "INFINITE_CARDINALITY", "Optional", "UNKNOWN_CARDINALITY"]
