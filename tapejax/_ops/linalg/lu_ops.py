"""``tf.linalg.lu`` and what reads its factors: ``lu_solve``, ``lu_matrix_inverse``,
``lu_reconstruct``; and ``matrix_rank``.

TF's ``lu`` returns the packed factors (L's strict lower triangle, unit diagonal implied, and
U) and the row permutation ``p`` with ``A[p] = L @ U``. TF registers no gradient for ``Lu``
(tapejax gives None); the functions of the factors are differentiable, as in TF.
"""

from __future__ import annotations

import collections

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.linalg import solve_triangular

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values.dtype import as_dtype
from ..._core.values.tensor import Tensor
from ..decompositions import _matrix

Lu = collections.namedtuple("Lu", ["lu", "p"])


def _lu(a, idx):
    lu, _, perm = jax.lax.linalg.lu(a)
    return lu, perm.astype(idx)


_LU = Op("Lu", _lu, differentiable=False, multiple_results=True)


def lu(input, output_idx_type="int32", name=None) -> Lu:  # noqa: A002
    """The LU factorization with partial pivoting of each square matrix: ``Lu(lu, p)``.

    >>> import tapejax as tf
    >>> tf.linalg.lu([[1.0, 2.0], [3.0, 4.0]]).p
    <tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 0], dtype=int32)>
    """
    idx = as_dtype(output_idx_type)
    factors, p = record(_LU, (_matrix(input, "Lu"),), {"idx": idx.as_numpy_dtype})
    return Lu(factors, p)


def _unit_lower(lu):
    return jnp.tril(lu, -1) + jnp.eye(lu.shape[-1], dtype=lu.dtype)


def _solve(lu, perm, rhs):
    permuted = jnp.take_along_axis(
        rhs, jnp.broadcast_to(perm[..., None], perm.shape + rhs.shape[-1:]), axis=-2
    )
    y = solve_triangular(_unit_lower(lu), permuted, lower=True, unit_diagonal=True)
    return solve_triangular(jnp.triu(lu), y, lower=False)


def _reconstruct(lu, perm):
    product = _unit_lower(lu) @ jnp.triu(lu)
    inverse = jnp.argsort(perm, axis=-1)
    return jnp.take_along_axis(product, jnp.broadcast_to(inverse[..., None], product.shape), axis=-2)


_LU_SOLVE = Op("LuSolve", _solve)
_LU_RECONSTRUCT = Op("LuReconstruct", _reconstruct)


def lu_solve(lower_upper, perm, rhs, validate_args=False, name=None) -> Tensor:
    """Solves ``A @ X = rhs`` from ``lu(A)``'s factors (differentiable in both)."""
    factors = _matrix(lower_upper, "LuSolve")
    rhs = convert_to_tensor(rhs, dtype=factors.dtype)
    return record(_LU_SOLVE, (factors, convert_to_tensor(perm), rhs))


def lu_matrix_inverse(lower_upper, perm, validate_args=False, name=None) -> Tensor:
    """The inverse of ``A`` from ``lu(A)``'s factors."""
    factors = _matrix(lower_upper, "LuMatrixInverse")
    eye = np.broadcast_to(np.eye(factors.shape[-1], dtype=factors.dtype.as_numpy_dtype), factors.shape)
    return record(_LU_SOLVE, (factors, convert_to_tensor(perm), convert_to_tensor(eye)))


def lu_reconstruct(lower_upper, perm, validate_args=False, name=None) -> Tensor:
    """``A`` again from ``lu(A)``'s factors: ``L @ U`` with the rows put back."""
    return record(_LU_RECONSTRUCT, (_matrix(lower_upper, "LuReconstruct"), convert_to_tensor(perm)))


def _rank(a, tol):
    s = jnp.linalg.svd(a, compute_uv=False)
    if tol is None:  # TF's default: eps * max(rows, cols) * the largest singular value
        tol = jnp.finfo(s.dtype).eps * max(a.shape[-2:]) * jnp.max(s, axis=-1, keepdims=True)
    return jnp.sum(s > tol, axis=-1).astype(jnp.int32)


_RANK = Op("MatrixRank", _rank, differentiable=False)


def matrix_rank(a, tol=None, validate_args=False, name=None) -> Tensor:
    """The rank of each matrix: its singular values above ``tol`` (int32).

    >>> import tapejax as tf
    >>> tf.linalg.matrix_rank([[1.0, 2.0], [2.0, 4.0]])
    <tf.Tensor: shape=(), dtype=int32, numpy=1>
    """
    return record(_RANK, (_matrix(a, "MatrixRank", square=False),), {"tol": tol})
