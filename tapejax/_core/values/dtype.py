"""TensorFlow's dtype objects (``tf.float32`` ...) over numpy dtypes.

TensorFlow's rules, which tapejax follows (JAX's differ):

* Python floats become float32, Python ints int32 (int64 if they do not fit).
* numpy arrays keep their dtype, float64 included.
* Two tensors of different dtypes are never promoted: the op raises InvalidArgumentError.
* A Python scalar or numpy value meeting a tensor takes the tensor's dtype.

float64 needs JAX's 64-bit mode, which tapejax's own work runs in (see ``x64.py``).
"""

from __future__ import annotations

import builtins

import ml_dtypes
import numpy as np

# TF's kernel-level names, used in InvalidArgumentError messages ("... a float tensor but is a
# double tensor").
_KERNEL_NAMES = {"float32": "float", "float64": "double", "float16": "half"}


class DType:
    """A tensor element type, spelled and printed as TensorFlow does (``tf.float32``)."""

    __slots__ = ("_np", "_name", "_floating", "_complex", "_integer")

    def __init__(self, np_dtype):
        # Computed once: these are read on every op (numpy's own accessors are slow).
        self._np = np.dtype(np_dtype)
        self._name = self._np.name
        self._floating = bool(np.issubdtype(self._np, np.floating) or self._np == _BF16)
        self._complex = bool(np.issubdtype(self._np, np.complexfloating))
        self._integer = bool(np.issubdtype(self._np, np.integer))

    @property
    def name(self) -> str:
        return self._name

    @property
    def as_numpy_dtype(self):
        return self._np.type

    @property
    def __numpy_dtype__(self) -> np.dtype:
        """numpy's dtype protocol: ``np.dtype(tf.float32)`` and ``jnp.zeros(3, tf.float32)``."""
        return self._np

    dtype = __numpy_dtype__  # the older protocol, which JAX's dtype checks read

    @property
    def base_dtype(self) -> DType:
        return self

    @property
    def is_floating(self) -> bool:
        return self._floating

    @property
    def is_complex(self) -> bool:
        return self._complex

    @property
    def is_integer(self) -> bool:
        return self._integer

    @property
    def is_unsigned(self) -> bool:
        return np.issubdtype(self._np, np.unsignedinteger)

    @property
    def is_bool(self) -> bool:
        return self._np == np.bool_

    @property
    def is_numeric(self) -> bool:
        return not self.is_bool

    @property
    def is_differentiable(self) -> bool:
        """Whether gradients flow through tensors of this dtype (floats and complex)."""
        return self._floating or self._complex

    @property
    def is_quantized(self) -> bool:
        return False  # tapejax has no quantized dtypes

    @property
    def as_datatype_enum(self) -> int:
        """TF's DataType enum value (``tf.float32.as_datatype_enum == 1``)."""
        return _ENUMS[self.name]

    def is_compatible_with(self, other) -> bool:
        return self == other

    @property
    def real_dtype(self) -> DType:
        """float32 for complex64, float64 for complex128, the dtype itself otherwise."""
        if self.is_complex:
            return float32 if self._np == np.complex64 else float64
        return self

    @property
    def size(self) -> int:
        return self._np.itemsize

    @property
    def min(self):
        return (ml_dtypes.finfo if self.is_floating else np.iinfo)(self._np).min

    @property
    def max(self):
        return (ml_dtypes.finfo if self.is_floating else np.iinfo)(self._np).max

    @property
    def kernel_name(self) -> str:
        return _KERNEL_NAMES.get(self.name, self.name)

    def __eq__(self, other) -> bool:
        if isinstance(other, DType):
            return self._np == other._np
        try:
            return self._np == as_dtype(other)._np
        except TypeError:
            return NotImplemented

    def __hash__(self) -> int:
        return hash(self._np)

    def __repr__(self) -> str:
        return f"tf.{self.name}"

    def __str__(self) -> str:
        return f"<dtype: '{self.name}'>"


_BF16 = np.dtype(ml_dtypes.bfloat16)

float16 = half = DType(np.float16)
bfloat16 = DType(_BF16)
float32 = DType(np.float32)
float64 = double = DType(np.float64)
complex64 = DType(np.complex64)
complex128 = DType(np.complex128)
int8 = DType(np.int8)
int16 = DType(np.int16)
int32 = DType(np.int32)
int64 = DType(np.int64)
uint8 = DType(np.uint8)
uint16 = DType(np.uint16)
uint32 = DType(np.uint32)
uint64 = DType(np.uint64)
bool = DType(np.bool_)  # noqa: A001 - TF's spelling

_ENUMS = {
    "float32": 1,
    "float64": 2,
    "int32": 3,
    "uint8": 4,
    "int16": 5,
    "int8": 6,
    "complex64": 8,
    "int64": 9,
    "bool": 10,
    "bfloat16": 14,
    "uint16": 17,
    "complex128": 18,
    "float16": 19,
    "uint32": 22,
    "uint64": 23,
}
_BY_NAME = {
    d.name: d
    for d in (
        float16,
        bfloat16,
        float32,
        float64,
        complex64,
        complex128,
        int8,
        int16,
        int32,
        int64,
        uint8,
        uint16,
        uint32,
        uint64,
        bool,
    )
}
_BY_NAME.update(float="float32", double="float64", half="float16")


def as_dtype(type_value) -> DType:
    """Converts a DType, numpy dtype, Python type or name to a :class:`DType`.

    >>> as_dtype("float32")
    tf.float32
    """
    if isinstance(type_value, DType):
        return type_value
    if isinstance(type_value, np.dtype):  # the hot path: a JAX/numpy array's dtype
        found = _BY_NP.get(type_value)
        if found is not None:
            return found
    if isinstance(type_value, str):
        found = _BY_NAME.get(type_value)
        if isinstance(found, str):
            found = _BY_NAME[found]
        if found is None:
            raise TypeError(_not_a_dtype(type_value))
        return found
    if isinstance(type_value, (int, np.integer)) and not isinstance(type_value, (builtins.bool, np.bool_)):
        found = _BY_ENUM.get(int(type_value))  # TF's DataType enum codes: as_dtype(2) is float64
        if found is None:
            raise TypeError(_not_a_dtype(type_value))
        return found
    if type_value is float:
        return float32
    if type_value is int:
        return int32
    try:
        return _BY_NAME[np.dtype(type_value).name]
    except (TypeError, KeyError):
        raise TypeError(_not_a_dtype(type_value)) from None


_BY_NP = {d._np: d for d in _BY_NAME.values() if isinstance(d, DType)}
_BY_ENUM = {code: _BY_NAME[name] for name, code in _ENUMS.items()}


def _not_a_dtype(value) -> str:
    return (
        f"Cannot convert the argument `type_value`: {value!r} to a TensorFlow DType. Use a dtype "
        "such as tapejax.float32, its name ('float32') or a numpy dtype."
    )


# The numpy dtypes gradients flow through (floats and complex): read on every recorded op.
DIFFERENTIABLE = frozenset(np_dtype for np_dtype, d in _BY_NP.items() if d.is_differentiable)


def is_differentiable(tensor) -> bool:
    """Whether gradients flow through ``tensor`` (a Tensor or Variable), from its dtype."""
    return tensor._np_dtype in DIFFERENTIABLE
