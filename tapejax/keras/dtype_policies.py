"""``tf.keras.dtype_policies``: the dtype policies of layers (float and quantized), a map of
them by layer path, and ``get``/``serialize``/``deserialize``."""

from __future__ import annotations

from ._src.dtype_policies.dtype_policy import DTypePolicy, FloatDTypePolicy
from ._src.dtype_policies.dtype_policy_map import DTypePolicyMap
from ._src.dtype_policies.lookup import deserialize, get, serialize
from ._src.dtype_policies.quantized_dtype_policy import (
    AWQDTypePolicy,
    GPTQDTypePolicy,
    Int4DTypePolicy,
    QuantizedDTypePolicy,
    QuantizedFloat8DTypePolicy,
)

__all__ = [
    "AWQDTypePolicy",
    "DTypePolicy",
    "DTypePolicyMap",
    "FloatDTypePolicy",
    "GPTQDTypePolicy",
    "Int4DTypePolicy",
    "QuantizedDTypePolicy",
    "QuantizedFloat8DTypePolicy",
    "deserialize",
    "get",
    "serialize",
]
