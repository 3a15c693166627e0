"""Tensors and Variables as keras reads them: tapejax's value types, conversion, dtypes, and
the few accessors of a Tensor's internals keras uses.

Every read of a Tensor's private state in ``tapejax/keras`` goes through the accessors here
(``value``, ``shape_of``, ``dtype_of``, ``as_tensor``, ``read``, ``is_symbolic``), so a change
to how ``tapejax._core`` stores a Tensor is a change to this one file.
"""

from __future__ import annotations

from ...._core import checksum, dtype, x64
from ...._core.convert import constant, convert_to_tensor
from ...._core.errors import DataLossError, InvalidArgumentError
from ...._core.tensor import Tensor, TensorLike
from ...._core.variable import Variable, live_variables

__all__ = [
    "DataLossError",
    "InvalidArgumentError",
    "Tensor",
    "TensorLike",
    "Variable",
    "as_tensor",
    "checksum",
    "constant",
    "convert_to_tensor",
    "dtype",
    "dtype_of",
    "is_symbolic",
    "live_variables",
    "read",
    "shape_of",
    "value",
    "x64",
]


def value(x):
    """The JAX array (or tracer) a Tensor holds; a pending Tensor is computed first."""
    return x._value


def shape_of(x) -> tuple:
    """A Tensor's or Variable's shape as a tuple of ints (None where unknown), without computing it."""
    return x._np_shape


def dtype_of(x):
    """A Tensor's or Variable's numpy dtype, without computing its value."""
    return x._np_dtype


def as_tensor(variable):
    """A Variable's value as a Tensor: a read the recorders see, as ``tf.identity(v)``."""
    return variable._as_tensor()


def read(x):
    """The JAX value of a Tensor, or a recorded read of a Variable (so functions carry it)."""
    return value(as_tensor(x)) if isinstance(x, Variable) else value(x)


def is_symbolic(array) -> bool:
    """Whether a JAX value is a tracer (a function being traced), not a concrete array."""
    return Tensor(array)._is_symbolic()
