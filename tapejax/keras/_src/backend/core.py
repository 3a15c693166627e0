"""Tensors and Variables as keras reads them: tapejax's value types, conversion, dtypes, and
the few accessors of a Tensor's internals keras uses.

Every read of a Tensor's private state in ``tapejax/keras`` goes through the accessors here
(``value``, ``shape_of``, ``dtype_of``, ``as_tensor``, ``read``, ``is_symbolic``), so a change
to how ``tapejax._core`` stores a Tensor is a change to this one file.
"""

from __future__ import annotations

from ...._core import checksum
from ...._core.recording.convert import constant, convert_to_tensor
from ...._core.recording.variable import Variable, live_variables
from ...._core.values import access, dtype, x64
from ...._core.values.errors import DataLossError, InvalidArgumentError
from ...._core.values.tensor import Tensor, TensorLike

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
    "get_keras_mask",
    "is_symbolic",
    "live_variables",
    "read",
    "set_keras_mask",
    "shape_of",
    "value",
    "x64",
]


def value(x):
    """The JAX array (or tracer) a Tensor holds; a pending Tensor is computed first."""
    return access.value_of(x)


def shape_of(x) -> tuple:
    """A Tensor's or Variable's shape as a tuple of ints (None where unknown), without computing it."""
    return access.np_shape(x)


def dtype_of(x):
    """A Tensor's or Variable's numpy dtype, without computing its value."""
    return access.np_dtype(x)


def as_tensor(variable):
    """A Variable's value as a Tensor: a read the recorders see, as ``tf.identity(v)``."""
    return access.as_tensor(variable)


def read(x):
    """The JAX value of a Tensor, or a recorded read of a Variable (so functions carry it)."""
    return value(as_tensor(x)) if isinstance(x, Variable) else value(x)


def is_symbolic(array) -> bool:
    """Whether a JAX value is a tracer (a function being traced), not a concrete array."""
    return access.is_symbolic_tensor(Tensor(array))


def get_keras_mask(x):
    """The Keras mask a layer attached to ``x`` (a Tensor or KerasTensor), or None."""
    return getattr(x, "_keras_mask", None)


def set_keras_mask(x, mask) -> None:
    """Attaches ``mask`` to ``x`` as Keras 3 does (``None`` removes it); objects that cannot
    hold one (numpy arrays, Python numbers) are left as they are."""
    try:
        x._keras_mask = mask
    except AttributeError:
        pass
