"""tf.debugging's remaining names (issue 21): check numerics everywhere, traceback filtering,
device-placement logging, assert_proper_iterable, assert_same_float_dtype.

Messages marked TF are TF 2.21's, read in the scratch TF venv."""

from __future__ import annotations

import jax
import numpy as np
import pytest

import tapejax as tf


@pytest.fixture
def numerics_checked():
    tf.debugging.enable_check_numerics()
    yield
    tf.debugging.disable_check_numerics()


def test_check_numerics_everywhere_eagerly(numerics_checked):
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'output 0 of op "Log"') as e:
        tf.math.log(tf.constant([0.0, 1.0, -1.0]))
    assert "# of -Inf elements: 1" in str(e.value) and "# of NaN elements: 1" in str(e.value)
    assert "Tensor had -Inf and NaN values. tf.debugging.enable_check_numerics is on" in str(e.value)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"# of \+Inf elements: 1"):
        tf.constant([1.0]) / 0.0
    # finite outputs, integer ops and constants (not ops, as in TF) pass
    assert tf.math.log(tf.constant([1.0])).numpy().tolist() == [0.0]
    assert tf.constant([1]) // 1 is not None
    assert np.isinf(tf.constant([np.inf]).numpy()).all()


def test_check_numerics_under_a_tape_and_in_functions(numerics_checked):
    x = tf.Variable([0.0, 1.0])
    with tf.GradientTape() as tape:  # a deferring tape still checks each op
        with pytest.raises(tf.errors.InvalidArgumentError, match="Tensor had -Inf values"):
            tf.math.log(x)
        y = tf.reduce_sum(tf.math.exp(x))
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), np.exp([0.0, 1.0]), rtol=1e-6)
    f = tf.function(tf.math.log)  # traced while on: the graph checks when run
    np.testing.assert_allclose(f(tf.constant([2.0])).numpy(), np.log([2.0]), rtol=1e-6)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Tensor had Inf or NaN values"):
        f(tf.constant([0.0]))


def test_check_numerics_off_again():
    tf.debugging.enable_check_numerics()
    tf.debugging.enable_check_numerics()  # idempotent, as TF
    tf.debugging.disable_check_numerics()
    assert tf.math.log(tf.constant([0.0])).numpy()[0] == -np.inf


def test_traceback_filtering_is_jaxs():
    assert tf.debugging.is_traceback_filtering_enabled()  # TF's default too
    before = jax.config.jax_traceback_filtering
    tf.debugging.disable_traceback_filtering()
    try:
        assert not tf.debugging.is_traceback_filtering_enabled()
        assert jax.config.jax_traceback_filtering == "off"
    finally:
        tf.debugging.enable_traceback_filtering()
        jax.config.update("jax_traceback_filtering", before)
    assert tf.debugging.is_traceback_filtering_enabled()


def test_log_device_placement():
    assert tf.debugging.get_log_device_placement() is False
    with pytest.warns(UserWarning, match="tapejax logs no op placements"):
        tf.debugging.set_log_device_placement(True)
    assert tf.debugging.get_log_device_placement() is True
    tf.debugging.set_log_device_placement(False)
    assert tf.debugging.get_log_device_placement() is False


def test_assert_proper_iterable():
    for ok in ([1, 2], (1,), {1: 2}, {1}, iter([1])):
        assert tf.debugging.assert_proper_iterable(ok) is None
    for improper in ("abc", b"abc", np.zeros(3), tf.constant([1.0])):
        # TF: TypeError: Expected argument "values" to be a "proper" iterable.  Found: <class 'str'>
        with pytest.raises(
            TypeError, match='Expected argument "values" to be a "proper" iterable.  Found: <class'
        ):
            tf.debugging.assert_proper_iterable(improper)
    with pytest.raises(
        TypeError, match=r"^Expected argument \"values\" to be iterable.  Found: <class 'int'>$"
    ):
        tf.debugging.assert_proper_iterable(5)


def test_assert_same_float_dtype():
    a, b = tf.constant(1.0), tf.constant(2.0, tf.float64)
    assert tf.debugging.assert_same_float_dtype([a, tf.constant(2.0)]) == tf.float32
    assert tf.debugging.assert_same_float_dtype(None) == tf.float32
    assert tf.debugging.assert_same_float_dtype([]) == tf.float32
    assert tf.debugging.assert_same_float_dtype([], tf.float64) == tf.float64
    assert tf.debugging.assert_same_float_dtype([tf.Variable(1.0, dtype=tf.float16)]) == tf.float16
    tf_messages = [  # TF 2.21's, verbatim
        (
            (a, b, None),
            "tf.Tensor(2.0, shape=(), dtype=float64), type=<dtype: 'float64'>, must be of the same "
            "type (<dtype: 'float32'>) as tf.Tensor(1.0, shape=(), dtype=float32).",
        ),
        (
            (a, None, tf.float64),
            "tf.Tensor(1.0, shape=(), dtype=float32), type=<dtype: 'float32'>, must be of "
            "the same type (<dtype: 'float64'>).",
        ),
    ]
    for (x, y, dtype), message in tf_messages:
        with pytest.raises(ValueError) as e:
            tf.debugging.assert_same_float_dtype([t for t in (x, y) if t is not None], dtype)
        assert str(e.value) == message
    for tensors, dtype in (([tf.constant(1)], None), (None, tf.int32)):
        with pytest.raises(ValueError, match=r"^Expected floating point type, got <dtype: 'int32'>\.$"):
            tf.debugging.assert_same_float_dtype(tensors, dtype)
