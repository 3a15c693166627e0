"""``tf.linalg``: matrix products, solves and decompositions, one table entry per op."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ._ops import binary_args, check_float, unary
from ._record import Op, record
from ._registry import register
from ._tensor import Tensor, convert_to_tensor
from .errors import InvalidArgumentError


def _matmul(a, b, ta, tb, ca, cb):
    if ta:
        a = jnp.swapaxes(a, -1, -2)
    if tb:
        b = jnp.swapaxes(b, -1, -2)
    return jnp.matmul(jnp.conj(a) if ca else a, jnp.conj(b) if cb else b)


_MATMUL = Op("MatMul", _matmul)


@register("matmul")
def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, grad_a=False, grad_b=False,
           name=None) -> Tensor:
    """Matrix product of rank >= 2 tensors, batched over leading dims (``tf.linalg.matmul``)."""
    a, b = binary_args(a, b, "MatMul")
    if a.ndim < 2 or b.ndim < 2:
        raise InvalidArgumentError(
            None, None, f"In[0] and In[1] must have rank >= 2, got shapes {a.shape} and {b.shape} "
            "[Op:MatMul]. Use tapejax.linalg.matvec for a matrix-vector product.")
    ka = a.shape[-2] if (transpose_a or adjoint_a) else a.shape[-1]
    kb = b.shape[-1] if (transpose_b or adjoint_b) else b.shape[-2]
    if ka != kb:
        raise InvalidArgumentError(
            None, None, f"Matrix size-incompatible: In[0]: {list(a.shape)}, In[1]: {list(b.shape)} [Op:MatMul]")
    static = {"ta": bool(transpose_a or adjoint_a), "tb": bool(transpose_b or adjoint_b),
              "ca": bool(adjoint_a), "cb": bool(adjoint_b)}
    return record(_MATMUL, (a, b), static)


_MATVEC = Op("MatVec", lambda a, v, ta: jnp.einsum("...ji,...j->...i" if ta else "...ij,...j->...i", a, v))


def matvec(a, b, transpose_a=False, adjoint_a=False, name=None) -> Tensor:
    a, b = binary_args(a, b, "MatVec")
    return record(_MATVEC, (a, b), {"ta": bool(transpose_a or adjoint_a)})


_EINSUM = Op("Einsum", lambda *xs, equation: jnp.einsum(equation, *xs))


def einsum(equation, *inputs, **kwargs) -> Tensor:
    """Einstein summation (``tf.einsum``), e.g. ``einsum('bxby->bxy', j)``."""
    tensors = [convert_to_tensor(x) for x in inputs]
    for t in tensors[1:]:
        binary_args(tensors[0], t, "Einsum")
    return record(_EINSUM, tuple(tensors), {"equation": str(equation)})


def _solve(a, b, adjoint):
    return jnp.linalg.solve(jnp.conj(jnp.swapaxes(a, -1, -2)) if adjoint else a, b)


_SOLVE = Op("MatrixSolve", _solve)


def solve(matrix, rhs, adjoint=False, name=None) -> Tensor:
    """Solves ``matrix @ x = rhs`` (``tf.linalg.solve``); ``rhs`` has shape [..., M, K]."""
    a, b = binary_args(matrix, rhs, "MatrixSolve")
    check_float("MatrixSolve", a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2] or b.ndim < 2 or b.shape[-2] != a.shape[-1]:
        raise InvalidArgumentError(
            None, None, f"Input matrix must be square and rhs must have shape [..., {a.shape[-1] if a.ndim else '?'}, K]; "
            f"got {a.shape} and {b.shape} [Op:MatrixSolve]")
    return record(_SOLVE, (a, b), {"adjoint": bool(adjoint)})


def triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None) -> Tensor:
    from jax.scipy.linalg import solve_triangular  # noqa: PLC0415

    a, b = binary_args(matrix, rhs, "MatrixTriangularSolve")
    op = Op("MatrixTriangularSolve", lambda a, b, lower, adjoint: solve_triangular(
        a, b, lower=lower, trans="C" if adjoint else 0))
    return record(op, (a, b), {"lower": bool(lower), "adjoint": bool(adjoint)})


inv = unary("MatrixInverse", jnp.linalg.inv, float_only=True)
det = unary("MatrixDeterminant", jnp.linalg.det, float_only=True)
logdet = unary("LogMatrixDeterminant", lambda x: jnp.linalg.slogdet(x)[1], float_only=True)
cholesky = unary("Cholesky", jnp.linalg.cholesky, float_only=True)
trace = unary("Trace", lambda x: jnp.trace(x, axis1=-2, axis2=-1))
diag_part = unary("MatrixDiagPart", lambda x: jnp.diagonal(x, axis1=-2, axis2=-1))
diag = unary("MatrixDiag", lambda x: x[..., :, None] * jnp.eye(x.shape[-1], dtype=x.dtype))
adjoint = unary("Adjoint", lambda x: jnp.conj(jnp.swapaxes(x, -1, -2)))
_EIGH = Op("SelfAdjointEigV2", jnp.linalg.eigh, multiple_results=True)
_QR = Op("Qr", lambda x, full: tuple(jnp.linalg.qr(x, mode="complete" if full else "reduced")),
         multiple_results=True)


def eigh(tensor, name=None):
    """Eigenvalues (ascending) and eigenvectors of a self-adjoint matrix (``tf.linalg.eigh``)."""
    x = convert_to_tensor(tensor)
    check_float("SelfAdjointEigV2", x)
    return record(_EIGH, (x,))


def eigvalsh(tensor, name=None) -> Tensor:
    return eigh(tensor)[0]


def qr(input, full_matrices=False, name=None):  # noqa: A002 - TF's name
    x = convert_to_tensor(input)
    return record(_QR, (x,), {"full": bool(full_matrices)})


def _norm(x, ord, axis, keepdims):
    if ord in ("euclidean", "fro") or (ord == 2 and (axis is None or len(axis) == 1)):
        # sqrt(sum(x^2)), as TF: its gradient at 0 is nan, as TF's.
        return jnp.sqrt(jnp.sum(x * jnp.conj(x), axis=axis, keepdims=keepdims).real)
    if axis is None:
        x, axis = x.reshape(-1), (0,)
    o = np.inf if ord == "inf" else ord
    return jnp.linalg.norm(x, ord=o, axis=axis if len(axis) > 1 else axis[0], keepdims=keepdims)


_NORM = Op("Norm", _norm)


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None) -> Tensor:  # noqa: A002
    """Vector or matrix norm (``tf.norm``); by default the 2-norm of all elements."""
    x = convert_to_tensor(tensor)
    check_float("Norm", x)
    if axis is not None:
        axis = tuple(int(a) % max(x.ndim, 1) for a in (axis if isinstance(axis, (list, tuple)) else [axis]))
    ord = float(ord) if isinstance(ord, (int, float)) and ord != np.inf else ord  # noqa: A001
    return record(_NORM, (x,), {"ord": "inf" if ord == np.inf else ord, "axis": axis,
                                "keepdims": bool(keepdims)})


def tensordot(a, b, axes, name=None) -> Tensor:
    a, b = binary_args(a, b, "TensorDot")
    axes = axes if isinstance(axes, int) else tuple(tuple(int(i) for i in (ax if isinstance(ax, (list, tuple)) else [ax])) for ax in axes)
    return record(Op("TensorDot", lambda a, b, axes: jnp.tensordot(a, b, axes)), (a, b), {"axes": axes})
