"""Failure atomicity: an error inside a tape block, inside a custom_gradient's grad_fn, or a
shape error in the middle of a gradient leaves Variables as they were and the per-thread tape
stack consistent, so the next tape records and differentiates as if nothing had happened."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf
from tapejax._core.recording.state import state
from tapejax.errors import InvalidArgumentError


def _model():
    return tf.Variable([[0.5, -1.0], [2.0, 0.25]]), tf.Variable([0.1, -0.2])


def _assert_next_tape_works(w, b):
    """A fresh training step records and differentiates correctly (checked against jax.grad)."""
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415

    assert state.recorders == []
    x = np.array([[1.0, 2.0]], np.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.tanh(x @ w + b))
    assert len(tape.watched_variables()) == 2
    got = tape.gradient(loss, [w, b])
    want = jax.grad(lambda w_, b_: jnp.sum(jnp.tanh(x @ w_ + b_)), argnums=(0, 1))(w.numpy(), b.numpy())
    for g, r in zip(got, want, strict=True):
        np.testing.assert_allclose(g.numpy(), r, rtol=1e-6)


def _snapshot(*variables):
    return [v.numpy().copy() for v in variables]


def _assert_unchanged(before, *variables):
    for old, v in zip(before, variables, strict=True):
        np.testing.assert_array_equal(v.numpy(), old)


def test_an_exception_inside_a_tape_block():
    w, b = _model()
    before = _snapshot(w, b)
    with pytest.raises(KeyError, match="boom"):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(w * b)
            raise KeyError("boom")
    _assert_unchanged(before, w, b)
    assert state.recorders == []
    # The tape that failed still differentiates what it recorded before the error.
    np.testing.assert_allclose(tape.gradient(y, b).numpy(), np.sum(w.numpy(), axis=0))
    _assert_next_tape_works(w, b)


def test_an_exception_inside_nested_tapes_unwinds_both():
    w, b = _model()
    with tf.GradientTape() as outer:
        with pytest.raises(ValueError, match="inner"):
            with tf.GradientTape() as inner:
                _ = w * w
                raise ValueError("inner")
        assert [r for r in state.recorders if r is inner._tape] == []
        assert outer._tape in state.recorders
        y = tf.reduce_sum(w * w)
    np.testing.assert_allclose(outer.gradient(y, w).numpy(), 2 * w.numpy())
    _assert_next_tape_works(w, b)


def test_an_exception_inside_custom_gradient_grad_fn():
    w, b = _model()
    before = _snapshot(w, b)

    @tf.custom_gradient
    def scaled(x):
        def grad_fn(dy, variables=None):
            b.assign_add([100.0, 100.0])  # a side effect before the failure: undone
            raise RuntimeError("grad_fn failed")

        return x * b, grad_fn

    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(scaled(x))
    with pytest.raises(RuntimeError, match="grad_fn failed"):
        tape.gradient(y, x)
    _assert_unchanged(before, w, b)
    assert state.recorders == []
    _assert_next_tape_works(w, b)


def test_an_exception_inside_custom_gradient_grad_fn_under_an_outer_tape():
    w, b = _model()

    @tf.custom_gradient
    def broken(x):
        return x * x, lambda dy: dy[0]  # indexes a scalar: fails inside the backward pass

    x = tf.constant(3.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = broken(x)
        with pytest.raises(InvalidArgumentError):
            inner.gradient(y, x)
        assert state.recorders == [outer._tape]
        z = x * x * x
    assert outer.gradient(z, x).numpy() == pytest.approx(27.0)
    _assert_next_tape_works(w, b)


def test_a_shape_error_in_the_middle_of_a_gradient():
    w, b = _model()
    before = _snapshot(w, b)
    x = np.ones((3, 2), np.float32)
    with tf.GradientTape(persistent=True) as tape:
        y = x @ w + b
        loss = tf.reduce_sum(y * y)
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[2,2\] vs. \[3,2\]"):
        tape.gradient(y, [w, b], output_gradients=tf.ones([2, 2]))
    _assert_unchanged(before, w, b)
    # The persistent tape is intact: the same call with a right-shaped cotangent works.
    g_w, g_b = tape.gradient(y, [w, b], output_gradients=tf.ones([3, 2]))
    np.testing.assert_allclose(g_w.numpy(), x.T @ np.ones((3, 2)))
    np.testing.assert_allclose(g_b.numpy(), [3.0, 3.0])
    assert tape.gradient(loss, b).shape == (2,)
    _assert_next_tape_works(w, b)


def test_a_failed_training_step_applies_no_update():
    """The error comes after the gradient and before the update: nothing is assigned."""
    w, b = _model()
    before = _snapshot(w, b)
    x = tf.ones([1, 2])
    with pytest.raises(InvalidArgumentError):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(x @ w + b)
        grads = tape.gradient(loss, [w, b])
        updates = [0.1 * g for g in grads] + [tf.ones([3]) + grads[1]]  # a bug: wrong shape
        for v, u in zip([w, b], updates[1:], strict=True):
            v.assign_sub(u)
    _assert_unchanged(before, w, b)
    _assert_next_tape_works(w, b)
