"""Variables under tapes: each read is its own leaf, assignment is never differentiated.

Expected values were observed with TensorFlow 2.21 (CPU).
"""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf


def test_each_read_is_a_leaf_and_reads_are_summed():
    v = tf.Variable(2.0)
    with tf.GradientTape() as g:
        y = v * v
        v.assign(5.0)
        z = y + v * v
    assert g.gradient(z, v).numpy() == 14.0


def test_assign_add_then_read():
    v = tf.Variable(2.0)
    with tf.GradientTape() as g:
        v.assign_add(1.0)
        z = v * v
    assert g.gradient(z, v).numpy() == 6.0


def test_assignment_is_not_differentiated():
    x, v = tf.constant(3.0), tf.Variable(2.0)
    with tf.GradientTape() as g:
        g.watch(x)
        v.assign(x * x)
        z = v * 1.0
    dx, dv = g.gradient(z, [x, v])
    assert (dx, dv.numpy()) == (None, 1.0)


def test_explicit_reads():
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as g:
        y = tf.reduce_sum(v.read_value() * v.value() + tf.identity(v))
    np.testing.assert_array_equal(g.gradient(y, v).numpy(), [3.0, 5.0])


def test_trainable_false_is_not_watched():
    n = tf.Variable(1.0, trainable=False)
    t = tf.Variable(1.0)
    with tf.GradientTape() as g:
        y = n * t
    assert g.gradient(y, [n, t])[0] is None
    assert g.watched_variables() == (t,)


def test_int_variable_is_watched_but_gets_none():
    i = tf.Variable(3)
    assert i.trainable
    with tf.GradientTape() as g:
        y = i * i
    assert g.watched_variables() == (i,)
    assert g.gradient(y, i) is None


def test_variable_used_in_two_tapes():
    v = tf.Variable(3.0)
    with tf.GradientTape() as outer:
        a = v * 2.0
        with tf.GradientTape() as inner:
            b = v * v
            s = a + b
    assert (outer.gradient(s, v).numpy(), inner.gradient(s, v).numpy()) == (8.0, 6.0)


def test_reads_outside_the_tape_are_not_leaves():
    v = tf.Variable(3.0)
    y = v * v
    with tf.GradientTape() as g:
        z = y * v
    assert g.gradient(z, v).numpy() == 9.0


def test_failed_assignment_changes_nothing():
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as g:
        y = v * v
        with pytest.raises(ValueError, match="Shape mismatch"):
            v.assign([1.0, 2.0, 3.0])
        with pytest.raises(ValueError, match="requested dtype float32 for Tensor with dtype int32"):
            v.assign_add(tf.constant([1, 2]))
        np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])
    np.testing.assert_array_equal(g.gradient(y, v).numpy(), [2.0, 4.0])


def test_failing_custom_gradient_call_undoes_its_assignments():
    """tapejax's failure atomicity (TF keeps the assignment made before the error)."""
    v = tf.Variable(1.0)
    counter = tf.Variable(0.0, trainable=False)

    @tf.custom_gradient
    def f(x):
        counter.assign_add(1.0)
        return x * v, lambda dy: dy  # grad_fn without `variables`: TypeError after the forward

    with pytest.raises(TypeError, match="must accept keyword argument 'variables'"):
        f(tf.constant(2.0))
    assert counter.numpy() == 0.0


def test_variable_gradient_with_many_reads():
    w = tf.Variable(1.5)
    with tf.GradientTape() as g:
        total = tf.constant(0.0)
        for k in range(20):
            total = total + w * float(k)
    assert g.gradient(total, w).numpy() == sum(range(20))
