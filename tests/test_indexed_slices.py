"""tf.IndexedSlices: its fields, TF's text, densifying where a tensor is needed (repeated rows
add up), negation, and TF's error without a dense shape. Numbers from TF 2.21."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf


def slices():
    return tf.IndexedSlices(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([0, 2]), tf.constant([3, 2]))


def test_fields_and_text():
    s = slices()
    assert s.indices.numpy().tolist() == [0, 2] and s.dense_shape.numpy().tolist() == [3, 2]
    assert s.dtype == tf.float32 and s.shape == [3, 2]
    assert str(s) == (
        "IndexedSlices(indices=tf.Tensor([0 2], shape=(2,), dtype=int32), values=tf.Tensor(\n"
        "[[1. 2.]\n [3. 4.]], shape=(2, 2), dtype=float32), dense_shape=tf.Tensor([3 2], shape=(2,), dtype=int32))"
    )
    assert (-s).values.numpy().tolist() == [[-1, -2], [-3, -4]]


def test_densified_where_a_tensor_is_needed():
    s = slices()
    assert tf.convert_to_tensor(s).numpy().tolist() == [[1, 2], [0, 0], [3, 4]]
    assert (s + tf.ones([3, 2])).numpy().tolist() == [[2, 3], [1, 1], [4, 5]]
    assert tf.add(s, tf.ones([3, 2])).numpy().tolist() == [[2, 3], [1, 1], [4, 5]]
    assert float(tf.reduce_sum(s)) == 10.0
    repeated = tf.IndexedSlices(
        tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([1, 1]), tf.constant([3, 2])
    )
    assert tf.convert_to_tensor(repeated).numpy().tolist() == [[0, 0], [4, 6], [0, 0]]
    with pytest.raises(TypeError):
        s * 2.0  # as TF: IndexedSlices has no arithmetic of its own


def test_densifying_is_differentiable():
    values = tf.Variable([[1.0, 2.0]])
    with tf.GradientTape() as tape:
        dense = tf.convert_to_tensor(tf.IndexedSlices(values * 1.0, tf.constant([1]), tf.constant([3, 2])))
        y = tf.reduce_sum(dense * tf.constant([[1.0, 1.0], [2.0, 3.0], [4.0, 4.0]]))
    np.testing.assert_array_equal(tape.gradient(y, values).numpy(), [[2.0, 3.0]])


def test_without_a_dense_shape():
    s = tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([1]))
    assert s.dense_shape is None and s.shape.as_list() == [None, 2]
    with pytest.raises(
        ValueError,
        match=r"^Tensor conversion requested for IndexedSlices for argument `value` without dense_shape: ",
    ):
        tf.convert_to_tensor(s)
