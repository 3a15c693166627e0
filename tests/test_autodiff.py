"""ForwardAccumulator: JVPs against jax.jvp, nesting with tapes and accumulators as TF.

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


def test_jvp_matches_jax():
    rng = np.random.default_rng(5)
    x_np, w_np, tx, tw = (
        rng.normal(size=3),
        rng.normal(size=(2, 3)),
        rng.normal(size=3),
        rng.normal(size=(2, 3)),
    )
    x, w = tf.constant(x_np), tf.constant(w_np)
    with tf.autodiff.ForwardAccumulator([x, w], [tf.constant(tx), tf.constant(tw)]) as acc:
        y = tf.tanh(tf.matmul(w, tf.reshape(x, [3, 1]))) * tf.reduce_sum(x)
    _, expected = jax.jvp(lambda a, b: jnp.tanh(b @ a.reshape(3, 1)) * jnp.sum(a), (x_np, w_np), (tx, tw))
    np.testing.assert_allclose(acc.jvp(y).numpy(), expected, rtol=1e-10)


def test_jvp_of_primals_nests_and_unconnected():
    x, c = tf.constant(3.0), tf.constant(1.0)
    with tf.autodiff.ForwardAccumulator({"a": x}, {"a": tf.constant(2.0)}) as acc:
        y = x * x
    out = acc.jvp({"y": y, "l": [y, x], "c": c})
    assert list(out) == ["y", "l", "c"]
    assert (out["y"].numpy(), out["l"][1].numpy(), out["c"]) == (12.0, 2.0, None)
    assert acc.jvp(c, unconnected_gradients="zero").numpy() == 0.0
    assert acc.jvp(y, unconnected_gradients=tf.UnconnectedGradients.ZERO).numpy() == 12.0


def test_only_ops_inside_the_block_are_accumulated():
    x = tf.constant(3.0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(2.0)) as acc:
        y = x * x
    z = y * x
    assert (acc.jvp(y).numpy(), acc.jvp(z)) == (12.0, None)


def test_variables_each_read_carries_the_tangent():
    v = tf.Variable(2.0)
    with tf.autodiff.ForwardAccumulator(v, tf.constant(1.0)) as acc:
        y = v * v
        v.assign(3.0)
        z = y + v * v
    assert (acc.jvp(y).numpy(), acc.jvp(z).numpy(), acc.jvp(v).numpy()) == (4.0, 10.0, 1.0)


def test_non_differentiable_ops_give_none():
    x = tf.constant(3.0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
        outs = [tf.stop_gradient(x), tf.round(x), x * 0.0, tf.cast(x > 1.0, tf.float32)]
    assert [None if j is None else j.numpy() for j in acc.jvp(outs)] == [None, None, 0.0, None]


def test_forward_over_backward_hessian_vector_product():
    v = tf.Variable([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(v, tf.constant([1.0, 0.0])) as acc:
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(v**3.0)
        backward = tape.gradient(y, v)
    np.testing.assert_array_equal(backward.numpy(), [3.0, 12.0])
    np.testing.assert_array_equal(acc.jvp(backward).numpy(), [6.0, 0.0])


def test_forward_over_backward_matches_jax_hvp():
    rng = np.random.default_rng(6)
    x_np, t_np = rng.normal(size=3), rng.normal(size=3)
    x = tf.constant(x_np)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(t_np)) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.exp(x) * x * tf.reduce_sum(x))
        g = tape.gradient(y, x)
    f = lambda a: jnp.sum(jnp.exp(a) * a * jnp.sum(a))  # noqa: E731
    expected = jax.jvp(jax.grad(f), (x_np,), (t_np,))[1]
    np.testing.assert_allclose(acc.jvp(g).numpy(), expected, rtol=1e-10)


@pytest.mark.parametrize("inside", [True, False])
def test_backward_over_forward(inside):
    # TF computes JVPs while the ops run, so the outer tape records them either way.
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
            y = x * x * x
        j = acc.jvp(y) if inside else None
    j = acc.jvp(y) if j is None else j
    assert (j.numpy(), tape.gradient(j, x).numpy()) == (27.0, 18.0)


def test_nested_accumulators():
    primal = tf.constant(1.1)
    with tf.autodiff.ForwardAccumulator(primal, tf.constant(1.0)) as outer:
        with tf.autodiff.ForwardAccumulator(primal, tf.constant(1.0)) as inner:
            primal_out = primal ** tf.constant(3.5)
    inner_jvp = inner.jvp(primal_out)
    np.testing.assert_allclose(inner_jvp.numpy(), 3.5 * 1.1**2.5, rtol=1e-6)
    np.testing.assert_allclose(outer.jvp(inner_jvp).numpy(), 3.5 * 2.5 * 1.1**1.5, rtol=1e-6)
    assert inner.jvp(outer.jvp(primal_out)) is None  # strict nesting, as TF


def test_inner_tape_ignores_outer_accumulator():
    x = tf.constant(3.0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x * x * x
            j = acc.jvp(y)
    assert (j.numpy(), tape.gradient(j, x)) == (27.0, None)


def test_gradient_taken_outside_the_accumulator_has_no_jvp():
    x = tf.constant(3.0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x * x * x
    assert acc.jvp(tape.gradient(y, x)) is None


# Forward-over-forward and backward-over-forward of a first JVP: TF gives zeros (not None)
# whenever TF's JVP of an op reads a watched input (Mul, RealDiv, Relu, Abs), None otherwise.
_CASES = {
    # name: (f, backward-over-forward, forward-over-forward)
    "linear": (lambda x: 3.0 * x + 1.0, 0.0, 0.0),
    "add": (lambda x: x + x, None, 0.0),
    "square": (lambda x: x * x, 2.0, 2.0),
    "relu": (tf.nn.relu, 0.0, 0.0),
    "abs": (tf.abs, 0.0, 0.0),
    "reduce_sum": (tf.reduce_sum, None, 0.0),
    "negative": (lambda x: -x, None, 0.0),
    "where": (lambda x: tf.where(x > 1.0, x, 0.0), None, 0.0),
    "maximum": (lambda x: tf.maximum(x, 1.0), None, 0.0),
    "divide": (lambda x: x / 2.0, 0.0, 0.0),
    "reshape": (lambda x: tf.reshape(x, [1]), None, 0.0),
}


@pytest.mark.parametrize("name", sorted(_CASES))
def test_second_order_forward_none_or_zeros_as_tf(name):
    f, bof, fof = _CASES[name]
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
            y = f(x)
    result = tape.gradient(acc.jvp(y), x)
    assert result is None if bof is None else result.numpy() == bof
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as outer:
        with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as inner:
            y = f(x)
    result = outer.jvp(inner.jvp(y))
    assert result is None if fof is None else np.all(result.numpy() == fof)


def test_tangents_are_converted_to_the_primal_dtype():
    x, s = tf.constant([1.0, 2.0]), tf.constant(2.0)
    with tf.autodiff.ForwardAccumulator([x, s], [np.array([1.0, 0.5]), 1]) as acc:
        y = x * x * s
    assert acc.jvp(s).dtype == tf.float32
    np.testing.assert_array_equal(acc.jvp(y).numpy(), [5.0, 8.0])


def test_tangents_of_deleted_tensors_are_dropped():
    x = tf.constant(3.0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
        y = x
        for _ in range(50):
            y = y * 1.0
    # Only the primal and the last output are alive: the chain's tangents are gone.
    assert len(acc._forward.tangents) == 2
    assert acc.jvp(y).numpy() == 1.0
