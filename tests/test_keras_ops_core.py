"""``keras.ops``' control flow and core functions beyond the reference values: gradients through
loops and branches against ``jax.grad`` and finite differences, ``tf.function`` tracing, and
symbolic calls on KerasTensors (shapes as Keras infers them, nodes of a functional model)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf

ops = tf.keras.ops


def grad_of(fn, x: np.ndarray) -> np.ndarray:
    v = tf.Variable(x)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(fn(v))
    return tape.gradient(y, v).numpy()


def finite_difference(fn, x: np.ndarray, eps: float = 1e-2) -> np.ndarray:
    """Central differences in float32 (Keras' Python-float constants are float32)."""
    out = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        up, down = x.copy(), x.copy()
        up[i] += eps
        down[i] -= eps
        out[i] = (float(tf.reduce_sum(fn(tf.constant(up)))) - float(tf.reduce_sum(fn(tf.constant(down))))) / (
            2 * eps
        )
    return out


X = np.array([0.5, -1.2, 2.0], "float32")

CASES = {
    "scan": (
        lambda x: ops.scan(lambda c, v: (c * v + 1.0, c), 1.0, x)[1],
        lambda x: jax.lax.scan(lambda c, v: (c * v + 1.0, c), 1.0, x)[1],
    ),
    "scan_reverse": (
        lambda x: ops.scan(lambda c, v: (c + v * v, c), 0.0, x, reverse=True)[0],
        lambda x: jax.lax.scan(lambda c, v: (c + v * v, c), 0.0, x, reverse=True)[0],
    ),
    "fori_loop": (
        lambda x: ops.fori_loop(0, 3, lambda i, s: s * x, x),
        lambda x: jax.lax.fori_loop(0, 3, lambda i, s: s * x, x),
    ),
    "while_loop": (
        lambda x: ops.while_loop(lambda i, s: i < 2, lambda i, s: (i + 1, tf.sin(s) * x), (0, x))[1],
        lambda x: jnp.sin(jnp.sin(x) * x) * x,  # the loop unrolled (JAX cannot reverse a while_loop)
    ),
    "cond": (
        lambda x: ops.cond(tf.reduce_sum(x) > 0, lambda: x * x, lambda: -x),
        lambda x: jax.lax.cond(jnp.sum(x) > 0, lambda: x * x, lambda: -x),
    ),
    "switch": (
        lambda x: ops.switch(1, [lambda a: a, tf.exp], x),
        jnp.exp,
    ),
    "associative_scan": (
        lambda x: ops.associative_scan(lambda a, b: a * b, x),
        lambda x: jax.lax.associative_scan(jnp.multiply, x),
    ),
    "map": (lambda x: ops.map(lambda v: v**3, x), lambda x: x**3),
    "logsumexp": (ops.logsumexp, jax.nn.logsumexp),
    "stop_gradient": (lambda x: ops.stop_gradient(x) * x, lambda x: jax.lax.stop_gradient(x) * x),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_gradients_match_jax_and_finite_differences(name):
    fn, reference = CASES[name]
    got = grad_of(fn, X)
    np.testing.assert_allclose(got, jax.grad(lambda x: jnp.sum(reference(x)))(X), rtol=1e-5, atol=1e-6)
    if name != "stop_gradient":  # finite differences see through stop_gradient
        np.testing.assert_allclose(got, finite_difference(fn, X), rtol=1e-2, atol=1e-2)


@pytest.mark.parametrize("name", sorted(CASES))
def test_inside_tf_function(name):
    fn, _ = CASES[name]
    traced = tf.function(fn)
    np.testing.assert_allclose(traced(tf.constant(X)).numpy(), fn(tf.constant(X)).numpy(), rtol=1e-6)


def test_custom_gradient():
    @ops.custom_gradient
    def clipped(x):
        def grad(upstream):
            return upstream * 0.5

        return x * 3.0, grad

    assert grad_of(clipped, X).tolist() == [0.5, 0.5, 0.5]


def test_symbolic_calls_give_keras_shapes_and_run_in_a_model():
    inputs = tf.keras.Input((6,))
    values, indices = ops.top_k(inputs, 2)
    assert values.shape == (None, 2) and indices.dtype == "int32"
    frames = ops.extract_sequences(inputs, 3, 1)
    assert frames.shape == (None, 4, 3)
    rows = ops.unstack(frames, axis=1)
    assert len(rows) == 4 and all(r.shape == (None, 3) for r in rows)
    out = ops.nn.sparsemax(ops.logsumexp(frames, axis=-1))
    model = tf.keras.Model(inputs, [values, out])
    x = np.arange(12, dtype="float32").reshape(2, 6) / 10
    got_values, got_out = model(tf.constant(x))
    np.testing.assert_allclose(got_values.numpy(), np.sort(x, axis=1)[:, ::-1][:, :2])
    np.testing.assert_allclose(
        got_out.numpy(), ops.nn.sparsemax(ops.logsumexp(ops.extract_sequences(x, 3, 1), -1))
    )


def test_core_queries():
    x = tf.constant([[1, 2]], tf.int32)
    assert ops.shape(x) == (1, 2) and ops.dtype(x) == "int32"
    assert ops.shape(tf.keras.Input((3,))) == (None, 3)
    assert ops.is_tensor(x) and not ops.is_tensor(np.ones(2))
    assert isinstance(ops.convert_to_numpy(x), np.ndarray)
    assert ops.convert_to_tensor([1.5]).dtype == tf.float32
    assert ops.convert_to_tensor(x, "float16").dtype == tf.float16
    assert ops.while_loop(lambda i: i < 10, lambda i: i + 1, 0).numpy() == 10
