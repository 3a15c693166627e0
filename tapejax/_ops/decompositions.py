"""Matrix solves, inverses and decompositions (``tf.linalg.solve``, ``cholesky``, ``eigh`` ...).

TF's kernels read only the lower triangle of a self-adjoint input (cholesky, eigh); tapejax
does the same, and keeps TF's gradients (symmetric for cholesky, lower-triangular for eigh).
Singular inputs to ``solve``/``inv`` raise InvalidArgumentError, as TF's CPU kernels do.
"""

from __future__ import annotations

import collections

import jax
import jax.numpy as jnp
from jax.scipy.linalg import expm as _expm
from jax.scipy.linalg import solve_triangular

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values.access import is_symbolic_tensor, np_dtype, value_of
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor
from .builders import binary_args, check_dtype
from .conventions import rules as _rules

# TF's linear-algebra kernels: half, float, double, complex (no bfloat16, no integers).
DECOMP = frozenset({"float16", "float32", "float64", "complex64", "complex128"})

Qr = collections.namedtuple("Qr", ["q", "r"])
LogMatrixDeterminant = collections.namedtuple("LogMatrixDeterminant", ["sign", "log_abs_determinant"])


def _matrix(x, op_name: str, square: bool = True) -> Tensor:
    x = convert_to_tensor(x)
    check_dtype(op_name, DECOMP, x)
    if x.ndim < 2:
        raise InvalidArgumentError(f"Input tensor 0 must have rank >= 2, got {x.ndim} [Op:{op_name}]")
    if square and x.shape[-1] != x.shape[-2]:
        raise InvalidArgumentError(f"Input matrix must be square. [Op:{op_name}]")
    return x


def _adjoint(x):
    return jnp.conj(jnp.swapaxes(x, -1, -2))


def _lower_hermitian(a):
    """The self-adjoint matrix TF's kernels see: ``a``'s lower triangle, mirrored."""
    return jnp.tril(a) + _adjoint(jnp.tril(a, -1))


def _check_invertible(out: Tensor, inputs, message: str, op_name: str) -> None:
    if is_symbolic_tensor(out) or any(is_symbolic_tensor(t) for t in inputs):
        return
    finite = lambda t: bool(jnp.all(jnp.isfinite(value_of(t))))  # noqa: E731
    if finite(out) or not all(finite(t) for t in inputs):
        return
    raise InvalidArgumentError(f"{message} [Op:{op_name}]")


_SOLVE = Op("MatrixSolve", lambda a, b, adjoint: jnp.linalg.solve(_adjoint(a) if adjoint else a, b))


def solve(matrix, rhs, adjoint=False, name=None) -> Tensor:
    """Solves ``matrix @ x = rhs`` for ``x`` of shape ``[..., M, K]`` (``tf.linalg.solve``).

    >>> import tapejax as tf
    >>> tf.linalg.solve([[2.0, 0.0], [0.0, 4.0]], [[1.0], [1.0]])
    <tf.Tensor: shape=(2, 1), dtype=float32, numpy=
    array([[0.5 ],
           [0.25]], dtype=float32)>
    """
    a, b = binary_args(matrix, rhs, "MatrixSolve")
    a = _matrix(a, "MatrixSolve")
    if b.ndim != a.ndim:
        raise InvalidArgumentError("All input tensors must have the same rank. [Op:MatrixSolve]")
    if b.shape[-2] != a.shape[-1]:
        raise InvalidArgumentError("Input matrix and rhs are incompatible. [Op:MatrixSolve]")
    out = record(_SOLVE, (a, b), {"adjoint": bool(adjoint)})
    _check_invertible(out, (a, b), "Input matrix is not invertible.", "MatrixSolve")
    return out


_TRIANGULAR_SOLVE = Op(
    "MatrixTriangularSolve",
    lambda a, b, lower, adjoint: solve_triangular(a, b, lower=lower, trans="C" if adjoint else 0),
)


def triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None) -> Tensor:
    """Solves ``matrix @ x = rhs`` reading only ``matrix``'s lower (or upper) triangle."""
    a, b = binary_args(matrix, rhs, "MatrixTriangularSolve")
    a = _matrix(a, "MatrixTriangularSolve")
    return record(_TRIANGULAR_SOLVE, (a, b), {"lower": bool(lower), "adjoint": bool(adjoint)})


def cholesky_solve(chol, rhs, name=None) -> Tensor:
    """Solves ``A x = rhs`` given ``chol = cholesky(A)``."""
    y = triangular_solve(chol, rhs, lower=True, adjoint=False)
    return triangular_solve(chol, y, lower=True, adjoint=True)


_INV = Op("MatrixInverse", lambda x, adjoint: jnp.linalg.inv(_adjoint(x) if adjoint else x))


def inv(input, adjoint=False, name=None) -> Tensor:  # noqa: A002
    """The inverse of each square matrix (``tf.linalg.inv``)."""
    x = _matrix(input, "MatrixInverse")
    out = record(_INV, (x,), {"adjoint": bool(adjoint)})
    _check_invertible(out, (x,), "Input is not invertible.", "MatrixInverse")
    return out


# JAX's derivative of a 1x1 determinant is a constant; TF's reads x at every size (rules.det).
_DET = Op("MatrixDeterminant", lambda x: _rules.det(x) if x.shape[-1] == 1 else jnp.linalg.det(x))
_SLOGDET = Op("LogMatrixDeterminant", lambda x: tuple(jnp.linalg.slogdet(x)), multiple_results=True)


def det(input, name=None) -> Tensor:  # noqa: A002
    """The determinant of each square matrix (``tf.linalg.det``)."""
    return record(_DET, (_matrix(input, "MatrixDeterminant"),))


def slogdet(input, name=None) -> LogMatrixDeterminant:  # noqa: A002
    """Sign and log of the absolute value of the determinant (``tf.linalg.slogdet``)."""
    sign, logabs = record(_SLOGDET, (_matrix(input, "LogMatrixDeterminant"),))
    return LogMatrixDeterminant(sign, logabs)


def logdet(matrix, name=None) -> Tensor:
    """``log(det(matrix))`` of a Hermitian positive definite matrix, via its Cholesky factor."""
    return record(_LOGDET, (_matrix(matrix, "Cholesky"),))


_LOGDET = Op(
    "LogDet",
    lambda x: (
        2
        * jnp.sum(
            jnp.log(jnp.real(jnp.diagonal(jnp.linalg.cholesky(_cholesky_input(x)), axis1=-2, axis2=-1))),
            axis=-1,
        )
    ),
)


def _cholesky_input(a):
    # Forward: the lower triangle (TF's kernel). Derivative: of the symmetrized input, so the
    # gradient is symmetric, as TF's CholeskyGrad.
    sym = (a + _adjoint(a)) / 2
    return sym + jax.lax.stop_gradient(_lower_hermitian(a) - sym)


_CHOLESKY = Op("Cholesky", lambda x: jnp.linalg.cholesky(_cholesky_input(x)))


def cholesky(input, name=None) -> Tensor:  # noqa: A002
    """The lower Cholesky factor of each Hermitian positive definite matrix (``tf.linalg.cholesky``);
    only the lower triangle of ``input`` is read, as TF."""
    return record(_CHOLESKY, (_matrix(input, "Cholesky"),))


_EIGH = Op(
    "SelfAdjointEigV2",
    lambda x: tuple(jnp.linalg.eigh(_lower_hermitian(x), symmetrize_input=False)),
    multiple_results=True,
)


def eigh(tensor, name=None):
    """Eigenvalues (ascending) and eigenvectors (columns) of self-adjoint matrices; only the
    lower triangle is read, as TF. Eigenvector signs are LAPACK's and may differ from TF's."""
    e, v = record(_EIGH, (_matrix(tensor, "SelfAdjointEigV2"),))
    return e, v


def eigvalsh(tensor, name=None) -> Tensor:
    """The eigenvalues (ascending) of self-adjoint matrices."""
    return eigh(tensor)[0]


# Eig: float and complex inputs (TF fails on float16 with an UnboundLocalError of its own).
_EIG_TYPES = ("float32", "float64", "complex64", "complex128")


def _eig(x, vectors: bool):
    x = x.astype(jnp.complex64 if x.dtype in (jnp.float32, jnp.complex64) else jnp.complex128)
    # enable_eigvec_derivs: TF differentiates eigenvectors too; a loss that does not depend on
    # their phase (which LAPACK and TF's Eigen choose differently) gets TF's gradient.
    out = jax.lax.linalg.eig(
        x, compute_left_eigenvectors=False, compute_right_eigenvectors=vectors, enable_eigvec_derivs=True
    )
    return (out[0], out[1]) if vectors else out[0]


_EIG = Op("Eig", lambda x: _eig(x, True), multiple_results=True)
_EIGVALS = Op("Eig", lambda x: _eig(x, False))


def eig(tensor, name=None):
    """The eigenvalues and right eigenvectors (columns, unit norm) of square matrices, as
    complex64 for float32/complex64 and complex128 for float64/complex128 (``tf.linalg.eig``).
    Eigenvectors are unique up to a phase, which LAPACK (here) and TF's Eigen may choose
    differently; gradients are TF's for losses that do not depend on it.

    >>> import tapejax as tf
    >>> e, v = tf.linalg.eig([[2.0, 0.0], [0.0, -1.0]])
    >>> e
    <tf.Tensor: shape=(2,), dtype=complex64, numpy=array([ 2.+0.j, -1.+0.j], dtype=complex64)>
    """
    x = _eig_input(tensor)
    return tuple(record(_EIG, (x,)))


def eigvals(tensor, name=None) -> Tensor:
    """The eigenvalues of square matrices, complex (``tf.linalg.eigvals``)."""
    return record(_EIGVALS, (_eig_input(tensor),))


def _eig_input(tensor) -> Tensor:
    x = convert_to_tensor(tensor)
    check_dtype("Eig", _EIG_TYPES, x)
    return _matrix(x, "Eig")


_QR = Op(
    "Qr",
    lambda x, full: tuple(jnp.linalg.qr(x, mode="complete" if full else "reduced")),
    multiple_results=True,
)


def qr(input, full_matrices=False, name=None) -> Qr:  # noqa: A002
    """QR factorization of each matrix (``tf.linalg.qr``)."""
    q, r = record(_QR, (_matrix(input, "Qr", square=False),), {"full": bool(full_matrices)})
    return Qr(q, r)


def _svd(x, full, compute_uv):
    if not compute_uv:
        return (jnp.linalg.svd(x, compute_uv=False),)
    u, s, vh = jnp.linalg.svd(x, full_matrices=full)
    return s, u, _adjoint(vh)


_SVD = Op("Svd", _svd, multiple_results=True)


def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    """Singular values ``s`` and, if ``compute_uv``, ``(s, u, v)`` with ``tensor = u @ diag(s) @ adjoint(v)``
    (TF's order and ``v``, not ``adjoint(v)``). Signs of singular vectors may differ from TF's."""
    x = _matrix(tensor, "Svd", square=False)
    out = record(_SVD, (x,), {"full": bool(full_matrices), "compute_uv": bool(compute_uv)})
    return out if compute_uv else out[0]


_PINV = Op("Pinv", lambda x, rcond: jnp.linalg.pinv(x, rtol=rcond))


def pinv(a, rcond=None, validate_args=False, name=None) -> Tensor:
    """The Moore-Penrose pseudo-inverse; singular values below ``rcond * max(s)`` are dropped
    (default ``10 * max(rows, cols) * eps``, as TF)."""
    x = _matrix(a, "Pinv", square=False)
    if rcond is None:
        rcond = 10.0 * max(x.shape[-2:]) * float(jnp.finfo(np_dtype(x)).eps)
    return record(_PINV, (x,), {"rcond": float(rcond)})


_LSTSQ = Op(
    "MatrixSolveLs",
    lambda a, b, l2: jnp.linalg.solve(
        _adjoint(a) @ a + l2 * jnp.eye(a.shape[-1], dtype=a.dtype), _adjoint(a) @ b
    ),
)


def lstsq(matrix, rhs, l2_regularizer=0.0, fast=True, name=None) -> Tensor:
    """Least-squares solution of ``matrix @ x = rhs`` via the normal equations (TF's ``fast``
    path), with optional ``l2_regularizer``."""
    a, b = binary_args(matrix, rhs, "MatrixSolveLs")
    a = _matrix(a, "MatrixSolveLs", square=False)
    return record(_LSTSQ, (a, b), {"l2": float(l2_regularizer)})


_EXPM = Op("MatrixExponential", _expm)


def expm(input, name=None) -> Tensor:  # noqa: A002
    """The matrix exponential of each square matrix (``tf.linalg.expm``)."""
    return record(_EXPM, (_matrix(input, "MatrixExponential"),))
