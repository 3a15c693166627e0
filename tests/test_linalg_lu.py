"""tf.linalg.lu, lu_solve, lu_matrix_inverse, lu_reconstruct, matrix_rank (issue 21).

TF 2.21's numbers (float64) from the scratch TF venv, stored as literals."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf

A = np.array([[1.0, 2.0, 0.5], [3.0, -1.0, 2.0], [0.5, 4.0, 1.0]])
B = np.array([[1.0, 0.0], [2.0, 1.0], [-1.0, 3.0]])
W_SOLVE = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
W_INV = np.arange(9.0).reshape(3, 3)
TF_LU = [[3.0, -1.0, 2.0], [1 / 6, 4.166666666666667, 0.6666666666666667], [1 / 3, 0.5599999999999999, -0.54]]
TF_P = [1, 2, 0]
TF_SOLVE = [
    [2.0, -1.9999999999999993],
    [5.329070518200751e-17, 0.11111111111111117],
    [-2.0, 3.555555555555555],
]
TF_INV = [
    [1.333333333333333, 7.401486830834377e-17, -0.6666666666666664],
    [0.2962962962962963, -0.11111111111111109, 0.07407407407407411],
    [-1.8518518518518516, 0.44444444444444436, 1.0370370370370368],
]
# gradients of sum(W * lu_solve(lu, p, B)) and sum(W * lu_matrix_inverse(lu, p)) wrt lu
TF_G_SOLVE = [
    [0.6666666666666662, -0.07407407407407413, -1.7037037037037033],
    [-14.666666666666664, -0.12444444444444457, -2.3822222222222216],
    [21.333333333333332, 11.185185185185187, 11.736625514403286],
]
TF_G_INV = [
    [0.44444444444444425, -0.012345679012345713, -0.8395061728395059],
    [-6.8888888888888875, -0.1985185185185186, -0.5392592592592591],
    [10.444444444444443, 8.925925925925924, -3.2263374485596703],
]


def test_values_match_tf():
    lu, p = tf.linalg.lu(A)
    np.testing.assert_allclose(lu.numpy(), TF_LU, rtol=1e-12, atol=1e-15)
    assert p.numpy().tolist() == TF_P and p.dtype == tf.int32
    assert tf.linalg.lu(A, output_idx_type=tf.int64).p.dtype == tf.int64
    assert tf.linalg.lu(A.astype(np.float32)).lu.dtype == tf.float32
    np.testing.assert_allclose(tf.linalg.lu_solve(lu, p, B).numpy(), TF_SOLVE, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(tf.linalg.lu_matrix_inverse(lu, p).numpy(), TF_INV, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(tf.linalg.lu_reconstruct(lu, p).numpy(), A, rtol=1e-12)
    # batched
    batch = np.stack([A, A.T + 1.0])
    blu, bp = tf.linalg.lu(batch)
    np.testing.assert_allclose(tf.linalg.lu_reconstruct(blu, bp).numpy(), batch, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(tf.linalg.lu_matrix_inverse(blu, bp).numpy(), np.linalg.inv(batch), rtol=1e-10)


def test_matrix_rank_matches_tf():
    assert tf.linalg.matrix_rank(A).numpy() == 3
    assert tf.linalg.matrix_rank(np.ones((3, 4))).numpy() == 1
    assert tf.linalg.matrix_rank(np.ones((3, 4), np.float32)).dtype == tf.int32
    assert tf.linalg.matrix_rank(np.diag([1.0, 1e-3, 1e-9]), tol=1e-4).numpy() == 2


def _solve_loss(lu, p):
    return tf.reduce_sum(tf.linalg.lu_solve(lu, p, B) * W_SOLVE)


def _inv_loss(lu, p):
    return tf.reduce_sum(tf.linalg.lu_matrix_inverse(lu, p) * W_INV)


@pytest.mark.parametrize("loss, want", [(_solve_loss, TF_G_SOLVE), (_inv_loss, TF_G_INV)])
def test_gradients_match_tf_jax_and_finite_differences(loss, want):
    lu, p = tf.linalg.lu(A)
    with tf.GradientTape() as tape:
        tape.watch(lu)
        y = loss(lu, p)
    got = tape.gradient(y, lu).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-10)
    numeric = np.zeros_like(A)
    for i in np.ndindex(A.shape):
        step = np.zeros_like(A)
        step[i] = 1e-6
        hi, lo = (float(loss(tf.constant(lu.numpy() + s), p)) for s in (step, -step))
        numeric[i] = (hi - lo) / 2e-6
    np.testing.assert_allclose(got, numeric, rtol=1e-5, atol=1e-6)
    # against jax.grad of the same math written in JAX
    perm = np.asarray(p.numpy())
    w = W_SOLVE if loss is _solve_loss else W_INV
    rhs = B if loss is _solve_loss else np.eye(3)

    def jax_loss(m):
        lower = jnp.tril(m, -1) + jnp.eye(3)
        return jnp.sum(jnp.linalg.solve(lower @ jnp.triu(m), rhs[perm]) * w)

    # JAX runs this in float32 (the tests do not turn on x64)
    np.testing.assert_allclose(got, jax.grad(jax_loss)(lu.numpy()), rtol=1e-4, atol=1e-5)


def test_lu_has_no_gradient_and_works_in_function():
    x = tf.constant(A)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.linalg.lu(x).lu)
    assert tape.gradient(y, x) is None  # TF: LookupError, no gradient registered for Lu

    @tf.function
    def f(m):
        lu, p = tf.linalg.lu(m)
        return tf.linalg.lu_reconstruct(lu, p), tf.linalg.matrix_rank(m)

    rebuilt, rank = f(tf.constant(A))
    np.testing.assert_allclose(rebuilt.numpy(), A, rtol=1e-12)
    assert rank.numpy() == 3


def test_errors_match_tf():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Input matrix must be square. \[Op:Lu\]"):
        tf.linalg.lu(A[:2])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"must have rank >= 2, got 1 \[Op:Lu\]"):
        tf.linalg.lu(A[0])
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.linalg.lu(A.astype(np.int32))
