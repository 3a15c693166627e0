"""tf.Variable's sparse methods and arguments, with TF 2.21's results and messages:
scatter_* from an IndexedSlices, scatter_nd_*, batch_scatter_update, sparse_read, gather_nd,
aggregation/synchronization/constraint, and shapes with None dimensions."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf
from tapejax.errors import InvalidArgumentError

I = tf.IndexedSlices  # noqa: E741


def V():  # noqa: N802
    return tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


@pytest.mark.parametrize(
    "method, values, indices, want",
    [
        ("scatter_add", [[1.0, 1.0], [2.0, 2.0]], [0, 0], [[4, 5], [3, 4], [5, 6]]),  # repeated rows add
        ("scatter_sub", [[1.0, 1.0]], [2], [[1, 2], [3, 4], [4, 5]]),
        ("scatter_mul", [[2.0, 3.0]], [1], [[1, 2], [6, 12], [5, 6]]),
        ("scatter_div", [[2.0, 4.0]], [1], [[1, 2], [1.5, 1], [5, 6]]),
        ("scatter_min", [[2.0, 2.0]], [1], [[1, 2], [2, 2], [5, 6]]),
        ("scatter_max", [[2.0, 2.0]], [0], [[2, 2], [3, 4], [5, 6]]),
        ("scatter_update", [[9.0, 9.0]], [1], [[1, 2], [9, 9], [5, 6]]),
    ],
)
def test_scatter_rows(method, values, indices, want):
    v = V()
    out = getattr(v, method)(I(tf.constant(values), tf.constant(indices)))
    assert v.numpy().tolist() == want and out.numpy().tolist() == want


def test_scatter_update_of_a_vector():
    v = tf.Variable([1.0, 2.0, 3.0])
    v.scatter_update(I(tf.constant([9.0, 8.0]), tf.constant([2, 0])))
    assert v.numpy().tolist() == [8.0, 2.0, 9.0]


@pytest.mark.parametrize(
    "method, indices, updates, want",
    [
        ("scatter_nd_add", [[0, 1], [2, 0]], [10.0, 20.0], [[1, 12], [3, 4], [25, 6]]),
        ("scatter_nd_sub", [[1]], [[1.0, 1.0]], [[1, 2], [2, 3], [5, 6]]),
        ("scatter_nd_update", [[0, 0], [0, 0]], [7.0, 8.0], [[8, 2], [3, 4], [5, 6]]),
        ("scatter_nd_max", [[0, 0]], [7.0], [[7, 2], [3, 4], [5, 6]]),
        ("scatter_nd_min", [[2, 1]], [0.0], [[1, 2], [3, 4], [5, 0]]),
    ],
)
def test_scatter_nd(method, indices, updates, want):
    v = V()
    getattr(v, method)(indices, updates)
    assert v.numpy().tolist() == want


def test_batch_scatter_update_sparse_read_and_gather_nd():
    v = tf.Variable([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    v.batch_scatter_update(I(tf.constant([[9.0], [8.0]]), tf.constant([[2], [0]])))
    assert v.numpy().tolist() == [[1, 2, 9], [8, 5, 6]]
    assert V().sparse_read([2, 0]).numpy().tolist() == [[5, 6], [1, 2]]
    assert V().gather_nd([[0, 1], [2, 0]]).numpy().tolist() == [2, 5]


def test_scatter_errors_leave_the_variable_as_it_was():
    v = V()
    with pytest.raises(
        TypeError, match=r"^Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: "
    ):
        v.scatter_add(tf.constant([[1.0, 1.0]]))
    with pytest.raises(
        InvalidArgumentError, match=r"indices\[0\] = 5 is not in \[0, 3\) \[Op:ResourceScatterAdd\]"
    ):
        v.scatter_add(I(tf.constant([[1.0, 1.0]]), tf.constant([5])))
    with pytest.raises(
        InvalidArgumentError,
        match=r"indices\[0\] = \[5, 0\] does not index into shape \[3,2\] \[Op:ResourceScatterNdAdd\]",
    ):
        v.scatter_nd_add([[5, 0]], [1.0])
    with pytest.raises(
        ValueError, match="Tensor conversion requested dtype float32 for Tensor with dtype int32"
    ):
        v.scatter_add(I(tf.constant([[1, 1]]), tf.constant([0])))
    assert v.numpy().tolist() == [[1, 2], [3, 4], [5, 6]]


def test_scatter_inside_a_function_and_its_gradient_free_assignment():
    v = V()

    @tf.function
    def step(rows):
        v.scatter_add(I(tf.ones([2, 2]), rows))
        return v.sparse_read(rows)

    assert step(tf.constant([0, 2])).numpy().tolist() == [[2, 3], [6, 7]]
    assert step(tf.constant([0, 0])).numpy().tolist() == [[4, 5], [4, 5]]
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v.sparse_read([1]) * 3.0)
    np.testing.assert_array_equal(tf.convert_to_tensor(tape.gradient(y, v)).numpy(), [[0, 0], [3, 3], [0, 0]])


def test_aggregation_synchronization_and_constraint():
    v = V()
    assert (
        v.aggregation == tf.VariableAggregation.NONE and v.synchronization == tf.VariableSynchronization.AUTO
    )
    assert tf.Variable(1.0, aggregation=tf.VariableAggregation.MEAN).aggregation.value == 2
    on_read = tf.Variable(1.0, synchronization=tf.VariableSynchronization.ON_READ)
    assert on_read.synchronization.value == 3 and not on_read.trainable  # TF: not trained
    zero = lambda x: x * 0  # noqa: E731
    assert tf.Variable(1.0, constraint=zero).constraint is zero
    with pytest.raises(ValueError, match="^Argument `constraint` must be None or a callable"):
        tf.Variable(1.0, constraint=3)


def test_shapes_with_unknown_dimensions():
    v = tf.Variable([1.0, 2.0], shape=tf.TensorShape(None))
    assert repr(v.shape) == "TensorShape(None)" and "shape=<unknown>" in repr(v)
    v.assign([1.0, 2.0, 3.0])
    assert v.numpy().tolist() == [1, 2, 3]
    w = tf.Variable([1.0, 2.0], shape=tf.TensorShape([None]))
    assert repr(w.shape) == "TensorShape([None])"
    w.assign([1.0, 2.0, 3.0])
    assert w.numpy().tolist() == [1, 2, 3] and "shape=(None,)" in repr(w)
    with pytest.raises(
        ValueError,
        match=r"Shape mismatch. The variable shape \(None,\), and the assigned value shape \(1, 3\)",
    ):
        w.assign([[1.0, 2.0, 3.0]])
    fixed = tf.Variable([1.0, 2.0], validate_shape=False)
    assert fixed.shape == [2]  # TF: validate_shape=False alone keeps the value's shape
    with pytest.raises(
        ValueError, match=r"Shape mismatch. The variable shape \(2,\), and the assigned value shape \(3,\)"
    ):
        fixed.assign([1.0, 2.0, 3.0])
    with pytest.raises(
        ValueError,
        match=r"^In this `tf.Variable` creation, the initial value's shape \(\(2,\)\) is not compatible with "
        r"the explicitly supplied `shape` argument \(\[3\]\).$",
    ):
        tf.Variable([1.0, 2.0], shape=[3])
