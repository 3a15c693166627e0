"""``keras.ops.numpy``'s products and other linear algebra: ``dot``, ``tensordot``, ``einsum``,
``kron``, ``cross``, ``correlate``, ``corrcoef``, ``slogdet``, ``trapezoid``; and
``vectorize``. Integer products stay integers (Keras' TF backend multiplies int8s into int32)."""

from __future__ import annotations

import functools

import jax.numpy as jnp

from ..backend.core import Tensor, value
from ..backend.ops import decompositions as _decompositions
from ..backend.ops import linalg_ops as _linalg
from ..backend.recording import no_recording
from .function_op import apply, convert, jax_op, operation, result_type, tree_map
from .operation import Matmul


def _pair(x1, x2):
    dtype = result_type(x1, x2)
    return convert(x1, dtype), convert(x2, dtype)


def matmul(x1, x2):
    """The matrix product of ``x1`` and ``x2`` (numpy's broadcasting rules)."""
    return apply(Matmul, (x1, x2))


matmul.operation = Matmul

_dot = jax_op("Dot", jnp.dot)
_vdot = jax_op("Vdot", jnp.vdot)
_inner = jax_op("Inner", jnp.inner)
_outer = jax_op("Outer", jnp.outer)
_kron = jax_op("Kron", jnp.kron)
_cross = jax_op("Cross", jnp.cross)
_correlate = jax_op("Correlate", lambda x1, x2, mode: jnp.correlate(x1, x2, mode=mode))
_corrcoef = jax_op("Corrcoef", jnp.corrcoef)
_trapezoid = jax_op("Trapezoid", lambda y, x, dx, axis: jnp.trapezoid(y, x, dx=dx, axis=axis))
_trapezoid_dx = jax_op("Trapezoid", lambda y, dx, axis: jnp.trapezoid(y, dx=dx, axis=axis))


@operation("Dot")
def dot(x1, x2):
    """numpy's ``dot``: the matrix product, a scalar's product, or a sum over the last axis of
    ``x1`` and the second-to-last of ``x2``."""
    return _dot(*_pair(x1, x2))


@operation("Vdot")
def vdot(x1, x2):
    """The dot product of the flattened arrays (``x1`` conjugated)."""
    return _vdot(*_pair(x1, x2))


@operation("Inner")
def inner(x1, x2):
    """The sum over the last axes of ``x1`` and ``x2``."""
    return _inner(*_pair(x1, x2))


@operation("Outer")
def outer(x1, x2):
    """The outer product of the flattened arrays."""
    return _outer(*_pair(x1, x2))


@operation("Kron")
def kron(x1, x2):
    """The Kronecker product."""
    return _kron(*_pair(x1, x2))


@operation("Tensordot", "axes")
def tensordot(x1, x2, axes=2):
    """The sum over ``axes`` (a count of trailing/leading axes, or two lists of axes)."""
    x1, x2 = _pair(x1, x2)
    axes = axes if isinstance(axes, int) else [list(a) if isinstance(a, (list, tuple)) else [a] for a in axes]
    return _linalg.tensordot(x1, x2, axes)


@operation("Einsum", "subscripts")
def einsum(subscripts, *operands, **kwargs):
    """Einstein summation over ``operands`` as ``subscripts`` says (numpy's notation)."""
    dtype = result_type(*operands)
    operands = [convert(x, dtype) for x in operands]
    if "->" not in subscripts:  # numpy's implicit output: the labels seen once, sorted
        labels = subscripts.replace(",", "").replace(".", "")
        subscripts += "->" + "".join(sorted(c for c in set(labels) if labels.count(c) == 1))
    return _linalg.einsum(subscripts, *operands, **kwargs)


@operation("Cross", "axisa axisb axisc axis")
def cross(x1, x2, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """The cross product of 2- or 3-vectors along the given axes."""
    return _cross(*_pair(x1, x2), axisa=axisa, axisb=axisb, axisc=axisc, axis=axis)


def _in_float(*xs):
    """``xs`` in Keras' float type for correlations: int64 as float64, other integers float32."""
    dtype = result_type(*xs)
    dtype = "float64" if dtype == "int64" else dtype
    dtype = dtype if dtype in ("bfloat16", "float16", "float32", "float64") else "float32"
    return [convert(x, dtype) for x in xs]


@operation("Correlate", "mode")
def correlate(x1, x2, mode="valid"):
    """The cross-correlation of two vectors (``mode``: ``"valid"``, ``"same"`` or ``"full"``)."""
    if mode not in ("valid", "same", "full"):
        raise ValueError(f"Invalid mode: '{mode}'. Mode must be one of: 'full', 'same', 'valid'.")
    return _correlate(*_in_float(x1, x2), mode=mode)


@operation("Corrcoef")
def corrcoef(x):
    """The correlation coefficients of the rows of ``x``."""
    (x,) = _in_float(x)
    return _corrcoef(x)


@operation("Slogdet")
def slogdet(x):
    """The sign and the log of the absolute determinant of (a batch of) square matrices."""
    sign, log = _decompositions.slogdet(convert(x))
    return sign, log


@operation("Trapezoid", "x dx axis")
def trapezoid(y, x=None, dx=1.0, axis=-1):
    """The integral of ``y`` along ``axis`` by the trapezoidal rule (at ``x``, or spaced ``dx``)."""
    y = convert(y)
    (y,) = _in_float(y)
    if x is None:
        return _trapezoid_dx(y, dx=float(dx), axis=int(axis))
    return _trapezoid(y, convert(x, y.dtype.name), dx=float(dx), axis=int(axis))


def vectorize(pyfunc, *, excluded=None, signature=None):
    """``pyfunc`` vectorized over its arguments' leading axes (numpy's ``vectorize``; a
    ``signature`` such as ``"(n),(n)->()"`` names the core dimensions)."""
    if excluded:
        raise NotImplementedError("tapejax.keras: ops.vectorize takes no `excluded` yet.")

    @functools.wraps(pyfunc)
    def vectorized(*args):
        arrays = [convert(a) for a in args]
        return _vectorized_call(pyfunc, signature, arrays)

    return vectorized


def _vectorized_call(pyfunc, signature, arrays):
    """One recorded op running ``jnp.vectorize`` of ``pyfunc`` (traced on tapejax Tensors)."""

    def fn(*values):
        def body(*vs):
            with no_recording():
                out = pyfunc(*[Tensor(v) for v in vs])
            return tree_map(value, out)

        return jnp.vectorize(body, signature=signature)(*values)

    return jax_op("Vectorize", fn)(*arrays)
