"""TF's dtypes without tapejax tensors (issue 21): qint8 ... qint32, string, resource, variant.

The properties are TF 2.21's, read in the scratch TF venv and stored here as literals."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

# name: (DataType enum, size, is_quantized, is_numeric, as_numpy_dtype or None for KeyError)
TF221 = {
    "qint8": (11, 1, True, True, np.dtype([("qint8", "i1")])),
    "quint8": (12, 1, True, True, np.dtype([("quint8", "u1")])),
    "qint16": (15, 2, True, True, np.dtype([("qint16", "<i2")])),
    "quint16": (16, 2, True, True, np.dtype([("quint16", "<u2")])),
    "qint32": (13, 4, True, True, np.dtype([("qint32", "<i4")])),
    "string": (7, 0, False, False, object),
    "resource": (20, 0, False, False, None),
    "variant": (21, 0, False, False, None),
}
# TF 2.21's messages for .min (.max says "maximum").
MIN_MESSAGES = {
    "qint8": "Cannot find minimum value of <dtype: 'qint8'> with quantized type <dtype: 'qint8'>.",
    "string": "Cannot find minimum value of <dtype: 'string'> with type <dtype: 'string'>.",
    "resource": "Cannot find minimum value of <dtype: 'resource'>.",
}


@pytest.mark.parametrize("name", sorted(TF221))
def test_tf_properties(name):
    enum, size, quantized, numeric, numpy = TF221[name]
    d = getattr(tf.dtypes, name)
    assert getattr(tf, name) is d  # TF exports each at top level too
    assert (repr(d), str(d), d.name) == (f"tf.{name}", f"<dtype: '{name}'>", name)
    assert (d.as_datatype_enum, d.size, d.is_quantized, d.is_numeric) == (enum, size, quantized, numeric)
    assert not (d.is_floating or d.is_integer or d.is_complex or d.is_bool or d.is_unsigned)
    assert d.base_dtype is d and d.real_dtype is d and d.is_compatible_with(d)
    assert tf.as_dtype(name) is d and tf.as_dtype(enum) is d
    assert d == name and d != tf.int8 and hash(d) == hash(tf.as_dtype(name))
    if numpy is None:
        with pytest.raises(KeyError, match=f"tf.{name} has no numpy dtype"):
            _ = d.as_numpy_dtype
    else:
        assert d.as_numpy_dtype == numpy and tf.as_dtype(numpy) is d
    with pytest.raises(TypeError, match="Cannot find minimum value") as e:
        _ = d.min
    if name in MIN_MESSAGES:
        assert str(e.value) == MIN_MESSAGES[name]
    with pytest.raises(TypeError, match=f"Cannot find maximum value of <dtype: '{name}'>"):
        _ = d.max


def test_quantized_set_and_string_numpy_dtypes():
    assert tf.dtypes.QUANTIZED_DTYPES == {tf.qint8, tf.quint8, tf.qint16, tf.quint16, tf.qint32}
    assert isinstance(tf.dtypes.QUANTIZED_DTYPES, frozenset)
    # TF reads object and (byte) string numpy dtypes as tf.string
    for numpy in (object, np.object_, np.dtype("U4"), np.dtype("S3"), np.str_):
        assert tf.as_dtype(numpy) is tf.string
    assert tf.resource != tf.variant and tf.float32 != tf.string and tf.int8 != tf.qint8
    assert tf.float32 == "float32" and tf.float32 == np.float32  # the numeric dtypes unchanged


@pytest.mark.parametrize(
    "make",
    [
        lambda d: tf.constant([1, 2], d),
        lambda d: tf.zeros([2], d),
        lambda d: tf.ones([2], d),
        lambda d: tf.cast(tf.constant([1, 2]), d),
        lambda d: tf.Variable([1, 2], dtype=d),
    ],
)
@pytest.mark.parametrize("name", ["qint8", "quint16", "string", "resource"])
def test_no_tensors_of_tensorless_dtypes(make, name):
    # A difference from TF, whose creation ops accept qint8 (tf.constant([1, 2], tf.qint8)).
    with pytest.raises(tf.errors.UnimplementedError, match=f"tapejax has no tensors of dtype {name}"):
        make(getattr(tf, name))


def test_specs_of_tensorless_dtypes():
    spec = tf.TensorSpec([2], tf.string)
    assert spec.dtype is tf.string and spec.shape == (2,)
