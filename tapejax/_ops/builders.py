"""Builders for op tables: TF's argument conversion and dtype rules in one place.

An op module declares each op in one line, e.g. ``sin = unary("Sin", jnp.sin, dtypes=INEXACT)``;
the builder returns the public function (TF's signature), which converts its arguments with
TF's rules, checks the dtypes TF's kernel accepts, and runs the op through ``record``.

TF's conversion rules for two operands (observed in TF 2.21):

* a Python/numpy operand takes the other operand's dtype, strictly: ``int_tensor * 1.5`` is a
  TypeError ("Cannot convert 1.5 to EagerTensor of dtype int32"), ``float_tensor * 2`` is
  float32. Two Python operands: the second takes the first's dtype.
* ``AddV2`` and ``MatMul`` convert leniently (a Python float stays float32) and then find the
  dtypes differ: InvalidArgumentError.
* two tensors of different dtypes: InvalidArgumentError (TF never promotes implicitly).
"""

from __future__ import annotations

import numpy as np

from .._core.caches import broadcasts, scalars
from .._core.recording.convert import check_same_dtype, convert_to_tensor, scalar_key
from .._core.recording.record import Op, record_in_x64
from .._core.values import x64
from .._core.values.access import as_tensor, is_symbolic_tensor, np_dtype, np_shape, shape_dtype, value_of
from .._core.values.dtype import as_dtype
from .._core.values.errors import InvalidArgumentError, NotFoundError
from .._core.values.tensor import Tensor, TensorLike

# -- dtype sets (numpy names), as TF's kernels accept them -----------------------------------
FLOAT = frozenset({"bfloat16", "float16", "float32", "float64"})
COMPLEX = frozenset({"complex64", "complex128"})
SIGNED_INT = frozenset({"int8", "int16", "int32", "int64"})
INTEGER = SIGNED_INT | frozenset({"uint8", "uint16", "uint32", "uint64"})
INEXACT = FLOAT | COMPLEX  # transcendental functions
REAL = FLOAT | INTEGER  # comparisons, maximum, reduce_max
NUMERIC = REAL | COMPLEX  # add, multiply, reduce_sum
SIGNED = FLOAT | SIGNED_INT | COMPLEX  # negative, sign
BOOL = frozenset({"bool"})
ALL = NUMERIC | BOOL

_ORDER = (
    "bfloat16",
    "float16",
    "float32",
    "float64",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "complex64",
    "complex128",
    "bool",
)
_KERNEL_NAMES = {"float16": "half", "float32": "float", "float64": "double"}


def _kernel_name(name: str) -> str:
    return _KERNEL_NAMES.get(name, name)


_ALLOWED_NP: dict = {}  # allowed names -> the numpy dtypes (checked for every op: a hot path)


def allowed_dtypes(allowed) -> frozenset:
    """The numpy dtypes of ``allowed`` (numpy names)."""
    allowed_np = _ALLOWED_NP.get(allowed)
    if allowed_np is None:
        allowed_np = _ALLOWED_NP[allowed] = frozenset(as_dtype(n)._np for n in allowed)
    return allowed_np


def check_dtype(op_name: str, allowed, *tensors, attr: str = "T") -> None:
    """Raises TF's InvalidArgumentError when a tensor's dtype is not in ``allowed`` (a set of
    numpy names, listed in a canonical order, or a tuple listed in its own order, as TF's)."""
    allowed_np = allowed_dtypes(allowed)
    for t in tensors:
        if np_dtype(t) not in allowed_np:
            check_dtype_attr(op_name, allowed, t.dtype, attr)


def check_dtype_attr(op_name: str, allowed, dtype, attr: str = "T") -> None:
    """``check_dtype`` for a dtype argument (TF's ``dtype=`` attrs) rather than a tensor's."""
    dtype = as_dtype(dtype)
    if dtype._np not in allowed_dtypes(allowed):
        ordered = allowed if isinstance(allowed, tuple) else [n for n in _ORDER if n in allowed]
        names = ", ".join(_kernel_name(n) for n in ordered)
        raise InvalidArgumentError(
            f"Value for attr '{attr}' of {dtype.kernel_name} is not in the list of allowed "
            f"values: {names} [Op:{op_name}]. Cast the input to one of these dtypes first "
            "(tapejax.cast)."
        )


def check_bool(op_name: str, *tensors) -> None:
    """Logical ops take bool tensors only (TF's error names the input)."""
    for i, t in enumerate(tensors):
        if not t.dtype.is_bool:
            raise InvalidArgumentError(
                f"cannot compute {op_name} as input #{i}(zero-based) was expected to be a bool "
                f"tensor but is a {t.dtype.kernel_name} tensor [Op:{op_name}]"
            )


_BROADCASTS = broadcasts.table  # shapes known to broadcast -> the result (caches.broadcasts)


def broadcast_shape(op_name: str, *shapes) -> tuple:
    """The broadcast of ``shapes``, or TF's "Incompatible shapes" error."""
    if len(shapes) == 2:  # the common cases first: a hot path of binary ops
        a, b = shapes
        if a == b or not b:
            return tuple(a)
        if not a:
            return tuple(b)
    found = _BROADCASTS.get(shapes)  # shapes that broadcast, checked before
    if found is not None:
        return found
    ndim = max(len(s) for s in shapes)
    out = []
    for dims in zip(*[(1,) * (ndim - len(s)) + tuple(s) for s in shapes], strict=True):
        sizes = {d for d in dims if d != 1}
        if len(sizes) > 1:
            text = " vs. ".join("[" + ",".join(str(d) for d in s) + "]" for s in shapes)
            if any(not isinstance(d, int) for d in sizes):  # None dimensions of a tf.function's trace
                raise InvalidArgumentError(
                    f"Incompatible shapes: {text} [Op:{op_name}]: a tf.function traces each None "
                    "dimension of its input_signature as its own symbolic size (JAX shape polymorphism), "
                    "and this op needs two of them to be equal. Calls with concrete tensors trace per "
                    "shape instead; for a concrete function, give those dimensions a size."
                )
            raise InvalidArgumentError(f"Incompatible shapes: {text} [Op:{op_name}]")
        out.append(sizes.pop() if sizes else 1)
    return broadcasts.put(shapes, tuple(out))


def convert_like(value, like, lenient: bool = False):
    """``value`` as a tensor of ``like``'s dtype: strictly (TypeError if it does not fit), or
    ``lenient`` (it keeps its own dtype then, and the op reports the mismatch). A Python
    ``int``/``float`` beside a Tensor (``lr * g``, ``1.0 - p``) finds its device array for that
    dtype in one lookup once converted (a hot path)."""
    if isinstance(value, TensorLike):
        return as_tensor(value)
    if type(value) in _PY_SCALARS and type(like) is Tensor:
        dtype = shape_dtype(like)[1]
        key = (_LIKE, *scalar_key(value), dtype, lenient)
        found = _SCALARS.get(key)
        if found is not None:
            return Tensor(*found)
        converted = _convert(value, like, lenient)
        if np_dtype(converted) == dtype:  # a lenient value that kept its own dtype is not kept
            scalars.put(key, (value_of(converted), shape_dtype(converted)))
        return converted
    return _convert(value, like, lenient)


def _convert(value, like, lenient: bool) -> Tensor:
    if lenient:
        return convert_to_tensor(value, dtype_hint=like.dtype)
    return convert_to_tensor(value, dtype=like.dtype)


_LIKE = object()  # tags convert_like's keys in the shared scalars cache
_SCALARS = scalars.table  # peek without a method call (see BoundedCache.table)
_PY_SCALARS = (int, float)


def binary_args(x, y, op_name: str, lenient: bool = False):
    """Converts two operands as TF does (see the module docstring); returns two Tensors."""
    if isinstance(x, TensorLike):
        x = as_tensor(x)
        y = convert_like(y, x, lenient)
    elif isinstance(y, TensorLike):
        y = as_tensor(y)
        x = convert_like(x, y, lenient)
    else:
        x = convert_to_tensor(x)
        y = convert_like(y, x, lenient)
    check_same_dtype(op_name, (x, y))
    return x, y


def unary(
    tf_name: str, fn, *, dtypes: frozenset = NUMERIC, differentiable: bool = True, py_name: str | None = None
):
    """A one-input op ``f(x, name=None)`` accepting ``dtypes``."""
    op = Op(tf_name, fn, differentiable=differentiable)

    allowed = allowed_dtypes(dtypes)

    @x64.enabled  # one entry for the conversion and the record inside
    def public(x, name=None):
        if type(x) is not Tensor or shape_dtype(x)[1] not in allowed:
            x = convert_to_tensor(x)  # the general path (a fast one above: a Tensor of an allowed dtype)
            check_dtype(tf_name, dtypes, x)
        return record_in_x64(op, (x,))

    public.__name__ = public.__qualname__ = py_name or tf_name.lower()
    public.__doc__ = f"``{tf_name}`` elementwise (TF's op of that name)."
    public.op = op
    return public


def binary(
    tf_name: str,
    fn,
    *,
    dtypes: frozenset = NUMERIC,
    differentiable: bool = True,
    py_name: str | None = None,
    lenient: bool = False,
    check_shapes: bool = True,
    links=None,
):
    """A two-input op ``f(x, y, name=None)`` with TF's operand conversion and broadcasting;
    ``links`` as ``Op``'s (for an op TF differentiates in one input only)."""
    op = Op(tf_name, fn, differentiable=differentiable, links=links)

    allowed = allowed_dtypes(dtypes)

    @x64.enabled  # one entry for the conversions and the record inside
    def public(x, y, name=None):
        if type(x) is not Tensor or type(y) is not Tensor:
            if type(x) is Tensor and type(y) in _PY_SCALARS:  # x * 2.0: the common mixed case
                y = convert_like(y, x, lenient)
            elif type(y) is Tensor and type(x) in _PY_SCALARS:
                x = convert_like(x, y, lenient)
            elif isinstance(x, TensorLike) and isinstance(y, TensorLike):
                x, y = as_tensor(x), as_tensor(y)  # Variables read, as binary_args does
            else:
                x, y = binary_args(x, y, tf_name, lenient)
        # Two Tensors of one allowed dtype and equal, scalar or already checked shapes pass
        # every check below: the checks are skipped (a hot path); anything else takes them.
        ax, ay = shape_dtype(x), shape_dtype(y)
        if (
            ax[1] is ay[1]
            and ax[1] in allowed
            and (
                ax[0] == ay[0] or not ax[0] or not ay[0] or not check_shapes or (ax[0], ay[0]) in _BROADCASTS
            )
        ):
            return record_in_x64(op, (x, y))
        check_same_dtype(tf_name, (x, y))
        check_dtype(tf_name, dtypes, x)
        if check_shapes:
            broadcast_shape(tf_name, np_shape(x), np_shape(y))
        return record_in_x64(op, (x, y))

    public.__name__ = public.__qualname__ = py_name or tf_name.lower()
    public.__doc__ = f"``{tf_name}`` elementwise, with broadcasting (TF's op of that name)."
    public.op = op
    return public


def known_values(t, what: str, fix: str) -> np.ndarray:
    """``t``'s values, which decide a result's length: they must be known now (TypeError
    naming ``what`` and the ``fix`` under ``tapejax.function``/``jax.jit`` otherwise)."""
    if is_symbolic_tensor(t):
        raise TypeError(
            f"{what} needs known values here (the result's length depends on them); under "
            f"tapejax.function or jax.jit, {fix}."
        )
    return np.asarray(value_of(t))


def check_cpu_kernel(op_name: str, allowed, t) -> None:
    """TF's NotFoundError for a dtype its op accepts but has no CPU kernel for (``RealDiv`` of
    integers, ``SpaceToBatchND`` of bools)."""
    if np_dtype(t) not in allowed_dtypes(allowed):
        dt = "DT_" + t.dtype.kernel_name.upper()
        raise NotFoundError(
            f"Could not find device for node: {{{{node {op_name}}}}} = {op_name}[T={dt}] [Op:{op_name}]. "
            "TensorFlow has no CPU kernel for this dtype; cast the input first (tapejax.cast)."
        )
