"""tf.cond and tf.while_loop (tapejax/_control_flow.py): eager Python control flow, and
jax.lax.cond / while_loop inside tapejax.function; gradients checked against jax.grad."""

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf


def _reference(x):
    y = jnp.where(x > 1.0, x**3, jnp.sin(x))  # the cond below, branch by branch
    for _ in range(3):
        y = y * x
    return y


@pytest.mark.parametrize("value", [0.5, 2.0])
def test_eager_cond_and_loop_gradients_match_jax(value):
    x = tf.Variable(value)
    with tf.GradientTape() as tape:
        y = tf.cond(x > 1.0, lambda: x**3, lambda: tf.sin(x))
        _, y = tf.while_loop(lambda i, y: i < 3, lambda i, y: (i + 1, y * x), [0, y])
    assert float(tape.gradient(y, x)) == pytest.approx(float(jax.grad(_reference)(value)), rel=1e-6)


@pytest.mark.parametrize("value", [0.5, 2.0])
def test_inside_a_function_gradients_match_jax(value):
    x = tf.Variable(value)

    @tf.function
    def outside(n):  # lax.cond and a bounded loop (lax.scan); the tape is outside the function
        y = tf.cond(x > 1.0, lambda: x**3, lambda: tf.sin(x))
        return tf.while_loop(lambda i, y: i < n, lambda i, y: (i + 1, y * x), (0, y), maximum_iterations=5)[1]

    @tf.function
    def inside():  # a tape inside the function: both branches recorded, where selects
        with tf.GradientTape() as tape:
            y = tf.cond(x > 1.0, lambda: x**3, lambda: tf.sin(x))
        return tape.gradient(y, x)

    with tf.GradientTape() as tape:
        y = outside(tf.constant(3))
    assert float(tape.gradient(y, x)) == pytest.approx(float(jax.grad(_reference)(value)), rel=1e-6)
    expected = jax.grad(lambda v: jnp.where(v > 1.0, v**3, jnp.sin(v)))(value)
    assert float(inside()) == pytest.approx(float(expected), rel=1e-6)


def test_loop_results_and_maximum_iterations():
    i, s = tf.while_loop(
        lambda i, s: i < 10, lambda i, s: (i + 1, s * 2.0), (0, tf.constant(1.0)), maximum_iterations=3
    )
    assert (int(i), float(s)) == (3, 8.0)
    assert (
        int(tf.function(lambda n: tf.while_loop(lambda i: i < n, lambda i: (i + 2,), [0])[0])(tf.constant(7)))
        == 8
    )
    assert tf.cond(tf.constant(False), lambda: (1, 2.0), lambda: (3, 4.0)) == (3, 4.0)


def test_errors():
    with pytest.raises(TypeError, match=r"tf.cond needs two callables, true_fn and false_fn"):
        tf.cond(True, 1, 2)

    @tf.function
    def traced(n):
        with tf.GradientTape() as tape:
            tape.watch(n)
            out = tf.while_loop(lambda i: i < n, lambda i: (i + 1.0,), [0.0])
        return tape.gradient(out, n)

    # A tape inside the function records the loop as one op: n reaches the result through the
    # condition only, zeros (TF 2.21: 0.0, a while loop's gradient is never None).
    assert float(traced(tf.constant(3.0))) == 0.0


@pytest.mark.parametrize("index", [0, 1, 2, 7, -1])
def test_switch_case_eagerly_and_traced_matches_jax(index):
    x = tf.Variable(1.5)
    branches = [lambda: x * 1.0, lambda: x * x, lambda: x**3]
    fns = [lambda v: v * 1.0, lambda v: v * v, lambda v: v**3]
    chosen = index if 0 <= index < 3 else 2  # the last branch is the default, as in TF
    expected = float(jax.grad(fns[chosen])(1.5))

    @tf.function
    def traced(i):  # lax.switch; the tape is outside
        return tf.switch_case(i, branches)

    @tf.function
    def inside(i):  # a tape inside: every branch recorded, where selects
        with tf.GradientTape() as tape:
            y = tf.switch_case(i, branches)
        return tape.gradient(y, x)

    for run in (lambda i: tf.switch_case(i, branches), traced):
        with tf.GradientTape() as tape:
            y = run(tf.constant(index))
        assert float(tape.gradient(y, x)) == pytest.approx(expected, rel=1e-6)
    assert float(inside(tf.constant(index))) == pytest.approx(expected, rel=1e-6)


def test_switch_case_errors():
    with pytest.raises(TypeError, match=r"'branch_index' must be a Tensor, got <class 'int'>"):
        tf.switch_case(1, [lambda: 1])
    with pytest.raises(TypeError, match=r"tf.switch_case needs branch_fns as a list of callables"):
        tf.switch_case(tf.constant(0), {1: lambda: 1})


def test_a_tensor_bounded_while_loop_in_a_function_is_differentiable():
    """TF differentiates a while loop whose trip count is a tensor (d(v**3)/dv at 1.5 = 6.75,
    TF 2.21); tapejax reverses it by bisection, checked against the unrolled loop's gradient."""
    v = tf.Variable(1.5)
    loop = tf.function(
        lambda n: tf.while_loop(lambda i, x: i < n, lambda i, x: (i + 1, x * v), [0, tf.constant(1.0)])[1]
    )
    with tf.GradientTape() as tape:
        y = loop(tf.constant(3))
    assert float(tape.gradient(y, v)) == 6.75
    for n in (0, 1, 2, 7, 33):
        with tf.GradientTape() as tape:
            y = loop(tf.constant(n))
        np.testing.assert_allclose(
            float(tape.gradient(y, v)), n * 1.5 ** max(n - 1, 0) if n else 0.0, rtol=1e-5
        )


def test_a_one_element_loop_state_takes_a_bare_body_result():
    # In a tf.function TF's while_v2 packs a bare result of a one-element state (TF 2.21: [5]);
    # eagerly TF iterates the result.
    out = tf.function(lambda: tf.while_loop(lambda i: i < 5, lambda i: i + 1, [tf.constant(0)]))()
    assert isinstance(out, list) and [int(t) for t in out] == [5]
    with pytest.raises(TypeError, match="Cannot iterate over a scalar tensor"):  # TF 2.21 eagerly
        tf.while_loop(lambda i: i < 3, lambda i: i + 1, [tf.constant(0)])
    with pytest.raises(ValueError, match="^'loop_vars' must be provided."):
        tf.while_loop(lambda i: i < 5, lambda i: i + 1, tf.constant(0))
