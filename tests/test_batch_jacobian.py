"""GradientTape.batch_jacobian: TF's semantics ``out[b, i, x] = sum_b' d y[b', i] / d x[b, x]``.

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


def test_per_example_jacobian_matches_jax():
    rng = np.random.default_rng(3)
    x_np, w_np = rng.normal(size=(4, 3)), rng.normal(size=(3, 2))
    x, w = tf.constant(x_np), tf.constant(w_np)
    with tf.GradientTape() as g:
        g.watch(x)
        y = tf.tanh(tf.matmul(x, w))
    per_example = jax.vmap(jax.jacrev(lambda row: jnp.tanh(row @ jnp.asarray(w_np))))(jnp.asarray(x_np))
    result = g.batch_jacobian(y, x)
    assert result.shape == (4, 2, 3)
    np.testing.assert_allclose(result.numpy(), per_example, rtol=1e-10)


def test_tf_docstring_example():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
    np.testing.assert_array_equal(g.batch_jacobian(y, x).numpy(), [[[2, 0], [0, 4]], [[6, 0], [0, 8]]])


def test_examples_that_mix_are_summed_over_the_batch():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * tf.reduce_sum(x)
    np.testing.assert_array_equal(g.batch_jacobian(y, x).numpy(), [[[14, 4], [6, 16]], [[14, 4], [6, 16]]])


def test_higher_rank_target_and_source():
    x = tf.reshape(tf.range(1.0, 13.0), [2, 3, 2])
    with tf.GradientTape() as g:
        g.watch(x)
        y = tf.reshape(tf.reduce_sum(x * x, axis=2), [2, 3, 1]) * tf.ones([2, 3, 4])
    result = g.batch_jacobian(y, x)
    assert result.shape == (2, 3, 4, 3, 2)
    assert float(tf.reduce_sum(result)) == 624.0


def test_variable_source():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as g:
        y = v * v
    np.testing.assert_array_equal(g.batch_jacobian(y, v).numpy(), [[[2, 0], [0, 4]], [[6, 0], [0, 8]]])


def test_unconnected_source_gives_zeros():
    # TF: zeros of the target's dtype; with 'zero', its per-row zeros of the source's dtype.
    x = tf.constant([[1.0, 2.0]], tf.float64)
    s = tf.constant([[1.0, 2.0, 3.0]])
    with tf.GradientTape(persistent=True) as g:
        g.watch([x, s])
        y = x * x
    for mode, dtype in (("none", tf.float64), ("zero", tf.float32)):
        result = g.batch_jacobian(y, s, unconnected_gradients=mode)
        assert result.shape == (1, 2, 3) and result.dtype == dtype and not result.numpy().any()


def test_batch_jacobian_is_differentiable():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as g:
            g.watch(x)
            y = x * x * x
        j = g.batch_jacobian(y, x)
    np.testing.assert_array_equal(outer.gradient(j, x).numpy(), [[6, 12], [18, 24]])


def test_persistent_tape_inside_its_context():
    x = tf.constant([[1.0, 2.0]])
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x
        with pytest.warns(UserWarning):
            result = g.batch_jacobian(y, x)
    np.testing.assert_array_equal(result.numpy(), [[[2, 0], [0, 4]]])


def test_shape_errors_leave_the_tape_usable():
    a = tf.ones((2, 3))
    with tf.GradientTape() as g:
        g.watch(a)
        y = tf.ones((3, 3)) * tf.reduce_sum(a)
        z = tf.reduce_sum(a, axis=1)
    with pytest.raises(
        ValueError,
        match=r"Need first dimension of target shape \(\(3, 3\)\) and source "
        r"shape \(\(2, 3\)\) to match",
    ):
        g.batch_jacobian(y, a)
    with pytest.raises(ValueError, match=r"Shape \(2,\) must have rank at least 2"):
        g.batch_jacobian(z, a)
    np.testing.assert_array_equal(g.gradient(y, a).numpy(), np.full((2, 3), 9.0))


def test_without_pfor_needs_a_persistent_tape():
    x = tf.constant([[1.0, 2.0]])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
    with pytest.raises(RuntimeError, match="persistent=True to compute the batch_jacobian"):
        g.batch_jacobian(y, x, experimental_use_pfor=False)
    assert g.batch_jacobian(y, x).shape == (1, 2, 2)
