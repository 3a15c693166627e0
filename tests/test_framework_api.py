"""TF's framework-level top-level names: ``executing_eagerly``, ``inside_function``,
``no_op``, ``group``, ``tuple``, ``identity_n``, ``timestamp``, ``case``, the gradient
registry (``RegisterGradient``, ``no_gradient``, consulted by ``jax_op``) and
``grad_pass_through``.

Expected values, gradients and messages were observed with TensorFlow 2.21 (CPU) and are
stored as literals.
"""

from __future__ import annotations

import time

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from op_checks import check_many, tape_grad

import tapejax as tf
from tapejax.errors import InvalidArgumentError


def test_execution_mode_as_tf():
    seen = []

    @tf.function
    def f():
        seen.append((tf.executing_eagerly(), tf.inside_function()))
        with tf.init_scope():
            seen.append((tf.executing_eagerly(), tf.inside_function()))
        return tf.constant(1.0)

    f()
    # TF 2.21: eager (True, False); traced (False, True); in its init_scope (True, True).
    assert (tf.executing_eagerly(), tf.inside_function()) == (True, False)
    assert seen == [(False, True), (True, True)]
    tf.config.run_functions_eagerly(True)
    try:
        seen.clear()
        tf.function(lambda: seen.append((tf.executing_eagerly(), tf.inside_function())))()
        assert seen == [(True, False)]  # TF 2.21
    finally:
        tf.config.run_functions_eagerly(False)


def test_grouping_ops_as_tf():
    a, b = tf.constant(1.0), tf.constant([2, 3])
    assert tf.no_op() is None and tf.group(a, [b]) is None and tf.group() is None
    assert tf.group(1, foo=2) is None  # TF checks nothing eagerly
    assert tf.tuple([a, None])[1] is None and tf.tuple([1.0, 2]) == [1.0, 2]  # eagerly: as given

    @tf.function
    def f(x):
        assert tf.group(x * 2) is None and tf.no_op() is None
        out = tf.tuple([x, x * 2], control_inputs=[x])
        with pytest.raises(ValueError, match="^Unknown keyword arguments: foo$"):
            tf.group(x, foo=1)
        with pytest.raises(
            TypeError, match=r"^'inputs' should be zero or more \(nested\) Tensors. Received '1'"
        ):
            tf.group(1)
        with pytest.raises(
            TypeError, match="^'control_inputs' must only contain Operation or Tensor. Received"
        ):
            tf.tuple([x], control_inputs=[1])
        return out

    assert [t.numpy() for t in f(tf.constant(1.0))] == [1.0, 2.0]


def test_identity_n_as_tf():
    out = tf.identity_n([1.0, [2, 3]])
    assert [t.dtype for t in out] == [tf.float32, tf.int32] and out[1].numpy().tolist() == [2, 3]
    assert [t.numpy() for t in tf.identity_n(tf.constant([1.0, 2.0]))] == [1.0, 2.0]  # rows, as TF
    x = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        p, q = tf.identity_n([x * x, x * 3])
        y = p + q * q
    assert tape.gradient(y, x).numpy() == 40.0  # TF 2.21
    with pytest.raises(InvalidArgumentError, match="^Length for attr 'T' of 0 must be at least minimum 1"):
        tf.identity_n([])
    with pytest.raises(TypeError, match="'float' object is not iterable"):
        tf.identity_n(5.0)
    check_many([(lambda v: tf.identity_n([v * v, v])[0] * 3.0, lambda v: v * v * 3.0)], np.array([0.5, -2.0]))
    assert tf.function(lambda v: tf.identity_n([v, v + 1])[1])(tf.constant(1.0)).numpy() == 2.0


def test_timestamp_reads_the_clock_when_it_runs():
    before = time.time()
    t = tf.timestamp()
    assert t.dtype == tf.float64 and t.shape == [] and before <= float(t) <= time.time()
    compiled = tf.function(tf.timestamp)
    first = float(compiled())
    time.sleep(0.01)
    assert float(compiled()) >= first + 0.005  # read at each call, not at the trace
    assert abs(float(jax.jit(lambda: tf.timestamp()._value)()) - time.time()) < 60


X = tf.constant(2.0)


def _gradient_inside_function(f):
    """A tf.function taking the tape gradient of ``f`` inside its trace."""

    @tf.function
    def gradient(v):
        with tf.GradientTape() as tape:
            tape.watch(v)
            y = f(v)
        return tape.gradient(y, v)

    return gradient


def test_case_as_tf():
    pairs = [(X > 1, lambda: X * 10), (X > 0, lambda: X * 100)]
    assert tf.case(pairs, default=lambda: X).numpy() == 20.0
    assert tf.case([(X > 5, lambda: X * 10)], default=lambda: X).numpy() == 2.0
    with pytest.raises(TypeError, match="^Tensor is unhashable"):  # TF 2.21 too
        tf.case({X > 1: lambda: X * 3})
    out = tf.case([(X > 1, lambda: (X, 1))], default=lambda: (X, 1))
    assert out[0].numpy() == 2.0 and out[1] == 1
    with pytest.raises(
        InvalidArgumentError,
        match=r"^Expected 'tf.Tensor\(False, shape=\(\), dtype=bool\)' to be true. Summarized data: "
        r"b'Input error: exclusive=True: more than 1 conditions \(\?, \?\) evaluated as True:'\nTrue, True$",
    ):
        tf.case(pairs, default=lambda: X, exclusive=True)
    with pytest.raises(
        InvalidArgumentError,
        match=r"Summarized data: b'Input error: None of conditions evaluated as True:'\nFalse$",
    ):
        tf.case([(X > 5, lambda: X * 10)])


def test_case_bad_arguments_as_tf():
    with pytest.raises(ValueError, match=r"^not enough values to unpack \(expected 2, got 0\)"):
        tf.case([])
    with pytest.raises(ValueError, match=r"^not enough values to unpack \(expected 2, got 0\)"):
        tf.case([], default=lambda: X)
    with pytest.raises(TypeError, match="^pred must be a Tensor, got: 1$"):
        tf.case([(1, lambda: X)])
    with pytest.raises(TypeError, match="^pred must be Tensor of type bool"):
        tf.case([(X, lambda: X)])
    with pytest.raises(TypeError, match="^fn for pred 0 must be callable."):
        tf.case([(X > 1, X)])
    with pytest.raises(TypeError, match=r"^Each entry in 'pred_fn_pairs' must be a 2-tuple. Received True."):
        tf.case([X > 1])
    with pytest.raises(
        TypeError, match=r"^'pred_fn_pairs' must be a list, tuple, or dict. Received: <class 'int'>"
    ):
        tf.case(5)
    with pytest.raises(TypeError, match="^'false_fn' must be callable."):
        tf.case([(X > 1, lambda: X)], default=5)


def test_case_traced_and_differentiated_as_tf():
    @tf.function
    def f(x):
        pairs = [(x > 1, lambda: x * 10), (x > 0, lambda: x * 100)]
        return tf.case(pairs, default=lambda: x, exclusive=True)

    assert f(tf.constant(0.5)).numpy() == 50.0 and f(tf.constant(-0.5)).numpy() == -0.5
    with pytest.raises(
        InvalidArgumentError,
        match=r"^assertion failed: \[Input error: exclusive=True: more than 1 conditions \(\?, \?\) "
        r"evaluated as True:\] \[1 1\]",
    ):
        f(tf.constant(2.0))
    with pytest.raises(
        InvalidArgumentError,
        match=r"^assertion failed: \[Input error: None of conditions evaluated as True:\] \[0\]",
    ):
        tf.function(lambda x: tf.case([(x > 1, lambda: x * 10)]))(tf.constant(-0.5))

    def branches(v):
        return tf.case([(v > 1, lambda: v * v), (v > 0, lambda: v * 100)], default=lambda: v)

    assert [tape_grad(branches, c, jit=False)[0] for c in (2.0, 0.5, -1.0)] == [4.0, 100.0, 1.0]  # TF 2.21

    inner = _gradient_inside_function(branches)
    assert [inner(tf.constant(c)).numpy() for c in (2.0, 0.5, -1.0)] == [4.0, 100.0, 1.0]


def test_grad_pass_through_as_tf():
    x, z = tf.Variable(1.0), tf.Variable(3.0)
    with tf.GradientTape(persistent=True) as tape:
        y = tf.grad_pass_through(x.assign)(z**2)
        w = tf.grad_pass_through(tf.round)(z * 1.7)
        u = tf.grad_pass_through(lambda a: a**2)(x)
    # TF 2.21: 9.0 and x assigned; dy/dz 6.0; round passes 1.7; u = 81 with du/dx = 1.
    assert (y.numpy(), x.numpy(), tape.gradient(y, z).numpy()) == (9.0, 9.0, 6.0)
    assert np.isclose(tape.gradient(w, z).numpy(), 1.7)
    assert (u.numpy(), tape.gradient(u, x).numpy()) == (81.0, 1.0)
    with tf.GradientTape() as tape:
        y = tf.grad_pass_through(lambda a: a * z)(x)
    gx, gz = tape.gradient(y, [x, z])
    assert gx.numpy() == 1.0 and gz is None  # TF 2.21: no gradient for a Variable read inside

    def straight_through(v):  # JAX's spelling of the same gradient
        return (v + jax.lax.stop_gradient(jnp.round(v) - v)) * v

    check_many([(lambda v: tf.grad_pass_through(tf.round)(v) * v, straight_through)], [0.3, 1.6], fd=False)
    with pytest.raises(
        ValueError, match="^custom_gradient function expected to return 1 gradients, but returned 2"
    ):
        tf.grad_pass_through(lambda a: [a, a * 2])(tf.constant(1.0))
    compiled = tf.function(tf.grad_pass_through(tf.round))
    assert compiled(tf.constant(1.7)).numpy() == 2.0
    acc_x = tf.constant(0.4)
    with tf.autodiff.ForwardAccumulator(acc_x, tf.constant(1.0)) as acc:
        y = tf.grad_pass_through(tf.round)(acc_x * 3.0)
    assert acc.jvp(y).numpy() == 3.0


def test_registered_gradient_is_the_jax_ops_gradient():
    @tf.RegisterGradient("TestClippedSquare")
    def _grad(op, grad):
        assert op.type == "TestClippedSquare" and len(op.inputs) == 1 and len(op.outputs) == 1
        return tf.clip_by_value(grad * 2.0 * op.inputs[0], -1.0, 1.0)

    square = tf.experimental.jax_op(jnp.square, name="TestClippedSquare")
    x = tf.constant([0.1, 3.0])
    assert tape_grad(square, x, jit=False)[0].tolist() == pytest.approx([0.2, 1.0])
    assert tape_grad(square, x)[0].tolist() == pytest.approx([0.2, 1.0])

    assert _gradient_inside_function(square)(x).numpy().tolist() == pytest.approx([0.2, 1.0])
    tf.no_gradient("TestNoGradient")
    blocked = tf.experimental.jax_op(jnp.square, name="TestNoGradient")
    assert tape_grad(blocked, x, jit=False) == [None]
    plain = tf.experimental.jax_op(jnp.square, name="TestUnregistered")
    assert tape_grad(plain, x)[0].tolist() == pytest.approx([0.2, 6.0])


def test_registry_errors_as_tf():
    @tf.RegisterGradient("TestTwice")
    def _grad(op, grad):
        return grad

    with pytest.raises(
        KeyError, match=r"Registering two gradient with name 'TestTwice'! \(Previous registration was in"
    ):
        tf.RegisterGradient("TestTwice")(_grad)
    with pytest.raises(KeyError, match="Registering two gradient with name 'TestTwice'!"):
        tf.no_gradient("TestTwice")
    with pytest.raises(KeyError, match="Registering two gradient with name 'AddV2'! .*tapejax's own op"):
        tf.RegisterGradient("AddV2")(_grad)
    with pytest.raises(TypeError, match="^op_type must be a string$"):
        tf.RegisterGradient(3)
    with pytest.raises(TypeError, match="^op_type must be a string$"):
        tf.no_gradient(3)

    @tf.RegisterGradient("TestWrongCount")
    def _two(op, grad):
        return [grad, grad]

    op = tf.experimental.jax_op(jnp.sin, name="TestWrongCount")
    with pytest.raises(ValueError, match="registered for 'TestWrongCount' returned 2 gradients for 1 inputs"):
        tape_grad(op, tf.constant(1.0), jit=False)
