"""``keras.ops.linalg`` (Keras 3's ``keras.ops.linalg``)."""

from __future__ import annotations

from .._src.ops.linalg import (
    cholesky,
    cholesky_inverse,
    det,
    eig,
    eigh,
    inv,
    jvp,
    lstsq,
    lu_factor,
    matrix_rank,
    norm,
    pinv,
    qr,
    solve,
    solve_triangular,
    svd,
)

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
