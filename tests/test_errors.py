"""Every error of the tape API: TF's exception class and message, and a failed call leaves the
tape as it was.

Messages were observed with TensorFlow 2.21 (CPU); tapejax adds what to do after them.
"""

from __future__ import annotations

import pytest

import tapejax as tf
from tapejax.errors import InvalidArgumentError


def _used_tape():
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
    return g, x, y


@pytest.mark.parametrize("method", ["gradient", "jacobian", "batch_jacobian"])
def test_second_call_on_non_persistent_tape(method):
    x = tf.constant([[1.0, 2.0]])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
    getattr(g, method)(y, x)
    with pytest.raises(
        RuntimeError,
        match=r"A non-persistent GradientTape can only be used to compute "
        r"one set of gradients \(or jacobians\).*persistent=True",
    ):
        getattr(g, method)(y, x)


def test_reentering_an_active_tape():
    with tf.GradientTape() as g:
        with pytest.raises(
            ValueError,
            match="Tape is still recording, This can happen if you try to re-enter an already-active tape",
        ):
            with g:
                pass
        assert g._recording


def test_stop_recording_errors():
    with pytest.raises(RuntimeError, match="Trying to stop recording a tape which is not recording"):
        with tf.GradientTape().stop_recording():
            pass
    g, x, y = _used_tape()
    g.gradient(y, x)
    with pytest.raises(RuntimeError, match="Trying to stop recording a tape which is not recording"):
        with g.stop_recording():
            pass
    exited = tf.GradientTape()
    with exited:
        pass
    with pytest.raises(ValueError, match="Tape is not recording"):
        with exited.stop_recording():
            pass
    with tf.GradientTape() as g:
        with g.stop_recording():
            with pytest.raises(ValueError, match="Tape is not recording"):
                with g.stop_recording():
                    pass
        assert g._recording


def test_reset_outside_the_tape():
    g = tf.GradientTape()
    with pytest.raises(ValueError, match="Tape is not recording"):
        g.reset()
    with g:
        pass
    with pytest.raises(ValueError, match="Tape is not recording"):
        g.reset()


def test_none_or_non_tensor_target_and_sources():
    g, x, y = _used_tape()
    with pytest.raises(
        TypeError,
        match="Argument `target` should be a list or nested structure of "
        "Tensors, Variables or CompositeTensors to be differentiated, "
        "but received None",
    ):
        g.gradient(None, x)
    with pytest.raises(TypeError, match="Argument `target` should be"):
        g.gradient([y, None], x)
    with pytest.raises(TypeError, match="every source must be a Tensor or Variable"):
        g.gradient(y, [x, None])
    # The failed calls did not use the tape up.
    assert g.gradient(y, x).numpy() == 6.0


def test_watching_non_tensors():
    with tf.GradientTape() as g:
        with pytest.raises(
            ValueError, match="Passed in object 1.0 of type 'float', not tf.Tensor or tf.Variable"
        ):
            g.watch(1.0)
        with pytest.raises(ValueError, match="Passed in object None of type 'NoneType'"):
            g.watch([tf.constant(1.0), None])
    with pytest.raises(RuntimeError, match="Call watch\\(\\) inside the tape's `with` block"):
        tf.GradientTape().watch(tf.constant(1.0))


def test_watching_an_int_tensor_warns():
    with tf.GradientTape() as g:
        with pytest.warns(
            UserWarning,
            match=r"The dtype of the watched tensor must be floating \(e.g. "
            r"tf.float32\), got tf.int32",
        ):
            g.watch(tf.constant(1))


@pytest.mark.parametrize("method", ["gradient", "jacobian", "batch_jacobian"])
def test_unknown_unconnected_gradients(method):
    x = tf.constant([[1.0, 2.0]])
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
    with pytest.raises(ValueError, match="Unknown value for unconnected_gradients: 'foo'"):
        getattr(g, method)(y, x, unconnected_gradients="foo")
    with pytest.raises(ValueError, match="Unknown value for unconnected_gradients: 'ZERO'"):
        getattr(g, method)(y, x, unconnected_gradients="ZERO")
    assert getattr(g, method)(y, x) is not None


def test_batch_jacobian_shapes():
    a = tf.ones((2, 3))
    with tf.GradientTape() as g:
        g.watch(a)
        y = tf.ones((3, 3)) * tf.reduce_sum(a)
    with pytest.raises(
        ValueError,
        match=r"Need first dimension of target shape \(\(3, 3\)\) and source "
        r"shape \(\(2, 3\)\) to match\.",
    ):
        g.batch_jacobian(y, a)
    with pytest.raises(ValueError, match=r"Shape \(3,\) must have rank at least 2"):
        g.batch_jacobian(y, tf.ones((3,)))


def test_pfor_off_needs_persistent():
    g, x, y = _used_tape()
    with pytest.raises(
        RuntimeError,
        match="GradientTape must be created with persistent=True to "
        "compute the jacobian with eager execution enabled",
    ):
        g.jacobian(y, x, experimental_use_pfor=False)


def test_persistent_gradient_inside_context_warns():
    x = tf.constant(1.0)
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x
        with pytest.warns(
            UserWarning,
            match="Calling GradientTape.gradient on a persistent tape inside "
            "its context is significantly less efficient",
        ):
            g.gradient(y, x)


def test_output_gradients_errors():
    g, x, y = _used_tape()
    with pytest.raises(ValueError, match=r"Attempt to convert a value \(None\) with an unsupported type"):
        g.gradient([y], x, output_gradients=[None])
    with pytest.raises(
        InvalidArgumentError,
        match=r"cannot compute Mul as input #1\(zero-based\) was "
        r"expected to be a int32 tensor but is a float tensor",
    ):
        g.gradient(y, x, output_gradients=tf.constant(1))
    with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[2\] vs. \[\]"):
        g.gradient(y, x, output_gradients=tf.constant([1.0, 2.0]))


def test_failed_gradient_inside_context_keeps_the_tape_recording():
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
        with pytest.raises(ValueError):
            g.gradient(y, x, unconnected_gradients="bad")
        assert g._recording
        z = y * x  # still recorded
    assert g.gradient(z, x).numpy() == 27.0


def test_failed_custom_gradient_backward_keeps_the_tape_usable():
    @tf.custom_gradient
    def f(a, b):
        return a * b, lambda dy: dy  # one gradient for two inputs

    x, b = tf.constant(2.0), tf.constant(5.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = f(x, b)
        with pytest.raises(
            ValueError,
            match="custom_gradient function expected to return 2 gradients, but returned 1 instead",
        ):
            g.gradient(y, x)
        assert g._recording
    with pytest.raises(ValueError, match="expected to return 2 gradients"):
        g.gradient(y, x)  # TF breaks its tape here (InternalError); tapejax fails the same way again


def test_custom_gradient_errors():
    v = tf.Variable(3.0)

    @tf.custom_gradient
    def no_variables_kwarg(x):
        return x * v, lambda dy: dy

    @tf.custom_gradient
    def wrong_variable_count(x):
        return x * v, lambda dy, variables=None: (dy, [])

    x = tf.constant(2.0)
    with pytest.raises(
        TypeError,
        match="@tf.custom_gradient grad_fn must accept keyword argument "
        "'variables', since function uses variables: \\[<tf.Variable",
    ):
        no_variables_kwarg(x)
    with tf.GradientTape() as g:
        g.watch(x)
        y = wrong_variable_count(x)
    with pytest.raises(
        ValueError, match="Must return gradient for each variable from @custom_gradient grad_fn"
    ):
        g.gradient(y, x)


def test_forward_accumulator_errors():
    x = tf.constant(1.0)
    with pytest.raises(ValueError, match="was specified as a primal multiple times"):
        tf.autodiff.ForwardAccumulator([x, x], [tf.constant(1.0), tf.constant(1.0)])
    with pytest.raises(ValueError, match="The two structures don't have the same nested structure"):
        tf.autodiff.ForwardAccumulator([x], [tf.constant(1.0), tf.constant(2.0)])
    acc = tf.autodiff.ForwardAccumulator(x, tf.constant(1.0))
    with acc:
        with pytest.raises(ValueError, match="Accumulator is already recording"):
            with acc:
                pass
    with pytest.raises(ValueError, match="'foo'"):
        acc.jvp(x, unconnected_gradients="foo")


def test_failed_jacobian_of_a_variable_records_nothing():
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as g:
        pass
    with pytest.raises(TypeError, match="every source must be a Tensor or Variable"):
        g.jacobian(v, [None])
    with pytest.raises(ValueError, match="Unknown value for unconnected_gradients"):
        g.batch_jacobian(tf.Variable([[1.0]]), tf.ones((1, 1)), unconnected_gradients="bad")
    assert g.watched_variables() == ()
    assert g.jacobian(v, v).shape == (2, 2)
