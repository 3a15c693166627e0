"""TF's top-level array ops: ``unique_with_counts``, ``dynamic_partition``,
``dynamic_stitch``, ``space_to_batch(_nd)``, ``batch_to_space``, ``bitcast``,
``parallel_stack`` and ``realdiv``.

Expected values, gradients and messages were observed with TensorFlow 2.21 (CPU) and are
stored as literals.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from op_checks import check_many, tape_grad

import tapejax as tf
from tapejax.errors import InvalidArgumentError, NotFoundError

ROWS = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]], np.float32)
WEIGHTS = np.array([[1.0, -2.0], [3.0, 0.5], [2.0, 1.0], [-1.0, 4.0]], np.float32)


def test_unique_with_counts_as_tf():
    y, idx, count = tf.unique_with_counts([1, 1, 2, 4, 4, 4, 7, 8, 8])
    assert y.numpy().tolist() == [1, 2, 4, 7, 8] and idx.numpy().tolist() == [0, 0, 1, 2, 2, 2, 3, 4, 4]
    assert count.numpy().tolist() == [2, 1, 3, 1, 2] and count.dtype == tf.int32
    out = tf.unique_with_counts([1.0, 1.0], out_idx=tf.int64)
    assert (out.idx.dtype, out.count.dtype, out.count.numpy().tolist()) == (tf.int64, tf.int64, [2])
    nan = tf.unique_with_counts(tf.constant([1.5, float("nan"), float("nan"), 1.5]))  # NaNs distinct, as TF
    assert nan.idx.numpy().tolist() == [0, 1, 2, 0] and nan.count.numpy().tolist() == [2, 1, 1]
    zero = tf.unique_with_counts(tf.constant([0.0, -0.0]))
    assert zero.y.numpy().tolist() == [0.0] and zero.count.numpy().tolist() == [2]
    flags = tf.unique_with_counts([True, False, True])
    assert flags.y.numpy().tolist() == [True, False] and flags.count.numpy().tolist() == [2, 1]
    assert tf.unique_with_counts([]).y.shape == [0]
    assert tape_grad(lambda v: tf.unique_with_counts(v).y, [1.0, 2.0, 1.0], jit=False) == [None]
    with pytest.raises(InvalidArgumentError, match=r"^unique expects a 1D vector. \[Op:UniqueWithCounts\]"):
        tf.unique_with_counts([[1, 1]])
    with pytest.raises(InvalidArgumentError, match="^Value for attr 'out_idx' of float is not in the list"):
        tf.unique_with_counts([1, 1], out_idx=tf.float32)
    with pytest.raises(TypeError, match="^tapejax.unique_with_counts needs known values here"):
        tf.function(tf.unique_with_counts)(tf.constant([1, 2]))


def test_dynamic_partition_as_tf():
    parts = tf.dynamic_partition(ROWS, [0, 2, 0, 1], 3)
    assert [p.numpy().tolist() for p in parts] == [[[1, 2], [5, 6]], [[7, 8]], [[3, 4]]]
    flat = tf.dynamic_partition(ROWS, [[0, 1], [1, 0], [0, 0], [1, 1]], 2)
    assert [p.numpy().tolist() for p in flat] == [[1, 4, 5, 6], [2, 3, 7, 8]]
    scalar = tf.dynamic_partition(5.0, 0, 2)
    assert [p.shape for p in scalar] == [[1], [0]]

    def loss(x):
        a, _, c = tf.dynamic_partition(x, [0, 2, 0, 1], 3)
        return tf.reduce_sum(a * WEIGHTS[:2]) + tf.reduce_sum(c**2)

    # TF 2.21: the row in no used partition gets zeros.
    assert tape_grad(loss, ROWS)[0].tolist() == [[1, -2], [6, 8], [3, 0.5], [0, 0]]

    def reference(x):
        return jnp.concatenate(
            [(x[jnp.array([0, 2])] * WEIGHTS[:2]).ravel(), (x[jnp.array([1])] ** 2).ravel()]
        )

    check_many([(loss, lambda x: jnp.sum(reference(x)))], ROWS)
    compiled = tf.function(lambda x: tf.dynamic_partition(x, [1, 0, 1, 1], 2))
    assert compiled(tf.constant(ROWS))[0].numpy().tolist() == [[3, 4]]


def test_dynamic_partition_errors_as_tf():
    with pytest.raises(
        InvalidArgumentError, match=r"^partitions\[1\] = 3 is not in \[0, 3\) \[Op:DynamicPartition\]"
    ):
        tf.dynamic_partition(ROWS, [0, 3, 0, 1], 3)
    with pytest.raises(InvalidArgumentError, match=r"^partitions\[1,1\] = 5 is not in \[0, 2\)"):
        tf.dynamic_partition(ROWS, [[0, 1], [1, 5], [0, 0], [1, 1]], 2)
    with pytest.raises(
        InvalidArgumentError,
        match=r"^data.shape must start with partitions.shape, got data.shape = \[4,2\], partitions.shape = \[2\]",
    ):
        tf.dynamic_partition(ROWS, [0, 1], 3)
    with pytest.raises(TypeError, match=r"^Cannot convert \[0.0, 1, 0, 1\] to EagerTensor of dtype int32"):
        tf.dynamic_partition(ROWS, [0.0, 1, 0, 1], 2)
    with pytest.raises(
        InvalidArgumentError, match="^Value for attr 'num_partitions' of 0 must be at least minimum 1"
    ):
        tf.dynamic_partition(ROWS, [0, 1, 0, 1], 0)
    with pytest.raises(
        InvalidArgumentError,
        match=r"^cannot compute DynamicPartition as input #1\(zero-based\) was expected to be a int32 tensor "
        "but is a int64 tensor",
    ):
        tf.dynamic_partition(ROWS, tf.constant([0, 1, 0, 1], tf.int64), 2)
    with pytest.raises(TypeError, match="^tapejax.dynamic_partition needs known values here"):
        tf.function(lambda p: tf.dynamic_partition(ROWS, p, 2))(tf.constant([0, 1, 0, 1]))


def test_dynamic_stitch_as_tf():
    assert tf.dynamic_stitch([[0, 2], [1, 3]], [[1.0, 3.0], [2.0, 4.0]]).numpy().tolist() == [1, 2, 3, 4]
    assert tf.dynamic_stitch([[0, 2], [1, 2]], [[1.0, 3.0], [2.0, 4.0]]).numpy().tolist() == [1, 2, 4]
    gaps = tf.dynamic_stitch([[0, 4], [1]], [[[1.0, 3.0], [2, 2]], [[2.0, 4.0]]])
    assert gaps.numpy().tolist() == [[1, 3], [2, 4], [0, 0], [0, 0], [2, 2]]
    assert tf.dynamic_stitch([[[0, 1]], [[2, 3]]], [[[1.0, 3.0]], [[2.0, 4.0]]]).numpy().tolist() == [
        1,
        3,
        2,
        4,
    ]
    assert tf.dynamic_stitch([[0, 1], [1]], [[1.0, 3.0], [2]]).numpy().tolist() == [
        1,
        2,
    ]  # data take data[0]'s dtype
    assert tf.dynamic_stitch([[0, 1]], [[1, 3]]).dtype == tf.int32

    def stitched(a, b):
        return tf.dynamic_stitch([[0, 2, 1], [1, 3]], [a, b]) * tf.constant([1.0, 2.0, 3.0, 4.0])

    a, b = tf.constant([1.0, 3.0, 5.0]), tf.constant([2.0, 4.0])
    ga, gb = tape_grad(stitched, a, b)
    # TF 2.21: a[2] (overwritten by b[0] at place 1) still gathers place 1's gradient.
    assert ga.tolist() == [1, 3, 2] and gb.tolist() == [2, 4]
    assert tape_grad(stitched, a, b, jit=False)[0].tolist() == [1, 3, 2]

    def tf_rule(a, b):  # JAX's spelling of TF's rule: each entry reads its place
        overwritten = a[2] - jax.lax.stop_gradient(a[2])  # zero, with a[2]'s derivative
        return jnp.stack([a[0], b[0] + overwritten, a[1], b[1]]) * jnp.array([1.0, 2.0, 3.0, 4.0])

    check_many([(stitched, tf_rule)], np.array([1.0, 3.0, 5.0]), np.array([2.0, 4.0]), fd=False)
    compiled = tf.function(lambda a, b: tf.dynamic_stitch([[0, 2, 1], [1, 3]], [a, b]))
    assert compiled(a, b).numpy().tolist() == [1, 2, 3, 4]


def test_dynamic_stitch_errors_as_tf():
    with pytest.raises(
        InvalidArgumentError, match=r"^data\[1\].shape = \[2\] does not start with indices\[1\].shape = \[1\]"
    ):
        tf.dynamic_stitch([[0, 1], [1]], [[1.0, 3.0], [2.0, 4.0]])
    with pytest.raises(
        ValueError, match="^List argument 'data' to 'dynamic_stitch' Op with length 2 must match length 1"
    ):
        tf.dynamic_stitch([[0, 1]], [[1, 3], [2, 4]])
    with pytest.raises(InvalidArgumentError, match=r"^indices\[1\] is out of range \[Op:DynamicStitch\]"):
        tf.dynamic_stitch([[0, -1]], [[1, 3]])
    with pytest.raises(TypeError, match=r"^Cannot convert \[2.0\] to EagerTensor of dtype int32"):
        tf.dynamic_stitch([[0, 1], [2]], [[1, 3], [2.0]])
    with pytest.raises(
        TypeError, match=r"^Expected list for 'indices' argument to 'dynamic_stitch' Op, not 5."
    ):
        tf.dynamic_stitch(5, 6)
    with pytest.raises(InvalidArgumentError, match="^Length for attr 'N' of 0 must be at least minimum 1"):
        tf.dynamic_stitch([], [])
    with pytest.raises(
        InvalidArgumentError,
        match=r"^Need data\[0\].shape\[1:\] = data\[1\].shape\[1:\], got data\[0\].shape = \[2,2\], "
        r"data\[1\].shape = \[1,3\], indices\[0\].shape = \[2\], indices\[1\].shape = \[1\]",
    ):
        tf.dynamic_stitch([[0, 1], [2]], [[[1.0, 3.0], [2.0, 4.0]], [[1.0, 2.0, 3.0]]])
    with pytest.raises(
        ValueError, match="^Tensor conversion requested dtype int32 for Tensor with dtype int64"
    ):
        tf.dynamic_stitch([tf.constant([0, 1], tf.int64)], [[1, 3]])
    with pytest.raises(TypeError, match="^tapejax.dynamic_stitch needs known values here"):
        tf.function(lambda i: tf.dynamic_stitch([i], [[1.0, 2.0]]))(tf.constant([0, 1]))


IMAGE = np.arange(1, 17, dtype=np.float32).reshape(1, 4, 4, 1)
SMALL = np.arange(1, 7, dtype=np.float32).reshape(1, 2, 3, 1)


def test_space_to_batch_as_tf():
    out = tf.space_to_batch(IMAGE, [2, 2], [[0, 0], [0, 0]])
    assert out.numpy()[..., 0].tolist() == [
        [[1, 3], [9, 11]],
        [[2, 4], [10, 12]],
        [[5, 7], [13, 15]],
        [[6, 8], [14, 16]],
    ]
    padded = tf.space_to_batch_nd(SMALL, [2, 2], [[0, 0], [1, 0]])
    assert padded.numpy().ravel().tolist() == [0, 2, 1, 3, 0, 5, 4, 6]
    assert tf.space_to_batch(tf.constant([[1, 2, 3, 4]]), [2], [[0, 0]]).numpy().tolist() == [[1, 3], [2, 4]]
    wide = tf.space_to_batch_nd(tf.ones([2, 4, 6, 3]), tf.constant([2, 3], tf.int64), [[0, 0], [0, 0]])
    assert wide.shape == [12, 2, 2, 3]
    weights = np.arange(8, dtype=np.float32).reshape(4, 1, 2, 1)
    g = tape_grad(lambda x: tf.space_to_batch(x, [2, 2], [[0, 0], [1, 0]]) * weights, SMALL)[0]
    assert g.ravel().tolist() == [2, 1, 3, 6, 5, 7]  # TF 2.21

    def reference(x):
        p = jnp.pad(x, [(0, 0), (0, 0), (1, 0), (0, 0)]).reshape(1, 1, 2, 2, 2, 1)
        return p.transpose(2, 4, 0, 1, 3, 5).reshape(4, 1, 2, 1) * weights

    check_many([(lambda x: tf.space_to_batch(x, [2, 2], [[0, 0], [1, 0]]) * weights, reference)], SMALL)
    compiled = tf.function(lambda x: tf.space_to_batch(x, [2, 2], [[0, 0], [1, 0]]))
    assert compiled(tf.constant(SMALL)).numpy().ravel().tolist() == [0, 2, 1, 3, 0, 5, 4, 6]
    assert jax.jit(lambda x: tf.space_to_batch(x, [2, 2], [[0, 0], [1, 0]])._value)(SMALL).shape == (
        4,
        1,
        2,
        1,
    )


def test_batch_to_space_as_tf():
    y = tf.space_to_batch(IMAGE, [2, 2], [[0, 0], [0, 0]])
    assert tf.batch_to_space(y, [2, 2], [[0, 0], [0, 0]]).numpy().tolist() == IMAGE.tolist()
    cropped = tf.batch_to_space(y, [2, 2], [[1, 0], [0, 1]])
    assert cropped.numpy()[0, ..., 0].tolist() == [[5, 6, 7], [9, 10, 11], [13, 14, 15]]
    assert tf.batch_to_space(y, 2, [[0, 0], [0, 0]]).shape == [1, 4, 4, 1]  # an int: both dimensions
    assert tf.batch_to_space(np.arange(8.0).reshape(4, 2), [2], [[0, 0]]).numpy().tolist() == [
        [0, 4, 1, 5],
        [2, 6, 3, 7],
    ]
    assert tf.batch_to_space(tf.constant([[1, 2], [3, 4]], tf.int64), [2], [[0, 1]]).numpy().tolist() == [
        [1, 3, 2]
    ]
    batch = np.arange(16, dtype=np.float32).reshape(4, 2, 2, 1)
    weights = np.arange(1, 10, dtype=np.float32).reshape(1, 3, 3, 1)
    out = tf.batch_to_space(batch, [2, 2], [[1, 0], [0, 1]])
    assert out.numpy().ravel().tolist() == [8, 12, 9, 2, 6, 3, 10, 14, 11]  # TF 2.21
    g = tape_grad(lambda x: tf.batch_to_space(x, [2, 2], [[1, 0], [0, 1]]) * weights, batch)[0]
    assert g.ravel().tolist() == [0, 0, 4, 6, 0, 0, 5, 0, 1, 3, 7, 9, 2, 0, 8, 0]  # TF 2.21

    def reference(x):
        full = x.reshape(2, 2, 1, 2, 2, 1).transpose(2, 3, 0, 4, 1, 5).reshape(1, 4, 4, 1)
        return full[:, 1:, :3] * weights

    check_many([(lambda x: tf.batch_to_space(x, [2, 2], [[1, 0], [0, 1]]) * weights, reference)], batch)


def test_space_batch_errors_as_tf():
    def s2b(*args):
        return tf.space_to_batch(*args)

    cases = [
        (
            s2b,
            (IMAGE, [3, 2], [[0, 0], [0, 0]]),
            r"^padded_shape\[0\]=4 is not divisible by block_shape\[0\]=3",
        ),
        (s2b, (IMAGE, [2, 2], [[0, 0]]), r"^paddings should have shape \[2, 2\] instead of \[1,2\]"),
        (
            s2b,
            (IMAGE, [0, 2], [[0, 0], [0, 0]]),
            "^All values in block_shape must be positive, got value, 0 at index 0.",
        ),
        (s2b, (IMAGE, [2, 2], [[-1, 0], [0, 0]]), r"^Paddings must be non-negative \[Op:SpaceToBatchND\]"),
        (
            s2b,
            (IMAGE, [2.0, 2], [[0, 0], [0, 0]]),
            "^Value for attr 'Tblock_shape' of float is not in the list",
        ),
        (s2b, (IMAGE, [2, 2], [[0.0, 0], [0, 0]]), "^Value for attr 'Tpaddings' of float is not in the list"),
        (
            s2b,
            (IMAGE, [2, 2, 2, 2], [[0, 0]] * 4),
            r"^input rank should be >= 5 instead of 4 \[Op:SpaceToBatchND\]",
        ),
        (
            s2b,
            (IMAGE, 2, [[0, 0], [0, 0]]),
            r"^block_shape rank should be 1 instead of 0 \[Op:SpaceToBatchND\]",
        ),
        (
            tf.batch_to_space,
            (IMAGE, [2, 2], [[-1, 0], [0, 0]]),
            r"^Crops must be non-negative \[Op:BatchToSpaceND\]",
        ),
        (
            tf.batch_to_space,
            (IMAGE.reshape(4, 2, 2, 1), [2, 2], [[3, 2], [0, 0]]),
            r"^cropped_shape\[0\]=-1 must be",
        ),
        (
            tf.batch_to_space,
            (IMAGE, [2, 2], [[0, 0]]),
            r"^crops should have shape \[2, 2\] instead of \[1,2\]",
        ),
        (
            tf.batch_to_space,
            (IMAGE, [[2, 2]], [[0, 0], [0, 0]]),
            "^block_shape rank should be 1 instead of 2",
        ),
        (
            tf.batch_to_space,
            (IMAGE, [0, 2], [[0, 0], [0, 0]]),
            "^Product of block sizes must be positive, got 0",
        ),
        (
            tf.batch_to_space,
            (IMAGE, [3, 2], [[0, 0], [0, 0]]),
            r"^Input batch dimension \(1\) is not divisible by product of block sizes \(6\)",
        ),
        (
            tf.batch_to_space,
            (IMAGE, [2, 2], [[0.0, 0], [0, 0]]),
            "^Value for attr 'Tcrops' of float is not in",
        ),
    ]
    for fn, args, message in cases:
        with pytest.raises(InvalidArgumentError, match=message):
            fn(*args)
    with pytest.raises(
        NotFoundError, match=r"^Could not find device for node: \{\{node SpaceToBatchND\}\} = "
    ):
        tf.space_to_batch(tf.constant([[True, False]]), [2], [[0, 0]])


def test_bitcast_as_tf():
    assert tf.bitcast(tf.constant(1.0), tf.int32).numpy() == 1065353216
    assert tf.bitcast(tf.constant([1.0, 2.0]), tf.uint8).numpy().tolist() == [[0, 0, 128, 63], [0, 0, 0, 64]]
    assert tf.bitcast(tf.constant([[1, 2, 3, 4]], tf.uint8), tf.int32).numpy().tolist() == [67305985]
    assert tf.bitcast(tf.constant([1, 2], tf.uint8), tf.float16).numpy() == np.float16(3.06e-05)
    assert tf.bitcast(tf.constant([1.0], tf.float64), tf.complex64).numpy().tolist() == [1.875j]
    assert tf.bitcast(tf.constant([1 + 2j], tf.complex64), tf.float64).numpy().tolist() == [
        2.0000004731118679
    ]
    assert tf.bitcast(tf.constant([1 + 2j, 3 - 1j], tf.complex64), tf.uint8).numpy().tolist() == [
        [0, 0, 128, 63, 0, 0, 0, 64],
        [0, 0, 64, 64, 0, 0, 128, 191],
    ]
    assert tf.bitcast(tf.constant([1.0, -2.5], tf.bfloat16), tf.int16).numpy().tolist() == [16256, -16352]
    assert tf.bitcast(tf.constant([1, -2], tf.int32), tf.uint32).numpy().tolist() == [1, 4294967294]
    assert tape_grad(lambda x: tf.bitcast(x, tf.float32), 1.0, jit=False) == [None]  # no gradient
    assert jax.jit(lambda x: tf.bitcast(x, tf.int32)._value)(np.float32(1.0)) == 1065353216
    assert tf.function(lambda x: tf.bitcast(x, tf.uint8))(tf.constant(1.0)).numpy().tolist() == [
        0,
        0,
        128,
        63,
    ]
    with pytest.raises(InvalidArgumentError, match=r"^Cannot bitcast from 4 to 3 \[Op:Bitcast\]"):
        tf.bitcast(tf.constant([1, 2, 3], tf.uint8), tf.int32)
    with pytest.raises(InvalidArgumentError, match=r"^Cannot bitcast from 19 to 1 \[Op:Bitcast\]"):
        tf.bitcast(tf.constant([1, 2, 3], tf.float16), tf.float32)
    with pytest.raises(InvalidArgumentError, match="^Value for attr 'type' of bool is not in the list"):
        tf.bitcast(tf.constant([1.0]), tf.bool)
    with pytest.raises(InvalidArgumentError, match="^Value for attr 'T' of bool is not in the list"):
        tf.bitcast(tf.constant([True]), tf.uint8)


def test_parallel_stack_as_tf():
    with pytest.raises(
        RuntimeError, match=r"^tf.parallel_stack\(\) is not compatible with eager execution.$"
    ):
        tf.parallel_stack([[1.0, 2.0], [3.0, 4.0]])
    compiled = tf.function(lambda a, b: tf.parallel_stack([a, b]))
    assert compiled(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])).numpy().tolist() == [[1, 2], [3, 4]]
    with pytest.raises(
        ValueError, match=r"^Shapes of all inputs must match for tf.parallel_stack, got \[2\] and \[3\]"
    ):
        compiled(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0, 5.0]))
    with pytest.raises(
        TypeError,
        match=r"^Tensors in list passed to 'values' of 'ParallelConcat' Op have types \[float32, int32\] "
        "that don't all match.",
    ):
        compiled(tf.constant([1.0, 2.0]), tf.constant([3, 4]))
    check_many(
        [
            (
                tf.function(lambda v: tf.parallel_stack([v, v * 2])),
                lambda a: jnp.stack([a, a * 2]),
            )
        ],
        [1.0, 2.0],
    )


def test_realdiv_as_tf():
    out = tf.realdiv(tf.constant([1.0, 2.0]), 3.0)
    assert out.dtype == tf.float32 and out.numpy().tolist() == pytest.approx([1 / 3, 2 / 3])
    assert tf.realdiv(tf.constant([1.0]), tf.constant([0.0])).numpy().tolist() == [np.inf]
    assert tf.realdiv(tf.constant([1 + 1j]), tf.constant([2 + 0j])).dtype == tf.complex128
    assert tf.realdiv(tf.constant([[1.0], [2.0]]), tf.constant([1.0, 2.0, 3.0])).shape == [2, 3]
    ga, gb = tape_grad(tf.realdiv, [1.0, 2.0], [3.0, -4.0])
    assert ga.tolist() == pytest.approx([1 / 3, -0.25]) and gb.tolist() == pytest.approx(
        [-1 / 9, -0.125]
    )  # TF 2.21
    check_many([(tf.realdiv, jnp.divide)], [1.0, 2.0], [3.0, -4.0])
    with pytest.raises(
        NotFoundError, match=r"^Could not find device for node: \{\{node RealDiv\}\} = RealDiv\[T=DT_INT32\]"
    ):
        tf.realdiv(7, 2)
    with pytest.raises(
        InvalidArgumentError, match=r"^cannot compute RealDiv as input #1\(zero-based\) was expected"
    ):
        tf.realdiv(tf.constant([1.0]), tf.constant([2], tf.int32))
    with pytest.raises(InvalidArgumentError, match="^Value for attr 'T' of bool is not in the list"):
        tf.realdiv(tf.constant([True]), tf.constant([True]))
    with pytest.raises(InvalidArgumentError, match=r"^Incompatible shapes: \[2\] vs. \[3\] \[Op:RealDiv\]"):
        tf.realdiv(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0, 3.0]))
