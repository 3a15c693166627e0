"""Tensor: an immutable TensorFlow-style value over a JAX array (or a JAX tracer).

A Tensor holds one JAX value and nothing else. It owns no gradient state: tapes refer to
tensors by identity. Its operators dispatch through the op table (``_registry.OPS``), so
``a + b`` and ``tapejax.add(a, b)`` run the same recorded op.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import dtypes as _dtypes
from ._registry import OPS
from ._shape import TensorShape
from .errors import InvalidArgumentError


def _binary(name: str, reflected: bool = False):
    if reflected:
        return lambda self, other: OPS[name](other, self)
    return lambda self, other: OPS[name](self, other)


def _unary(name: str):
    return lambda self: OPS[name](self)


class TensorLike:
    """Operators and numpy/JAX interop shared by Tensor and Variable.

    Subclasses provide ``_value`` (the JAX array, read without recording) and ``_as_tensor()``.
    """

    __slots__ = ()
    # numpy defers to our reflected operators (``np_array * tensor`` gives a Tensor, as in TF).
    __array_ufunc__ = None
    __array_priority__ = 100

    __add__, __radd__ = _binary("add"), _binary("add", True)
    __sub__, __rsub__ = _binary("subtract"), _binary("subtract", True)
    __mul__, __rmul__ = _binary("multiply"), _binary("multiply", True)
    __truediv__, __rtruediv__ = _binary("truediv"), _binary("truediv", True)
    __floordiv__, __rfloordiv__ = _binary("floordiv"), _binary("floordiv", True)
    __mod__, __rmod__ = _binary("floormod"), _binary("floormod", True)
    __pow__, __rpow__ = _binary("pow"), _binary("pow", True)
    __matmul__, __rmatmul__ = _binary("matmul"), _binary("matmul", True)
    __and__, __rand__ = _binary("logical_and"), _binary("logical_and", True)
    __or__, __ror__ = _binary("logical_or"), _binary("logical_or", True)
    __xor__, __rxor__ = _binary("logical_xor"), _binary("logical_xor", True)
    __lt__, __le__ = _binary("less"), _binary("less_equal")
    __gt__, __ge__ = _binary("greater"), _binary("greater_equal")
    __neg__, __abs__, __invert__ = _unary("negative"), _unary("abs"), _unary("logical_not")

    def __pos__(self):
        return self._as_tensor()

    def __getitem__(self, key):
        return OPS["getitem"](self, key)

    def __eq__(self, other):
        # TF: elementwise when comparable; False for None or incompatible shapes.
        if other is None:
            return False
        try:
            return OPS["equal"](self, other)
        except (TypeError, ValueError, InvalidArgumentError):
            return False

    def __ne__(self, other):
        if other is None:
            return True
        try:
            return OPS["not_equal"](self, other)
        except (TypeError, ValueError, InvalidArgumentError):
            return True

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    # -- static facts ---------------------------------------------------------------------
    @property
    def dtype(self) -> _dtypes.DType:
        return _dtypes.as_dtype(self._value.dtype)

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._value.shape)

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def ndim(self) -> int:
        return self._value.ndim

    # -- values -------------------------------------------------------------------------
    def numpy(self):
        """The value as a new numpy array (a numpy scalar for rank 0), as ``tf.Tensor.numpy``."""
        if isinstance(self._value, jax.core.Tracer):
            raise NotImplementedError(
                "numpy() is only available for eager tensors; this tensor is symbolic (it is being "
                "traced by tapejax.function or a JAX transformation). Return it from the function "
                "and call .numpy() on the result instead."
            )
        arr = np.array(self._value)
        return arr[()] if arr.ndim == 0 else arr

    def __array__(self, dtype=None, copy=None):
        arr = np.asarray(self._value)
        return arr if dtype is None else arr.astype(dtype)

    def __jax_array__(self):
        return self._value

    def __len__(self) -> int:
        if self._value.ndim == 0:
            raise TypeError("len is not well defined for a rank-0 tensor.")
        return self._value.shape[0]

    def __iter__(self):
        if self._value.ndim == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        return (self[i] for i in range(self._value.shape[0]))

    def __bool__(self) -> bool:
        return bool(self._concrete())

    def __float__(self) -> float:
        return float(self._concrete())

    def __int__(self) -> int:
        return int(self._concrete())

    def __index__(self) -> int:
        return int(self._concrete())

    def __complex__(self) -> complex:
        return complex(self._concrete())

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(self)
        return format(self.numpy(), spec)

    def _concrete(self):
        try:
            return np.asarray(self._value)
        except jax.errors.ConcretizationTypeError:
            raise TypeError(
                "Using a symbolic tapejax Tensor as a Python bool/int/float is not allowed: its value "
                "is unknown while tapejax.function traces it. Use tapejax.where / tapejax.cond-style "
                "ops on tensors, or mark the argument static."
            ) from None

    def _numpy_text(self, is_repr: bool = False) -> str:
        arr = self.numpy()
        text = repr(arr) if is_repr and np.ndim(arr) else str(arr)
        if is_repr and not np.ndim(arr):
            text = str(arr)
        return "\n" + text if "\n" in text else text

    def _is_symbolic(self) -> bool:
        return isinstance(self._value, jax.core.Tracer)


class Tensor(TensorLike):
    """An immutable multidimensional array (``tf.Tensor``) over a JAX value.

    >>> import tapejax as tf
    >>> tf.constant([1.0, 2.0])
    <tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>
    >>> print(tf.constant(4.0))
    tf.Tensor(4.0, shape=(), dtype=float32)
    """

    __slots__ = ("_value", "__weakref__")

    def __init__(self, value):
        self._value = value

    def _as_tensor(self) -> Tensor:
        return self

    def ref(self):
        return _Reference(self)

    def experimental_ref(self):
        return self.ref()

    def __repr__(self) -> str:
        if self._is_symbolic():
            return f"<tf.Tensor shape={self.shape} dtype={self.dtype.name}>"
        return f"<tf.Tensor: shape={self.shape}, dtype={self.dtype.name}, numpy={self._numpy_text(True)}>"

    def __str__(self) -> str:
        if self._is_symbolic():
            return f"Tensor(shape={self.shape}, dtype={self.dtype.name})"
        return f"tf.Tensor({self._numpy_text()}, shape={self.shape}, dtype={self.dtype.name})"

    def __reduce__(self):
        return (constant, (self.numpy(),))


class _Reference:
    """A hashable handle to a Tensor or Variable (``tensor.ref()``)."""

    __slots__ = ("_obj",)

    def __init__(self, obj):
        self._obj = obj

    def deref(self):
        return self._obj

    def __hash__(self):
        return id(self._obj)

    def __eq__(self, other):
        return isinstance(other, _Reference) and other._obj is self._obj


jax.tree_util.register_pytree_node(
    Tensor, lambda t: ((t._value,), None), lambda _, children: Tensor(children[0])
)


# -- conversion ---------------------------------------------------------------------------
def _infer_python_dtype(arr: np.ndarray) -> _dtypes.DType:
    """TF's inference for Python scalars and lists: floats -> float32, ints -> int32."""
    if arr.dtype.kind == "f":
        return _dtypes.float32
    if arr.dtype.kind in "iu":
        fits = arr.size == 0 or (arr.min() >= -(2**31) and arr.max() < 2**31)
        return _dtypes.int32 if fits else _dtypes.int64
    if arr.dtype.kind == "c":
        return _dtypes.complex128
    return _dtypes.as_dtype(arr.dtype)


def _python_to_numpy(value, dtype: _dtypes.DType | None):
    arr = np.asarray(value)
    if arr.dtype == object:
        raise TypeError(f"Failed to convert elements of {value!r} to Tensor.")
    if dtype is None:
        return arr.astype(_infer_python_dtype(arr)._np)
    if (dtype.is_integer or dtype.is_bool) and arr.dtype.kind in "fc":
        if not np.all(arr == np.round(arr.real)) or dtype.is_bool:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
    return arr.astype(dtype._np)


def _contains_tensor(value) -> bool:
    return isinstance(value, (list, tuple)) and any(
        isinstance(v, TensorLike) or _contains_tensor(v) for v in value
    )


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None) -> Tensor:
    """Converts a Python, numpy or JAX value (or a Variable) to a Tensor, as TF does.

    Args:
      value: a Tensor, Variable, ``jax.Array`` (kept as is, without a copy), numpy value, or
        Python scalar / nested list (floats become float32, ints int32).
      dtype: the dtype the result must have; Python and numpy values are converted to it.
      dtype_hint: the dtype to prefer for Python values when ``dtype`` is not given.
      name: ignored (kept for TF signature compatibility).

    >>> import tapejax as tf
    >>> tf.convert_to_tensor([1, 2]).dtype
    tf.int32
    """
    dtype = None if dtype is None else _dtypes.as_dtype(dtype)
    if isinstance(value, TensorLike):
        tensor = value._as_tensor()
        if dtype is not None and tensor.dtype != dtype:
            raise ValueError(
                f"Tensor conversion requested dtype {dtype.name} for Tensor with dtype "
                f"{tensor.dtype.name}: {tensor!r}. Cast it first with tapejax.cast."
            )
        return tensor
    if isinstance(value, (jax.Array, jax.core.Tracer)):
        if dtype is not None and value.dtype != dtype._np:
            value = value.astype(dtype._np)
        return Tensor(value)
    if isinstance(value, (np.ndarray, np.generic)):
        arr = value if dtype is None else value.astype(dtype._np)
        return Tensor(jnp.asarray(arr))
    if _contains_tensor(value):
        packed = OPS["stack"]([convert_to_tensor(v) for v in value])
        return packed if dtype is None else OPS["cast"](packed, dtype)
    if value is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor.")
    hint = None if dtype_hint is None else _dtypes.as_dtype(dtype_hint)
    if dtype is None and hint is not None:
        try:
            return Tensor(jnp.asarray(_python_to_numpy(value, hint)))
        except (TypeError, ValueError):
            pass
    return Tensor(jnp.asarray(_python_to_numpy(value, dtype)))


def constant(value, dtype=None, shape=None, name="Const") -> Tensor:
    """Creates a constant tensor (``tf.constant``), never recorded by a tape.

    Args:
      value: a Python scalar or list, numpy value, ``jax.Array`` or Tensor.
      dtype: the element type; by default TF's inference (float32 for Python floats).
      shape: if given, the value is broadcast (a scalar) or reshaped to it.
      name: ignored.

    >>> import tapejax as tf
    >>> tf.constant(1.5)
    <tf.Tensor: shape=(), dtype=float32, numpy=1.5>
    """
    if isinstance(value, TensorLike):
        value = value._as_tensor()._value
        if dtype is not None:
            value = value.astype(_dtypes.as_dtype(dtype)._np)
        tensor = Tensor(value)
    else:
        tensor = convert_to_tensor(value, dtype=dtype)
        if isinstance(value, (list, tuple)) and _contains_tensor(value):
            tensor = Tensor(tensor._value)  # a constant is never connected to a tape
    if shape is not None:
        shape = tuple(int(d) for d in shape)
        v = tensor._value
        if v.size == 1:
            v = jnp.broadcast_to(v.reshape(()), shape)
        elif v.size == int(np.prod(shape)):
            v = v.reshape(shape)
        else:
            raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tried to convert "
                            f"a value of {v.size} elements to shape {shape}.")
        tensor = Tensor(v)
    return tensor


def is_tensor(x) -> bool:
    """Whether ``x`` is a tapejax Tensor or Variable (``tf.is_tensor``)."""
    return isinstance(x, TensorLike)
