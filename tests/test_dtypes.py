"""``tapejax.dtypes``: DType objects spelled, compared and printed as TensorFlow's.

Expected values were observed with TensorFlow 2.21 (CPU).
"""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf


def test_names_and_printing():
    assert [d.name for d in (tf.float32, tf.int64, tf.bool, tf.bfloat16, tf.half, tf.double)] == [
        "float32",
        "int64",
        "bool",
        "bfloat16",
        "float16",
        "float64",
    ]
    assert repr(tf.float32) == "tf.float32" and str(tf.float32) == "<dtype: 'float32'>"
    assert [tf.uint16.name, tf.uint32.name, tf.uint64.name] == ["uint16", "uint32", "uint64"]


def test_equality_and_hashing():
    assert tf.float32 == "float32" and tf.float32 == np.float32 and tf.float32 != tf.float64
    assert (tf.float32 == None) is False and (tf.float32 == "foo") is False  # noqa: E711
    assert {tf.float32: 1}[tf.dtypes.float32] == 1
    assert hash(tf.float32) == hash(tf.as_dtype("float32"))
    assert tf.constant(1.0).dtype == tf.float32 and tf.float32.is_compatible_with("float32")


def test_predicates():
    assert [d.is_floating for d in (tf.float32, tf.bfloat16, tf.int32, tf.complex64, tf.bool)] == [
        True,
        True,
        False,
        False,
        False,
    ]
    assert [d.is_integer for d in (tf.float32, tf.int32, tf.uint8, tf.bool)] == [False, True, True, False]
    assert [d.is_complex for d in (tf.float32, tf.complex64)] == [False, True]
    assert [d.is_unsigned for d in (tf.int32, tf.uint8, tf.float32)] == [False, True, False]
    assert [d.is_bool for d in (tf.bool, tf.int32)] == [True, False]
    assert [d.is_numeric for d in (tf.bool, tf.int32, tf.float32)] == [False, True, True]
    assert not tf.float32.is_quantized


def test_properties():
    assert [tf.int8.min, tf.int8.max, tf.uint8.max] == [-128, 127, 255]
    assert float(tf.float16.max) == 65504.0
    assert [tf.float32.size, tf.int64.size, tf.bool.size, tf.bfloat16.size] == [4, 8, 1, 2]
    assert [tf.complex64.real_dtype, tf.complex128.real_dtype, tf.float32.real_dtype] == [
        tf.float32,
        tf.float64,
        tf.float32,
    ]
    assert tf.float32.base_dtype is tf.float32
    assert tf.float32.as_numpy_dtype is np.float32 and tf.bool.as_numpy_dtype is np.bool_
    assert [tf.float32.as_datatype_enum, tf.int32.as_datatype_enum, tf.bool.as_datatype_enum] == [1, 3, 10]


def test_as_dtype():
    names = ("float32", "float", "double", "half", "int32", "bool", "complex64", "uint8")
    assert [tf.as_dtype(n) for n in names] == [
        tf.float32,
        tf.float32,
        tf.float64,
        tf.float16,
        tf.int32,
        tf.bool,
        tf.complex64,
        tf.uint8,
    ]
    assert [tf.as_dtype(v) for v in (np.float32, np.dtype("int64"), np.bool_, float, bool)] == [
        tf.float32,
        tf.int64,
        tf.bool,
        tf.float32,
        tf.bool,
    ]
    assert tf.dtypes.as_dtype("int8") == tf.int8 and tf.dtypes.float32 is tf.float32
    with pytest.raises(
        TypeError, match="Cannot convert the argument `type_value`: 'foo' to a TensorFlow DType."
    ):
        tf.as_dtype("foo")


def test_dtypes_module_ops():
    assert tf.dtypes.cast([1.5], tf.int32).numpy().tolist() == [1]
    assert tf.dtypes.saturate_cast(tf.constant([-1.0, 300.0, 2.7]), tf.uint8).numpy().tolist() == [0, 255, 2]
    assert tf.saturate_cast(tf.constant([-1e10, 1e10]), tf.int32).numpy().tolist() == [-(2**31), 2147483520]
    assert tf.dtypes.complex(1.0, 2.0).numpy() == 1 + 2j
