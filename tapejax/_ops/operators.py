"""Tensor's operator methods, as one table over the op functions.

``a + b`` and ``tapejax.add(a, b)`` run the same op: each operator of ``TensorLike`` (so of
Tensor and Variable) is the op function named here. ``install()`` sets them on the class
once, from ``tapejax/__init__.py``, as JAX installs its Array methods from a table: Tensor
sits below the ops in the layers, so it cannot import them.
"""

from __future__ import annotations

from .._core.recording.convert import convert_to_tensor
from .._core.values.tensor import TensorLike
from .indexing import getitem
from .linalg_ops import matmul
from .math_ops import (
    abs,  # noqa: A004 - TF's name
    add,
    and_,
    floordiv,
    floormod,
    greater,
    greater_equal,
    invert,
    less,
    less_equal,
    multiply,
    negative,
    or_,
    pow,  # noqa: A004 - TF's name
    subtract,
    tensor_equals,
    tensor_not_equals,
    truediv,
    xor_,
)


def _strict(value, like):
    # TF converts the left operand of a reflected operator strictly to the tensor's dtype
    # (``1.5 * int_tensor`` is a TypeError), before the op sees it.
    return value if isinstance(value, TensorLike) else convert_to_tensor(value, dtype=like.dtype)


def _reflected(op):
    return lambda self, other: op(_strict(other, self), self)


def _eq(self, other):
    # TF: False for None; a scalar False tensor for shapes that do not broadcast;
    # elementwise otherwise (other dtypes raise, as in TF).
    return False if other is None else tensor_equals(self, other)


def _ne(self, other):
    return True if other is None else tensor_not_equals(self, other)


_BINARY = {
    "add": add,
    "sub": subtract,
    "mul": multiply,
    "truediv": truediv,
    "floordiv": floordiv,
    "mod": floormod,
    "pow": pow,
    "matmul": matmul,
    # Logical for bool tensors, bitwise for integer tensors (as TF).
    "and": and_,
    "or": or_,
    "xor": xor_,
}

METHODS: dict = {
    **{f"__{name}__": op for name, op in _BINARY.items()},
    **{f"__r{name}__": _reflected(op) for name, op in _BINARY.items()},
    "__lt__": less,
    "__le__": less_equal,
    "__gt__": greater,
    "__ge__": greater_equal,
    "__eq__": _eq,
    "__ne__": _ne,
    "__neg__": negative,
    "__abs__": abs,
    "__invert__": invert,
    "__getitem__": getitem,
}


def install() -> None:
    """Sets every operator of ``METHODS`` on TensorLike (idempotent)."""
    for name, method in METHODS.items():
        setattr(TensorLike, name, method)
