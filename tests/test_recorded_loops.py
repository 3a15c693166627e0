"""Tapes, accumulators and tf.gradients inside a tf.function, through loops whose trip count is
a tensor (one recorded op, autograph/recorded_loop.py), with TF 2.21's numbers."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf


def power(x, n):
    result = tf.ones_like(x)
    for _ in tf.range(n):  # a symbolic n: a staged loop
        result *= x
    return result


def _floats(results):
    return [None if r is None else np.asarray(r).tolist() for r in results]


def taped(compute):
    """A tf.function of ``(x, n)``: ``compute(x, n)`` and its gradient, by a tape inside it."""

    @tf.function
    def f(x, n):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = compute(x, n)
        return y, tape.gradient(y, x)

    return f


taped_power = taped(power)


def test_a_tape_inside_differentiates_an_autograph_range_loop():
    assert _floats(taped_power(tf.constant(2.0), tf.constant(3))) == [8.0, 12.0]  # TF 2.21
    assert _floats(taped_power(tf.constant(2.0), tf.constant(0))) == [1.0, 0.0]  # TF 2.21: no step
    for n in (1, 5, 17):
        y, g = taped_power(tf.constant(1.1), tf.constant(n))
        np.testing.assert_allclose(float(g), float(jax.grad(lambda a, n=n: a**n)(1.1)), rtol=1e-5)
    assert taped_power.experimental_get_tracing_count() == 1


def test_a_tape_inside_differentiates_tf_while_loop_with_and_without_a_bound():
    unbounded = taped(
        lambda x, n: tf.while_loop(
            lambda i, s: i < n, lambda i, s: (i + 1, s * x + 1.0), [0, tf.constant(1.0)]
        )[1]
    )
    assert _floats(unbounded(tf.constant(1.5), tf.constant(4))) == [13.1875, 24.25]  # TF 2.21

    bounded = taped(
        lambda x, n: tf.while_loop(
            lambda i, s: i < n, lambda i, s: (i + 1, tf.sin(s) * x), [0, x], maximum_iterations=10
        )[1]
    )
    np.testing.assert_allclose(
        _floats(bounded(tf.constant(0.7), tf.constant(3))), [0.21025595, 1.0875582], rtol=1e-5
    )  # TF 2.21

    def reference(x):
        s = x
        for _ in range(3):
            s = jnp.sin(s) * x
        return s

    np.testing.assert_allclose(
        float(bounded(tf.constant(0.7), tf.constant(3))[1]), jax.grad(reference)(0.7), rtol=1e-5
    )


def test_a_while_on_a_tensor_condition_reads_closed_over_tensors_and_variables():
    v = tf.Variable(0.5)

    @tf.function
    def doubling(x0):
        with tf.GradientTape() as tape:
            tape.watch(x0)
            x = x0
            while x < 10.0:
                x = x * 2.0 + v
        return x, tape.gradient(x, [x0, v])

    assert _floats(doubling(tf.constant(1.0))) == [11.5, [8.0, 7.0]]  # TF 2.21
    v.assign(1.0)  # read fresh by the next call: (1 -> 3 -> 7 -> 15)
    assert _floats(doubling(tf.constant(1.0))) == [15.0, [8.0, 7.0]]

    w = tf.Variable([1.0, 2.0])

    @tf.function
    def summed(n):
        with tf.GradientTape() as tape:
            s = tf.constant(0.0)
            i = tf.constant(0)
            while i < n:
                s += tf.reduce_sum(w * tf.cast(i, tf.float32))
                i += 1
        return s, tape.gradient(s, w)

    assert _floats(summed(tf.constant(3))) == [9.0, [3.0, 3.0]]  # TF 2.21


def test_nested_loops_jacobians_and_assignments_inside():
    def triangle(x, n):
        y = tf.zeros_like(x)
        for i in tf.range(n):
            for j in tf.range(i + 1):
                y += x * tf.cast(j, tf.float32)
        return y

    nested = taped(triangle)
    assert _floats(nested(tf.constant(2.0), tf.constant(4))) == [20.0, 10.0]  # TF 2.21

    @tf.function
    def jacobian(x, n):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = power(x, n)
        return tape.jacobian(y, x)

    assert jacobian(tf.constant([1.0, 2.0]), tf.constant(3)).numpy().tolist() == [[3.0, 0.0], [0.0, 12.0]]

    count = tf.Variable(0.0)

    def counted_power(x, n):
        y = x
        for _ in tf.range(n):
            y = y * x
            count.assign_add(1.0)
        return y

    counting = taped(counted_power)
    assert _floats(counting(tf.constant(2.0), tf.constant(3))) == [16.0, 32.0]  # TF 2.21
    assert count.numpy() == 3.0


def test_second_order_through_a_loop_inside_the_function():
    @tf.function
    def second(x, n):
        with tf.GradientTape() as t2:
            t2.watch(x)
            with tf.GradientTape() as t1:
                t1.watch(x)
                y = power(x, n)
            g = t1.gradient(y, x)
        return g, t2.gradient(g, x)

    assert _floats(second(tf.constant(2.0), tf.constant(3))) == [12.0, 12.0]  # TF 2.21
    g, h = second(tf.constant(1.3), tf.constant(6))
    np.testing.assert_allclose([float(g), float(h)], [6 * 1.3**5, 30 * 1.3**4], rtol=1e-5)

    @tf.function
    def gradients(x, n):
        return tf.gradients(power(x, n), x) + tf.hessians(power(x, n), x)

    assert _floats(gradients(tf.constant(2.0), tf.constant(3))) == [12.0, 12.0]  # TF 2.21: tf.gradients 12


def test_forward_accumulators_inside_and_outside_go_through_the_loop():
    @tf.function
    def inside(x, n):
        with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
            y = power(x, n)
        return y, acc.jvp(y)

    assert _floats(inside(tf.constant(2.0), tf.constant(3))) == [8.0, 12.0]  # TF 2.21

    traced = tf.function(power)
    x = tf.constant(2.0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
        y = traced(x, tf.constant(3))
    assert _floats([y, acc.jvp(y)]) == [8.0, 12.0]  # TF 2.21


def test_gradient_matches_jax_and_finite_differences():
    w0 = np.array([0.4, -0.3, 0.2], np.float64)

    @tf.function
    def rnn(w, n):
        with tf.GradientTape() as tape:
            tape.watch(w)
            h = tf.zeros_like(w)
            i = tf.constant(0)
            while i < n:
                h = tf.tanh(w * h + 0.5)
                i += 1
            loss = tf.reduce_sum(h * h)
        return loss, tape.gradient(loss, w)

    def reference(w, n):
        h = jnp.zeros_like(w)
        for _ in range(n):
            h = jnp.tanh(w * h + 0.5)
        return jnp.sum(h * h)

    for n in (1, 4, 9):
        loss, grad = rnn(tf.constant(w0), tf.constant(n))
        with jax.enable_x64(True):
            expected = jax.grad(reference)(w0, n)
            eps = 1e-6
            fd = [(reference(w0 + eps * e, n) - reference(w0 - eps * e, n)) / (2 * eps) for e in np.eye(3)]
        np.testing.assert_allclose(grad.numpy(), expected, rtol=1e-10)
        np.testing.assert_allclose(grad.numpy(), fd, rtol=1e-6)


def test_tracing_leaves_no_tape_recording_inside_the_loop_body():
    @tf.function
    def f(x, n):
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = power(x, n)
        # Only the loop op and the ops around it are recorded: a second gradient agrees.
        return tape.gradient(y, x), tape.gradient(y, x)

    assert _floats(f(tf.constant(2.0), tf.constant(2))) == [4.0, 4.0]


@pytest.mark.parametrize("n", [0, 1, 2, 31])
def test_unrolled_and_recorded_loops_agree(n):
    x = tf.constant(1.05)
    y, g = taped_power(x, tf.constant(n))
    np.testing.assert_allclose([float(y), float(g)], [1.05**n, n * 1.05 ** max(n - 1, 0)], rtol=1e-5)


def test_a_variable_as_loop_state_and_read_in_the_body():
    # TF 2.21: s = v**4 -> (16, 32) for both loop forms (a Variable's reads are the tape's leaves:
    # the state's start and each read in the body).
    v = tf.Variable(2.0)

    @tf.function
    def staged(n):
        with tf.GradientTape() as tape:
            s = v
            i = tf.constant(0)
            while i < n:
                s = s * v
                i += 1
        return s, tape.gradient(s, v)

    @tf.function
    def while_loop(n):
        with tf.GradientTape() as tape:
            _, s = tf.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s * v), [0, v])
        return s, tape.gradient(s, v)

    assert _floats(staged(tf.constant(3))) == [16.0, 32.0]
    assert _floats(while_loop(tf.constant(3))) == [16.0, 32.0]
