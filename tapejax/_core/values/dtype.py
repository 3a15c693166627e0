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

from .errors import UnimplementedError

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
        # Names, not numpy dtypes: the dtypes without tensors (tf.string ...) have no ``_np``.
        if isinstance(other, DType):
            return self._name == other._name
        try:
            return self._name == as_dtype(other)._name
        except TypeError:
            return NotImplemented

    def __hash__(self) -> int:
        return hash(self._name)

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


class _TensorlessDType(DType):
    """TF's dtypes that tapejax has no tensors of: the quantized ints, string, resource, variant.

    They exist so that code naming them (``tf.qint8``, ``x.dtype == tf.string``, specs) runs and
    reads TF's properties. Making a tensor of one reads ``_np``, which raises UnimplementedError:
    TF's ``constant([1, 2], tf.qint8)`` works, tapejax's does not (see docs/errors.md).
    """

    __slots__ = ("_numpy", "_quantized", "_numeric", "_size")

    def __init__(self, name: str, numpy, size: int, quantized: builtins.bool = False):
        self._name, self._numpy, self._size, self._quantized = name, numpy, size, quantized
        self._numeric = quantized  # TF: quantized dtypes are numeric, string/resource/variant not
        self._floating = self._complex = self._integer = False

    @property
    def _np(self):  # shadows DType's slot: every path that would make an array lands here
        raise UnimplementedError(
            None,
            None,
            f"tapejax has no tensors of dtype {self._name}: JAX has no {self._name} arrays. "
            "Use a numeric dtype (int8/uint8/... for quantized values, numbers for strings).",
        )

    @property
    def as_numpy_dtype(self):
        if self._numpy is None:  # TF: KeyError on the DataType enum
            raise KeyError(f"tf.{self._name} has no numpy dtype (DataType enum {self.as_datatype_enum}).")
        return self._numpy

    @property
    def __numpy_dtype__(self) -> np.dtype:
        return self._np

    dtype = __numpy_dtype__

    is_unsigned = is_bool = property(lambda self: False)
    is_quantized = property(lambda self: self._quantized)
    is_numeric = property(lambda self: self._numeric)
    size = property(lambda self: self._size)

    @property
    def min(self):
        raise TypeError(self._no_limit("minimum"))

    @property
    def max(self):
        raise TypeError(self._no_limit("maximum"))

    def _no_limit(self, which: str) -> str:
        kind = " with quantized type" if self._quantized else " with type" if self._numpy else ""
        suffix = f"{kind} <dtype: '{self._name}'>" if kind else ""
        return f"Cannot find {which} value of <dtype: '{self._name}'>{suffix}."


def _quantized(name: str, numpy_type) -> _TensorlessDType:
    # TF's numpy stand-in for a quantized dtype: a one-field record, dtype([('qint8', 'i1')]).
    numpy = np.dtype([(name, numpy_type)])
    return _TensorlessDType(name, numpy, numpy.itemsize, quantized=True)


qint8 = _quantized("qint8", np.int8)
quint8 = _quantized("quint8", np.uint8)
qint16 = _quantized("qint16", np.int16)
quint16 = _quantized("quint16", np.uint16)
qint32 = _quantized("qint32", np.int32)
string = _TensorlessDType("string", object, 0)  # TF: as_numpy_dtype is object
resource = _TensorlessDType("resource", None, 0)
variant = _TensorlessDType("variant", None, 0)
QUANTIZED_DTYPES = frozenset({qint8, quint8, qint16, quint16, qint32})
_TENSORLESS = (qint8, quint8, qint16, quint16, qint32, string, resource, variant)

_ENUMS = {
    "qint8": 11,
    "quint8": 12,
    "qint32": 13,
    "qint16": 15,
    "quint16": 16,
    "string": 7,
    "resource": 20,
    "variant": 21,
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
        *_TENSORLESS,
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
        np_dtype = np.dtype(type_value)
        if np_dtype.kind in "OSU":  # TF reads object and (byte) string numpy dtypes as tf.string
            return string
        return _BY_NP.get(np_dtype) or _BY_NAME[np_dtype.name]
    except (TypeError, KeyError):
        raise TypeError(_not_a_dtype(type_value)) from None


_BY_NP = {d._np: d for d in _BY_NAME.values() if isinstance(d, DType) and d not in _TENSORLESS}
_BY_NP.update({d._numpy: d for d in QUANTIZED_DTYPES})  # TF's record dtypes stand for them
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
