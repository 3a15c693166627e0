"""NaN and Inf inputs propagate as in TensorFlow, and empty batches (size 0) work for
``jacobian`` and ``batch_jacobian``.

The expected values were observed with TensorFlow 2.21 (CPU) on the same calls.
"""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

inf, nan = np.inf, np.nan

# (id, function, inputs, TF's value, TF's gradient of sum(value) for each input)
_NONFINITE = [
    ("sqrt_at_0", tf.sqrt, [[0.0, 4.0]], [0.0, 2.0], [[inf, 0.25]]),
    ("log_at_0", tf.math.log, [[0.0, 1.0]], [-inf, 0.0], [[inf, 1.0]]),
    ("inf_times_0", lambda x, z: x * z, [[inf, 1.0], [0.0, 0.0]], [nan, 0.0], [[0.0, 0.0], [inf, 1.0]]),
    ("square_of_nan", lambda x: x**2, [[nan, 2.0]], [nan, 4.0], [[nan, 4.0]]),
    ("exp_of_inf", tf.exp, [[inf, -inf]], [inf, 0.0], [[inf, 0.0]]),
    ("relu_of_nan", tf.nn.relu, [[nan, 1.0]], [nan, 1.0], [[0.0, 1.0]]),
    ("tanh_of_inf", tf.tanh, [[inf, -inf]], [1.0, -1.0], [[0.0, 0.0]]),
    ("sigmoid_of_inf", tf.sigmoid, [[inf, -inf]], [1.0, 0.0], [[0.0, 0.0]]),
    ("reciprocal_of_signed_zeros", lambda x: 1.0 / x, [[0.0, -0.0]], [inf, -inf], [[-inf, -inf]]),
    ("softmax_with_inf", tf.nn.softmax, [[inf, 1.0]], [nan, nan], [[nan, nan]]),
    ("abs_of_nan", tf.abs, [[nan, -1.0]], [nan, 1.0], [[nan, -1.0]]),
    ("maximum_with_nan", tf.maximum, [[nan, 1.0], [1.0, nan]], [nan, nan], [[0.0, 0.0], [1.0, 1.0]]),
    ("sum_of_infs", tf.reduce_sum, [[inf, -inf]], nan, [[1.0, 1.0]]),
    ("minimum_with_nan", tf.minimum, [[nan, 1.0], [1.0, nan]], [nan, nan], [[0.0, 0.0], [1.0, 1.0]]),
    ("clip_of_nan", lambda x: tf.clip_by_value(x, 0.0, 2.0), [[nan, 1.0]], [nan, 1.0], [[0.0, 1.0]]),
    # TF: dy * (x == max) / count(x == max); nothing equals NaN, so 0 / 0 for the whole slice.
    ("reduce_max_of_nan", tf.reduce_max, [[nan, 1.0]], nan, [[nan, nan]]),
    ("reduce_max_of_nan_last", tf.reduce_max, [[1.0, nan]], nan, [[nan, nan]]),
    ("reduce_min_of_nan", tf.reduce_min, [[nan, 1.0]], nan, [[nan, nan]]),
    ("reduce_max_of_inf", tf.reduce_max, [[inf, 1.0]], inf, [[1.0, 0.0]]),
    ("reduce_max_of_neg_infs", tf.reduce_max, [[-inf, -inf]], -inf, [[0.5, 0.5]]),
]


@pytest.mark.parametrize(
    ("fn", "inputs", "value", "grads"), [c[1:] for c in _NONFINITE], ids=[c[0] for c in _NONFINITE]
)
def test_nan_and_inf_propagate_as_in_tf(fn, inputs, value, grads):
    xs = [tf.constant(np.array(v, np.float32)) for v in inputs]
    with tf.GradientTape() as tape:
        tape.watch(xs)
        y = fn(*xs)
    got = tape.gradient(y, xs)
    np.testing.assert_array_equal(y.numpy(), np.array(value, np.float32))  # nan == nan here
    for g, want in zip(got, grads, strict=True):
        np.testing.assert_array_equal(g.numpy(), np.array(want, np.float32))


_ROWS = np.array([[nan, 1.0], [2.0, 3.0], [3.0, 3.0]], np.float32)
_WEIGHTS = np.array([1.0, 2.0, 3.0], np.float32)
# (id, reduction of _ROWS, TF's gradient of it)
_ROW_REDUCTIONS = [
    ("max", lambda x: tf.reduce_sum(tf.reduce_max(x, axis=1) * _WEIGHTS), [[nan, nan], [0, 2], [1.5, 1.5]]),
    ("min", lambda x: tf.reduce_sum(tf.reduce_min(x, axis=1) * _WEIGHTS), [[nan, nan], [2, 0], [1.5, 1.5]]),
    ("zero_dy", lambda x: tf.reduce_sum(tf.reduce_max(x, axis=1) * 0.0), [[nan, nan], [0, 0], [0, 0]]),
    (
        "keepdims",
        lambda x: tf.reduce_sum(tf.reduce_max(x, axis=0, keepdims=True)),
        [[nan, 0], [nan, 0.5], [nan, 0.5]],
    ),
]


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "function"])
@pytest.mark.parametrize(
    ("fn", "want"), [c[1:] for c in _ROW_REDUCTIONS], ids=[c[0] for c in _ROW_REDUCTIONS]
)
def test_reduce_max_and_min_of_nan_give_nan_gradients_as_in_tf(fn, want, jit):
    """Only the slices whose extreme is NaN get NaN (also with dy = 0), eagerly and compiled
    (XLA rewrites JAX's own rule into a select that gives 0 there)."""

    def grad(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fn(x)
        return tape.gradient(y, x)

    got = (tf.function(grad) if jit else grad)(tf.constant(_ROWS))
    np.testing.assert_array_equal(got.numpy(), np.array(want, np.float32))


def test_forward_mode_reduce_max_of_nan_is_nan_as_in_tf():
    x = tf.constant([nan, 1.0])
    for tangent in ([1.0, 0.0], [0.0, 0.0]):
        with tf.autodiff.ForwardAccumulator(x, tf.constant(tangent)) as acc:
            y = tf.reduce_max(x)
        assert np.isnan(acc.jvp(y).numpy())


def _empty_batch_tape():
    x = tf.constant(np.zeros((0, 3), np.float32))
    w = tf.constant(np.arange(6, dtype=np.float32).reshape(3, 2))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, w])
        y = tf.matmul(x, w)
        s = tf.sin(x)
    return tape, x, w, y, s


@pytest.mark.parametrize(
    ("values", "want_max", "want_min"),
    [
        ([nan, 1.0], 1, 1),
        ([1.0, nan], 0, 0),
        ([1.0, nan, 3.0], 2, 0),
        ([nan, nan], 0, 0),
        ([2.0, nan, 1.0], 0, 2),
        ([nan, -inf], 0, 1),
        ([nan, inf], 1, 0),
    ],
)
def test_argmax_and_argmin_skip_nan_as_in_tf(values, want_max, want_min):
    """TF 2.21 (its kernels compare with > and <): a NaN is never picked unless all are NaN."""
    assert int(tf.argmax(values)) == want_max
    assert int(tf.argmin(values)) == want_min
    with tf.GradientTape() as tape:  # deferred under a tape: the same rule, compiled
        x = tf.constant(values)
        tape.watch(x)
        assert int(tf.argmax(x * 1.0)) == want_max


def test_jacobian_of_an_empty_batch():
    """Shapes are target.shape + source.shape, as TF defines them (TF 2.21 computes the first
    and third; for the second it raises a ValueError of its own reshape, a TF bug)."""
    tape, x, w, y, s = _empty_batch_tape()
    assert tape.jacobian(y, x).shape == (0, 2, 0, 3)
    assert tape.jacobian(y, w).shape == (0, 2, 3, 2)
    assert tape.jacobian(s, x).shape == (0, 3, 0, 3)
    np.testing.assert_array_equal(tape.gradient(y, w).numpy(), np.zeros((3, 2)))


def test_batch_jacobian_of_an_empty_batch():
    """Shapes are [batch] + target dims + source dims, TF's definition (TF 2.21 raises a
    ZeroDivisionError here, with or without pfor)."""
    tape, x, w, y, s = _empty_batch_tape()
    assert tape.batch_jacobian(y, x).shape == (0, 2, 3)
    assert tape.batch_jacobian(s, x).shape == (0, 3, 3)
    assert tape.batch_jacobian(y, x, experimental_use_pfor=False).shape == (0, 2, 3)
