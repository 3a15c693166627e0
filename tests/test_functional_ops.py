"""map_fn, vectorized_map, scan, foldl, foldr (tapejax/_functional_ops.py): values and gradients
against jax.lax.map / jax.lax.scan, eagerly and inside tapejax.function."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf

X = np.array([0.5, -1.0, 2.0], np.float32)


def _jax_scan(v):
    return jax.lax.scan(lambda a, e: (a * e + jnp.sin(e), a * e + jnp.sin(e)), 1.0, v)[1]


@pytest.mark.parametrize("traced", [False, True])
def test_values_and_gradients_match_jax(traced):
    x = tf.Variable(X)

    def program():
        mapped = tf.map_fn(lambda e: e**3, x) + tf.vectorized_map(tf.sin, x)
        scanned = tf.scan(lambda a, e: a * e + tf.sin(e), x, initializer=tf.constant(1.0))
        folded = tf.foldl(lambda a, e: a * e, x) + tf.foldr(lambda a, e: a - e, x, initializer=0.0)
        return mapped, scanned, folded

    run = tf.function(program) if traced else program
    with tf.GradientTape() as tape:
        mapped, scanned, folded = run()
        total = tf.reduce_sum(mapped) + tf.reduce_sum(scanned) + folded

    def reference(v):
        mapped = jax.lax.map(lambda e: e**3 + jnp.sin(e), v)
        folded = v[0] * v[1] * v[2] - v[2] - v[1] - v[0]
        return jnp.sum(mapped) + jnp.sum(_jax_scan(v)) + folded

    np.testing.assert_allclose(scanned.numpy(), _jax_scan(X), rtol=1e-6)
    np.testing.assert_allclose(float(total), reference(X), rtol=1e-6)
    np.testing.assert_allclose(tape.gradient(total, x).numpy(), jax.grad(reference)(X), rtol=1e-6)


def test_nests_and_reverse():
    pairs = tf.map_fn(lambda t: t[0] * t[1], (tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])))
    assert pairs.numpy().tolist() == [3.0, 8.0]
    sums, products = tf.scan(
        lambda a, e: (a[0] + e, a[1] * e), tf.constant([1.0, 2.0, 3.0]), initializer=(0.0, 1.0)
    )
    assert (sums.numpy().tolist(), products.numpy().tolist()) == ([1.0, 3.0, 6.0], [1.0, 2.0, 6.0])
    assert tf.scan(lambda a, e: a + e, tf.constant([1, 2, 3]), reverse=True).numpy().tolist() == [6, 5, 3]


def test_errors():
    with pytest.raises(
        ValueError,
        match=r"The tensors in elems must have the same first dimension; "
        r"got \[2, 3\]",
    ):
        tf.map_fn(lambda t: t[0], (tf.ones(2), tf.ones(3)))
    with pytest.raises(ValueError, match=r"tf.map_fn over an empty first dimension is not supported"):
        tf.map_fn(lambda t: t, tf.zeros((0, 2)))
