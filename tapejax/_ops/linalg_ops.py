"""``tf.linalg``: matrix products, norms and structural matrix ops, one table entry per op.

Solves and decompositions live in ``_decompositions``; this module is their public namespace.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .._core.caches import checked_calls
from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values.access import as_tensor, np_shape, shape_dtype
from .._core.values.dtype import as_dtype
from .._core.values.errors import InvalidArgumentError
from .._core.values.shape import dims_text
from .._core.values.tensor import Tensor, TensorLike
from . import math_ops as _math
from .builders import (
    INEXACT,
    NUMERIC,
    REAL,
    binary_args,
    broadcast_shape,
    check_dtype,
    check_same_dtype,
    unary,
)
from .conventions import rules as _rules
from .creation_ops import eye  # noqa: F401 - tf.linalg.eye
from .decompositions import (  # noqa: F401 - tf.linalg's namespace
    cholesky,
    cholesky_solve,
    det,
    eigh,
    eigvalsh,
    expm,
    inv,
    logdet,
    lstsq,
    pinv,
    qr,
    slogdet,
    solve,
    svd,
    triangular_solve,
)
from .reduction_ops import axes as _axes
from .reduction_ops import l2_normalize  # noqa: F401

# MatMul's kernels: no bool, int8 or int16 (unless an output_type is asked for).
_MATMUL_DTYPES = NUMERIC - frozenset({"int8", "int16"})


def _matmul(a, b, ta, tb, ca, cb, out):
    if ta:
        a = jnp.swapaxes(a, -1, -2)
    if tb:
        b = jnp.swapaxes(b, -1, -2)
    return jnp.matmul(jnp.conj(a) if ca else a, jnp.conj(b) if cb else b, preferred_element_type=out)


_MATMUL = Op("MatMul", _matmul)


def matmul(
    a,
    b,
    transpose_a=False,
    transpose_b=False,
    adjoint_a=False,
    adjoint_b=False,
    a_is_sparse=False,
    b_is_sparse=False,
    output_type=None,
    grad_a=False,
    grad_b=False,
    name=None,
) -> Tensor:
    """Matrix product of rank >= 2 tensors, broadcasting leading (batch) dims (``tf.linalg.matmul``).

    >>> import tapejax as tf
    >>> tf.constant([[1.0, 2.0]]) @ tf.constant([[3.0], [4.0]])
    <tf.Tensor: shape=(1, 1), dtype=float32, numpy=array([[11.]], dtype=float32)>
    """
    if output_type is None and isinstance(a, TensorLike) and isinstance(b, TensorLike):
        # Shapes, dtypes and flags that passed the checks below once skip them (a hot path).
        a, b = as_tensor(a), as_tensor(b)
        key = (
            shape_dtype(a),
            shape_dtype(b),
            transpose_a,
            transpose_b,
            adjoint_a,
            adjoint_b,
        )
        try:
            static = _CHECKED.get(key)
        except TypeError:  # an unhashable flag (a tensor as transpose_a): the general path
            key = static = None
        if static is not None:
            return record(_MATMUL, (a, b), static)
    else:
        key = None
    a, b = binary_args(a, b, "MatMul", lenient=True)
    check_dtype("MatMul", NUMERIC if output_type is not None else _MATMUL_DTYPES, a)
    if a.ndim < 2 or b.ndim < 2:
        text = (
            f"In[0] and In[1] has different ndims: {dims_text(a.shape)} vs. {dims_text(b.shape)}"
            if a.ndim != b.ndim
            else f"In[0] and In[1] ndims must be == 2: {a.ndim}"
        )
        raise InvalidArgumentError(
            f"{text} [Op:MatMul]. Use tapejax.linalg.matvec for a matrix-vector product."
        )
    sa, sb = np_shape(a), np_shape(b)
    ka = sa[-2] if (transpose_a or adjoint_a) else sa[-1]
    kb = sb[-1] if (transpose_b or adjoint_b) else sb[-2]
    if ka != kb:
        raise InvalidArgumentError(
            f"Matrix size-incompatible: In[0]: {dims_text(a.shape)}, In[1]: {dims_text(b.shape)} [Op:MatMul]"
        )
    try:
        if len(sa) > 2 or len(sb) > 2:
            broadcast_shape("BatchMatMulV2", sa[:-2], sb[:-2])
    except InvalidArgumentError:
        raise InvalidArgumentError(
            f"In[0] and In[1] must have compatible batch dimensions: {dims_text(a.shape)} vs. "
            f"{dims_text(b.shape)} [Op:BatchMatMulV2]"
        ) from None
    out = None if output_type is None else np.dtype(_as_np(output_type))
    static = {
        "ta": bool(transpose_a or adjoint_a),
        "tb": bool(transpose_b or adjoint_b),
        "ca": bool(adjoint_a),
        "cb": bool(adjoint_b),
        "out": out,
    }
    if key is not None:
        static = checked_calls.put(key, static)  # shared: static arguments are never mutated
    return record(_MATMUL, (a, b), static)


_CHECKED = checked_calls.table  # peek without a method call (see BoundedCache.table)


def _as_np(dtype):
    return as_dtype(dtype)._np


def matvec(
    a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False, name=None
) -> Tensor:
    """Matrix-vector product ``a @ b`` over the last axes, batched (``tf.linalg.matvec``)."""
    a, b = binary_args(a, b, "MatMul", lenient=True)
    if b.ndim < 1:
        raise InvalidArgumentError("matvec needs a vector b of rank >= 1 [Op:MatMul]")
    return _squeeze_last(matmul(a, _expand_last(b), transpose_a=transpose_a, adjoint_a=adjoint_a))


_EXPAND_LAST = Op("ExpandDims", lambda x: x[..., None])
_SQUEEZE_LAST = Op("Squeeze", lambda x: x[..., 0])


def _expand_last(x):
    return record(_EXPAND_LAST, (x,))


def _squeeze_last(x):
    return record(_SQUEEZE_LAST, (x,))


_EINSUM = Op("Einsum", lambda *xs, equation: jnp.einsum(equation, *xs))


def einsum(equation, *inputs, **kwargs) -> Tensor:
    """Einstein summation (``tf.einsum``), e.g. ``einsum('ij,jk->ik', a, b)``.

    >>> import tapejax as tf
    >>> tf.einsum("i,i->", tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0]))
    <tf.Tensor: shape=(), dtype=float32, numpy=11.0>
    """
    tensors = [convert_to_tensor(x) for x in inputs]
    expected = equation.split("->")[0].count(",") + 1
    if len(tensors) != expected:
        raise ValueError(f'Got {len(tensors)} inputs for equation "{equation}", expecting {expected}')
    check_same_dtype("Einsum", tensors)
    return record(_EINSUM, tuple(tensors), {"equation": str(equation).replace(" ", "")})


def _tensordot_axes(axes, a_ndim):
    if isinstance(axes, (int, np.integer)):
        return int(axes)
    axes = axes.numpy().tolist() if isinstance(axes, TensorLike) else axes
    a_axes, b_axes = axes
    as_tuple = lambda v: tuple(int(i) for i in (v if isinstance(v, (list, tuple)) else [v]))  # noqa: E731
    return as_tuple(a_axes), as_tuple(b_axes)


_TENSORDOT = Op("TensorDot", jnp.tensordot)


def tensordot(a, b, axes, name=None) -> Tensor:
    """Sums products over ``axes`` (an int: the last n of ``a`` with the first n of ``b``; or
    two lists of axes) (``tf.tensordot``)."""
    a, b = binary_args(a, b, "TensorDot")
    return record(_TENSORDOT, (a, b), {"axes": _tensordot_axes(axes, a.ndim)})


# -- norms ------------------------------------------------------------------------------------
def _norm(x, ord, axis, matrix, keepdims):  # noqa: A002 - TF's name
    """TF's formula for each ``ord`` (so gradients at 0 and at ties are TF's)."""
    keep = axis if axis is not None else tuple(range(x.ndim))
    if matrix and ord == 2:
        moved = jnp.moveaxis(x, axis, (-2, -1))
        result = jnp.max(jnp.linalg.svd(moved, compute_uv=False), axis=-1)
        return jnp.expand_dims(result, axis) if keepdims else result
    if ord in ("euclidean", "fro", 2):
        result = _rules.sqrt(jnp.sum(x * jnp.conj(x), axis=axis, keepdims=True))
    else:
        result = _rules.abs(x) if jnp.issubdtype(x.dtype, jnp.floating) else jnp.abs(x)
        if ord == 1:
            result = jnp.sum(result, axis=None if axis is None else axis[0], keepdims=True)
            if matrix:
                result = jnp.max(result, axis=axis[-1], keepdims=True)
        elif ord == "inf":
            if matrix:
                result = jnp.sum(result, axis=axis[1], keepdims=True)
            result = jnp.max(result, axis=None if axis is None else axis[0], keepdims=True)
        else:
            p = jnp.asarray(ord, result.dtype)
            result = _rules.pow(jnp.sum(_rules.pow(result, p), axis=axis, keepdims=True), 1 / p)
    return result if keepdims else jnp.squeeze(result, keep)


_NORM = Op("Norm", _norm)


def _check_norm_args(ord, axis, ndim):  # noqa: A002
    matrix = isinstance(axis, (tuple, list)) and len(axis) == 2
    if matrix:
        if not all(isinstance(a, (int, np.integer)) for a in axis) or axis[0] == axis[1]:
            raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}")
        if ord not in ("euclidean", "fro", 1, 2, np.inf):
            raise ValueError(
                f"'ord' must be a supported matrix norm in ['euclidean', 'fro', 1, 2, inf], got {ord}"
            )
    else:
        if not (axis is None or isinstance(axis, (int, np.integer))):
            raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}")
        if isinstance(ord, str) and ord != "euclidean" or not isinstance(ord, str) and not ord > 0:
            raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
    axis = None if axis is None else _axes(axis, ndim, "Sum")
    ord = "inf" if ord is np.inf or ord == np.inf else ord  # noqa: A001
    return (float(ord) if isinstance(ord, (int, float, np.number)) else ord), axis, matrix


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None) -> Tensor:  # noqa: A002
    """Vector or matrix norm (``tf.norm``); by default the 2-norm of all elements.

    ``ord`` is ``'euclidean'``, ``'fro'`` (matrices), 1, 2, ``np.inf`` or any p > 0 (vectors);
    ``axis`` is None, an int (vector norm) or a pair (matrix norm).

    >>> import tapejax as tf
    >>> tf.norm([3.0, 4.0])
    <tf.Tensor: shape=(), dtype=float32, numpy=5.0>
    """
    x = convert_to_tensor(tensor)
    check_dtype("Norm", INEXACT, x)
    ord, axis, matrix = _check_norm_args(ord, axis, x.ndim)  # noqa: A001
    static = {"ord": ord, "axis": axis, "matrix": matrix, "keepdims": bool(keepdims)}
    return record(_NORM, (x,), static)


def global_norm(t_list, name=None) -> Tensor:
    """``sqrt(sum(l2norm(t)**2 for t in t_list))``, skipping None entries."""

    tensors = [convert_to_tensor(t) for t in t_list if t is not None]
    if not tensors:
        raise ValueError("global_norm needs at least one tensor.")
    return _math.sqrt(_math.add_n([_math.reduce_sum(_math.square(t)) for t in tensors]))


def normalize(tensor, ord="euclidean", axis=None, name=None):  # noqa: A002
    """``(tensor / norm, norm)`` with the norm kept as dims of size 1 (``tf.linalg.normalize``)."""
    n = norm(tensor, ord=ord, axis=axis, keepdims=True)
    return convert_to_tensor(tensor) / n, n


# -- structural matrix ops ---------------------------------------------------------------------
def _band_part(x, lower, upper):
    rows, cols = jnp.arange(x.shape[-2])[:, None], jnp.arange(x.shape[-1])[None, :]
    keep = ((lower < 0) | (rows - cols <= lower)) & ((upper < 0) | (cols - rows <= upper))
    return jnp.where(keep, x, jnp.zeros_like(x))


_BAND_PART = Op("MatrixBandPart", _band_part)


def band_part(input, num_lower, num_upper, name=None) -> Tensor:  # noqa: A002
    """Keeps ``num_lower`` sub- and ``num_upper`` super-diagonals (-1: all) (``tf.linalg.band_part``)."""
    x = convert_to_tensor(input)
    return record(_BAND_PART, (x,), {"lower": int(num_lower), "upper": int(num_upper)})


def _set_diag(x, d):
    n = min(x.shape[-2:])
    eye_mask = jnp.eye(x.shape[-2], x.shape[-1], dtype=bool)
    padded = jnp.zeros(x.shape, x.dtype).at[..., jnp.arange(n), jnp.arange(n)].set(d)
    return jnp.where(eye_mask, padded, x)


_SET_DIAG = Op("MatrixSetDiag", _set_diag)


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT") -> Tensor:  # noqa: A002
    """Replaces the main diagonal of each matrix with ``diagonal``."""
    x, d = binary_args(input, diagonal, "MatrixSetDiag")
    if k != 0:
        raise NotImplementedError("tapejax.linalg.set_diag supports k=0 only.")
    return record(_SET_DIAG, (x, d))


def _diag(v, k):
    n = v.shape[-1] + abs(k)
    return (
        jnp.vectorize(lambda row: jnp.diag(row, k), signature="(n)->(m,m)")(v)
        if v.ndim > 1
        else jnp.diag(v, k).reshape(n, n)
    )


_DIAG = Op("MatrixDiag", _diag)


def diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT") -> Tensor:
    """A (batched) matrix with ``diagonal`` on its ``k``-th diagonal (``tf.linalg.diag``)."""
    v = convert_to_tensor(diagonal)
    return record(_DIAG, (v,), {"k": int(k)})


diag_part = unary("MatrixDiagPart", lambda x: jnp.diagonal(x, axis1=-2, axis2=-1))
trace = unary("Trace", lambda x: jnp.trace(x, axis1=-2, axis2=-1))
adjoint = unary("Adjoint", lambda x: jnp.conj(jnp.swapaxes(x, -1, -2)))
matrix_transpose = unary("MatrixTranspose", lambda x: jnp.swapaxes(x, -1, -2))
tensor_diag = unary("Diag", lambda v: jnp.diag(v.reshape(-1)).reshape(v.shape + v.shape))
tensor_diag_part = unary(
    "DiagPart",
    lambda x: jnp.diagonal(x.reshape(int(np.prod(x.shape[: x.ndim // 2])), -1)).reshape(
        x.shape[: x.ndim // 2]
    ),
)
_CROSS = Op("Cross", jnp.cross)


def cross(a, b, name=None) -> Tensor:
    """The cross product of 3-vectors along the last axis (``tf.linalg.cross``)."""
    a, b = binary_args(a, b, "Cross")
    check_dtype("Cross", REAL, a)
    if a.shape[-1:] != (3,) or b.shape != a.shape:
        raise InvalidArgumentError(
            f"inputs must be the same shape with last dimension 3, got {a.shape} and {b.shape} [Op:Cross]"
        )
    return record(_CROSS, (a, b))
