"""custom_gradient and recompute_grad.

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


@tf.custom_gradient
def cube(x):
    y = x * x * x

    def grad(dy):
        return dy * 3.0 * x * x

    return y, grad


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))  # closes over a forward tensor

    return tf.math.log(1 + e), grad


def test_gradient_comes_from_grad_fn():
    @tf.custom_gradient
    def scaled_identity(x):
        return tf.identity(x), lambda dy: dy * 10.0

    x = tf.constant(2.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = scaled_identity(x) * x
    assert (y.numpy(), g.gradient(y, x).numpy()) == (4.0, 22.0)


def test_nested_tapes_differentiate_grad_fn():
    x = tf.constant(2.0)
    with tf.GradientTape() as t3:
        t3.watch(x)
        with tf.GradientTape() as t2:
            t2.watch(x)
            with tf.GradientTape() as t1:
                t1.watch(x)
                y = cube(x)
            g1 = t1.gradient(y, x)
        g2 = t2.gradient(g1, x)
    assert (y.numpy(), g1.numpy(), g2.numpy(), t3.gradient(g2, x).numpy()) == (8.0, 12.0, 12.0, 6.0)


def test_grad_fn_closing_over_forward_tensors():
    a = tf.constant([0.0, 100.0])
    with tf.GradientTape() as t2:
        t2.watch(a)
        with tf.GradientTape() as t1:
            t1.watch(a)
            y = log1pexp(a)
        g = t1.gradient(y, a)
    np.testing.assert_allclose(g.numpy(), [0.5, 1.0])
    second = t2.gradient(g, a).numpy()
    assert second[0] == 0.25 and np.isnan(second[1])  # TF: nan too (e overflows)


def test_variables_read_inside():
    v = tf.Variable(3.0)

    @tf.custom_gradient
    def with_var(x):
        def grad(dy, variables=None):
            assert variables == [v]
            return dy * v * 10.0, [dy * x * 100.0]

        return x * v, grad

    x = tf.constant(2.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = with_var(x)
    dx, dv = g.gradient(y, [x, v])
    assert (y.numpy(), dx.numpy(), dv.numpy()) == (6.0, 30.0, 200.0)


def test_several_inputs_outputs_and_none_gradients():
    @tf.custom_gradient
    def two_in(a, b):
        return a * b, lambda dy: (dy * b, dy * a * 2.0)

    @tf.custom_gradient
    def multi_out(a):
        return (a * 2.0, a * 3.0), lambda dy1, dy2: dy1 * 2.0 + dy2 * 3.0

    @tf.custom_gradient
    def none_grad(a, b):
        return a * b, lambda dy: (dy * 2.0, None)

    x, b = tf.constant(2.0), tf.constant(5.0)
    with tf.GradientTape(persistent=True) as g:
        g.watch([x, b])
        y = two_in(x, b)
        y1, y2 = multi_out(x)
        n = none_grad(x, b)
    assert [t.numpy() for t in g.gradient(y, [x, b])] == [5.0, 4.0]
    assert g.gradient([y1, y2], x).numpy() == 5.0
    assert g.gradient(y2, x).numpy() == 3.0  # the unused output's dy is zeros
    dx, db = g.gradient(n, [x, b])
    assert dx.numpy() == 2.0 and db is None  # TF: a None from grad_fn is an unconnected source


def test_nested_and_keyword_inputs():
    @tf.custom_gradient
    def nested_in(d):
        return d["a"] * 1.0 + d["b"], lambda dy: {"a": dy * 2.0, "b": dy * 3.0}

    @tf.custom_gradient
    def kw(a, scale=1.0):
        return a * scale, lambda dy: dy * scale

    @tf.custom_gradient
    def python_float(a, s):
        return a * s, lambda dy: (dy * s, None)

    x, b = tf.constant(2.0), tf.constant(1.0)
    with tf.GradientTape(persistent=True) as g:
        g.watch([x, b])
        y = nested_in({"a": x, "b": b})
        k = kw(x, scale=tf.constant(3.0))
        p = python_float(x, 3.0)
    assert [t.numpy() for t in g.gradient(y, [x, b])] == [2.0, 3.0]
    assert g.gradient(k, x).numpy() == 3.0
    assert g.gradient(p, x, output_gradients=tf.constant(2.0)).numpy() == 6.0


def test_on_methods():
    class Model:
        def __init__(self):
            self.k = tf.constant(4.0)

        @tf.custom_gradient
        def f(self, a):
            return a * self.k, lambda dy: dy * self.k * 2.0

    x = tf.constant(2.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = Model().f(x)
    assert (y.numpy(), g.gradient(y, x).numpy()) == (8.0, 8.0)


def test_variable_as_input():
    w = tf.Variable(2.0)
    with tf.GradientTape() as g:
        y = cube(w)
    assert g.gradient(y, w).numpy() == 12.0


def test_jacobian_through_uses_reverse_mode():
    a = tf.constant([1.0, 2.0])
    with tf.GradientTape() as g:
        g.watch(a)
        c = cube(a)
        y = tf.stack([c[0], c[1], c[0] * 2.0, c[1] * 3.0, c[0] + c[1]])  # 5 outputs > 2 inputs
    np.testing.assert_array_equal(g.jacobian(y, a).numpy(), [[3, 0], [0, 12], [6, 0], [0, 36], [3, 12]])


def test_hessian_through_custom_gradient():
    a = tf.constant([1.0, 2.0])
    with tf.GradientTape() as outer:
        outer.watch(a)
        with tf.GradientTape() as inner:
            inner.watch(a)
            y = tf.reduce_sum(cube(a))
        g = inner.gradient(y, a)
    np.testing.assert_array_equal(outer.jacobian(g, a).numpy(), [[6, 0], [0, 12]])


def test_forward_mode_through_custom_gradient():
    x = tf.constant(2.0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
        y = cube(x)
        with tf.GradientTape() as g:
            g.watch(x)
            z = cube(x)
        dz = g.gradient(z, x)
    assert (acc.jvp(y).numpy(), acc.jvp(dz).numpy()) == (12.0, 12.0)


def test_persistent_tape_second_order_through_custom_gradient():
    x = tf.constant(2.0)
    with pytest.warns(UserWarning):
        with tf.GradientTape(persistent=True) as g:
            g.watch(x)
            y = cube(x)
            dy = g.gradient(y, x)
            d2y = g.gradient(dy, x)
    assert (dy.numpy(), d2y.numpy()) == (12.0, 12.0)


def test_grad_fn_may_return_a_broadcastable_gradient():
    @tf.custom_gradient
    def spread(a):
        return tf.stack([a, a]), tf.reduce_sum

    x = tf.constant(2.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = spread(x)
    assert g.gradient(y, x).numpy() == 2.0


def test_recompute_grad_matches_the_plain_function():
    w = tf.Variable([[0.5, -0.2], [0.1, 0.3]])

    def block(x):
        return tf.tanh(tf.matmul(x, w)) * 2.0

    x = tf.constant([[1.0, 2.0]])
    checkpointed = tf.recompute_grad(block)
    results = []
    for f in (block, checkpointed):
        with tf.GradientTape() as g:
            g.watch(x)
            y = tf.reduce_sum(f(f(x)))
        results.append([t.numpy() for t in g.gradient(y, [x, w])])
    for got, ref in zip(results[1], results[0], strict=True):
        np.testing.assert_allclose(got, ref, rtol=1e-6)


def test_recompute_grad_second_order_matches_jax():
    x_np = np.array([0.3, 0.7])

    @tf.recompute_grad
    def f(x):
        return tf.sin(x) * x

    x = tf.constant(x_np)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(f(x))
        g = inner.gradient(y, x)
    expected = jax.hessian(lambda v: jnp.sum(jnp.sin(v) * v))(jnp.asarray(x_np))
    np.testing.assert_allclose(outer.jacobian(g, x).numpy(), expected, rtol=1e-10)
