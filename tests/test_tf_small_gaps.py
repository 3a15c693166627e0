"""Small API gaps of issue 14: tf.as_dtype with TF's DataType enum codes, tf.control_dependencies,
tf.nest's type checks. Expected values and messages are TF 2.21's."""

from __future__ import annotations

import collections

import pytest

import tapejax as tf

# TF 2.21: tf.as_dtype(code).name for its DataType enum codes.
ENUMS = {
    1: "float32",
    2: "float64",
    3: "int32",
    9: "int64",
    10: "bool",
    14: "bfloat16",
    4: "uint8",
    5: "int16",
    6: "int8",
    17: "uint16",
    19: "float16",
    23: "uint64",
    8: "complex64",
    18: "complex128",
    22: "uint32",
}


@pytest.mark.parametrize("code, name", sorted(ENUMS.items()))
def test_as_dtype_of_an_enum_code(code, name):
    dtype = tf.as_dtype(code)
    assert dtype.name == name and dtype.as_datatype_enum == code


def test_as_dtype_of_an_unknown_code():
    message = r"^Cannot convert the argument `type_value`: 1000 to a TensorFlow DType\."
    with pytest.raises(TypeError, match=message):
        tf.as_dtype(1000)


def test_control_dependencies_keeps_the_assignment_in_a_function():
    v = tf.Variable(1.0)

    @tf.function
    def step():
        with tf.control_dependencies([v.assign_add(1.0)]):
            return tf.identity(v) * 1.0

    assert float(step()) == 2.0 and float(v) == 2.0  # TF 2.21
    assert float(step()) == 3.0 and float(v) == 3.0


def test_control_dependencies_eagerly_and_with_none():
    v = tf.Variable(1.0)
    with tf.control_dependencies([v.assign_add(1.0)]):
        y = v * 2.0
    assert float(y) == 4.0
    with tf.control_dependencies(None):
        assert float(tf.constant(1.0)) == 1.0


A = collections.namedtuple("A", "x y")
B = collections.namedtuple("B", "x y")


@pytest.mark.parametrize(
    "first, second, specifically",
    [
        (
            (1, 2),
            [1, 2],
            "First structure type=tuple str=(1, 2) has type tuple, while second structure "
            "type=list str=[1, 2] has type list",
        ),
        (
            A(1, 2),
            B(1, 2),
            "First structure type=A str=A(x=1, y=2) has type A, while second structure "
            "type=B str=B(x=1, y=2) has type B",
        ),
        (
            {"a": 1},
            [1],
            "First structure type=dict str={'a': 1} has type dict, while second structure "
            "type=list str=[1] has type list",
        ),
    ],
)
def test_nest_type_checks(first, second, specifically):
    with pytest.raises(TypeError) as info:
        tf.nest.assert_same_structure(first, second)
    # TF 2.21's message, up to its drawing of the entire structures.
    assert str(info.value).startswith(
        f"The two structures don't have the same nested structure.\n\nFirst structure: type="
        f"{type(first).__name__} str={first}\n\nSecond structure: type={type(second).__name__} "
        f"str={second}\n\nMore specifically: The two namedtuples don't have the same sequence type. "
        + specifically
    )
    if not isinstance(first, dict):
        tf.nest.assert_same_structure(first, second, check_types=False)
