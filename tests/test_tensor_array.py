"""tf.TensorArray (issue 14): eager (TF's eager TensorArray, message for message), inside
tapejax.function, and carried through traced tf.while_loop bodies; gradients through
write -> stack and unstack -> read. Expected values and messages are TF 2.21's."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from helpers import finite_difference_grad

import tapejax as tf


def test_eager_write_read_stack():
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True, clear_after_read=False)
    ta = ta.write(0, 10).write(1, 20).write(2, 30)
    assert float(ta.read(1)) == 20.0 and float(ta.read(1)) == 20.0
    np.testing.assert_array_equal(ta.stack().numpy(), [10.0, 20.0, 30.0])
    assert ta.stack().dtype == tf.float32 and int(ta.size()) == 3


def test_eager_write_changes_the_array_itself():
    ta = tf.TensorArray(tf.float32, size=2)
    ta.write(0, 1.0)  # TF's eager write mutates (it only warns that the result is unused)
    assert float(ta.read(0)) == 1.0


def test_dynamic_size_grows_with_zeros():
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True).write(3, 1.0)
    assert int(ta.size()) == 4
    np.testing.assert_array_equal(ta.stack().numpy(), [0.0, 0.0, 0.0, 1.0])


def test_unstack_gather_concat_scatter():
    ta = tf.TensorArray(tf.float32, size=3, element_shape=[2]).unstack([[1.0, 2], [3, 4], [5, 6]])
    np.testing.assert_array_equal(ta.gather([2, 0]).numpy(), [[5.0, 6.0], [1.0, 2.0]])
    np.testing.assert_array_equal(ta.concat().numpy(), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    assert ta.element_shape == (2,) and ta.dtype == tf.float32
    ta = tf.TensorArray(tf.float32, size=3).scatter([2, 0], [[1.0, 2], [3, 4]])
    np.testing.assert_array_equal(ta.stack().numpy(), [[3.0, 4.0], [0.0, 0.0], [1.0, 2.0]])
    ragged = tf.TensorArray(tf.float32, size=0, dynamic_size=True, infer_shape=False)
    ragged = ragged.write(0, [1.0, 2.0]).write(1, [3.0])
    np.testing.assert_array_equal(ragged.concat().numpy(), [1.0, 2.0, 3.0])


def test_unwritten_elements():
    assert tf.TensorArray(tf.float32, size=3, element_shape=[2]).stack().shape == (3, 2)
    np.testing.assert_array_equal(tf.TensorArray(tf.int32, size=2).write(0, 5).stack().numpy(), [5, 0])
    empty = tf.TensorArray(tf.float32, size=0).stack()
    assert empty.shape == (0,) and empty.dtype == tf.float32
    unknown = r"^Cannot convert a partially known TensorShape <unknown> to a Tensor\.$"
    with pytest.raises(ValueError, match=unknown):
        tf.TensorArray(tf.float32, size=3).stack()


@pytest.mark.parametrize(
    "build, error, message",
    [
        (
            lambda: tf.TensorArray(tf.float32, size=2).write(2, 1.0),
            tf.errors.OutOfRangeError,
            "Tried to write to index 2 but array is not resizeable and size is: 2 ",
        ),
        (
            lambda: tf.TensorArray(tf.float32, size=2).read(5),
            tf.errors.OutOfRangeError,
            "Tried to read from index 5 but array size is: 2 ",
        ),
        (
            lambda: tf.TensorArray(tf.float32, size=2).write(0, tf.constant(1)),
            tf.errors.InvalidArgumentError,
            "TensorArray dtype is float32 but Op is trying to write dtype int32 ",
        ),
        (
            lambda: tf.TensorArray(tf.float32, size=2).write(0, [1.0, 2.0]).write(1, [1.0]),
            ValueError,
            "Incompatible shape for value ((1,)), expected ((2,))",
        ),
        (
            lambda: tf.TensorArray(tf.float32, size=2).unstack([1.0, 2.0, 3.0]),
            ValueError,
            "Cannot unstack 3 tensors into a TensorArray of static size 2 ",
        ),
    ],
)
def test_tf_errors(build, error, message):
    with pytest.raises(error) as info:
        build()
    assert str(info.value) == message


def test_clear_after_read():
    ta = tf.TensorArray(tf.float32, size=2).write(0, 1.0).write(1, 2.0)
    assert float(ta.read(0)) == 1.0
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        ta.read(0)
    assert str(info.value) == (
        "Could not read index 0 twice because it was cleared after a previous read "
        "(perhaps try setting clear_after_read = false?)"
    )


def _weights():
    return np.array([1.0, 2.0, 3.0], np.float32)


def test_gradient_write_stack_eager_matches_jax_and_finite_differences():
    v = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as g:
        ta = tf.TensorArray(tf.float32, size=3)
        for i in range(3):
            ta = ta.write(i, v[i] * v[i])
        s = tf.reduce_sum(ta.stack() * _weights())
    grad = g.gradient(s, v).numpy()
    np.testing.assert_allclose(grad, [2.0, 8.0, 18.0])  # TF 2.21
    np.testing.assert_allclose(grad, jax.grad(lambda x: jnp.sum(x * x * _weights()))(jnp.array([1.0, 2, 3])))
    fd = finite_difference_grad(lambda x: float(np.sum(x * x * _weights())), [1.0, 2.0, 3.0])
    np.testing.assert_allclose(grad, fd, rtol=1e-5)


def test_gradient_unstack_read():
    v = tf.Variable([1.0, 2.0, 3.0])
    with tf.GradientTape() as g:
        ta = tf.TensorArray(tf.float32, size=3).unstack(v * v)
        s = ta.read(1) * 3.0 + ta.read(2)
    np.testing.assert_allclose(g.gradient(s, v).numpy(), [0.0, 12.0, 6.0])  # TF 2.21


def test_in_function_with_python_indices():
    @tf.function
    def f(x):
        ta = tf.TensorArray(tf.float32, size=2)
        ta = ta.write(0, x).write(1, x * 2)
        return ta.stack(), ta.read(1), ta.size(), ta.gather([1, 0])

    stacked, second, size, gathered = f(tf.constant(3.0))
    np.testing.assert_array_equal(stacked.numpy(), [3.0, 6.0])
    assert float(second) == 6.0 and int(size) == 2
    np.testing.assert_array_equal(gathered.numpy(), [6.0, 3.0])


def test_symbolic_index_read_in_function_and_its_gradient():
    @tf.function
    def h(x):
        ta = tf.TensorArray(tf.float32, size=3).unstack(x)
        return ta.read(tf.constant(1)) + ta.read(2)

    x = tf.constant([1.0, 2.0, 3.0])
    assert float(h(x)) == 5.0
    with tf.GradientTape() as t:
        t.watch(x)
        y = h(x)
    np.testing.assert_array_equal(t.gradient(y, x).numpy(), [0.0, 1.0, 1.0])  # TF 2.21


def _loop(x, n, **kwargs):
    ta = tf.TensorArray(tf.float32, **kwargs)
    _, ta = tf.while_loop(
        lambda i, ta: i < n, lambda i, ta: (i + 1, ta.write(i, x[i] * 2.0)), (0, ta), maximum_iterations=3
    )
    return ta.stack(), ta.size()


def test_traced_while_loop_fixed_size():
    f = tf.function(lambda x, n: _loop(x, n, size=3))
    stacked, size = f(tf.constant([1.0, 2.0, 3.0]), tf.constant(3))
    np.testing.assert_array_equal(stacked.numpy(), [2.0, 4.0, 6.0])  # TF 2.21
    assert int(size) == 3


def test_traced_while_loop_dynamic_size_is_bounded_by_maximum_iterations():
    f = tf.function(lambda x, n: _loop(x, n, size=0, dynamic_size=True))
    stacked, size = f(tf.constant([1.0, 2.0, 3.0]), tf.constant(3))
    np.testing.assert_array_equal(stacked.numpy(), [2.0, 4.0, 6.0])  # TF 2.21
    assert int(size) == 3
    stacked, size = f(tf.constant([1.0, 2.0, 3.0]), tf.constant(2))
    assert int(size) == 2  # TF: [2, 4]; here the capacity's rows, the unwritten one zero
    np.testing.assert_array_equal(stacked.numpy(), [2.0, 4.0, 0.0])


def test_traced_while_loop_dynamic_size_without_bound_raises():
    @tf.function
    def f(x, n):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        _, ta = tf.while_loop(lambda i, ta: i < n, lambda i, ta: (i + 1, ta.write(i, x[i])), (0, ta))
        return ta.stack()

    with pytest.raises(ValueError, match="needs a bound: pass maximum_iterations"):
        f(tf.constant([1.0, 2.0]), tf.constant(2))


def test_gradient_through_traced_loop_matches_tf_jax_and_finite_differences():
    v = tf.Variable([1.0, 2.0, 3.0])

    @tf.function
    def k(n):
        ta = tf.TensorArray(tf.float32, size=3)
        _, ta = tf.while_loop(
            lambda i, ta: i < n, lambda i, ta: (i + 1, ta.write(i, v[i] ** 2)), (0, ta), maximum_iterations=3
        )
        return tf.reduce_sum(ta.stack() * _weights())

    with tf.GradientTape() as t:
        y = k(tf.constant(3))
    grad = t.gradient(y, v).numpy()
    assert float(y) == 36.0
    np.testing.assert_allclose(grad, [2.0, 8.0, 18.0])  # TF 2.21
    np.testing.assert_allclose(grad, jax.grad(lambda x: jnp.sum(x**2 * _weights()))(jnp.array([1.0, 2, 3])))
    fd = finite_difference_grad(lambda x: float(np.sum(x**2 * _weights())), [1.0, 2.0, 3.0])
    np.testing.assert_allclose(grad, fd, rtol=1e-5)


def test_rnn_pattern_of_the_tf_function_guide():
    # "Better performance with tf.function", the TensorArray section (loop written as tf.while_loop).
    @tf.function
    def dynamic_rnn(input_data, initial_state):
        input_data = tf.transpose(input_data, [1, 0, 2])
        max_seq_len = input_data.shape[0]
        states = tf.TensorArray(tf.float32, size=max_seq_len)

        def body(i, state, states):
            state = input_data[i] + state
            return i + 1, state, states.write(i, state)

        _, _, states = tf.while_loop(
            lambda i, *_: i < max_seq_len,
            body,
            (tf.constant(0) + tf.size(initial_state) * 0, initial_state, states),
        )
        return tf.transpose(states.stack(), [1, 0, 2])

    data = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    out = dynamic_rnn(tf.constant(data), tf.zeros([2, 4])).numpy()
    np.testing.assert_allclose(out, np.cumsum(data, axis=1))


@pytest.mark.parametrize(
    "build, error, message",
    [
        (
            lambda: tf.TensorArray(tf.float32, size=2).write(-1, 1.0),
            tf.errors.OutOfRangeError,
            "Writing to negative indices (index -1) is not allowed.",
        ),
        (
            lambda: tf.TensorArray(tf.float32, size=2).read(-1),
            tf.errors.OutOfRangeError,
            "Reading from negative indices (index -1) is not allowed.",
        ),
        (
            lambda: tf.TensorArray(tf.float32, size=2).unstack([1.0, 2.0]).concat(),
            tf.errors.InvalidArgumentError,
            "Concat saw a scalar shape at index 0 but requires at least vectors.",
        ),
        (
            lambda: tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 1]),
            tf.errors.InvalidArgumentError,
            "Expected sum of lengths to be equal to values.shape[0], but sum of lengths is 2 and value's shape "
            "is: [3] ",
        ),
        (
            lambda: tf.TensorArray(tf.float32),
            ValueError,
            "Size must be declared for TensorArrays when eager execution is enabled.",
        ),
        (
            lambda: tf.TensorArray(tf.float32, size=1, handle=1),
            ValueError,
            "TensorArray handles are not supported when eager execution is enabled.",
        ),
    ],
)
def test_more_tf_errors(build, error, message):
    with pytest.raises(error) as info:  # TF 2.21's classes and messages
        build()
    assert str(info.value) == message


def test_split():
    ta = tf.TensorArray(tf.float32, size=2).split([1.0, 2.0, 3.0], [1, 2])
    np.testing.assert_array_equal(ta.read(1).numpy(), [2.0, 3.0])
    assert int(ta.size()) == 2


def test_unstack_inside_traced_loop_raises():
    @tf.function
    def f(x, n):
        ta = tf.TensorArray(tf.float32, size=2)
        _, ta = tf.while_loop(lambda i, ta: i < n, lambda i, ta: (i + 1, ta.unstack(x)), (0, ta))
        return ta.stack()

    with pytest.raises(TypeError, match="TensorArray.unstack inside a traced tf.while_loop body"):
        f(tf.constant([1.0, 2.0]), tf.constant(1))
