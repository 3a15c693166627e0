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
    # TF 2.21's eager messages (the full texts are checked in tests/test_asserts.py).
    with pytest.raises(
        InvalidArgumentError,
        match=r"b'x and y not equal to tolerance rtol = "
        r"tf.Tensor\(0.001, shape=\(\), dtype=float32\), atol = ",
    ):
        tf.debugging.assert_near(tf.constant(1.0), tf.constant(1.1), rtol=1e-3)
    with pytest.raises(InvalidArgumentError, match=r"^Condition x == y did not hold.\nFirst 1 elements of x"):
        tf.debugging.assert_equal(tf.constant(1), tf.constant(2))
    with pytest.raises(InvalidArgumentError, match=r"bad : Tensor had NaN values. tf.debugging"):
        tf.debugging.check_numerics(tf.constant([1.0, float("nan")]), "bad")
    with pytest.raises(InvalidArgumentError, match=r"inf : Tensor had Inf values"):
        tf.debugging.assert_all_finite(tf.constant([float("inf")]), "inf")


def test_runtime_checks_raise_inside_a_function_and_change_no_variable():
    # TF raises InvalidArgumentError from its graph; tapejax from the checkified compiled call.
    v = tf.Variable(1.0)

    @tf.function
    def numerics(x):
        v.assign_add(1.0)
        return tf.debugging.check_numerics(x, "bad")

    @tf.function
    def gather(x, i):
        v.assign_add(1.0)
        return tf.gather(x, i)

    @tf.function
    def xent(labels, logits):
        return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)

    with pytest.raises(tf.errors.InvalidArgumentError, match="^bad : Tensor had NaN values"):
        numerics(tf.constant([1.0, float("nan")]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="^bad : Tensor had Inf values"):
        numerics(tf.constant([1.0, float("inf")]))
    with pytest.raises(
        tf.errors.InvalidArgumentError, match=r"^indices\[1\] = 5 is not in \[0, 2\) \[Op:GatherV2\]$"
    ):
        gather(tf.constant([1.0, 2.0]), tf.constant([1, 5]))
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"^indices\[1,0\] = -1 is not in \[0, 2\)"):
        gather(tf.constant([1.0, 2.0]), tf.constant([[1], [-1]]))
    with pytest.raises(
        tf.errors.InvalidArgumentError,
        match=(r"^Received a label value of 7 which is outside the valid range of \[0, 3\)\."),
    ):
        xent(tf.constant([0, 7]), tf.zeros([2, 3]))
    assert float(v) == 1.0  # the failed calls wrote nothing back
    assert gather(tf.constant([1.0, 2.0]), tf.constant([1])).numpy().tolist() == [2.0]
    assert float(v) == 2.0
    x = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:  # under a tape (its vjp traces the call): values pass through
        y = tf.reduce_sum(numerics(x * 2.0))
    assert tape.gradient(y, x).numpy().tolist() == [2.0, 2.0]

    @tf.function
    def outer(x):
        return numerics(x) * 2.0  # a nested function's checks run with the outer one

    with pytest.raises(tf.errors.InvalidArgumentError, match="^bad : Tensor had NaN values"):
        outer(tf.constant([float("nan")]))
