"""``tf.math.bincount``, ``tf.math.confusion_matrix``, ``tf.histogram_fixed_width(_bins)``.

Expected values and messages were observed with TensorFlow 2.21 (CPU) and are stored as
literals.
"""

from __future__ import annotations

import numpy as np
import pytest
from op_checks import tape_grad

import tapejax as tf
from tapejax.errors import InvalidArgumentError

V = [1, 1, 2, 3, 2, 4, 4, 5]
ROWS = [[1, 2], [2, 0]]

# TF 2.21: (kwargs, expected)
BINCOUNTS = [
    ({}, [0, 2, 2, 1, 2, 1]),
    ({"minlength": 8}, [0, 2, 2, 1, 2, 1, 0, 0]),
    ({"maxlength": 3}, [0, 2, 2]),
    ({"weights": [1, 2, 3, 4, 5, 6, 7, 8]}, [0, 3, 8, 4, 13, 8]),
    ({"binary_output": True}, [0, 1, 1, 1, 1, 1]),
]


@pytest.mark.parametrize("k", range(len(BINCOUNTS)))
def test_bincount_as_tf(k):
    kwargs, expected = BINCOUNTS[k]
    out = tf.math.bincount(tf.constant(V), **kwargs)
    assert out.dtype == tf.int32 and out.numpy().tolist() == expected


def test_bincount_dtypes_and_axes_as_tf():
    w = tf.math.bincount(tf.constant(V), weights=tf.constant([1.0, 2, 3, 4, 5, 6, 7, 8]))
    assert w.dtype == tf.float32 and w.numpy().tolist() == [0, 3, 8, 4, 13, 8]
    assert tf.math.bincount(tf.constant(V), dtype=tf.float32).dtype == tf.float32
    assert tf.math.bincount(tf.constant([1, 2]), dtype=tf.int64).dtype == tf.int64
    w64 = tf.math.bincount(tf.constant([1, 2]), weights=tf.constant([1.0, 2], tf.float64), dtype=tf.float32)
    assert w64.dtype == tf.float64  # the weights' dtype wins, as TF
    assert tf.math.bincount(tf.constant([1, 2], tf.int64)).dtype == tf.int32
    assert tf.math.bincount(tf.constant([1.7, 2.2])).numpy().tolist() == [0, 1, 1]
    assert tf.math.bincount(tf.constant([], tf.int32)).shape == (0,)
    assert tf.math.bincount(tf.constant([], tf.int32), minlength=3).numpy().tolist() == [0, 0, 0]
    assert tf.math.bincount(tf.constant(3)).numpy().tolist() == [0, 0, 0, 1]
    assert tf.math.bincount(tf.constant([3, 2]), minlength=2, maxlength=5).numpy().tolist() == [0, 0, 1, 1]
    assert tf.math.bincount(tf.constant(ROWS)).numpy().tolist() == [1, 1, 2]
    assert tf.math.bincount(tf.constant(ROWS), axis=0).numpy().tolist() == [1, 1, 2]
    assert tf.math.bincount(tf.constant(ROWS), axis=-1).numpy().tolist() == [[0, 1, 1], [1, 0, 1]]
    binary = tf.math.bincount(tf.constant(ROWS), axis=-1, binary_output=True, minlength=4)
    assert binary.numpy().tolist() == [[0, 1, 1, 0], [1, 0, 1, 0]]
    weighted = tf.math.bincount(tf.constant(ROWS), weights=tf.constant([[1.0, 2], [3, 4]]), axis=-1)
    assert weighted.numpy().tolist() == [[0, 1, 2], [4, 0, 3]]


def test_bincount_errors_as_tf():
    with pytest.raises(InvalidArgumentError, match=r"^Input arr must be non-negative! \[Op:DenseBincount\]"):
        tf.math.bincount(tf.constant([1, -1]))
    with pytest.raises(InvalidArgumentError, match=r"^Input 'in' must be non-negative!"):
        tf.math.bincount(tf.constant([[1, -1], [2, 0]]), axis=-1)
    with pytest.raises(
        InvalidArgumentError, match=r"`weights` must be the same shape as `arr`.*Received \[2\]"
    ):
        tf.math.bincount(tf.constant(V), weights=tf.constant([1.0, 2]))
    with pytest.raises(ValueError, match="^Arguments `binary_output` and `weights` are mutually exclusive"):
        tf.math.bincount(tf.constant(V), weights=tf.ones([8]), binary_output=True)
    with pytest.raises(ValueError, match=r"^Unsupported value for argument axis=1. Only 0 and -1"):
        tf.math.bincount(tf.constant(ROWS), axis=1)
    with pytest.raises(
        InvalidArgumentError, match=r"^Shape must be at most rank 2 but is rank 3 \[Op:DenseBincount\]"
    ):
        tf.math.bincount(tf.constant([ROWS]), axis=-1)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'Tidx' of uint8 is not in the list"):
        tf.math.bincount(tf.constant([1, 2], tf.uint8))
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of complex128 is not in the list"):
        tf.math.bincount(tf.constant([1, 2]), weights=tf.constant([1 + 1j, 2]))
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of half is not in the list"):
        tf.math.bincount(tf.constant([1, 2]), dtype=tf.float16)


def test_bincount_compiled_needs_a_fixed_length():
    fixed = tf.function(lambda a: tf.math.bincount(a, minlength=4, maxlength=4))
    assert fixed(tf.constant([1, 2, 2])).numpy().tolist() == [0, 1, 2, 0]
    with pytest.raises(InvalidArgumentError, match="Input arr must be non-negative!"):
        fixed(tf.constant([1, -2, 2]))
    free = tf.function(tf.math.bincount)
    with pytest.raises(
        TypeError, match="tapejax.math.bincount needs known values here.*pass minlength and maxlength"
    ):
        free(tf.constant([1, 2, 2]))
    dynamic = tf.function(lambda a, n: tf.math.bincount(a, minlength=n, maxlength=n))
    with pytest.raises(
        TypeError, match="bincount's minlength needs known values here.*pass minlength as a Python int"
    ):
        dynamic(tf.constant([1, 2, 2]), tf.constant(4))
    # counts have no gradient (TF registers none)
    assert tape_grad(lambda w: tf.math.bincount(tf.constant([1, 1, 0]), weights=w), [1.0, 2.0, 3.0]) == [None]


def test_confusion_matrix_as_tf():
    out = tf.math.confusion_matrix([1, 2, 4], [2, 2, 4])
    assert out.dtype == tf.int32 and out.shape == (5, 5)
    assert np.argwhere(out.numpy()).tolist() == [[1, 2], [2, 2], [4, 4]]
    weighted = tf.math.confusion_matrix([1, 2, 4], [2, 2, 4], num_classes=6, weights=[1.0, 2, 3])
    assert weighted.dtype == tf.int32 and weighted.shape == (6, 6)
    assert [weighted.numpy()[1, 2], weighted.numpy()[2, 2], weighted.numpy()[4, 4]] == [1, 2, 3]
    assert tf.math.confusion_matrix([1, 2, 4], [2, 2, 4], dtype=tf.float32).dtype == tf.float32
    squeezed = tf.math.confusion_matrix([[1], [2]], [2, 2])
    assert squeezed.numpy().tolist() == [[0, 0, 0], [0, 0, 1], [0, 0, 1]]
    # differentiable in float weights (TF's scatter)
    grid = tf.reshape(tf.range(25.0), [5, 5])
    g = tape_grad(
        lambda w: tf.reduce_sum(
            tf.math.confusion_matrix([1, 2, 4], [2, 2, 4], num_classes=5, weights=w, dtype=tf.float32) * grid
        ),
        [1.0, 2.0, 3.0],
    )
    assert g[0].tolist() == [7, 12, 24]
    with pytest.raises(
        InvalidArgumentError,
        match=r"^Shapes of all inputs must match: values\[0\].shape = \[3\] != values\[1\]",
    ):
        tf.math.confusion_matrix([1, 2, 4], [2, 2])
    with pytest.raises(InvalidArgumentError, match="^`labels` contains negative values."):
        tf.math.confusion_matrix([1, -2, 4], [2, 2, 4])
    with pytest.raises(InvalidArgumentError, match="^`predictions` out of bound"):
        tf.math.confusion_matrix([1, 2, 2], [2, 2, 4], num_classes=3)
    compiled = tf.function(lambda x: tf.math.confusion_matrix(x, x, num_classes=3))
    with pytest.raises(InvalidArgumentError, match="^`labels` out of bound"):
        compiled(tf.constant([0, 1, 3]))
    free = tf.function(lambda x: tf.math.confusion_matrix(x, x))
    with pytest.raises(
        TypeError, match="tapejax.math.confusion_matrix needs known values here.*pass num_classes"
    ):
        free(tf.constant([0, 1]))


HIST = [-1.0, 0.0, 1.5, 2.0, 5.0, 15]


def test_histograms_as_tf():
    h = tf.histogram_fixed_width(HIST, [0.0, 5.0], nbins=5)
    assert h.dtype == tf.int32 and h.numpy().tolist() == [2, 1, 1, 0, 2]
    assert tf.histogram_fixed_width(HIST, [0.0, 5.0], nbins=5, dtype=tf.int64).dtype == tf.int64
    assert tf.histogram_fixed_width([1, 2, 7], [0, 5], nbins=5).numpy().tolist() == [0, 1, 1, 0, 1]
    assert tf.histogram_fixed_width([1.0, 2], [0.0, 5.0], nbins=tf.constant(3)).numpy().tolist() == [1, 1, 0]
    assert tf.histogram_fixed_width_bins(HIST, [0.0, 5.0], nbins=5).numpy().tolist() == [0, 0, 1, 2, 4, 4]
    assert tf.histogram_fixed_width_bins([[1.0, 2], [3, 4]], [0.0, 5.0], nbins=2).numpy().tolist() == [
        [0, 0],
        [1, 1],
    ]
    assert tf.histogram_fixed_width_bins([1.0, np.nan], [0.0, 5.0], nbins=3).numpy().tolist() == [
        0,
        -2147483648,
    ]
    assert tf.histogram_fixed_width_bins([1.0, 2.0], [5.0, 0.0], nbins=3).numpy().tolist() == [2, 1]
    compiled = tf.function(lambda x: tf.histogram_fixed_width(x, [0.0, 5.0], nbins=5))
    assert compiled(tf.constant(HIST)).numpy().tolist() == [2, 1, 1, 0, 2]


def test_histogram_errors_as_tf():
    with pytest.raises(
        InvalidArgumentError,
        match=r"^value_range should satisfy value_range\[0\] < value_range\[1\], but got '\[5, 0\]'",
    ):
        tf.histogram_fixed_width(HIST, [5.0, 0.0], nbins=5)
    with pytest.raises(InvalidArgumentError, match="^nbins should be a positive number, but got '0'"):
        tf.histogram_fixed_width(HIST, [0.0, 5.0], nbins=0)
    with pytest.raises(
        InvalidArgumentError,
        match=r"^value_range should be a vector of 2 elements. \[Op:HistogramFixedWidth\]",
    ):
        tf.histogram_fixed_width(HIST, [0.0, 5.0, 6.0], nbins=3)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'dtype' of float is not in the list"):
        tf.histogram_fixed_width(HIST, [0.0, 5.0], nbins=5, dtype=tf.float32)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of complex128 is not in the list"):
        tf.histogram_fixed_width([1 + 1j], [0.0, 5.0], nbins=5)
    with pytest.raises(InvalidArgumentError, match="^Histogram values must not contain NaN"):
        tf.histogram_fixed_width([1.0, np.nan], [0.0, 5.0], nbins=3)
    with pytest.raises(InvalidArgumentError, match="^nbins -3 must > 0"):
        tf.histogram_fixed_width_bins([1.0, 2.0], [0.0, 5.0], nbins=-3)
    compiled = tf.function(lambda x, r: tf.histogram_fixed_width(x, r, nbins=5))
    with pytest.raises(
        InvalidArgumentError, match=r"^value_range should satisfy value_range\[0\] < value_range\[1\]"
    ):
        compiled(tf.constant(HIST), tf.constant([5.0, 0.0]))
    with pytest.raises(InvalidArgumentError, match="^Histogram values must not contain NaN"):
        compiled(tf.constant([np.nan]), tf.constant([0.0, 5.0]))
    with pytest.raises(TypeError, match="tapejax.histogram_fixed_width's nbins needs known values here"):
        tf.function(lambda x, n: tf.histogram_fixed_width(x, [0.0, 5.0], nbins=n))(
            tf.constant(HIST), tf.constant(3)
        )
