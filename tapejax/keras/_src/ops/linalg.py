"""``keras.ops.linalg`` (Keras 3's ``keras.src.ops.linalg``) on tapejax's ``tf.linalg``, as Keras'
TensorFlow backend computes each: decompositions, solves, norms, ``jvp`` on a forward accumulator.
"""

from __future__ import annotations

import numpy as np

from ..backend import tf
from ..backend.ops import cast, expand_dims, matmul, squeeze, transpose
from .core import convert_to_tensor
from .function_op import operation

_MODULE = "keras.src.ops.linalg"


def _check_matrices(*arrays, square: bool = True) -> None:
    for a in arrays:
        if len(a.shape) < 2:
            raise ValueError(f"Expected input to have rank >= 2. Received input with shape {tuple(a.shape)}.")
        if square and a.shape[-1] != a.shape[-2]:
            raise ValueError(
                f"Expected a square matrix. Received non-square input with shape {tuple(a.shape)}"
            )


def _matrix(x, square: bool = True):
    x = convert_to_tensor(x)
    _check_matrices(x, square=square)
    return x


def _adjoint(x):
    return tf.linalg.adjoint(x)


@operation("Cholesky", "upper", module=_MODULE)
def cholesky(x, upper=False):
    """The Cholesky factor of ``x`` (lower, or ``upper``)."""
    out = tf.linalg.cholesky(_matrix(x))
    return _adjoint(out) if upper else out


@operation("CholeskyInverse", "upper", module=_MODULE)
def cholesky_inverse(x, upper=False):
    """The inverse of the matrix whose Cholesky factor is ``x``."""
    x = _matrix(x)
    eye = tf.linalg.eye(int(x.shape[-1]), dtype=x.dtype)
    inner = tf.linalg.triangular_solve(x, eye, lower=not upper)
    if upper:
        return matmul(inner, inner, transpose_b=True)
    return matmul(inner, inner, transpose_a=True)


@operation("Det", module=_MODULE)
def det(x):
    """The determinant of each matrix of ``x``."""
    return tf.linalg.det(_matrix(x))


@operation("Eig", module=_MODULE)
def eig(x):
    """The eigenvalues and eigenvectors of a general square matrix (complex)."""
    return tuple(tf.linalg.eig(_matrix(x)))


@operation("Eigh", module=_MODULE)
def eigh(x):
    """The eigenvalues (ascending) and eigenvectors of a symmetric matrix."""
    return tuple(tf.linalg.eigh(_matrix(x)))


@operation("Inv", module=_MODULE)
def inv(x):
    """The inverse of each matrix of ``x``."""
    return tf.linalg.inv(_matrix(x))


@operation("LuFactor", module=_MODULE)
def lu_factor(x):
    """The LU decomposition of ``x`` and its pivots (as the permutation's inverse, Keras' form)."""
    lu, p = tf.linalg.lu(_matrix(x))
    return lu, tf.math.invert_permutation(p)


def _vector_norm(x, ord, axis, keepdims):  # noqa: A002 - Keras' name
    if ord is None or ord == 2:
        return tf.math.sqrt(
            tf.math.reduce_sum(tf.math.real(x * tf.math.conj(x)), axis=axis, keepdims=keepdims)
        )
    if ord == float("inf"):
        return tf.math.reduce_max(tf.math.abs(x), axis=axis, keepdims=keepdims)
    if ord == float("-inf"):
        return tf.math.reduce_min(tf.math.abs(x), axis=axis, keepdims=keepdims)
    if ord == 0:
        return tf.math.reduce_sum(cast(tf.math.not_equal(x, 0), x.dtype.name), axis=axis, keepdims=keepdims)
    if isinstance(ord, str):
        raise ValueError(f"Invalid `ord` argument for vector norm. Received: ord={ord}")
    power = convert_to_tensor(ord, x.dtype)
    total = tf.math.reduce_sum(tf.math.pow(tf.math.abs(x), power), axis=axis, keepdims=keepdims)
    return tf.math.pow(total, tf.math.divide(convert_to_tensor(1.0, x.dtype), power))


def _matrix_norm(x, ord, axis, keepdims):  # noqa: A002 - Keras' name
    ndim = len(x.shape)
    row, col = (a + ndim if a < 0 else a for a in axis)
    if ord is None or ord == "fro":
        return tf.math.sqrt(tf.math.reduce_sum(x * tf.math.conj(x), axis=axis, keepdims=keepdims))
    if ord in (1, -1, float("inf"), float("-inf")):
        inner, outer = (row, col) if ord in (1, -1) else (col, row)
        if not keepdims and outer > inner:
            outer -= 1
        pick = tf.math.reduce_max if ord in (1, float("inf")) else tf.math.reduce_min
        return pick(
            tf.math.reduce_sum(tf.math.abs(x), axis=inner, keepdims=keepdims), axis=outer, keepdims=keepdims
        )
    if ord in ("nuc", 2, -2):
        order = [a for a in range(ndim) if a not in (row, col)] + [row, col]
        values = tf.linalg.svd(transpose(x, order), compute_uv=False)
        pick = {"nuc": tf.math.reduce_sum, 2: tf.math.reduce_max, -2: tf.math.reduce_min}[ord]
        out = pick(values, axis=-1)
        return expand_dims(expand_dims(out, axis[0]), axis[1]) if keepdims else out
    raise ValueError(f"Invalid `ord` argument for matrix norm. Received: ord={ord}")


@operation("Norm", "ord axis keepdims", module=_MODULE)
def norm(x, ord=None, axis=None, keepdims=False):  # noqa: A002 - Keras' name
    """A vector norm (one axis) or a matrix norm (two axes) of ``x``, as floats."""
    x = convert_to_tensor(x)
    ndim = len(x.shape)
    axes = tuple(range(ndim)) if axis is None else (axis,) if isinstance(axis, int) else tuple(axis)
    if any(a < -ndim or a >= ndim for a in axes):
        raise ValueError(
            f"All `axis` values must be in the range [-ndim, ndim). Received inputs with ndim={ndim}, while axis={axes}"
        )
    if not x.dtype.is_floating and not x.dtype.is_complex:
        x = cast(x, "float32")
    if len(axes) == 1:
        return _vector_norm(x, ord, axes[0], keepdims)
    if len(axes) == 2:
        return _matrix_norm(x, ord, axes, keepdims)
    raise ValueError(f"Invalid axis values. Received: axis={axis}")


@operation("Qr", "mode", module=_MODULE)
def qr(x, mode="reduced"):
    """The QR decomposition of ``x`` (``mode``: "reduced" or "complete")."""
    if mode not in {"reduced", "complete"}:
        raise ValueError(
            "`mode` argument value not supported. Expected one of {'reduced', 'complete'}. "
            f"Received: mode={mode}"
        )
    return tuple(tf.linalg.qr(_matrix(x, square=False), full_matrices=mode == "complete"))


def _solve_with(solver, a, b, **options):
    a, b = _matrix(a), convert_to_tensor(b)
    if len(b.shape) == len(a.shape) - 1:
        return squeeze(solver(a, expand_dims(b, -1), **options), -1)
    return solver(a, b, **options)


@operation("Solve", module=_MODULE)
def solve(a, b):
    """``x`` with ``a @ x == b``."""
    return _solve_with(tf.linalg.solve, a, b)


@operation("SolveTriangular", "lower", module=_MODULE)
def solve_triangular(a, b, lower=False):
    """``x`` with ``a @ x == b`` for a triangular ``a``."""
    return _solve_with(tf.linalg.triangular_solve, a, b, lower=lower)


@operation("SVD", "full_matrices compute_uv", module=_MODULE)
def svd(x, full_matrices=True, compute_uv=True):
    """``(u, s, vh)`` with ``x == u @ diag(s) @ vh``; the singular values alone without ``compute_uv``."""
    x = _matrix(x, square=False)
    if not compute_uv:
        return tf.linalg.svd(x, full_matrices=full_matrices, compute_uv=False)
    s, u, v = tf.linalg.svd(x, full_matrices=full_matrices)
    return u, s, _adjoint(v)


@operation("Lstsq", "rcond", module=_MODULE)
def lstsq(a, b, rcond=None):
    """The least-squares solution of ``a @ x == b`` (``rcond``: the cutoff of small singular values)."""
    a, b = convert_to_tensor(a), convert_to_tensor(b)
    if a.shape[0] != b.shape[0]:
        raise ValueError("Leading dimensions of input arrays must match")
    vector = len(b.shape) == 1
    if vector:
        b = b[:, None]
    if len(a.shape) != 2:
        raise TypeError(f"{len(a.shape)}-dimensional array given. Array must be two-dimensional")
    m, n = a.shape
    eps = float(np.finfo(a.dtype.as_numpy_dtype).eps)
    cutoff = eps * max(n, m) if rcond is None else (eps if rcond < 0 else rcond)
    u, s, vt = svd(a, full_matrices=False)
    keep = s >= cutoff * s[0]
    safe = tf.where(keep, s, tf.math.divide(s, s))
    inverse = tf.where(keep, tf.math.divide(1.0, safe), tf.zeros_like(s))[:, None]
    x = matmul(transpose(tf.math.conj(vt)), inverse * matmul(transpose(tf.math.conj(u)), b))
    return x[:, 0] if vector else x


@operation("MatrixRank", "tol", module=_MODULE)
def matrix_rank(x, tol=None):
    """The number of singular values of ``x`` above ``tol``."""
    return tf.linalg.matrix_rank(_matrix(x, square=False), tol=tol)


@operation("Pinv", "rcond", module=_MODULE)
def pinv(x, rcond=None):
    """The Moore-Penrose pseudo-inverse of ``x``."""
    return tf.linalg.pinv(_matrix(x, square=False), rcond=rcond)


def jvp(fun, primals, tangents, has_aux=False):
    """``fun(*primals)`` and its Jacobian-vector product with ``tangents`` (forward mode)."""
    primal_leaves = [convert_to_tensor(p) for p in tf.flatten(primals)[0]]
    tangent_leaves = [
        cast(convert_to_tensor(t), p.dtype.name)
        for t, p in zip(tf.flatten(tangents)[0], primal_leaves, strict=True)
    ]
    packed = tf.pack(primals, primal_leaves)
    with tf.ForwardAccumulator(primal_leaves, tangent_leaves) as accumulator:
        out = fun(*packed)
        out, aux = out if has_aux else (out, None)
        jvps = [accumulator.jvp(o) for o in tf.flatten(out)[0]]
    tangents_out = tf.pack(out, jvps)
    return (out, tangents_out, aux) if has_aux else (out, tangents_out)


__all__ = [
    "cholesky",
    "cholesky_inverse",
    "det",
    "eig",
    "eigh",
    "inv",
    "jvp",
    "lstsq",
    "lu_factor",
    "matrix_rank",
    "norm",
    "pinv",
    "qr",
    "solve",
    "solve_triangular",
    "svd",
]
