"""tf.py_function / tf.numpy_function (issue 14): eager calls, host callbacks inside
tapejax.function, gradients (py_function's through a tape run in the callback). Expected
values are TF 2.21's."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from helpers import finite_difference_grad

import tapejax as tf


def _types(seen):
    def f(x, y):
        seen.append((type(x).__name__, type(y).__name__))
        return x * y + 1.0

    return f


def test_eager_argument_types_and_results():
    x, y = tf.constant([1.0, 2.0]), tf.constant(3.0)
    seen = []
    np.testing.assert_array_equal(tf.py_function(_types(seen), [x, y], tf.float32).numpy(), [4.0, 7.0])
    as_list = tf.py_function(_types(seen), [x, y], [tf.float32])
    assert isinstance(as_list, list) and len(as_list) == 1
    np.testing.assert_array_equal(tf.numpy_function(_types(seen), [x, y], tf.float32).numpy(), [4.0, 7.0])
    assert seen == [("EagerTensor", "EagerTensor")] * 2 + [("ndarray", "ndarray")]  # as TF 2.21


def test_numpy_function_several_outputs():
    out = tf.numpy_function(
        lambda a: (np.sin(a).astype(np.float32), np.int32(3)),
        [tf.constant([1.0, 2.0])],
        (tf.float32, tf.int32),
    )
    np.testing.assert_allclose(out[0].numpy(), [0.841471, 0.9092974], rtol=1e-6)  # TF 2.21
    assert out[1].dtype == tf.int32 and int(out[1]) == 3


def test_eager_gradients():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        z = tf.py_function(lambda a: a * a * a, [x], tf.float32)
        w = tf.numpy_function(lambda a: a * a, [x], tf.float32)
    np.testing.assert_array_equal(t.gradient(z, x).numpy(), [3.0, 12.0])  # TF 2.21
    assert t.gradient(w, x) is None  # TF 2.21: numpy_function has no gradient


def test_inside_function_runs_on_every_call_with_eager_tensors():
    @tf.function
    def h(x):
        return tf.py_function(lambda a: a.numpy() * 2, [x], tf.float32) + 1

    np.testing.assert_array_equal(h(tf.constant([1.0, 2.0])).numpy(), [3.0, 5.0])  # TF 2.21
    np.testing.assert_array_equal(h(tf.constant([2.0, 3.0])).numpy(), [5.0, 7.0])


def test_gradient_through_function_matches_jax_and_finite_differences():
    @tf.function
    def h(x):
        return tf.py_function(lambda a: tf.sin(a) * a, [x], tf.float32)

    x = tf.constant([0.5, 2.0])
    with tf.GradientTape() as t:
        t.watch(x)
        z = tf.reduce_sum(h(x))
    grad = t.gradient(z, x).numpy()
    expected = jax.grad(lambda a: jnp.sum(jnp.sin(a) * a))(jnp.array([0.5, 2.0]))
    np.testing.assert_allclose(grad, expected, rtol=1e-6)
    fd = finite_difference_grad(lambda a: float(np.sum(np.sin(a) * a)), [0.5, 2.0])
    np.testing.assert_allclose(grad, fd, rtol=1e-5)


def test_stateful_numpy_function_in_function_runs_each_call():
    log = []

    @tf.function
    def h(x):
        spec = tf.TensorSpec([], tf.float32)  # a shape in Tout: no call at trace time
        tf.numpy_function(lambda a: log.append(a.copy()) or np.float32(0), [x], spec)
        return x

    h(tf.constant(1.0))
    h(tf.constant(2.0))
    assert [float(a) for a in log] == [1.0, 2.0]


def test_result_dtype_mismatch():
    wrong = r"^ValueError: Tensor conversion requested dtype float32 for Tensor with dtype int32"
    with pytest.raises(tf.errors.InvalidArgumentError, match=wrong):
        tf.py_function(lambda a: a, [tf.constant(1)], tf.float32)
    with pytest.raises(tf.errors.InvalidArgumentError, match="returned 2 values but Tout declares 1"):
        tf.py_function(lambda a: (a, a), [tf.constant(1.0)], [tf.float32])
