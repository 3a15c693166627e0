"""``tapejax.linalg``: products, norms, solves and decompositions.

Expected values and messages were observed with TensorFlow 2.21 (CPU); gradients are checked
against ``jax.grad`` and finite differences.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np
import pytest
from op_checks import check_many
from op_checks import tape_grad as _grad

import tapejax as tf
from tapejax.errors import InvalidArgumentError

A = [[4.0, 1.0], [1.0, 3.0]]  # symmetric positive definite
B = [[1.0, 2.0], [3.0, 4.0]]
V = [1.0, -2.0]


# -- products ---------------------------------------------------------------------------------------
def test_matmul():
    assert tf.matmul(A, B).numpy().tolist() == [[7.0, 12.0], [10.0, 14.0]]
    assert tf.matmul(A, B, transpose_a=True).numpy().tolist() == [[7.0, 12.0], [10.0, 14.0]]
    assert tf.matmul(
        tf.constant([[1 + 1j, 2]]), tf.constant([[1 + 1j, 2]]), adjoint_b=True
    ).numpy().tolist() == [[6 + 0j]]
    assert tf.matmul(tf.ones((2, 2, 3)), tf.ones((3, 4))).shape == (2, 2, 4)  # batch dims broadcast
    assert tf.matmul(tf.ones((2, 1, 2, 3)), tf.ones((3, 3, 4))).shape == (2, 3, 2, 4)
    assert tf.matmul(tf.constant([[1]]), tf.constant([[2]])).dtype == tf.int32
    out = tf.matmul(tf.constant([[1]], tf.int8), tf.constant([[2]], tf.int8), output_type=tf.int32)
    assert out.dtype == tf.int32 and out.numpy().tolist() == [[2]]


@pytest.mark.parametrize(
    ("a", "b", "message"),
    [
        (
            [[1.0, 2.0]],
            [[3.0, 4.0]],
            r"Matrix size-incompatible: In\[0\]: \[1,2\], In\[1\]: \[1,2\] \[Op:MatMul\]",
        ),
        ([1.0, 2.0], [[3.0], [4.0]], r"In\[0\] and In\[1\] has different ndims: \[2\] vs. \[2,1\]"),
        ([1.0, 2.0], [1.0, 2.0], r"In\[0\] and In\[1\] ndims must be == 2: 1"),
        (
            np.ones((2, 2, 3), np.float32),
            np.ones((3, 3, 4), np.float32),
            r"In\[0\] and In\[1\] must have compatible batch dimensions: \[2,2,3\] vs. \[3,3,4\]",
        ),
        ([[True]], [[True]], "Value for attr 'T' of bool is not in the list of allowed values"),
        (
            [[1.0]],
            tf.constant([[2]]),
            r"cannot compute MatMul as input #1\(zero-based\) was expected to be a float tensor "
            "but is a int32 tensor",
        ),
    ],
)
def test_matmul_errors(a, b, message):
    with pytest.raises(InvalidArgumentError, match=message):
        tf.matmul(a, b)


def test_matvec_einsum_tensordot():
    assert tf.linalg.matvec(A, V).numpy().tolist() == [2.0, -5.0]
    assert tf.linalg.matvec(B, V, transpose_a=True).numpy().tolist() == [-5.0, -6.0]
    assert tf.linalg.matvec(tf.ones((3, 2, 2)), tf.ones((2,))).shape == (3, 2)
    with pytest.raises(
        InvalidArgumentError, match=r"Matrix size-incompatible: In\[0\]: \[2,2\], In\[1\]: \[3,1\]"
    ):
        tf.linalg.matvec(B, [1.0, 2.0, 3.0])
    assert tf.einsum("ij,jk->ik", A, B).numpy().tolist() == [[7.0, 12.0], [10.0, 14.0]]
    assert tf.einsum("ii", B).numpy() == 5.0 and tf.einsum("ii->i", B).numpy().tolist() == [1.0, 4.0]
    assert tf.einsum("...ij,...jk->...ik", tf.ones((2, 2, 3)), tf.ones((2, 3, 4))).shape == (2, 2, 4)
    assert tf.einsum("i,i->", tf.constant([1, 2]), tf.constant([3, 4])).numpy() == 11
    with pytest.raises(ValueError, match='Got 1 inputs for equation "ij,jk", expecting 2'):
        tf.einsum("ij,jk", tf.constant(A))
    with pytest.raises(InvalidArgumentError, match="cannot compute Einsum as input #1"):
        tf.einsum("ij,jk->ik", tf.constant(A), tf.ones((2, 2), tf.float64))
    assert tf.tensordot(tf.ones((2, 3)), tf.ones((3, 4)), axes=1).shape == (2, 4)
    assert (
        tf.tensordot(tf.ones((2, 3)), tf.ones((3, 2)), axes=[[1], [0]]).numpy().tolist() == [[3.0, 3.0]] * 2
    )
    assert tf.tensordot([1.0, 2.0], [3.0, 4.0], axes=0).numpy().tolist() == [[3.0, 4.0], [6.0, 8.0]]
    assert tf.tensordot([1.0, 2.0], [3.0, 4.0], axes=[0, 0]).numpy() == 11.0


def test_product_gradients_match_jax():
    a, b = [[1.5, -2.0], [0.5, 3.0]], [[2.0, 1.0], [-1.0, 0.5]]
    check_many(
        [
            (tf.matmul, jnp.matmul),
            (lambda x, y: tf.matmul(x, y, transpose_b=True), lambda x, y: x @ y.T),
            (lambda x, y: tf.matmul(x, y, adjoint_a=True) ** 2, lambda x, y: (x.T @ y) ** 2),
            (lambda x, y: tf.einsum("ij,jk->ik", x, y) ** 2, lambda x, y: (x @ y) ** 2),
            (
                lambda x, y: tf.tensordot(x, y, axes=[[0], [1]]),
                lambda x, y: jnp.tensordot(x, y, axes=[[0], [1]]),
            ),
            (lambda x, y: tf.linalg.matvec(x, y[0]), lambda x, y: x @ y[0]),
        ],
        a,
        b,
    )


# -- norms ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, 5.4772257804870605),
        ({"axis": 1}, [2.2360680103302, 5.0]),
        ({"ord": 1}, 10.0),
        ({"ord": 1, "axis": 0}, [4.0, 6.0]),
        ({"ord": np.inf, "axis": 1}, [2.0, 4.0]),
        ({"ord": 3, "axis": 1}, [2.0800838470458984, 4.497941493988037]),
        ({"ord": 0.5}, 37.77656936645508),
        ({"ord": "fro", "axis": [0, 1]}, 5.4772257804870605),
        ({"ord": 1, "axis": [0, 1]}, 6.0),
        ({"ord": np.inf, "axis": [-2, -1]}, 7.0),
        ({"ord": 2, "axis": [0, 1]}, 5.464985370635986),
        ({"ord": "euclidean", "axis": 1}, [2.2360680103302, 5.0]),
    ],
)
def test_norm(kwargs, expected):
    np.testing.assert_allclose(tf.norm(B, **kwargs), expected, rtol=1e-6)


def test_norm_shapes_and_dtypes():
    assert tf.norm(B, axis=-1, keepdims=True).shape == (2, 1) and tf.norm(B, keepdims=True).shape == (1, 1)
    c = tf.norm(tf.constant([3 + 4j]))
    assert c.dtype == tf.complex128 and c.numpy() == 5.0  # TF keeps the complex dtype


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"ord": 0}, ValueError, "'ord' must be a supported vector norm, got 0"),
        ({"ord": -1}, ValueError, "'ord' must be a supported vector norm, got -1"),
        ({"ord": "fro"}, ValueError, "'ord' must be a supported vector norm, got fro"),
        ({"ord": 3, "axis": [0, 1]}, ValueError, "'ord' must be a supported matrix norm"),
        (
            {"axis": [0, 1, 2]},
            ValueError,
            r"'axis' must be None, an integer, or a tuple of 2 unique integers, got \[0, 1, 2\]",
        ),
        (
            {"axis": 2},
            InvalidArgumentError,
            r"Invalid reduction dimension \(2 for input with 2 dimension\(s\)",
        ),
    ],
)
def test_norm_errors(kwargs, error, message):
    with pytest.raises(error, match=message):
        tf.norm(B, **kwargs)


def test_norm_gradients():
    np.testing.assert_allclose(_grad(tf.norm, B)[0], np.array(B) / np.sqrt(30.0), rtol=1e-6)
    assert _grad(lambda x: tf.norm(x, ord=1), [-1.0, 0.0, 2.0])[0].tolist() == [-1.0, 0.0, 1.0]  # abs'(0) = 0
    assert _grad(lambda x: tf.norm(x, ord=np.inf), [-2.0, 0.0, 2.0])[0].tolist() == [-0.5, 0.0, 0.5]
    np.testing.assert_allclose(
        _grad(lambda x: tf.norm(x, ord=3), [-2.0, 0.0, 1.0])[0], [-0.9244818, 0.0, 0.2311204], rtol=1e-6
    )
    assert _grad(lambda x: tf.norm(x, ord=1, axis=[0, 1]), B)[0].tolist() == [[0.0, 1.0], [0.0, 1.0]]
    assert np.isnan(_grad(tf.norm, [0.0, 0.0])[0]).all()  # TF: nan at 0
    check_many(
        [
            (tf.norm, jnp.linalg.norm),
            (lambda x: tf.norm(x, ord=3), lambda x: jnp.sum(jnp.abs(x) ** 3) ** (1 / 3)),
            (lambda x: tf.norm(x, ord=2, axis=[0, 1]), lambda x: jnp.linalg.norm(x, ord=2)),
            (lambda x: tf.norm(x, axis=0), lambda x: jnp.linalg.norm(x, axis=0)),
        ],
        [[1.5, -2.0], [0.5, 3.0]],
    )


def test_global_norm_and_normalize():
    assert tf.linalg.global_norm([tf.constant([3.0]), None, tf.constant([4.0])]).numpy() == 5.0
    normed, n = tf.linalg.normalize(tf.constant([[3.0, 4.0], [6.0, 8.0]]), axis=1)
    np.testing.assert_allclose(normed, [[0.6, 0.8], [0.6, 0.8]], rtol=1e-6)
    assert n.numpy().tolist() == [[5.0], [10.0]]
    np.testing.assert_allclose(tf.linalg.l2_normalize([3.0, 4.0]), [0.6, 0.8], rtol=1e-6)


# -- solves and decompositions ------------------------------------------------------------------
def test_solve_inv_det():
    np.testing.assert_allclose(tf.linalg.solve(A, [[1.0], [2.0]]), [[1 / 11], [7 / 11]], rtol=1e-6)
    np.testing.assert_allclose(tf.linalg.solve(B, [[1.0], [2.0]], adjoint=True), [[1.0], [0.0]], atol=1e-6)
    assert tf.linalg.solve(tf.eye(2, batch_shape=[3]), tf.ones((3, 2, 1))).shape == (3, 2, 1)
    np.testing.assert_allclose(tf.linalg.inv(A), np.linalg.inv(A), rtol=1e-6)
    np.testing.assert_allclose(tf.linalg.inv(B, adjoint=True), [[-2.0, 1.5], [1.0, -0.5]], rtol=1e-6)
    np.testing.assert_allclose(tf.linalg.det(B), -2.0, rtol=1e-6)
    sign, logabs = tf.linalg.slogdet(B)
    assert sign.numpy() == -1.0 and np.isclose(logabs.numpy(), np.log(2.0))
    np.testing.assert_allclose(tf.linalg.logdet(A), np.log(11.0), rtol=1e-6)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: tf.linalg.solve([[1.0, 2.0], [2.0, 4.0]], [[1.0], [2.0]]),
            r"Input matrix is not invertible. \[Op:MatrixSolve\]",
        ),
        (lambda: tf.linalg.inv([[1.0, 2.0], [2.0, 4.0]]), r"Input is not invertible. \[Op:MatrixInverse\]"),
        (lambda: tf.linalg.solve(A, [[1.0], [2.0], [3.0]]), "Input matrix and rhs are incompatible."),
        (lambda: tf.linalg.solve(A, V), "All input tensors must have the same rank."),
        (lambda: tf.linalg.inv(tf.ones((2, 3))), "Input matrix must be square."),
        (lambda: tf.linalg.det(tf.ones((2,))), "Input tensor 0 must have rank >= 2, got 1"),
        (lambda: tf.linalg.cholesky(tf.ones((2, 3))), "Input matrix must be square."),
        (
            lambda: tf.linalg.inv(tf.constant([[1, 0], [0, 1]])),
            "Value for attr 'T' of int32 is not in the list",
        ),
    ],
)
def test_solve_errors(call, message):
    with pytest.raises(InvalidArgumentError, match=message):
        call()


def test_solve_and_inverse_gradients_match_jax():
    check_many(
        [
            (tf.linalg.solve, jnp.linalg.solve),
            (lambda a, b: tf.linalg.inv(a) * b, lambda a, b: jnp.linalg.inv(a) * b),
            (lambda a, b: tf.linalg.det(a) * b, lambda a, b: jnp.linalg.det(a) * b),
            (lambda a, b: tf.linalg.slogdet(a)[1] * b, lambda a, b: jnp.linalg.slogdet(a)[1] * b),
            (
                lambda a, b: tf.linalg.triangular_solve(a, b, lower=False),
                lambda a, b: jnp.linalg.solve(jnp.triu(a), b),
            ),
        ],
        [[4.0, 1.0], [0.5, 3.0]],
        [[1.0, 2.0], [-1.0, 0.5]],
    )


def test_expm():
    rotation = [[0.0, 1.0], [-1.0, 0.0]]
    np.testing.assert_allclose(
        tf.linalg.expm(rotation), [[0.5403023, 0.84147096], [-0.84147096, 0.5403023]], rtol=1e-5
    )
    np.testing.assert_allclose(
        _grad(tf.linalg.expm, rotation)[0], [[0.5403022, 0.0], [1.6829421, 0.5403024]], rtol=1e-5, atol=1e-6
    )  # TF 2.21


def test_determinant_second_derivative():
    x = tf.constant(B)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            d = tf.linalg.det(x)
        z = tf.reduce_sum(inner.gradient(d, x) ** 2)
    np.testing.assert_allclose(outer.gradient(z, x), [[2.0, 4.0], [6.0, 8.0]], rtol=1e-6)  # TF 2.21


def test_cholesky_reads_the_lower_triangle_with_a_symmetric_gradient():
    np.testing.assert_allclose(tf.linalg.cholesky(A), [[2.0, 0.0], [0.5, 1.6583124]], rtol=1e-6)
    upper_ignored = [[4.0, 100.0], [1.0, 3.0]]
    np.testing.assert_allclose(tf.linalg.cholesky(upper_ignored), tf.linalg.cholesky(A), rtol=1e-6)
    expected = [[0.20634446, 0.17462218], [0.17462218, 0.30151135]]  # TF 2.21, for both inputs
    np.testing.assert_allclose(_grad(tf.linalg.cholesky, A)[0], expected, rtol=1e-5)
    np.testing.assert_allclose(_grad(tf.linalg.cholesky, upper_ignored)[0], expected, rtol=1e-5)
    np.testing.assert_allclose(
        tf.linalg.cholesky_solve(tf.linalg.cholesky(A), [[1.0], [2.0]]), [[1 / 11], [7 / 11]], rtol=1e-5
    )
    np.testing.assert_allclose(_grad(tf.linalg.logdet, A)[0], np.linalg.inv(A), rtol=1e-6)


def test_eigh_reads_the_lower_triangle():
    np.testing.assert_allclose(tf.linalg.eigh(A)[0], [2.381966, 4.618034], rtol=1e-6)
    np.testing.assert_allclose(tf.linalg.eigvalsh(B), [-0.854102, 5.854102], rtol=1e-5)  # of [[1, 3], [3, 4]]
    g = _grad(lambda a: tf.linalg.eigvalsh(a) * tf.constant([1.0, 2.0]), B)[0]
    np.testing.assert_allclose(g, [[1.2763932, 0.0], [0.8944272, 1.723607]], rtol=1e-5)  # TF 2.21
    vals, vecs = tf.linalg.eigh(A)
    np.testing.assert_allclose(tf.matmul(vecs * vals, vecs, transpose_b=True), A, rtol=1e-5)
    np.testing.assert_allclose(_grad(lambda a: tf.linalg.eigh(a)[1] ** 2, A)[0], np.zeros((2, 2)), atol=1e-6)


def test_svd_qr_pinv_lstsq():
    s, u, v = tf.linalg.svd(B)
    np.testing.assert_allclose(s, [5.4649854, 0.36596614], rtol=1e-5)
    np.testing.assert_allclose(tf.matmul(u * s, v, adjoint_b=True), B, rtol=1e-5)
    np.testing.assert_allclose(tf.linalg.svd(B, compute_uv=False), s, rtol=1e-6)
    assert [t.shape for t in tf.linalg.svd(tf.ones((3, 2)), full_matrices=True)] == [(2,), (3, 3), (2, 2)]
    np.testing.assert_allclose(
        _grad(lambda a: tf.linalg.svd(a, compute_uv=False), B)[0],
        [[-0.51449585, 0.8574928], [0.8574928, 0.51449585]],
        rtol=1e-5,
    )
    q, r = tf.linalg.qr(B)
    assert type(tf.linalg.qr(B)).__name__ == "Qr"
    np.testing.assert_allclose(q, [[-0.31622779, -0.9486833], [-0.9486833, 0.31622773]], rtol=1e-5)
    np.testing.assert_allclose(r, [[-3.1622777, -4.4271884], [0.0, -0.63245535]], rtol=1e-5, atol=1e-6)
    assert [t.shape for t in tf.linalg.qr(tf.ones((3, 2)), full_matrices=True)] == [(3, 3), (3, 2)]
    np.testing.assert_allclose(tf.linalg.pinv(B), [[-2.0, 1.0], [1.5, -0.5]], rtol=1e-5)
    np.testing.assert_allclose(
        tf.linalg.lstsq([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]], [[1.0], [2.0], [2.0]]),
        [[-0.21428579], [0.5]],
        rtol=1e-4,
    )


# -- structural ops -------------------------------------------------------------------------------
def test_structural_matrix_ops():
    m = tf.reshape(tf.range(16.0), (4, 4))
    assert tf.linalg.band_part(m, 1, 0).numpy()[1].tolist() == [4.0, 5.0, 0.0, 0.0]
    assert tf.linalg.band_part(tf.reshape(tf.range(9.0), (3, 3)), -1, 1).numpy().tolist() == [
        [0.0, 1.0, 0.0],
        [3.0, 4.0, 5.0],
        [6.0, 7.0, 8.0],
    ]
    assert tf.linalg.set_diag(tf.ones((2, 3)), [9.0, 8.0]).numpy().tolist() == [
        [9.0, 1.0, 1.0],
        [1.0, 8.0, 1.0],
    ]
    ga, gd = _grad(lambda a, d: tf.linalg.set_diag(a, d) * 2.0, tf.ones((2, 2)), [9.0, 8.0])
    assert ga.tolist() == [[0.0, 2.0], [2.0, 0.0]] and gd.tolist() == [2.0, 2.0]
    assert tf.linalg.diag([1.0, 2.0], k=1).numpy().tolist() == [
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 2.0],
        [0.0, 0.0, 0.0],
    ]
    assert tf.linalg.diag([[1.0, 2.0], [3.0, 4.0]]).shape == (2, 2, 2)
    assert tf.linalg.diag_part(B).numpy().tolist() == [1.0, 4.0] and tf.linalg.trace(B).numpy() == 5.0
    assert tf.linalg.trace(tf.ones((2, 2, 3))).numpy().tolist() == [2.0, 2.0]
    assert tf.linalg.adjoint(B).numpy().tolist() == [[1.0, 3.0], [2.0, 4.0]]
    assert tf.linalg.matrix_transpose(tf.ones((2, 3, 4))).shape == (2, 4, 3)
    assert tf.linalg.tensor_diag([[1.0, 2.0], [3.0, 4.0]]).shape == (2, 2, 2, 2)
    assert tf.linalg.tensor_diag_part(tf.reshape(tf.range(16.0), (2, 2, 2, 2))).numpy().tolist() == [
        [0.0, 5.0],
        [10.0, 15.0],
    ]
    assert tf.linalg.cross([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]).numpy().tolist() == [-3.0, 6.0, -3.0]
    assert [g.tolist() for g in _grad(tf.linalg.cross, [1.0, 2.0, 3.0], [4.0, 5.0, 6.0])] == [
        [-1.0, 2.0, -1.0],
        [1.0, -2.0, 1.0],
    ]
    assert tf.linalg.eye(2).numpy().tolist() == [[1.0, 0.0], [0.0, 1.0]]
