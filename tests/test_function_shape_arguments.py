"""Tensors used as shapes inside a tf.function (issue 24): ``tf.reshape(x, s)``, ``tf.zeros(s)``
with ``s`` an argument. TF's graph takes such a shape at run time; an XLA program needs it when
compiled, so tapejax traces small integer tensor arguments by value once the code has needed one
(a trace per distinct shape). Values and gradients are TF 2.21's (checked in its scratch venv).
"""

from __future__ import annotations

import numpy as np

import tapejax as tf


def test_reshape_to_a_shape_given_as_a_tensor_argument():
    runs = []

    @tf.function
    def reshape(x, shape):
        runs.append(1)
        return tf.reshape(x, shape)

    x = tf.range(6.0)
    a = reshape(x, tf.constant([2, 3]))
    b = reshape(x, tf.constant([3, 2]))
    c = reshape(x, tf.constant([3, 2]))
    assert a.shape == (2, 3) and b.shape == (3, 2) and c.shape == (3, 2)  # TF: the same
    np.testing.assert_array_equal(b.numpy(), np.arange(6.0).reshape(3, 2))
    # One trace per shape (TF: one trace in all, the shape known at run time only).
    assert reshape.experimental_get_tracing_count() == 2


def test_a_shape_computed_from_an_argument_and_its_gradient():
    @tf.function
    def ones(n):
        return tf.ones(shape=tf.stack([n, 2]))

    assert ones(tf.constant(3)).shape == (3, 2)  # TF: (3, 2)

    @tf.function
    def spread(x, shape):
        return tf.zeros(shape) + tf.reduce_sum(x)

    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(spread(x, tf.constant([2, 2])))
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [4.0, 4.0])  # TF: [4. 4.]
    assert float(y) == 12.0  # TF: 12.0


def test_integer_arguments_that_are_not_shapes_stay_inputs():
    @tf.function
    def pick(x, i):
        return tf.gather(x, i)

    x = tf.constant([10.0, 20.0, 30.0])
    assert float(pick(x, tf.constant(1))) == 20.0
    assert float(pick(x, tf.constant(2))) == 30.0
    assert pick.experimental_get_tracing_count() == 1  # TF: 1
