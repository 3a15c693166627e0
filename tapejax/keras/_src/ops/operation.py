"""Keras 3 operations: what Python operators on a KerasTensor record (``tf.keras.Input(...) * 2.0``
is a ``Multiply`` node of the functional graph, named ``multiply`` like a layer would be).

An operation has no weights. Called on KerasTensors it records a node (its output shape and
dtype are inferred by running it abstractly); called on real tensors it computes with Keras 3's
dtype rules, which differ from TF's: a Python scalar is weakly typed (``int32 tensor * 2.0`` is
float32, ``float16 tensor * 2.0`` stays float16) and ``/`` of integers gives floats.
"""

from __future__ import annotations

import jax
import numpy as np

from ..backend.core import TensorLike, convert_to_tensor, x64
from ..backend.core import dtype as _dtypes
from ..backend.keras_tensor import OPERATIONS, KerasTensor, has_keras_tensor, symbolic_call
from ..backend.ops import cast as _cast
from ..backend.ops import math_ops as _math
from ..backend.ops import matmul as _matmul
from ..utils.naming import auto_name

_FROM_64 = {"uint64": "uint32", "complex128": "complex64"}  # Keras keeps int64/float64 only
_WEAK = {"f": "float32", "c": "float32", "i": "int32", "u": "uint32", "b": "bool", "V": "float32"}


def _type_of(x):
    """What Keras' ``result_type`` reads: a dtype, or ``int``/``float`` for weak Python scalars."""
    if isinstance(x, (KerasTensor, TensorLike)):
        return np.dtype(_dtypes.as_dtype(x.dtype)._np)
    if type(x) in (int, float):
        return type(x)
    if isinstance(x, bool):
        return np.dtype(bool)
    if isinstance(x, (str, np.dtype)):  # a dtype's name
        return np.dtype(_dtypes.as_dtype(x)._np)
    return np.asarray(x).dtype


@x64.enabled
def result_type(*values) -> str:
    """Keras 3's ``backend.result_type`` of values (JAX's promotion lattice; a weak result takes
    the 32-bit type of its kind)."""
    found, weak = jax.dtypes.result_type(*(_type_of(v) for v in values), return_weak_type_flag=True)
    name = np.dtype(found).name
    if weak and name != "bool":
        name = _WEAK[np.dtype(found).kind]
    return _FROM_64.get(name, name)


def _as(x, dtype: str):
    if isinstance(x, TensorLike):
        return x if x.dtype.name == dtype else _cast(x, dtype)
    # A Python or numpy value converts to ``dtype`` as numpy casts it (``2.0`` to bool is True).
    return convert_to_tensor(np.asarray(x).astype(_dtypes.as_dtype(dtype)._np), dtype=dtype)


class Operation:
    """Base of Keras 3's operations: named like layers (sharing their name counter), no weights."""

    built = True

    def __init__(self, name: str | None = None):
        self.name = name or auto_name(type(self).__name__)

    def __call__(self, *args, **kwargs):
        if has_keras_tensor((args, kwargs)):
            return symbolic_call(self, args[0], args[1:], kwargs)
        return self.call(*args, **kwargs)

    def call(self, *args, **kwargs):
        raise NotImplementedError

    def count_params(self) -> int:
        return 0

    def get_config(self) -> dict:
        return {"name": self.name}

    @classmethod
    def from_config(cls, config: dict):
        return cls(**config)

    def __repr__(self) -> str:
        return f"<Operation name={self.name}>"


class _Elementwise(Operation):
    """``op(x1, x2)`` after casting both to their Keras result type; for booleans, ``bool_op``."""

    op = bool_op = staticmethod(_math.add)
    extra: tuple = ()  # more values in the result type: (1.0,) makes integer results floats
    bool_as = "bool"  # the type a boolean result is computed in
    fixed = None  # the type both are cast to instead (``"bool"`` for logical operations)

    def call(self, x1, x2):
        dtype = self.fixed or result_type(x1, x2, *self.extra)
        dtype = self.bool_as if dtype == "bool" else dtype
        op = self.bool_op if dtype == "bool" else self.op
        return op(_as(x1, dtype), _as(x2, dtype))


def _elementwise(name: str, op, bool_op=None, **options):
    """The Keras operation class ``name`` computing ``op`` (``bool_op`` on booleans)."""
    attributes = {"op": staticmethod(op), "bool_op": staticmethod(bool_op or op), "__module__": __name__}
    return type(name, (_Elementwise,), {**attributes, **options})


# Booleans add and multiply as numpy and JAX do them (TF's kernels take no booleans).
Add = _elementwise("Add", _math.add, _math.logical_or)
Subtract = _elementwise("Subtract", _math.subtract)
Multiply = _elementwise("Multiply", _math.multiply, _math.logical_and)
TrueDivide = _elementwise("TrueDivide", _math.truediv, extra=(1.0,))  # integers divide to floats
FloorDivide = _elementwise("FloorDivide", _math.floordiv)
Mod = _elementwise("Mod", _math.floormod, bool_as="int32")
Power = _elementwise("Power", _math.pow)
Less = _elementwise("Less", _math.less)
LessEqual = _elementwise("LessEqual", _math.less_equal)
Greater = _elementwise("Greater", _math.greater)
GreaterEqual = _elementwise("GreaterEqual", _math.greater_equal)
NotEqual = _elementwise("NotEqual", _math.not_equal)
LogicalAnd = _elementwise("LogicalAnd", _math.logical_and, fixed="bool")
LogicalOr = _elementwise("LogicalOr", _math.logical_or, fixed="bool")
LogicalXor = _elementwise("LogicalXor", _math.logical_xor, fixed="bool")


class Matmul(Operation):
    def call(self, x1, x2):
        if result_type(x1) == "int8" and result_type(x2) == "int8":
            out = "int32"
        else:
            out = result_type(x1, x2)
        compute = result_type(x1, x2, 1.0)  # as Keras' TF backend: integers multiply as floats
        return _as(_matmul(_as(x1, compute), _as(x2, compute)), out)


class Negative(Operation):
    def call(self, x):
        return _math.negative(x)


class Absolute(Operation):
    def call(self, x):
        return x if x.dtype.is_bool or x.dtype.is_unsigned else _math.abs(x)


class LogicalNot(Operation):
    def call(self, x):
        return _math.logical_not(_as(x, "bool"))


class Round(Operation):
    def __init__(self, decimals: int = 0, *, name: str | None = None):
        super().__init__(name=name)
        self.decimals = decimals

    def get_config(self) -> dict:
        return {"name": self.name, "decimals": self.decimals}

    def call(self, x):
        if self.decimals == 0:
            return x if x.dtype.is_integer else _math.round(x)
        if x.dtype.is_integer and self.decimals > 0:
            return x
        work = "float32" if x.dtype.is_integer else x.dtype.name
        factor = convert_to_tensor(10.0**self.decimals, dtype=work)
        return _as(_math.truediv(_math.round(_math.multiply(_as(x, work), factor)), factor), x.dtype.name)


class GetItem(Operation):
    """``x[key]``: Keras takes an int, a tuple or a list as key (not a lone slice)."""

    def __call__(self, x, key):
        if isinstance(x, KerasTensor):
            _sliced_shape(x.shape, key)  # Keras' errors, before the key is traced
        return super().__call__(x, key)

    def call(self, x, key):
        return x[tuple(key) if isinstance(key, list) else key]

    def refine_outputs(self, outputs: list, args: tuple, kwargs: dict) -> list:
        """Keras' shape for the slice: a sliced unknown dimension stays unknown."""
        x, key = args
        (out,) = outputs
        return [KerasTensor(_sliced_shape(x.shape, key), out.dtype, out.name)]


def _sliced_shape(shape: tuple, key) -> tuple:
    if not isinstance(key, (int, tuple, list)):
        raise ValueError(f"Unsupported key type for array slice. Received: `{key}`")
    remaining, new = list(shape), []
    keys = [key] if isinstance(key, int) else list(key)
    if keys.count(Ellipsis) > 1:
        raise ValueError(f"Slice should only have one ellipsis. Received: `{key}`")
    if Ellipsis not in keys:
        keys.append(Ellipsis)
    while keys:
        sub = keys.pop(0)
        if sub is Ellipsis:
            consumed = len(remaining) - (len(keys) - keys.count(None))
            new += remaining[:consumed]
            remaining = remaining[consumed:]
        elif sub is None:
            new.append(1)
        elif not remaining:
            raise ValueError(f"Array has shape {shape} but slice has to many indices. Received: `{key}`")
        else:
            length = remaining.pop(0)
            if isinstance(sub, slice):
                new.append(None if length is None else len(range(*sub.indices(length))))
            elif not isinstance(sub, int):
                raise ValueError(f"Unsupported key type for array slice. Received: `{key}`")
            elif length is not None and not -length <= sub < length:
                raise ValueError(f"Array has shape {shape} but out-of-bounds index {key} was requested.")
    return tuple(new)


OPERATIONS.update(
    (cls.__name__, cls)
    for cls in (
        Add,
        Subtract,
        Multiply,
        TrueDivide,
        FloorDivide,
        Mod,
        Power,
        Matmul,
        Less,
        LessEqual,
        Greater,
        GreaterEqual,
        NotEqual,
        LogicalAnd,
        LogicalOr,
        LogicalXor,
        Negative,
        Absolute,
        LogicalNot,
        Round,
        GetItem,
    )
)
