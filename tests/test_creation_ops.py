"""Tensor creation: zeros, ones, *_like, fill, eye, linspace, range, one_hot, meshgrid, sequence_mask.

Expected values and messages were observed with TensorFlow 2.21 (CPU).
"""

from __future__ import annotations

import numpy as np
import pytest
from op_checks import tape_grad as _grad

import tapejax as tf
from tapejax.errors import InvalidArgumentError


def test_zeros_ones_and_likes():
    assert (
        repr(tf.zeros([2])) == "<tf.Tensor: shape=(2,), dtype=float32, numpy=array([0., 0.], dtype=float32)>"
    )
    assert tf.zeros((2,), dtype=tf.int32).dtype == tf.int32 and tf.zeros(2).shape == (2,)
    assert tf.zeros(tf.constant([2, 1])).shape == (2, 1) and tf.zeros([1], "float64").dtype == tf.float64
    assert tf.ones((2,), dtype=tf.bool).numpy().tolist() == [True, True]
    assert tf.zeros_like(tf.constant([1, 2])).dtype == tf.int32
    assert tf.zeros_like(tf.constant([1, 2]), dtype=tf.float32).dtype == tf.float32
    assert tf.zeros_like([1.0, 2.0]).dtype == tf.float32 and tf.zeros_like(
        tf.constant([True])
    ).numpy().tolist() == [False]
    assert tf.ones_like(np.array([1.0, 2.0])).dtype == tf.float64
    assert _grad(tf.ones_like, [1.0]) == [None]  # TF: no gradient
    assert _grad(lambda v: tf.zeros_like(v) + v, [1.0])[0].tolist() == [1.0]
    with pytest.raises(InvalidArgumentError, match=r"Dimension -1 must be >= 0 \[Op:Fill\]"):
        tf.zeros([-1])


def test_fill():
    assert tf.fill([2, 2], 1.5).dtype == tf.float32 and tf.fill([2], 3).dtype == tf.int32
    assert tf.fill([2], np.float64(3)).dtype == tf.float64
    assert _grad(lambda v: tf.fill([2], v), 2.0)[0] == 2.0  # TF differentiates with respect to the value
    with pytest.raises(InvalidArgumentError, match=r"value must represent a scalar, got shape \[2\]"):
        tf.fill([2], [1, 2])
    with pytest.raises(InvalidArgumentError, match="Dimension -2 must be >= 0"):
        tf.fill([-2], 1.0)


def test_eye():
    assert tf.eye(2, 3).numpy().tolist() == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    assert tf.eye(2, batch_shape=[2]).shape == (2, 2, 2) and tf.eye(2, dtype=tf.int32).dtype == tf.int32
    with pytest.raises(InvalidArgumentError, match="Dimension -1 must be >= 0"):
        tf.eye(-1)


def test_linspace():
    assert tf.linspace(0.0, 1.0, 5).numpy().tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    ints = tf.linspace(0, 10, 5)
    assert ints.dtype == tf.float64 and ints.numpy().tolist() == [0.0, 2.5, 5.0, 7.5, 10.0]
    assert tf.linspace(tf.constant(0.0, tf.float64), 1.0, 3).dtype == tf.float64
    assert tf.linspace([0.0, 1.0], [1.0, 3.0], 3).numpy().tolist() == [[0.0, 1.0], [0.5, 2.0], [1.0, 3.0]]
    assert tf.linspace([0.0, 1.0], [1.0, 3.0], 3, axis=1).numpy().tolist() == [
        [0.0, 0.5, 1.0],
        [1.0, 2.0, 3.0],
    ]
    assert tf.linspace(2.0, 3.0, 1).numpy().tolist() == [2.0] and tf.linspace(2.0, 3.0, 0).shape == (0,)
    ga, gb = _grad(lambda a, b: tf.linspace(a, b, 3) * tf.constant([1.0, 2.0, 3.0]), 0.0, 1.0)
    assert (ga, gb) == (2.0, 4.0)


def test_linspace_uses_tfs_formula():
    """start + i * delta in float32, and stop exactly (TF 2.21's values; jnp.linspace is an ulp off
    in places: 1.0000001 for 1.0 in linspace(-5, 5, 11))."""
    start, stop, num = np.float32(-10.0), np.float32(10.0), 201
    delta = (stop - start) / np.float32(num - 1)
    expected = np.concatenate([[start], start + delta * np.arange(1, num - 1, dtype=np.float32), [stop]])
    np.testing.assert_array_equal(tf.linspace(-10.0, 10.0, num).numpy(), expected)
    assert tf.linspace(-5.0, 5.0, 11).numpy().tolist() == list(range(-5, 6))
    assert tf.linspace(-10.0, 10.0, 201).numpy()[101] == np.float32(0.10000038)  # as TF prints it


def test_range():
    assert (
        repr(tf.range(5, 0, -2))
        == "<tf.Tensor: shape=(3,), dtype=int32, numpy=array([5, 3, 1], dtype=int32)>"
    )
    assert tf.range(5).numpy().tolist() == [0, 1, 2, 3, 4] and tf.range(0.5, 2).numpy().tolist() == [0.5, 1.5]
    assert tf.range(3, dtype=tf.float64).dtype == tf.float64 and tf.range(tf.constant(3)).dtype == tf.int32
    assert tf.range(tf.constant(3.0)).dtype == tf.float32 and tf.range(np.int64(3)).dtype == tf.int64
    assert tf.range(tf.constant(1), 3.5).numpy().tolist() == [1.0, 2.0, 3.0]  # the widest argument dtype
    with pytest.raises(InvalidArgumentError, match="Requires delta != 0: 0"):
        tf.range(0, 5, 0)
    with pytest.raises(InvalidArgumentError, match="Requires start <= limit when delta > 0: 5/0"):
        tf.range(5, 0)
    with pytest.raises(InvalidArgumentError, match="Requires start >= limit when delta < 0: 0/5"):
        tf.range(0, 5, -1)


def test_range_length_and_values_are_computed_in_the_output_dtype():
    """TF's Range kernel: length ceil(|(limit - start) / delta|) and element start + i * delta,
    both in the output dtype (float32 here), not float64 as numpy's arange. Numbers from TF 2.21."""
    r = tf.range(-2.0, 1.0, 3.0 / 800.0).numpy()
    assert r.shape == (800,) and r.dtype == np.float32  # numpy's float64 length gives 801
    assert r[[0, 2, -1]].tolist() == [-2.0, -1.9924999475479126, 0.9962499141693115]
    assert tf.range(0.0, 1.0, 0.1).numpy()[-3:].tolist() == [
        0.699999988079071,
        0.800000011920929,
        0.9000000357627869,
    ]
    assert tf.range(1.0, 10.0, 0.3).numpy()[[2, -1]].tolist() == [1.600000023841858, 9.700000762939453]
    assert tf.range(1e8, 1e8 + 10.0, 3.0).numpy().tolist() == [1e8, 1e8, 100000008.0]
    assert tf.range(0.0, 1.0, 0.1, dtype=tf.float64).numpy()[-1] == 0.9  # 0.1 converted as float64
    assert tf.range(10, 0, -3, dtype=tf.int64).numpy().tolist() == [10, 7, 4, 1]
    half = tf.range(0.0, 1.0, 0.1, dtype=tf.float16).numpy()
    assert half.dtype == np.float16 and half[[3, 6, 7]].tolist() == [0.2998046875, 0.599609375, 0.69970703125]
    # TF's dtype order: int32 < int64 < float16 < bfloat16 < float32 < float64.
    assert tf.range(tf.constant(1.0, tf.float16), 3.0).dtype == tf.float32
    assert tf.range(tf.constant(1.0, tf.bfloat16), 3).dtype == tf.bfloat16
    assert tf.range(tf.constant(2.5), dtype=tf.int32).numpy().tolist() == [0, 1]  # a tensor is cast


def test_one_hot():
    assert tf.one_hot([0, 2, -1, 5], 3).numpy().tolist() == [
        [1.0, 0.0, 0.0],
        [0.0, 0.0, 1.0],
        [0.0] * 3,
        [0.0] * 3,
    ]
    assert tf.one_hot([0, 2], 3, axis=0).numpy().tolist() == [[1.0, 0.0], [0.0, 0.0], [0.0, 1.0]]
    vals = tf.one_hot([0, 2], 3, on_value=5, off_value=-1)
    assert vals.dtype == tf.int32 and vals.numpy().tolist() == [[5, -1, -1], [-1, -1, 5]]
    assert tf.one_hot([0, 2], 3, dtype=tf.int64).dtype == tf.int64
    assert tf.one_hot([0, 2], 3, on_value=2, dtype=tf.float32).numpy().tolist()[0] == [2.0, 0.0, 0.0]
    assert tf.one_hot([0, 2], 3, on_value=tf.constant(2.0, tf.float64)).dtype == tf.float64
    assert tf.one_hot(np.array([0, 2]), 3).dtype == tf.float32
    assert tf.one_hot(tf.constant([0, 2], tf.uint8), 3).shape == (2, 3)
    with pytest.raises(
        InvalidArgumentError,
        match="Value for attr 'TI' of float is not in the list of allowed values: uint8, int8, int32, int64",
    ):
        tf.one_hot([0.0, 2.0], 3)
    with pytest.raises(
        TypeError,
        match="dtype <dtype: 'float32'> of on_value does not match dtype <dtype: 'int32'> of off_value",
    ):
        tf.one_hot([0, 2], 3, on_value=5.0, off_value=0)


def test_meshgrid_and_sequence_mask():
    x, y = tf.meshgrid(tf.constant([1, 2]), tf.constant([3, 4, 5]))
    assert x.numpy().tolist() == [[1, 2]] * 3 and y.numpy().tolist() == [[3, 3], [4, 4], [5, 5]]
    x, _ = tf.meshgrid([1, 2], [3, 4, 5], indexing="ij")
    assert x.shape == (2, 3)
    ga, gb = _grad(lambda a, b: tf.meshgrid(a, b)[0] * tf.meshgrid(a, b)[1], [1.0, 2.0], [3.0, 4.0, 5.0])
    assert ga.tolist() == [12.0, 12.0] and gb.tolist() == [3.0, 3.0, 3.0]
    assert tf.sequence_mask([1, 3, 2], 4).numpy().tolist() == [
        [True, False, False, False],
        [True, True, True, False],
        [True, True, False, False],
    ]
    assert tf.sequence_mask([1, 3, 2]).shape == (3, 3)
    assert tf.sequence_mask([1, 2], 3, dtype=tf.float32).numpy().tolist() == [
        [1.0, 0.0, 0.0],
        [1.0, 1.0, 0.0],
    ]
    assert tf.sequence_mask([[1], [2]], 2).shape == (2, 1, 2)


def test_constant_of_a_tensor_is_that_tensor_so_a_tape_sees_through_it():
    # TF's tf.constant docstring: eager tf.constant of a tensor is an identity for the tape.
    v = tf.Variable([1.0, 3.0])
    with tf.GradientTape() as g:
        y = v * v
        loss = tf.reduce_sum(tf.constant(y))
        assert tf.constant(y) is y
    np.testing.assert_allclose(g.gradient(loss, v).numpy(), [2.0, 6.0])
    with pytest.raises(TypeError, match="Cast it with tapejax.cast"):
        tf.constant(tf.constant([1.0]), dtype=tf.float64)


def test_range_with_symbolic_bounds_in_a_function():
    """XLA shapes are static: a traced bound gets a clear TypeError, a known one works, and the
    documented rewrite (a range of known length, offset) gives TF's values."""

    @tf.function
    def traced(a):
        return tf.range(a, 5)

    with pytest.raises(TypeError, match="tf.range needs its start known while tapejax.function traces"):
        traced(tf.constant(1))

    @tf.function
    def offset(a):
        return tf.range(3) * 2 + a

    np.testing.assert_array_equal(offset(tf.constant(4)).numpy(), [4, 6, 8])
    assert tf.function(tf.range)(3).numpy().tolist() == [0, 1, 2]
