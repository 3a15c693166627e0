"""tf.gradients and tf.hessians inside tf.function, with TF 2.21's numbers and errors."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from helpers import finite_difference_grad

import tapejax as tf

EAGER = r"^tf\.gradients is not supported when eager execution is enabled\. Use tf\.GradientTape instead\.$"


def _numbers(results):
    return [None if r is None else np.asarray(tf.convert_to_tensor(r)).tolist() for r in results]


def test_eagerly_both_raise_tfs_runtime_error():
    x = tf.constant(2.0)
    with pytest.raises(RuntimeError, match=EAGER):
        tf.gradients(x * x, x)
    with pytest.raises(RuntimeError, match=EAGER):  # TF 2.21 names tf.gradients for hessians too
        tf.hessians(x * x, x)


def test_gradients_of_ys_lists_grad_ys_and_repeated_xs_are_tfs():
    @tf.function
    def lists(x, z):
        y = x * z + tf.sin(x)
        return tf.gradients([y, 2 * y], [x, z])

    # TF 2.21: d(3y)/dx = 3 (z + cos x), d(3y)/dz = 3x
    np.testing.assert_allclose(
        _numbers(lists(tf.constant(1.0), tf.constant(3.0))), [10.620907, 3.0], rtol=1e-6
    )

    @tf.function
    def weighted(x):
        return tf.gradients(x * x, x, grad_ys=tf.constant([1.0, 2.0]))

    assert _numbers(weighted(tf.constant([1.0, 3.0]))) == [[2.0, 12.0]]

    @tf.function
    def broadcast(x):  # a scalar grad_ys for a vector y (TF 2.21: [4, 12])
        return tf.gradients(x * x, x, grad_ys=tf.constant(2.0))

    assert _numbers(broadcast(tf.constant([1.0, 3.0]))) == [[4.0, 12.0]]

    @tf.function
    def some_ones(x):  # a None entry stands for ones (TF 2.21: 2 * 3 + 5 = 11)
        return tf.gradients([x * x, x], x, grad_ys=[None, tf.constant(5.0)])

    assert _numbers(some_ones(tf.constant(3.0))) == [11.0]

    @tf.function
    def twice(x):
        return tf.gradients(x * x, (x, x))

    assert _numbers(twice(tf.constant(3.0))) == [6.0, 6.0]

    @tf.function
    def itself(x):
        return tf.gradients(x, x)

    assert _numbers(itself(tf.constant([3.0, 4.0]))) == [[1.0, 1.0]]


def test_gradients_with_respect_to_intermediate_tensors_variables_and_constants():
    @tf.function
    def intermediate(x):
        a = x * x
        return tf.gradients(a * 3.0, [a, x])

    assert _numbers(intermediate(tf.constant(3.0))) == [3.0, 18.0]  # TF 2.21

    v = tf.Variable(2.0)

    @tf.function
    def variable(x):
        return tf.gradients(v * v * x, [v, x])

    assert _numbers(variable(tf.constant(3.0))) == [12.0, 4.0]  # TF 2.21
    v.assign(3.0)  # read fresh: the Variable is an input of the trace
    assert _numbers(variable(tf.constant(3.0))) == [18.0, 9.0]

    @tf.function
    def constant(x):
        c = tf.constant(2.0)
        return tf.gradients(x * c, c) + tf.gradients(x * 2.0, 3.0)  # a Python number: unconnected

    assert _numbers(constant(tf.constant(3.0))) == [3.0, None]  # TF 2.21


def test_stop_gradients_hold_the_ops_that_computed_them_constant():
    @tf.function
    def stopped(x):
        a = x * 2.0
        return tf.gradients(a * x, [x, a], stop_gradients=a)

    assert _numbers(stopped(tf.constant(3.0))) == [6.0, 3.0]  # TF 2.21 (12 without the stop)

    @tf.function
    def split_stopped(x):  # TF stops the split op: b's path is cut too
        a, b = tf.split(x, 2)
        return tf.gradients(a * b * b, x, stop_gradients=[a])

    assert _numbers(split_stopped(tf.constant([2.0, 3.0]))) == [None]  # TF 2.21

    @tf.function
    def op(x):
        return tf.gradients(tf.stop_gradient(x) * x, x)

    assert _numbers(op(tf.constant(3.0))) == [3.0]


def test_unconnected_and_integer_gradients():
    @tf.function
    def unconnected(x, z, mode):
        return tf.gradients(x * 2.0, [x, z], unconnected_gradients=mode)

    assert _numbers(unconnected(tf.constant(3.0), tf.constant(1.0), "none")) == [2.0, None]
    assert _numbers(unconnected(tf.constant(3.0), tf.constant([1.0, 2.0]), "zero")) == [2.0, [0.0, 0.0]]
    assert _numbers(unconnected(tf.constant(3.0), tf.constant(1.0), tf.UnconnectedGradients.ZERO)) == [
        2.0,
        0.0,
    ]

    @tf.function
    def integer(x):
        return tf.gradients(tf.cast(x, tf.int32), x)

    assert _numbers(integer(tf.constant(3.0))) == [None]  # TF 2.21


def test_second_order_hessians_and_a_tape_over_gradients():
    @tf.function
    def second(x):
        g = tf.gradients(x * x * x, x)[0]
        return tf.gradients(g, x)

    assert _numbers(second(tf.constant(2.0))) == [12.0]

    @tf.function
    def hessian(x):
        return tf.hessians(tf.reduce_sum(x**3), x)

    assert _numbers(hessian(tf.constant([1.0, 2.0]))) == [[[6.0, 0.0], [0.0, 12.0]]]  # TF 2.21
    # A matrix source: shape x.shape + x.shape (TF 2.21's values).
    (h,) = hessian(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    assert h.shape == (2, 2, 2, 2)
    expected = jax.hessian(lambda a: jnp.sum(a**3))(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
    np.testing.assert_allclose(h.numpy(), expected)
    assert h.numpy()[1, 1, 1, 1] == 24.0 and h.numpy()[1, 0, 1, 0] == 18.0

    @tf.function
    def taped(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            g = tf.gradients(x * x * x, x)[0]
        return g, tape.gradient(g, x)

    assert _numbers(taped(tf.constant(2.0))) == [12.0, 12.0]  # TF 2.21


def test_gradients_match_jax_and_finite_differences():
    w0 = np.array([[0.3, -0.5], [0.8, 0.1], [-0.2, 0.4]], np.float64)
    x0 = np.array([[1.0, 2.0, -1.0], [0.5, -0.3, 0.7]], np.float64)

    def reference(w, x):
        return jnp.sum(jnp.tanh(x @ w) ** 2) + jnp.sum(jnp.sin(w))

    @tf.function
    def grads(w, x):
        loss = tf.reduce_sum(tf.tanh(x @ w) ** 2) + tf.reduce_sum(tf.sin(w))
        return tf.gradients(loss, [w, x]), tf.hessians(loss, w)

    (gw, gx), (hw,) = grads(tf.constant(w0), tf.constant(x0))
    with jax.enable_x64(True):
        rw, rx = jax.grad(reference, argnums=(0, 1))(w0, x0)
        rh = jax.hessian(reference)(w0, x0)
        fd = finite_difference_grad(lambda w: float(reference(w, x0)), w0)
    np.testing.assert_allclose(gw.numpy(), rw, rtol=1e-10)
    np.testing.assert_allclose(gx.numpy(), rx, rtol=1e-10)
    np.testing.assert_allclose(hw.numpy(), rh, rtol=1e-10)
    np.testing.assert_allclose(gw.numpy(), fd, rtol=1e-6)


def test_gradients_through_control_flow_and_a_nested_function():
    @tf.function
    def branch(x):
        return tf.gradients(tf.cond(x > 0, lambda: x * x, lambda: -x), x)

    assert _numbers(branch(tf.constant(3.0))) == [6.0]  # TF 2.21
    assert _numbers(branch(tf.constant(-3.0))) == [-1.0]

    inner = tf.function(lambda x: x**3)

    @tf.function
    def nested(x):
        y = inner(x) * 2.0
        return tf.gradients(y, x), tf.hessians(y, x)

    assert _numbers(nested(tf.constant(2.0))) == [[24.0], [24.0]]  # TF 2.21


def test_a_gather_gives_tfs_indexed_slices():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    kinds = []

    @tf.function
    def gathered(x):
        g = tf.gradients(tf.gather(v, [1]) * x, v)[0]
        kinds.append(type(g).__name__)
        return tf.convert_to_tensor(g)

    assert gathered(tf.constant(1.0)).numpy().tolist() == [[0.0, 0.0], [1.0, 1.0]]  # TF 2.21
    assert kinds == ["IndexedSlices"]


def _gradient_of_helper(y, x):  # tf.gradients outside the traced function's own code
    return tf.gradients(y, x)


def test_tracing_counts_as_tfs():
    runs = []

    @tf.function
    def through_helper(x):
        runs.append(1)
        return _gradient_of_helper(tf.sin(x) * x, x)

    np.testing.assert_allclose(_numbers(through_helper(tf.constant(1.0))), [1.3817732], rtol=1e-6)
    # tapejax runs the Python code once more, recording (see graph/recording.py); TF counts one trace.
    assert through_helper.experimental_get_tracing_count() == 1 and len(runs) == 2
    through_helper(tf.constant(2.0))
    assert len(runs) == 2

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def polymorphic(x):
        runs.append(1)
        return tf.gradients(tf.reduce_sum(x**2), x)

    assert _numbers(polymorphic(tf.constant([1.0, 2.0, 3.0]))) == [[2.0, 4.0, 6.0]]
    assert _numbers(polymorphic(tf.constant([1.0, 2.0]))) == [[2.0, 4.0]]
    assert polymorphic.experimental_get_tracing_count() == 1 and len(runs) == 3

    class Scaled(tf.Module):
        def __init__(self):
            self.w = None

        @tf.function
        def __call__(self, x):
            if self.w is None:
                self.w = tf.Variable(3.0)
            return _gradient_of_helper(self.w * x * x, [self.w, x])

    m = Scaled()
    assert _numbers(m(tf.constant(2.0))) == [4.0, 12.0]  # TF 2.21
    assert _numbers(m(tf.constant(1.0))) == [1.0, 6.0]
    assert m.__call__.experimental_get_tracing_count() == 2  # TF 2.21: it created a Variable


def test_argument_errors_are_tfs():
    x0 = tf.constant(3.0)

    def traced(**kwargs):
        return tf.function(lambda x: tf.gradients(x * x, x, **kwargs))(x0)

    with pytest.raises(ValueError, match=r"^Length mismatch\. Passed 2 grad_ys for 1 ys\. "):
        traced(grad_ys=[tf.constant(1.0), tf.constant(2.0)])
    with pytest.raises(ValueError, match=r"^Incompatible shapes between y and its grad_ys: y has shape \(\)"):
        traced(grad_ys=tf.constant([1.0, 2.0]))
    with pytest.raises(
        TypeError,
        match=r"^Input 'y' of 'Mul' Op has type float32 that does not match type float64 of argument 'x'\.",
    ):
        traced(grad_ys=tf.constant(2.0, tf.float64))
    with pytest.raises(ValueError, match=r"^Unknown value for unconnected_gradients: 'bad'"):
        traced(unconnected_gradients="bad")
    with pytest.raises(
        TypeError, match=r"^tf\.gradients takes xs as a tensor or a list of tensors, got a dict"
    ):
        tf.function(lambda x: tf.gradients(x * x, {"a": x}))(x0)
    with pytest.raises(TypeError, match=r"^tf\.gradients: every y must be a tensor, got None"):
        tf.function(lambda x: tf.gradients(None, x))(x0)


def test_a_hessian_without_second_derivative_is_tfs_value_error():
    with pytest.raises(ValueError, match=r"^None values not supported\. tf\.hessians: the gradient of ys "):
        tf.function(lambda x, z: tf.hessians(x * 2.0, [x, z]))(tf.constant(3.0), tf.constant(1.0))
    with pytest.raises(ValueError, match=r"^None values not supported\. .* with respect to xs\[0\] is None"):
        tf.function(lambda x, z: tf.hessians(x * x, z))(tf.constant(3.0), tf.constant(1.0))


def test_aggregation_arguments_are_accepted():
    assert (tf.AggregationMethod.ADD_N, tf.AggregationMethod.DEFAULT) == (0, 0)  # TF 2.21
    assert (tf.AggregationMethod.EXPERIMENTAL_TREE, tf.AggregationMethod.EXPERIMENTAL_ACCUMULATE_N) == (1, 2)

    @tf.function
    def agg(x):
        return tf.gradients(
            x * x, x, aggregation_method=tf.AggregationMethod.EXPERIMENTAL_TREE, gate_gradients=True, name="g"
        )

    assert _numbers(agg(tf.constant(3.0))) == [6.0]
