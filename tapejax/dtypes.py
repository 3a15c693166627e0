"""``tf.dtypes``: the dtype objects, ``as_dtype`` and the casts.

A namespace: re-exports only (see the README's Architecture)."""

from ._core.values.dtype import (
    DType,
    as_dtype,
    bfloat16,
    bool,
    complex64,
    complex128,
    double,
    float16,
    float32,
    float64,
    half,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)
from ._ops.array_ops import (
    cast,
    saturate_cast,
)
from ._ops.complex_ops import (
    complex,
)

__all__ = [
    "DType",
    "as_dtype",
    "bfloat16",
    "bool",
    "complex64",
    "complex128",
    "double",
    "float16",
    "float32",
    "float64",
    "half",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "cast",
    "saturate_cast",
    "complex",
]
