"""Conversion to Tensor with TensorFlow's rules: ``convert_to_tensor``, ``constant``.

Python floats become float32 and ints int32 (int64 when they do not fit); numpy values keep
their dtype; a ``jax.Array`` is wrapped without a copy; a list holding tensors is stacked (a
recorded op). Constants stay concrete while JAX traces a function, like TF's constants.
"""

from __future__ import annotations

import contextlib
import math
import threading

import jax
import jax.numpy as jnp
import numpy as np

from ..caches import scalars
from ..values import dtype as _dtypes
from ..values import x64
from ..values.errors import InvalidArgumentError
from ..values.shape import dims_text
from ..values.tensor import Tensor, TensorLike
from .record import Op, is_watched, record


@x64.enabled
def constant_array(value, dtype=None) -> jax.Array:
    """``value`` (numpy or Python) as a concrete JAX array, also while JAX traces a function:
    like a TF constant in a ``tf.function``, its value stays known (shapes and axes given as
    tensors keep working under ``tapejax.function``).

    The array is made on the host and copied to the device: ``jax.device_put`` compiles
    nothing, where ``jnp.asarray`` compiles a small XLA program for every new shape and dtype.
    """
    host = _host_array(value, dtype)
    with jax.ensure_compile_time_eval():
        if host is None or _puts_seen(host) > PUTS_BEFORE_PROGRAM:
            # A conversion numpy could round differently from XLA, or a shape converted
            # again and again (a loop): JAX's own program for it is the faster put.
            return jnp.asarray(value if host is None else host, dtype)  # copies
        if host is value:
            # The caller's own array may change later. jax.device_put shares the memory of a
            # 64-byte-aligned numpy array on the CPU, even with may_alias=False (JAX 0.10):
            # it gets a copy of its own.
            host = host.copy()
        return jax.device_put(host, may_alias=False)


# A (shape, dtype) put this many times goes through ``jnp.asarray``: one compiled program,
# then ~50 µs a put where ``jax.device_put`` takes ~100 µs (CPU): a loop puts its shapes every
# step. Values made to create something (a Variable's initial value, optimizer slots: a model
# of many equal layers puts one shape many times) are not counted (:func:`creating`).
PUTS_BEFORE_PROGRAM = 8
_puts: dict = {}


class _Creating(threading.local):
    depth = 0


_creating = _Creating()


@contextlib.contextmanager
def creating():
    """Inside, conversions make values to create something (a Variable): they never count
    towards a loop's switch to ``jnp.asarray``, so building a model compiles nothing."""
    _creating.depth += 1
    try:
        yield
    finally:
        _creating.depth -= 1


def _puts_seen(host: np.ndarray) -> int:
    if _creating.depth or not host.shape:
        # Scalars never switch: the scalar cache keeps each value's array, so a loop does not
        # put the same one again (new values, such as an initializer's scale per layer, would
        # otherwise compile JAX's program for a scalar in the middle of building a model).
        return 0
    key = (host.shape, host.dtype)
    seen = _puts.get(key, 0) + 1
    if seen <= PUTS_BEFORE_PROGRAM + 1:
        _puts[key] = seen
    return seen


def _host_array(value, dtype) -> np.ndarray | None:
    """``value`` as a numpy array of ``dtype``, where numpy gives exactly what ``jnp.asarray``
    would (None elsewhere): numpy values cast without rounding or with wrap-around (integers),
    Python values converted to the ``dtype`` given."""
    if isinstance(value, (np.ndarray, np.generic)):
        target = value.dtype if dtype is None else np.dtype(dtype)
        return np.asarray(value).astype(target, copy=False) if _same_cast(value.dtype, target) else None
    if dtype is None or isinstance(value, (jax.Array, jax.core.Tracer)):
        return None  # Python scalars alone would be weakly typed in JAX: keep JAX's rules
    try:
        with np.errstate(all="raise"):
            host = np.asarray(value, dtype=np.dtype(dtype))
    except (TypeError, ValueError, OverflowError, FloatingPointError):
        return None
    return host if host.dtype != object else None


def _same_cast(src: np.dtype, target: np.dtype) -> bool:
    """Whether numpy's cast from ``src`` to ``target`` gives XLA's bits: value-preserving casts,
    integer to integer (both wrap), and integer to float32/64 (both round to nearest even)."""
    return (
        src == target
        or np.can_cast(src, target, "safe")
        or (src.kind in "iub" and target.kind in "iu")
        or (src.kind in "iu" and target in (np.float32, np.float64))
    )


# Casts of concrete tensors up to this many elements are done on the host when nothing
# differentiates them (a constant's cast inside a traced function, a count cast to float):
# a device-to-host copy of that much costs less than compiling XLA's convert for its shape.
HOST_CAST_MAX = 1 << 16


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


def _cannot_convert(value, dtype: _dtypes.DType) -> TypeError:
    return TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.kernel_name}")


def _python_array(value) -> np.ndarray:
    """``value`` (a Python scalar or nested list) as numpy, with TF's errors for what TF rejects."""
    try:
        arr = np.asarray(value)
    except ValueError:  # numpy refuses ragged nests
        raise ValueError("Can't convert non-rectangular Python sequence to Tensor.") from None
    if arr.dtype == object:
        flat = np.ravel(arr)
        if all(isinstance(v, int) for v in flat):
            raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
        if len({type(v) for v in flat}) > 1:
            raise ValueError(
                "Can't convert Python sequence with mixed types to Tensor. Give every element "
                "a number (float('nan') for a missing value)."
            )
        raise ValueError(
            f"Attempt to convert a value ({flat[0]!r}) with an unsupported type "
            f"({type(flat[0])}) to a Tensor. Give every element a number."
        )
    if arr.dtype.kind == "u":  # Python ints become uint64 only past int64's range
        raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
    return arr


def _python_to_numpy(value, dtype: _dtypes.DType | None) -> np.ndarray:
    """TF's conversion of Python values: floats never become integers or bools, ints never
    become bools, complex numbers stay complex (TypeError otherwise)."""
    arr = _python_array(value)
    if arr.dtype.kind in "USV":
        if dtype is not None:
            raise _cannot_convert(value, dtype)
        raise TypeError(f"tapejax has no string tensors; cannot convert {value!r} to a Tensor.")
    kind, inferred = arr.dtype.kind, dtype is None
    if inferred:
        dtype = _infer_python_dtype(arr)
    elif (
        (kind == "f" and arr.size and not (dtype.is_floating or dtype.is_complex))
        or (kind == "c" and not dtype.is_complex)
        or (kind in "iu" and dtype.is_bool)
    ):
        raise _cannot_convert(value, dtype)
    with np.errstate(over="ignore"):  # overflow is checked below, or wraps as in TF
        out = arr.astype(dtype._np)
    if inferred and kind == "f" and arr.size and np.isinf(out).sum() > np.isinf(arr).sum():
        raise ValueError(
            "Can't convert Python sequence with a value out of range for a double-precision float."
        )
    return out


def _contains_tensor(value) -> bool:
    return isinstance(value, (list, tuple)) and any(
        isinstance(v, TensorLike) or _contains_tensor(v) for v in value
    )


@x64.enabled
def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None) -> Tensor:
    """Converts a Python, numpy or JAX value (or a Variable) to a Tensor, as TF does.

    Args:
      value: a Tensor, Variable, ``jax.Array`` (kept as is, without a copy), numpy value, or
        Python scalar / nested list (floats become float32, ints int32).
      dtype: the dtype the result must have. numpy and JAX values are cast to it; Python
        values must fit it (a Python float never becomes an integer: TypeError, as TF).
      dtype_hint: the dtype to prefer: numpy and JAX values are cast to it, Python values take
        it where they fit.
      name: ignored (kept for TF signature compatibility).

    Raises:
      ValueError: a Tensor of another ``dtype``; a ragged or out-of-range Python value.
      TypeError: a Python value that does not fit ``dtype``.

    >>> import tapejax as tf
    >>> tf.convert_to_tensor([1, 2]).dtype
    tf.int32
    >>> tf.convert_to_tensor(1, dtype_hint=tf.float32)
    <tf.Tensor: shape=(), dtype=float32, numpy=1.0>
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
    if type(value) in _SCALAR_TYPES:
        return Tensor(_scalar_array(value, dtype, dtype_hint))
    if isinstance(value, (jax.Array, jax.core.Tracer, np.ndarray, np.generic)):
        # Arrays are cast to the dtype asked for, or hinted at (TF converts numpy values so).
        target = dtype if dtype is not None or dtype_hint is None else _dtypes.as_dtype(dtype_hint)
        if target is not None and value.dtype != target._np:
            value = value.astype(target._np)
        return Tensor(value if isinstance(value, (jax.Array, jax.core.Tracer)) else constant_array(value))
    protocol = getattr(type(value), "__tf_tensor__", None)
    if protocol is not None:  # TF's tensor protocol (tf.types.experimental.TensorProtocol)
        return convert_to_tensor(protocol(value, dtype, name), dtype=dtype)
    if _contains_tensor(value):
        packed = pack([convert_to_tensor(v) for v in value], 0)
        return packed if dtype is None else cast_tensor(packed, dtype)
    if value is None:
        raise ValueError(
            "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."
        )
    return Tensor(_python_value_array(value, dtype, dtype_hint))


def _python_value_array(value, dtype, dtype_hint) -> jax.Array:
    if dtype is None and dtype_hint is not None:
        try:
            return constant_array(_python_to_numpy(value, _dtypes.as_dtype(dtype_hint)))
        except TypeError:
            pass
    return constant_array(_python_to_numpy(value, dtype))


# Python scalars (``x ** 2``, ``0.01 * g``) are converted to device arrays once: putting a
# value on the device costs tens of microseconds, far more than the op that uses it.
_SCALAR_TYPES = frozenset({int, float, bool, complex})


def scalar_key(value) -> tuple:
    """A Python scalar as a cache key: float.hex / complex parts tell -0.0 from 0.0 and keep NaN
    (never equal to itself) apart; the type tells 1 from 1.0 and True."""
    exact = (
        value.hex()
        if type(value) is float
        else ((value.real.hex(), value.imag.hex()) if type(value) is complex else value)
    )
    return type(value), exact


def _scalar_array(value, dtype, dtype_hint) -> jax.Array:
    key = (*scalar_key(value), dtype, None if dtype_hint is None else _dtypes.as_dtype(dtype_hint))
    found = scalars.peek(key)
    if found is None:
        found = scalars.put(key, _python_value_array(value, dtype, dtype_hint))
    return found


@x64.enabled
def constant(value, dtype=None, shape=None, name="Const") -> Tensor:
    """Creates a constant tensor (``tf.constant``); a Tensor given as it is is returned itself.

    Args:
      value: a Python scalar or list, numpy value, ``jax.Array`` (kept without a copy) or
        Tensor.
      dtype: the element type; by default TF's inference (float32 for Python floats, int32
        for ints, numpy's own dtype for numpy values).
      shape: if given, the value is broadcast (a scalar) or reshaped to it.
      name: ignored.

    Raises:
      TypeError: a Python value that does not fit ``dtype`` (``constant(1.5, tf.int32)``),
        a Tensor of another ``dtype``, or a value that does not fit ``shape``.

    >>> import tapejax as tf
    >>> tf.constant(1.5)
    <tf.Tensor: shape=(), dtype=float32, numpy=1.5>
    >>> v = tf.Variable([0.0])
    >>> with tf.GradientTape() as g:
    ...   loss = tf.constant(v + v)
    >>> g.gradient(loss, v).numpy()
    array([2.], dtype=float32)
    >>> tf.constant([1, 2, 3, 4], shape=(2, 2))
    <tf.Tensor: shape=(2, 2), dtype=int32, numpy=
    array([[1, 2],
           [3, 4]], dtype=int32)>
    """
    if isinstance(value, TensorLike):
        tensor = value._as_tensor()
        if dtype is not None and tensor.dtype != _dtypes.as_dtype(dtype):
            raise TypeError(
                f"Expected tensor {tensor.numpy()} with dtype {_dtypes.as_dtype(dtype)!r}, "
                f"but got dtype {tensor.dtype!r}. Cast it with tapejax.cast instead."
            )
        if value is tensor and (shape is None or tuple(shape) == tensor._np_shape):
            # TF's eager constant of a tensor is that tensor: a tape that watches it still
            # differentiates through (``tf.constant(v + v)``; TF's docstring shows it).
            return tensor
        tensor = Tensor(tensor._value)  # a Variable's value, or reshaped below: a new constant
    else:
        tensor = convert_to_tensor(value, dtype=dtype)
        if isinstance(value, (list, tuple)) and _contains_tensor(value):
            tensor = Tensor(tensor._value)
    if shape is not None:
        tensor = Tensor(_fit_shape(tensor, value, tuple(int(d) for d in shape)))
    return tensor


def _fit_shape(tensor: Tensor, value, shape: tuple):
    v = tensor._value
    if not tensor._is_symbolic():  # on the host: no XLA program for the new shape
        v = np.asarray(v)
        if v.size == 1:
            return constant_array(np.broadcast_to(v.reshape(()), shape))
        if v.size == int(np.prod(shape)):
            return constant_array(v.reshape(shape))
    elif v.size == 1:
        return jnp.broadcast_to(v.reshape(()), shape)
    elif v.size == int(np.prod(shape)):
        return v.reshape(shape)
    raise TypeError(
        f"Eager execution of tf.constant with unsupported shape. Tensor {tensor.numpy()} "
        f"(converted from {value!r}) has {v.size} elements, but got `shape` {shape} with "
        f"{int(np.prod(shape))} elements)."
    )


def is_tensor(x) -> bool:
    """Whether ``x`` is a tapejax Tensor or Variable (``tf.is_tensor``)."""
    return isinstance(x, TensorLike)


# -- the two ops conversion itself needs (tf.cast and tf.stack are these) -----------------------
def _cast(x, dtype):
    target = np.dtype(dtype)
    if jnp.issubdtype(x.dtype, jnp.complexfloating) and not jnp.issubdtype(target, jnp.complexfloating):
        x = jnp.real(x)
    if jnp.issubdtype(x.dtype, jnp.floating) and jnp.issubdtype(target, jnp.integer):
        # TF's CPU cast (C++ static_cast on x86): nan and out-of-range values become the most
        # negative int32/int64, and narrower targets keep the low bits of that.
        wide = np.int64 if target.itemsize == 8 or target == np.uint32 else np.int32
        info = np.iinfo(wide)
        ok = jnp.isfinite(x) & (x >= info.min) & (x < -float(info.min))
        ints = jnp.where(ok, jnp.trunc(jnp.where(ok, x, 0)), 0).astype(wide)
        return jnp.where(ok, ints, jnp.asarray(info.min, wide)).astype(target)
    return x.astype(target)


_CAST = Op("Cast", _cast)
PACK = Op("Pack", lambda *xs, axis: jnp.stack(xs, axis=axis))


@x64.enabled
def cast_tensor(x: Tensor, dtype: _dtypes.DType) -> Tensor:
    """``x`` as ``dtype``, recorded (the gradient flows between float/complex dtypes); a small
    concrete tensor nothing watches is cast on the host where numpy rounds as XLA does."""
    if x.dtype == dtype:
        return x
    if (
        math.prod(x._np_shape) <= HOST_CAST_MAX
        and _same_cast(x._np_dtype, dtype._np)
        and not x._is_symbolic()
        and not is_watched((x,))
    ):
        return Tensor(constant_array(np.asarray(x._value).astype(dtype._np)))
    return record(_CAST, (x,), {"dtype": dtype._np})


def check_same_dtype(op_name: str, tensors) -> None:
    first_np = tensors[0]._np_dtype
    if all(t._np_dtype == first_np for t in tensors):
        return
    first = tensors[0].dtype
    for i, t in enumerate(tensors[1:], 1):
        if t.dtype != first:
            raise InvalidArgumentError(
                f"cannot compute {op_name} as input #{i}(zero-based) was expected to be a "
                f"{first.kernel_name} tensor but is a {t.dtype.kernel_name} tensor [Op:{op_name}]. "
                "TensorFlow never converts dtypes implicitly; use tapejax.cast on one operand."
            )


def pack(tensors: list, axis: int) -> Tensor:
    """Stacks same-dtype, same-shape tensors along a new ``axis`` (TF's Pack), recorded."""
    check_same_dtype("Pack", tensors)
    for i, t in enumerate(tensors[1:], 1):
        if t._np_shape != tensors[0]._np_shape:
            raise InvalidArgumentError(
                f"Shapes of all inputs must match: values[0].shape = {dims_text(tensors[0].shape)} != "
                f"values[{i}].shape = {dims_text(t.shape)} [Op:Pack]"
            )
    return record(PACK, tuple(tensors), {"axis": axis})
