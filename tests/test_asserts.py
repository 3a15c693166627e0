"""tf.debugging assertions (tapejax/_ops/assert_ops.py, shape_asserts.py), eagerly and inside
tapejax.function. Every expected message is TF 2.21's, obtained from TensorFlow itself."""

import numpy as np
import pytest

import tapejax as tf
from tapejax._core.values.summarize import summarize
from tapejax.errors import InvalidArgumentError

X = [1.0, -2.0, 3.0]


def _message(fn, *args, error=InvalidArgumentError):
    with pytest.raises(error) as info:
        fn(*args)
    return str(info.value)


# TF 2.21 eager: (call, exception, message)
EAGER = [
    (
        tf.debugging.assert_positive,
        InvalidArgumentError,
        "\nCondition x > 0 did not hold element-wise:\nx (shape=(3,) dtype=float32) = \n['1.0', '-2.0', '3.0']",
    ),
    (
        lambda x: tf.debugging.assert_positive(x, message="hello"),
        InvalidArgumentError,
        "hello.  \nCondition x > 0 did not hold element-wise:\nx (shape=(3,) dtype=float32) = \n"
        "['1.0', '-2.0', '3.0']",
    ),
    (
        tf.debugging.assert_negative,
        InvalidArgumentError,
        "\nCondition x < 0 did not hold element-wise:\nx (shape=(3,) dtype=float32) = \n['1.0', '-2.0', '3.0']",
    ),
    (
        tf.debugging.assert_non_negative,
        InvalidArgumentError,
        "\nCondition x >= 0 did not hold element-wise:\nx "
        "(shape=(3,) dtype=float32) = \n['1.0', '-2.0', '3.0']",
    ),
    (
        tf.debugging.assert_non_positive,
        InvalidArgumentError,  # TF joins two lines here
        "\nCondition x <= 0 did not hold element-wise:x (shape=(3,) dtype=float32) = \n['1.0', '-2.0', '3.0']",
    ),
    (
        lambda x: tf.debugging.assert_positive(-tf.range(10.0)),
        InvalidArgumentError,
        "\nCondition x > 0 did not hold element-wise:\nx (shape=(10,) dtype=float32) = \n"
        "['-0.0', '-1.0', '-2.0', '...']",
    ),
    (
        lambda x: tf.debugging.assert_positive(-tf.range(10.0), summarize=2),
        InvalidArgumentError,
        "\nCondition x > 0 did not hold element-wise:\nx "
        "(shape=(10,) dtype=float32) = \n['-0.0', '-1.0', '...']",
    ),
    (
        lambda x: tf.debugging.assert_positive(-tf.ones([2, 3])),
        InvalidArgumentError,
        "\nCondition x > 0 did not hold element-wise:\nx (shape=(2, 3) dtype=float32) = \n"
        "['-1.0', '-1.0', '-1.0', '...']",
    ),
    (
        lambda x: tf.debugging.assert_positive(tf.constant([1, -2])),
        InvalidArgumentError,
        "\nCondition x > 0 did not hold element-wise:\nx (shape=(2,) dtype=int32) = \n['1', '-2']",
    ),
    (
        lambda x: tf.debugging.assert_equal(x, tf.constant([1.0, 2.0, 3.0])),
        InvalidArgumentError,
        "Condition x == y did not hold.\nIndices of first 1 different values:\n[[1]]\nCorresponding x values:\n"
        "[-2.]\nCorresponding y values:\n[2.]\nFirst 3 elements of x:\n[ 1. -2.  3.]\nFirst 3 elements of y:\n"
        "[1. 2. 3.]",
    ),
    (
        lambda x: tf.debugging.assert_equal(tf.constant(1), tf.constant(2), message="m"),
        InvalidArgumentError,
        "m\nCondition x == y did not hold.\nFirst 1 elements of x:\n[1]\nFirst 1 elements of y:\n[2]",
    ),
    (
        lambda x: tf.debugging.assert_equal([1, 2], [1, 3]),
        InvalidArgumentError,
        "Condition x == y did not hold.\nIndices of first 1 different values:\n[[1]]\nCorresponding x values:\n"
        "[2]\nCorresponding y values:\n[3]\nFirst 2 elements of x:\n[1 2]\nFirst 2 elements of y:\n[1 3]",
    ),
    (
        lambda x: tf.debugging.assert_equal(tf.range(10), tf.range(10) * 0, summarize=2),
        InvalidArgumentError,
        "Condition x == y did not hold.\nIndices of first 2 different values:\n[[1]\n [2]]\nCorresponding x "
        "values:\n[1 2]\nCorresponding y values:\n[0 0]\nFirst 2 elements of x:\n[0 1]\nFirst 2 elements of y:\n"
        "[0 0]",
    ),
    (
        lambda x: tf.debugging.assert_equal(tf.reshape(tf.range(6), [2, 3]), tf.zeros([2, 3], tf.int32)),
        InvalidArgumentError,
        "Condition x == y did not hold.\nIndices of first 3 different values:\n[[0 1]\n [0 2]\n [1 0]]\n"
        "Corresponding x values:\n[1 2 3]\nCorresponding y values:\n[0 0 0]\nFirst 3 elements of x:\n[0 1 2]\n"
        "First 3 elements of y:\n[0 0 0]",
    ),
    (
        lambda x: tf.debugging.assert_none_equal(x, tf.constant([1.0, 2.0, 4.0])),
        InvalidArgumentError,
        "Condition x != y did not hold.\nIndices of first 1 different values:\n[[0]]\nCorresponding x values:\n"
        "[1.]\nCorresponding y values:\n[1.]\nFirst 3 elements of x:\n[ 1. -2.  3.]\nFirst 3 elements of y:\n"
        "[1. 2. 4.]",
    ),
    (
        lambda x: tf.debugging.assert_less(x, tf.constant([2.0, 2.0, 2.0])),
        InvalidArgumentError,
        "Condition x < y did not hold.\nIndices of first 1 different values:\n[[2]]\nCorresponding x values:\n"
        "[3.]\nCorresponding y values:\n[2.]\nFirst 3 elements of x:\n[ 1. -2.  3.]\nFirst 3 elements of y:\n"
        "[2. 2. 2.]",
    ),
    (
        lambda x: tf.debugging.assert_greater(x, tf.constant([0.0, 0.0, 0.0])),
        InvalidArgumentError,
        "Condition x > y did not hold.\nIndices of first 1 different values:\n[[1]]\nCorresponding x values:\n"
        "[-2.]\nCorresponding y values:\n[0.]\nFirst 3 elements of x:\n[ 1. -2.  3.]\nFirst 3 elements of y:\n"
        "[0. 0. 0.]",
    ),
    (
        lambda x: tf.debugging.assert_less_equal(x, 0.0),
        InvalidArgumentError,
        "Condition x <= y did not hold.\nFirst 3 elements of x:\n[ 1. -2.  3.]\nFirst 1 elements of y:\n[0.]",
    ),
    (
        lambda x: tf.debugging.assert_greater_equal(x, 0.0),
        InvalidArgumentError,
        "Condition x >= y did not hold.\nFirst 3 elements of x:\n[ 1. -2.  3.]\nFirst 1 elements of y:\n[0.]",
    ),
    (
        lambda x: tf.assert_less(tf.constant([1, 3]), tf.constant(2)),
        InvalidArgumentError,
        "Condition x < y did not hold.\nFirst 2 elements of x:\n[1 3]\nFirst 1 elements of y:\n[2]",
    ),
    (
        lambda x: tf.debugging.assert_near(tf.constant(1.0), tf.constant(1.1), rtol=1e-3),
        InvalidArgumentError,
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b''\nb'x and y not "
        "equal to tolerance rtol = tf.Tensor(0.001, shape=(), dtype=float32), atol = tf.Tensor(1.1920929e-06, "
        "shape=(), dtype=float32)'\nb'x (shape=() dtype=float32) = "
        "'\n1.0\nb'y (shape=() dtype=float32) = '\n1.1",
    ),
    (
        lambda x: tf.debugging.assert_near(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.1]), message="mm"),
        InvalidArgumentError,
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b'mm.  '\nb'x and y not "
        "equal to tolerance rtol = tf.Tensor(1.1920929e-06, shape=(), dtype=float32), atol = "
        "tf.Tensor(1.1920929e-06, shape=(), dtype=float32)'\nb'x (shape=(2,) dtype=float32) = '\n1.0, 2.0\n"
        "b'y (shape=(2,) dtype=float32) = '\n1.0, 2.1",
    ),
    (
        lambda x: tf.debugging.assert_near(tf.constant([1.0], tf.float64), tf.constant([1.1], tf.float64)),
        InvalidArgumentError,
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: b''\nb'x and y not "
        "equal to tolerance rtol = tf.Tensor(2.220446049250313e-15, shape=(), dtype=float64), atol = "
        "tf.Tensor(2.220446049250313e-15, shape=(), dtype=float64)'\nb'x (shape=(1,) dtype=float64) = '\n1.0\n"
        "b'y (shape=(1,) dtype=float64) = '\n1.1",
    ),
    (
        lambda x: tf.debugging.assert_near(tf.constant([1]), tf.constant([2])),
        ValueError,
        "data type <class 'numpy.int32'> not inexact",
    ),
    (
        lambda x: tf.debugging.Assert(tf.constant(False), [x, "hi", 3]),
        InvalidArgumentError,
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be "
        "true. Summarized data: 1.0, -2.0, 3.0\nb'hi'\n3",
    ),
    (
        lambda x: tf.Assert(False, [tf.range(10)], summarize=3),
        InvalidArgumentError,
        "Expected 'False' to be true. Summarized data: 0, 1, 2, ...",
    ),
    (
        lambda x: tf.debugging.Assert(
            tf.constant(False),
            [tf.reshape(tf.range(6), [2, 3]), tf.constant(2.5), tf.zeros([0])],
            summarize=4,
        ),
        InvalidArgumentError,
        "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. Summarized data: 0, 1, 2, 3, ...\n2.5\n",
    ),
    (
        lambda x: tf.debugging.Assert(
            False, [tf.constant([True, False]), 0.1, tf.constant([0.1], tf.float64)]
        ),
        InvalidArgumentError,
        "Expected 'False' to be true. Summarized data: True, False\n0.1\n0.1",
    ),
    (
        lambda x: tf.debugging.Assert(False, [tf.range(5)], summarize=-1),
        InvalidArgumentError,
        "Expected 'False' to be true. Summarized data: 0, 1, 2, 3, 4",
    ),
    (
        lambda x: tf.debugging.Assert(False, [tf.range(5), tf.constant(2)], summarize=0),
        InvalidArgumentError,
        "Expected 'False' to be true. Summarized data: ...\n",
    ),
    (
        lambda x: tf.debugging.assert_rank(x, 2),
        ValueError,
        "Tensor  must have rank 2.  Received rank 1, shape (3,)",
    ),
    (
        lambda x: tf.assert_rank(x, tf.constant(2), message="mm"),
        ValueError,
        "mm.  Tensor  must have rank 2.  Received rank 1, shape (3,)",
    ),
    (
        lambda x: tf.debugging.assert_rank(x, 1.5),
        TypeError,
        "tensor must be of type tf.int32; got tf.float32",
    ),
    (
        lambda x: tf.debugging.assert_rank_at_least(x, 2),
        ValueError,
        "Tensor  must have rank at least 2.  Received rank 1, shape (3,)",
    ),
    (
        lambda x: tf.debugging.assert_rank_in(x, [0, 2]),
        ValueError,
        "Tensor  must have rank in (0, 2).  Received rank 1, shape (3,)",
    ),
    (
        lambda x: tf.debugging.assert_rank_in(x, (2, 3), message="m"),
        ValueError,
        "m.  Tensor  must have rank in (2, 3).  Received rank 1, shape (3,)",
    ),
    (
        lambda x: tf.debugging.assert_shapes([(x, ("N",)), (tf.zeros([2, 3]), ("N", "D"))]),
        ValueError,
        "Specified by tensor shape=(3,) dtype=float32 dimension 0.  Tensor shape=(2, 3) dtype=float32 "
        "dimension 0 must have size 3.  Received size 2, shape (2, 3)",
    ),
    (
        lambda x: tf.debugging.assert_shapes([(x, ("N", "D"))]),
        ValueError,
        "Tensor  must have rank 2.  Received rank 1, shape (3,)",
    ),
    (
        lambda x: tf.debugging.assert_shapes([(x, ("N", "D"))], message="m"),
        ValueError,
        "m.  Tensor  must have rank 2.  Received rank 1, shape (3,)",
    ),
    (
        lambda x: tf.debugging.assert_shapes([(tf.zeros([2, 3]), (2, 4))]),
        ValueError,
        "Specified explicitly.  Tensor shape=(2, 3) dtype=float32 "
        "dimension 1 must have size 4.  Received size 3, "
        "shape (2, 3)",
    ),
    (
        lambda x: tf.debugging.assert_shapes([(tf.zeros([2]), ())]),
        ValueError,
        "Specified explicitly.  Tensor shape=(2,) dtype=float32 dimension 0 must have size 1.  Received size 2, "
        "shape (2,)",
    ),
    (
        lambda x: tf.debugging.assert_shapes([(x, (1,))]),
        ValueError,
        "Specified explicitly.  Tensor shape=(3,) dtype=float32 dimension 0 must have size 1.  Received size 3, "
        "shape (3,)",
    ),
    (
        lambda x: tf.debugging.assert_shapes([(tf.zeros([2, 3, 4]), (..., "N")), (tf.zeros([5]), ("N",))]),
        ValueError,
        "Specified by tensor shape=(2, 3, 4) dtype=float32 dimension -1.  Tensor shape=(5,) dtype=float32 "
        "dimension 0 must have size 4.  Received size 5, shape (5,)",
    ),
    (
        lambda x: tf.debugging.assert_type(x, tf.int32),
        TypeError,
        "tensor must be of type tf.int32; got tf.float32",
    ),
    (
        lambda x: tf.debugging.assert_type(x, tf.int32, message="mm"),
        TypeError,
        "mm.  tensor must be of type tf.int32; got tf.float32",
    ),
    (
        tf.debugging.assert_integer,
        TypeError,
        "Expected \"x\" to be integer type.  Found: tensor of dtype <dtype: 'float32'>",
    ),
    (
        lambda x: tf.debugging.assert_integer(tf.constant([True]), message="mm"),
        TypeError,
        "mm.  Expected \"x\" to be integer type.  Found: tensor of dtype <dtype: 'bool'>",
    ),
    (tf.debugging.assert_scalar, ValueError, "Expected scalar shape, saw shape: (3,)."),
    (
        lambda x: tf.debugging.assert_scalar(x, message="mm"),
        ValueError,
        "mm.  Expected scalar shape, saw shape: (3,).",
    ),
]


@pytest.mark.parametrize("case", range(len(EAGER)))
def test_eager_failures_have_tfs_messages(case):
    call, error, expected = EAGER[case]
    with pytest.raises(error) as info:
        call(tf.constant(X))
    assert str(info.value) == expected


def test_eager_passes_return_none():
    x = tf.constant([1.0, 2.0])
    for result in [
        tf.debugging.assert_positive(x),
        tf.debugging.assert_non_negative(tf.zeros([2])),
        tf.debugging.assert_negative(-x),
        tf.debugging.assert_non_positive(tf.zeros([2])),
        tf.debugging.assert_positive(tf.zeros([0])),
        tf.debugging.assert_equal(x, [1.0, 2.0]),
        tf.debugging.assert_none_equal(x, 0.0),
        tf.debugging.assert_less(x, 3.0),
        tf.debugging.assert_greater(x, 0.0),
        tf.debugging.assert_less_equal(x, 2.0),
        tf.debugging.assert_greater_equal(x, 1.0),
        tf.debugging.assert_near(x, x + 1e-7),
        tf.debugging.assert_rank(x, 1),
        tf.debugging.assert_rank(3.0, 0),
        tf.debugging.assert_rank_at_least(x, 1),
        tf.debugging.assert_rank_in(x, [1, 2]),
        tf.debugging.assert_type(x, tf.float32),
        tf.debugging.assert_integer(tf.constant([1])),
        tf.debugging.assert_scalar(tf.constant(1.0)),
        tf.debugging.assert_shapes(
            [(tf.zeros([2, 3]), ("N", 3)), (tf.zeros([2]), ("N",)), (tf.zeros([1]), ()), (1.0, ())]
        ),
        tf.debugging.Assert(tf.constant(True), [x]),
        tf.Assert(True, ["ok"]),
    ]:
        assert result is None
    # assert_near is a strict comparison, as TF's: equal values fail with zero tolerances
    with pytest.raises(InvalidArgumentError):
        tf.debugging.assert_near(x, x, rtol=0.0, atol=0.0)
    with pytest.raises(ValueError, match="^The truth value of an array with more than one element"):
        tf.debugging.Assert(tf.constant([True, False]), [1])  # TF's (numpy's) error too


def test_is_numeric_tensor():
    assert tf.debugging.is_numeric_tensor(tf.constant([1.0])) is True
    assert tf.debugging.is_numeric_tensor(tf.constant([1])) is True
    assert tf.debugging.is_numeric_tensor(tf.constant([True])) is False
    assert tf.debugging.is_numeric_tensor([1.0]) is False  # not a Tensor (TF: False)


def test_top_level_aliases_are_tfs():
    # TF 2.21: [n for n in dir(tf) if n.startswith("assert") or n == "Assert"]
    names = ["Assert", "assert_equal", "assert_greater", "assert_less", "assert_rank"]
    assert sorted(n for n in dir(tf) if n.startswith("assert") or n == "Assert") == names
    assert all(getattr(tf, n) is getattr(tf.debugging, n) for n in names)


def _fn(body):
    return tf.function(body)


# TF 2.21 inside tf.function: the text of the InvalidArgumentError after its "Graph execution
# error ... " preamble, i.e. the Assert op's own message (tapejax raises just that).
IN_FUNCTION = [
    (
        tf.debugging.assert_positive,
        "assertion failed: [] [Condition x > 0 did not hold element-wise:] [x (x:0) = ] [1 -2 3]",
    ),
    (
        lambda x: tf.debugging.assert_positive(x, message="hello"),
        "assertion failed: [hello.  ] [Condition x > 0 did not hold element-wise:] [x (x:0) = ] [1 -2 3]",
    ),
    (
        lambda x: tf.debugging.assert_equal(x, 1.0, message="mm", summarize=2),
        "assertion failed: [mm] [Condition x == y did not hold element-wise:] [x (x:0) = ] [1 -2...] "
        "[y (assert_equal/y:0) = ] [1]",
    ),  # TF: assert_equal_1/y:0 (a name made unique)
    (
        lambda x: tf.debugging.Assert(tf.reduce_all(x > 0), [x, "hi {b}", 3]),
        "assertion failed: [1 -2 3] [hi {b}] [3]",
    ),
    (lambda x: tf.debugging.Assert(False, ["static", x]), "assertion failed: [static] [1 -2 3]"),
    (lambda x: tf.debugging.Assert(x[0] < 0, [tf.range(10), x]), "assertion failed: [0 1 2...] [1 -2 3]"),
    (
        lambda x: tf.debugging.Assert(x[0] < 0, [tf.range(10)], summarize=5),
        "assertion failed: [0 1 2 3 4...]",
    ),
    (
        lambda x: tf.debugging.Assert(x[0] < 0, [tf.reshape(x, [3, 1]) * 2.0]),
        "assertion failed: [[2][-4][6]]",
    ),
]


@pytest.mark.parametrize("case", range(len(IN_FUNCTION)))
def test_failures_inside_a_function_have_tfs_messages(case):
    body, expected = IN_FUNCTION[case]
    with pytest.raises(InvalidArgumentError) as info:
        _fn(body)(tf.constant(X))
    assert str(info.value) == expected


def test_passing_checks_inside_a_function():
    @tf.function
    def f(x):
        tf.debugging.assert_positive(x)
        tf.debugging.assert_equal(x, x)
        tf.debugging.assert_less(x, 4.0)
        tf.debugging.Assert(tf.reduce_all(x > 0), [x])
        return x + 1.0

    assert f(tf.constant([1.0, 2.0, 3.0])).numpy().tolist() == [2.0, 3.0, 4.0]
    assert _message(f, tf.constant([1.0, 5.0])).startswith("assertion failed: [Condition x < y")


def test_assert_near_inside_a_function():
    @tf.function
    def near(x, y):
        tf.debugging.assert_near(x, y)
        return x

    # TF 2.21's message; y is the argument y, so TF and tapejax name it y:0.
    assert _message(near, tf.constant(X), tf.constant([1.0, 2.0, 3.0])) == (
        'assertion failed: [] [x and y not equal to tolerance rtol = Tensor("assert_near/rtol:0", shape=(), '
        'dtype=float32), atol = Tensor("assert_near/atol:0", shape=(), dtype=float32)] [x (x:0) = ] [1 -2 3] '
        "[y (y:0) = ] [1 2 3]"
    )
    assert float(near(tf.constant(1.0), tf.constant(1.0 + 1e-7))) == 1.0


def test_static_checks_raise_when_traced_with_graph_names():
    x = tf.constant(X)
    for body, error, expected in [
        (
            lambda x: tf.debugging.assert_rank(x, 2),
            ValueError,
            "Tensor x:0 must have rank 2.  Received rank 1, shape (3,)",
        ),
        (
            lambda x: tf.debugging.assert_rank_in(x, [2, 3]),
            ValueError,
            "Tensor x:0 must have rank in (2, 3).  Received rank 1, shape (3,)",
        ),
        (
            lambda x: tf.debugging.assert_type(x, tf.int32),
            TypeError,
            "x:0 must be of type tf.int32; got tf.float32",
        ),
        (
            tf.debugging.assert_integer,
            TypeError,
            "Expected \"x\" to be integer type.  Found: x:0 of dtype <dtype: 'float32'>",
        ),
        (
            lambda x: tf.debugging.assert_scalar(x, message=None),
            ValueError,
            "Expected scalar shape for x:0, saw shape: (3,).",
        ),
        (
            lambda x: tf.debugging.assert_shapes([(x, (2,))]),
            ValueError,
            "Specified explicitly.  Tensor x:0 dimension 0 must have size 2.  Received size 3, shape (3,)",
        ),
        # every value known while tracing: TF's static check raises at trace time
        (
            lambda x: tf.debugging.assert_equal(1, 2),
            InvalidArgumentError,
            "Condition x == y did not hold element-wise:\nx "
            "(assert_equal/x:0) = \n1\ny (assert_equal/y:0) = \n2",
        ),
    ]:
        assert _message(_fn(body), x, error=error) == expected


def test_a_failed_call_changes_no_variable_and_a_passing_one_does():
    v = tf.Variable(1.0)

    @tf.function
    def step(x):
        v.assign_add(1.0)
        tf.debugging.assert_positive(x)
        tf.debugging.assert_less(x, 10.0)
        return x * 2.0

    with pytest.raises(InvalidArgumentError, match=r"^assertion failed: \[\] \[Condition x > 0"):
        step(tf.constant(X))
    with pytest.raises(InvalidArgumentError, match=r"^assertion failed: \[Condition x < y did not hold"):
        step(tf.constant([11.0]))
    assert float(v) == 1.0  # TF writes 2.0 here (its assign ran before the failed Assert); see README
    assert step(tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 4.0]
    assert float(v) == 2.0


def test_assert_under_control_dependencies():
    @tf.function
    def checked(x):
        with tf.control_dependencies([tf.debugging.Assert(tf.reduce_all(x > 0), ["neg", x])]):
            return tf.identity(x)

    # TF 2.21: "assertion failed: [neg] [1 -2 3]"
    assert _message(checked, tf.constant(X)) == "assertion failed: [neg] [1 -2 3]"
    assert checked(tf.constant([2.0])).numpy().tolist() == [2.0]
    with tf.control_dependencies([tf.debugging.assert_positive(tf.constant(1.0))]):  # eagerly: None
        assert float(tf.identity(tf.constant(3.0))) == 3.0


def test_gradients_flow_around_asserts():
    x = tf.Variable([1.0, 2.0])

    @tf.function
    def loss():
        tf.debugging.assert_positive(x)
        return tf.reduce_sum(x * x)

    with tf.GradientTape() as tape:
        y = loss()
    assert tape.gradient(y, x).numpy().tolist() == [2.0, 4.0]


def test_summarize_is_tfs_summarize_value():
    # TF 2.21's Assert texts (inside [ ]) of these tensors, summarize as given.
    cases = [
        (
            np.array([1.5, 1e-7, 0.1, 123456789.0, -0.0, np.nan, np.inf], np.float32),
            10,
            "1.5 1e-07 0.1 123456792 -0 nan inf",
        ),
        (np.array([0.1, 1 / 3]), 3, "0.1 0.33333333333333331"),
        (np.ones([2, 3], np.float32), 3, "[1 1 1]..."),
        (np.arange(6).reshape(2, 3), 10, "[0 1 2][3 4 5]"),
        (np.arange(24).reshape(2, 3, 4), 5, "[[0 1 2 3][4...]]..."),
        (np.arange(6).reshape(2, 3), -1, "[0 1 2][3 4 5]"),
        (np.float32(2.5), 3, "2.5"),
        (np.zeros([0]), 3, ""),
        (np.zeros([2, 0]), 3, ""),
        (np.array([True, False]), 3, "1 0"),
        (np.array([1.5], np.float16), 3, "1.5"),
        (np.arange(3), 0, "..."),
        (np.arange(10), 3, "0 1 2..."),
        (np.arange(6).reshape(6, 1), 3, "[0][1][2]..."),
    ]
    for value, limit, expected in cases:
        assert summarize(value, limit) == expected


def test_autograph_converts_assert_statements_on_tensors():
    # TF 2.21 converts them with experimental_autograph_options=ASSERT_STATEMENTS (off by
    # default there: TF then raises OperatorNotAllowedInGraphError); these are its messages.
    @tf.function
    def with_message(x):
        assert tf.reduce_all(x > 0), "must be positive"
        return x * 2.0

    @tf.function
    def without_message(x):
        assert tf.reduce_all(x > 0)
        return x

    @tf.function
    def on_python_values(x):
        assert x.shape[0] == 3, "py"
        return x

    with pytest.raises(InvalidArgumentError) as info:
        with_message(tf.constant(X))
    assert str(info.value) == "assertion failed: [must be positive]"
    with pytest.raises(InvalidArgumentError) as info:
        without_message(tf.constant(X))
    assert str(info.value) == "assertion failed: [Assertion error]"
    assert with_message(tf.constant([1.0])).numpy().tolist() == [2.0]
    with pytest.raises(AssertionError, match="^py"):  # a Python assert stays one
        on_python_values(tf.constant([1.0]))
    assert "ag__.assert_stmt(" in tf.autograph.to_code(with_message)
