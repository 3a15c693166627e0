"""tf.debugging (tapejax/debugging.py): eager checks with TF's InvalidArgumentError."""

import pytest

import tapejax as tf
from tapejax.errors import InvalidArgumentError


def test_checks_pass_values_through():
    tf.debugging.assert_near(tf.constant([1.0, 2.0]), [1.0 + 1e-7, 2.0])
    tf.debugging.assert_equal(tf.constant([1, 2]), [1, 2])
    x = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        y = tf.debugging.check_numerics(x * x, "y")
    assert float(tape.gradient(y, x)) == 6.0
    checked = tf.function(lambda v: tf.debugging.assert_all_finite(v * 2, "v"))(tf.constant(1.0))
    assert float(checked) == 2.0  # skipped while traced


def test_failures():
    with pytest.raises(InvalidArgumentError, match=r"x and y not equal to tolerance rtol = 0.001, atol = "
                                                   r".*tf.debugging.assert_near compares elementwise"):
        tf.debugging.assert_near(tf.constant(1.0), tf.constant(1.1), rtol=1e-3)
    with pytest.raises(InvalidArgumentError, match=r"Condition x == y did not hold. x = 1, y = 2. "):
        tf.debugging.assert_equal(tf.constant(1), tf.constant(2))
    with pytest.raises(InvalidArgumentError, match=r"bad : Tensor had NaN values. tf.debugging"):
        tf.debugging.check_numerics(tf.constant([1.0, float("nan")]), "bad")
    with pytest.raises(InvalidArgumentError, match=r"inf : Tensor had Inf values"):
        tf.debugging.assert_all_finite(tf.constant([float("inf")]), "inf")
