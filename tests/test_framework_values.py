"""TF's top-level initializers (``tf.constant_initializer``, ...), ``tf.eig``/``tf.eigvals``
and ``tf.make_tensor_proto``/``tf.make_ndarray``.

Expected values, gradients, texts and messages were observed with TensorFlow 2.21 (CPU) and
are stored as literals.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from op_checks import tape_grad

import tapejax as tf
from tapejax.errors import InvalidArgumentError


def test_initializers_as_tf():
    assert tf.zeros_initializer()([2], tf.int32).numpy().tolist() == [0, 0]
    assert tf.ones_initializer()([2]).dtype == tf.float32
    init = tf.constant_initializer([1, 2])
    assert init([2]).dtype == tf.int32 and init([2]).numpy().tolist() == [1, 2]  # the value's dtype
    assert tf.constant_initializer(3)([2, 2], tf.float64).numpy().tolist() == [[3, 3], [3, 3]]
    assert tf.constant_initializer.from_config({"value": 2})([2]).numpy().tolist() == [2, 2]
    assert tf.random_normal_initializer().get_config() == {"mean": 0.0, "stddev": 0.05, "seed": None}
    assert tf.random_uniform_initializer().get_config() == {"minval": -0.05, "maxval": 0.05, "seed": None}
    seeded = tf.random_normal_initializer(seed=1)
    assert seeded([3]).numpy().tolist() == seeded([3]).numpy().tolist()  # TF: the same at each call
    wide = tf.random_normal_initializer(mean=1.0, stddev=2.0)([4000]).numpy()
    assert abs(wide.mean() - 1.0) < 0.2 and abs(wide.std() - 2.0) < 0.2
    u = tf.random_uniform_initializer(0, 5, seed=2)([50], tf.int32).numpy()
    assert u.dtype == np.int32 and u.min() >= 0 and u.max() < 5
    assert tf.function(lambda: tf.random_uniform_initializer(seed=3)([2]))().shape == [2]
    with pytest.raises(
        TypeError, match=r"^Eager execution of tf.constant with unsupported shape. Tensor \[1 2 3\]"
    ):
        tf.constant_initializer([1, 2, 3])([2])
    with pytest.raises(ValueError, match="^Argument `dtype` is expected to be floating point. Received: "):
        tf.random_normal_initializer()([2], tf.int32)
    with pytest.raises(TypeError, match="^Cannot convert -0.05 to EagerTensor of dtype int32"):
        tf.random_uniform_initializer()([2], tf.int32)
    for value, kind in ((tf.constant([1.0]), "EagerTensor"), (object(), "object")):
        with pytest.raises(
            TypeError, match=f"^Invalid type for initial value: {kind}. Expected Python scalar"
        ):
            tf.constant_initializer(value)


A = np.array([[2.0, 1.0, 0.0], [0.5, -1.0, 3.0], [1.0, 0.0, 1.5]], np.float32)
EIGVALS = [2.7636454, 0.40553954, -0.6691841]  # TF 2.21
# TF 2.21's gradients of sum(real(e) * [1, 2, 3]) + sum(imag(e)), and of a loss of the
# eigenvectors that does not depend on their phase: sum(|v|^2 * arange(9)).
EIGVALS_GRAD = [
    [1.2179794, 0.07052142, -0.37526807],
    [-0.74406207, 3.4501655, 0.14751759],
    [0.4425526, -2.453462, 1.3318548],
]
EIGVECS_GRAD = [
    [-0.1764259, -2.45672, -1.5704833],
    [0.30340517, -0.99974895, -0.5749093],
    [1.6185875, 0.95070946, 1.1761744],
]


def _eigvals_loss(x):
    e = tf.eigvals(x)
    return tf.reduce_sum(tf.math.real(e) * [1.0, 2.0, 3.0]) + tf.reduce_sum(tf.math.imag(e))


def _eigvecs_loss(x):
    _, v = tf.linalg.eig(x)
    return tf.reduce_sum(tf.abs(v) ** 2 * np.arange(9.0, dtype=np.float32).reshape(3, 3))


def test_eig_as_tf():
    e, v = tf.eig(A)
    assert e.dtype == tf.complex64 and v.dtype == tf.complex64
    np.testing.assert_allclose(e.numpy().real, EIGVALS, rtol=1e-5)
    np.testing.assert_allclose(A @ v.numpy(), v.numpy() * e.numpy(), atol=1e-5)  # A v = v diag(e)
    np.testing.assert_allclose(np.linalg.norm(v.numpy(), axis=0), 1.0, rtol=1e-5)
    assert tf.eig(A.astype(np.float64))[0].dtype == tf.complex128
    assert tf.eigvals(tf.cast(A, tf.complex64)).dtype == tf.complex64
    rotation = tf.eigvals(np.array([[0.0, -1.0], [1.0, 0.0]], np.float32)).numpy()
    np.testing.assert_allclose(rotation, [1j, -1j], atol=1e-6)  # TF 2.21
    assert tf.eigvals(np.ones((2, 2, 2), np.float32)).shape == [2, 2]
    np.testing.assert_allclose(tape_grad(_eigvals_loss, A, jit=False)[0], EIGVALS_GRAD, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(tape_grad(_eigvecs_loss, A)[0], EIGVECS_GRAD, rtol=1e-4, atol=1e-5)

    def reference(x):
        e = jnp.linalg.eigvals(x)
        return jnp.sum(e.real * jnp.array([1.0, 2.0, 3.0])) + jnp.sum(e.imag)

    np.testing.assert_allclose(jax.grad(reference)(A), EIGVALS_GRAD, rtol=1e-4, atol=1e-5)
    compiled = tf.function(tf.eigvals)
    np.testing.assert_allclose(compiled(A).numpy().real, EIGVALS, rtol=1e-5)


def test_eig_errors_as_tf():
    with pytest.raises(InvalidArgumentError, match=r"^Input matrix must be square. \[Op:Eig\]"):
        tf.eig(np.ones((2, 3), np.float32))
    with pytest.raises(InvalidArgumentError, match=r"^Input tensor 0 must have rank >= 2, got 1 \[Op:Eig\]"):
        tf.eigvals(np.ones((2,), np.float32))
    with pytest.raises(InvalidArgumentError, match="^Value for attr 'T' of int32 is not in the list"):
        tf.eig(np.ones((2, 2), np.int32))  # TF 2.21 fails with an UnboundLocalError of its own


FLOATS_PROTO = """dtype: DT_FLOAT
tensor_shape {
  dim {
    size: 2
  }
}
tensor_content: "\\000\\000\\200?\\000\\000\\000@"
"""
SCALAR_PROTO = "dtype: DT_INT32\ntensor_shape {\n}\nint_val: 3\n"
SHORT_PROTO = "dtype: DT_FLOAT\ntensor_shape {\n  dim {\n    size: 3\n  }\n}\nfloat_val: 1\nfloat_val: 2\n"
HALF_PROTO = 'dtype: DT_HALF\ntensor_shape {\n  dim {\n    size: 2\n  }\n}\ntensor_content: "\\000<\\000@"\n'


def test_tensor_proto_as_tf():
    proto = tf.make_tensor_proto([1.0, 2.0])
    assert str(proto) == FLOATS_PROTO and proto.dtype == 1 and proto.tensor_shape.dim[0].size == 2
    assert str(tf.make_tensor_proto(3)) == SCALAR_PROTO
    assert str(tf.make_tensor_proto([1.0, 2.0], shape=[3])) == SHORT_PROTO
    assert str(tf.make_tensor_proto(np.float16([1, 2]))) == HALF_PROTO
    assert tf.make_tensor_proto([[1, 2]], dtype=tf.int64).tensor_shape.dim[1].size == 2
    assert tf.make_tensor_proto(tf.constant([1, 2])).tensor_content == b"\x01\x00\x00\x00\x02\x00\x00\x00"
    cases = [
        (tf.make_tensor_proto(1.5, shape=[2, 2]), [[1.5, 1.5], [1.5, 1.5]], np.float32),
        (tf.make_tensor_proto([1, 2], dtype=tf.float64), [1.0, 2.0], np.float64),
        (tf.make_tensor_proto([True, False]), [True, False], np.bool_),
        (tf.make_tensor_proto([1 + 2j]), [1 + 2j], np.complex128),
        (tf.make_tensor_proto([1.0, 2.0], shape=[3]), [1.0, 2.0, 2.0], np.float32),  # TF repeats the last
        (tf.make_tensor_proto(np.float16(3), shape=[2]), [3.0, 3.0], np.float16),
    ]
    for proto, values, dtype in cases:
        array = tf.make_ndarray(proto)
        assert array.dtype == dtype and array.tolist() == values
    assert tf.make_ndarray(tf.make_tensor_proto([2.0], shape=[3], allow_broadcast=True)).tolist() == [2, 2, 2]


def test_tensor_proto_errors_as_tf():
    with pytest.raises(TypeError, match=r"^Expected Tensor's shape: \(1,\), but got \(2,\).$"):
        tf.make_tensor_proto([1.0, 2.0], shape=[1], verify_shape=True)
    with pytest.raises(TypeError, match=r"^Expected Tensor's shape: \(3,\), but got \(2,\).$"):
        tf.make_tensor_proto([1.0, 2.0], shape=[3], allow_broadcast=True)
    with pytest.raises(TypeError, match="^Expected int32, but got 1.5 of type 'float'.$"):
        tf.make_tensor_proto([1.5], dtype=tf.int32)
    with pytest.raises(ValueError, match="^None values not supported.$"):
        tf.make_tensor_proto(None)
    with pytest.raises(ValueError, match="^Too many elements provided. Takes at most 1, but got 2"):
        tf.make_tensor_proto([1.0, 2.0], shape=[1])
    with pytest.raises(AttributeError, match="has no attribute 'tensor_shape'"):
        tf.make_ndarray(5)
