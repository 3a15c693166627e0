"""GradientTape.jacobian against jax.jacrev / jax.jacfwd, and TF's rules around it.

Expected values not computed by JAX were observed with TensorFlow 2.21 (CPU).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf

# JAX references in float64 (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("x64_references")


def _f_tf(x, w):
    return tf.tanh(tf.matmul(w, tf.reshape(x, [3, 1]))) * tf.reduce_sum(x * x)


def _f_jax(x, w):
    return jnp.tanh(w @ jnp.reshape(x, (3, 1))) * jnp.sum(x * x)


@pytest.mark.parametrize("rows", [1, 5])  # fewer outputs than inputs (jacrev) and more (jacfwd)
def test_jacobian_matches_jax(rows):
    rng = np.random.default_rng(1)
    x_np, w_np = rng.normal(size=3), rng.normal(size=(rows, 3))
    x, w = tf.constant(x_np), tf.constant(w_np)
    with tf.GradientTape() as g:
        g.watch([x, w])
        y = _f_tf(x, w)
    jx, jw = g.jacobian(y, [x, w])
    rx, rw = jax.jacrev(_f_jax, argnums=(0, 1))(jnp.asarray(x_np), jnp.asarray(w_np))
    assert jx.shape == (rows, 1, 3) and jw.shape == (rows, 1, rows, 3)
    np.testing.assert_allclose(jx.numpy(), rx, rtol=1e-10)
    np.testing.assert_allclose(jw.numpy(), rw, rtol=1e-10)
    fx = jax.jacfwd(_f_jax)(jnp.asarray(x_np), jnp.asarray(w_np))
    np.testing.assert_allclose(jx.numpy(), fx, rtol=1e-10)


def test_jacobian_structure_and_unconnected():
    a, b = tf.ones((2, 3)), tf.ones((4,))
    with tf.GradientTape(persistent=True) as g:
        g.watch([a, b])
        y = a * a
    assert g.jacobian(y, {"b": b}) == {"b": None}
    ja, jb = g.jacobian(y, [a, b], unconnected_gradients="zero")
    assert ja.shape == (2, 3, 2, 3) and jb.shape == (2, 3, 4)
    assert jb.dtype == tf.float32 and not jb.numpy().any()
    ints = tf.constant([1, 2])
    with tf.GradientTape() as g:
        with pytest.warns(UserWarning):
            g.watch(ints)
        z = ints * ints
    assert g.jacobian(z, ints) is None


def test_jacobian_of_variable_sums_its_reads():
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as g:
        y = v * v
        v.assign([3.0, 4.0])
        z = y + v * v
    np.testing.assert_array_equal(g.jacobian(z, v).numpy(), [[8.0, 0.0], [0.0, 12.0]])


def test_jacobian_of_a_variable_target():
    # TF reads the target with the tape recording: the read is watched like any other.
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as g:
        pass
    np.testing.assert_array_equal(g.jacobian(v, v).numpy(), np.eye(2))
    assert g.watched_variables() == (v,)
    w = tf.Variable([1.0, 2.0])
    with tf.GradientTape(watch_accessed_variables=False) as g:
        pass
    assert g.jacobian(w, w) is None


def test_jacobian_of_a_watched_source_itself():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as g:
        g.watch(x)
    np.testing.assert_array_equal(g.jacobian(x, x).numpy(), np.eye(2))
    with tf.GradientTape() as g:
        pass
    assert g.jacobian(x, x) is None  # TF: an unwatched tensor is not on the tape


def test_jacobian_with_intermediate_source():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
        z = y * x
    jx, jy = g.jacobian(z, [x, y])
    np.testing.assert_array_equal(jx.numpy(), [[3.0, 0.0], [0.0, 12.0]])
    np.testing.assert_array_equal(jy.numpy(), [[1.0, 0.0], [0.0, 2.0]])


def test_jacobian_inside_non_persistent_context_stops_recording():
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
        j = g.jacobian(y, x)
        assert not g._recording and g._tape is None
    assert j.numpy() == 6.0


def test_jacobian_without_pfor_needs_a_persistent_tape():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
    with pytest.raises(RuntimeError, match="must be created with persistent=True"):
        g.jacobian(y, x, experimental_use_pfor=False)
    # The tape was not used up by the failed call.
    np.testing.assert_array_equal(g.jacobian(y, x).numpy(), np.diag([2.0, 4.0]))
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x
    np.testing.assert_array_equal(g.jacobian(y, x, experimental_use_pfor=False).numpy(), np.diag([2.0, 4.0]))
    np.testing.assert_array_equal(g.jacobian(y, x, parallel_iterations=1).numpy(), np.diag([2.0, 4.0]))


def test_complex_jacobian_is_conjugated_as_tf():
    c = tf.constant([1.0 + 2.0j, -0.5 + 0.3j])
    with tf.GradientTape() as g:
        g.watch(c)
        y = c * c * c
    np.testing.assert_allclose(g.jacobian(y, c).numpy(), [[-9 - 12j, 0], [0, 0.48 + 0.9j]], atol=1e-12)


def test_hessian_is_jacobian_of_gradient():
    rng = np.random.default_rng(2)
    x_np = rng.normal(size=3)
    x = tf.constant(x_np)

    def f(v):
        return tf.reduce_sum(tf.sin(v) * v * v)

    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        grad = inner.gradient(y, x)
    hess = outer.jacobian(grad, x)
    expected = jax.hessian(lambda v: jnp.sum(jnp.sin(v) * v * v))(jnp.asarray(x_np))
    np.testing.assert_allclose(hess.numpy(), expected, rtol=1e-10)
