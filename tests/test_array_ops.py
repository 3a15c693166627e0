"""Shape ops (reshape, transpose, concat, split, pad, cast, ...), indexing and shape facts.

Expected values and messages were observed with TensorFlow 2.21 (CPU).
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np
import pytest
from op_checks import check_many
from op_checks import tape_grad as _grad

import tapejax as tf
from tapejax.errors import InvalidArgumentError

M = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])


# -- reshape, transpose, expand/squeeze, broadcast, tile, reverse -------------------------------------
def test_reshape():
    assert tf.reshape(M, [3, 2]).shape == (3, 2) and tf.reshape(M, [-1]).shape == (6,)
    assert tf.reshape(M, tf.constant([3, 2])).shape == (3, 2) and tf.reshape(
        M, tf.TensorShape([6])
    ).shape == (6,)
    assert tf.reshape(tf.constant([1.0]), []).shape == ()
    # zero-sized dims: TF leaves them out when it resolves -1
    assert tf.reshape(tf.zeros((0, 3)), [0, -1]).shape == (0, 3)
    assert tf.reshape(tf.zeros((0, 3)), [-1, 0]).shape == (3, 0)
    assert tf.reshape(tf.zeros((2, 0, 3)), [0, -1]).shape == (0, 6)


@pytest.mark.parametrize(
    ("shape", "message"),
    [
        ([4, 2], "Input to reshape is a tensor with 6 values, but the requested shape has 8"),
        (
            [4, -1],
            "Input to reshape is a tensor with 6 values, but the requested shape requires a multiple of 4",
        ),
        ([-1, -1], "Only one input size may be -1, not both 0 and 1"),
        ([-2, 3], "Size 0 must be non-negative, not -2"),
    ],
)
def test_reshape_errors(shape, message):
    with pytest.raises(InvalidArgumentError, match=message):
        tf.reshape(M, shape)


def test_transpose_expand_squeeze():
    assert tf.transpose(M).numpy().tolist() == [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]
    assert tf.transpose(tf.ones((2, 3, 4)), perm=[1, 0, 2]).shape == (3, 2, 4)
    assert tf.transpose(tf.ones((2, 3, 4)), perm=[-1, 0, 1]).shape == (4, 2, 3)
    assert tf.transpose(tf.constant([[1j]]), conjugate=True).numpy().tolist() == [[-1j]]
    assert tf.expand_dims(M, 1).shape == (2, 1, 3) and tf.expand_dims(M, -1).shape == (2, 3, 1)
    assert tf.expand_dims(M, tf.constant(0)).shape == (1, 2, 3)
    assert tf.squeeze(tf.ones((1, 2, 1))).shape == (2,) and tf.squeeze(
        tf.ones((1, 2, 1)), axis=[-1]
    ).shape == (1, 2)
    assert tf.squeeze(tf.ones((1, 2, 1)), 0).shape == (2, 1)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tf.transpose(M, perm=[0, 0]), r"1 is missing from \{0,0\}."),
        (
            lambda: tf.transpose(M, perm=[0]),
            r"transpose expects a vector of size 2. But input\(1\) is a vector of size 1",
        ),
        (lambda: tf.transpose(M, perm=[0, 2]), r"2 is out of range \[0 .. 2\)"),
        (lambda: tf.expand_dims(M, 3), "Tried to expand dim index 3 for tensor with 2 dimensions."),
        (lambda: tf.expand_dims(M, -4), "Tried to expand dim index -4 for tensor with 2 dimensions."),
        (
            lambda: tf.squeeze(tf.ones((1, 2, 1)), axis=1),
            r"Can not squeeze dim\[1\], expected a dimension of 1, got 2",
        ),
        (
            lambda: tf.squeeze(tf.ones((1, 2, 1)), axis=3),
            "Tried to squeeze dim index 3 for tensor with 3 dimensions.",
        ),
        (lambda: tf.broadcast_to([1.0, 2.0], [3, 3]), r"Incompatible shapes: \[2\] vs. \[3,3\]"),
        (lambda: tf.tile(M, [2]), "Expected multiples argument to be a vector of length 2 but got length 1"),
        (lambda: tf.reverse(M, [2]), r"'axis'\[0\] = 2 is out of valid range \[0, 2"),
    ],
)
def test_shape_op_errors(call, message):
    with pytest.raises(InvalidArgumentError, match=message):
        call()


def test_broadcast_tile_reverse_roll_repeat():
    assert tf.broadcast_to([1.0, 2.0], [3, 2]).numpy().tolist() == [[1.0, 2.0]] * 3
    assert tf.tile(M, [2, 1]).shape == (4, 3)
    assert tf.reverse(M, [1]).numpy().tolist() == [[3.0, 2.0, 1.0], [6.0, 5.0, 4.0]]
    assert tf.reverse(M, [-1]).numpy().tolist() == [[3.0, 2.0, 1.0], [6.0, 5.0, 4.0]]
    assert tf.roll(M, shift=1, axis=1).numpy().tolist() == [[3.0, 1.0, 2.0], [6.0, 4.0, 5.0]]
    assert tf.roll(M, shift=[1, -1], axis=[0, 1]).numpy().tolist() == [[5.0, 6.0, 4.0], [2.0, 3.0, 1.0]]
    assert tf.repeat(M, 2, axis=0).shape == (4, 3)
    assert tf.repeat(M, 2).numpy().tolist() == [1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 4.0, 4.0, 5.0, 5.0, 6.0, 6.0]
    assert tf.repeat(M, [1, 2], axis=0).numpy().tolist() == [
        [1.0, 2.0, 3.0],
        [4.0, 5.0, 6.0],
        [4.0, 5.0, 6.0],
    ]


def test_shape_op_gradients_match_jax():
    x = [[1.5, -2.0, 3.0], [0.5, 1.0, 2.0]]
    w = np.arange(1.0, 7.0)
    check_many(
        [
            (
                lambda v: tf.reshape(v, [3, 2]) * [[1.0, 2.0]],
                lambda v: v.reshape(3, 2) * jnp.asarray([1.0, 2.0]),
            ),
            (lambda v: tf.transpose(v) ** 2, lambda v: v.T**2),
            (lambda v: tf.tile(v, [2, 2]) ** 2, lambda v: jnp.tile(v, (2, 2)) ** 2),
            (lambda v: tf.broadcast_to(v[0], [3, 3]) ** 2, lambda v: jnp.broadcast_to(v[0], (3, 3)) ** 2),
            (lambda v: tf.reverse(v, [1]) * w[:3].tolist(), lambda v: v[:, ::-1] * w[:3]),
            (lambda v: tf.roll(v, 1, 1) * w[:3].tolist(), lambda v: jnp.roll(v, 1, 1) * w[:3]),
            (
                lambda v: tf.repeat(v, [1, 2], axis=0) ** 2,
                lambda v: jnp.repeat(v, np.asarray([1, 2]), axis=0, total_repeat_length=3) ** 2,
            ),
            (lambda v: tf.expand_dims(v, 0) ** 3, lambda v: v[None] ** 3),
            (lambda v: tf.squeeze(tf.expand_dims(v, 2)) ** 3, lambda v: v**3),
        ],
        x,
    )


# -- dtypes --------------------------------------------------------------------------------------
def test_cast_follows_tf():
    assert tf.cast([-1.7, 1.7, 2.5], tf.int32).numpy().tolist() == [-1, 1, 2]
    assert tf.cast(tf.constant([0.0, 0.5]), tf.bool).numpy().tolist() == [False, True]
    assert tf.cast(tf.constant([1 + 2j]), tf.float32).numpy().tolist() == [1.0]
    assert tf.cast(tf.constant([1.7 + 2j]), tf.int32).numpy().tolist() == [1]
    assert tf.cast(1.5, tf.int32).numpy() == 1 and tf.cast(np.array([1.5]), tf.float32).dtype == tf.float32
    # TF's CPU cast of nan/out-of-range floats: the most negative int32/int64, wrapped to narrower types
    assert tf.cast(tf.constant([np.nan, np.inf, 3e9]), tf.int32).numpy().tolist() == [-(2**31)] * 3
    assert tf.cast(tf.constant([3e19, np.nan]), tf.int64).numpy().tolist() == [-(2**63)] * 2
    assert tf.cast(tf.constant([-1.0, 300.0]), tf.uint8).numpy().tolist() == [255, 44]
    assert tf.cast(tf.constant([200.0, -200.0, 1e10, np.nan]), tf.int8).numpy().tolist() == [-56, 56, 0, 0]
    assert tf.cast(tf.constant([5e9, -1.0, np.nan]), tf.uint32).numpy().tolist() == [705032704, 4294967295, 0]
    assert tf.cast(tf.constant([300, -1]), tf.uint8).numpy().tolist() == [44, 255]
    x = tf.constant(1.0)
    assert tf.cast(x, tf.float32) is x


def test_cast_gradients():
    assert _grad(lambda v: tf.cast(v, tf.float64) ** 2, [1.0, 2.0])[0].tolist() == [2.0, 4.0]
    assert _grad(lambda v: tf.cast(tf.cast(v, tf.int32), tf.float32), [1.4, 0.0]) == [None]
    assert _grad(lambda v: tf.abs(tf.cast(v, tf.complex64)), [1.0, -2.0])[0].tolist() == [1.0, -1.0]
    assert _grad(lambda v: tf.cast(v, tf.float16) * 2, [1.0, -2.0])[0].tolist() == [2.0, 2.0]


# -- joining and splitting ----------------------------------------------------------------------
def test_concat_and_stack():
    assert tf.concat([M, M], axis=0).shape == (4, 3) and tf.concat([M, M], axis=-1).shape == (2, 6)
    assert tf.concat([M, [[1.0, 2.0, 3.0]]], axis=0).shape == (3, 3)
    assert tf.concat([[1, 2], [3]], axis=0).numpy().tolist() == [1, 2, 3]
    assert tf.stack([M, M], axis=1).shape == (2, 2, 3) and tf.stack([M, M], axis=-1).shape == (2, 3, 2)
    assert tf.stack([1, 2]).dtype == tf.int32 and tf.stack([]).shape == (0,)
    assert tf.unstack(M)[1].numpy().tolist() == [4.0, 5.0, 6.0]
    assert [t.numpy().tolist() for t in tf.unstack(M, axis=1)] == [[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: tf.concat([M, tf.ones((2, 2))], axis=0),
            InvalidArgumentError,
            r"ConcatOp : Dimension 1 in both shapes must be equal: "
            r"shape\[0\] = \[2,3\] vs. shape\[1\] = \[2,2\]",
        ),
        (
            lambda: tf.concat([M, tf.ones((2,))], axis=0),
            InvalidArgumentError,
            "ConcatOp : Ranks of all input tensors should match",
        ),
        (
            lambda: tf.concat([M, M], axis=2),
            InvalidArgumentError,
            r"ConcatOp : Expected concatenating dimensions in the range \[-2, 2\), but got 2",
        ),
        (
            lambda: tf.concat([tf.constant(1.0), tf.constant(2.0)], axis=0),
            InvalidArgumentError,
            r"ConcatOp : Can't concatenate scalars \(use tf.stack instead\)",
        ),
        (
            lambda: tf.concat([M, tf.constant([[1, 2, 3]])], axis=0),
            InvalidArgumentError,
            r"cannot compute ConcatV2 as input #1\(zero-based\) was expected to be a float tensor "
            "but is a int32 tensor",
        ),
        (
            lambda: tf.concat([tf.constant([[1, 2, 3]]), [[1.5, 2.0, 3.0]]], axis=0),
            TypeError,
            r"Cannot convert \[\[1.5, 2.0, 3.0\]\] to EagerTensor of dtype int32",
        ),
        (
            lambda: tf.stack([M, tf.ones((2, 2))]),
            InvalidArgumentError,
            r"Shapes of all inputs must match: values\[0\].shape = \[2,3\] != values\[1\].shape = \[2,2\]",
        ),
        (lambda: tf.stack([M, M], axis=3), ValueError, r"Argument `axis` = 3 not in range \[-3, 3\)"),
        (
            lambda: tf.unstack(M, num=3),
            InvalidArgumentError,
            r"Input shape axis 0 must equal 3, got shape \[2,3\]",
        ),
        (lambda: tf.unstack(tf.constant(1.0)), ValueError, r"Argument `axis` = 0 not in range \[0, 0\)"),
        (
            lambda: tf.split(M, 2, axis=1),
            InvalidArgumentError,
            r"Number of ways to split should evenly divide the split dimension, but got split_dim 1 "
            r"\(size = 3\) and num_split 2",
        ),
        (
            lambda: tf.split(M, [1, 1], axis=1),
            InvalidArgumentError,
            "Determined shape must either match input shape",
        ),
        (
            lambda: tf.split(M, [-1, -1], axis=1),
            InvalidArgumentError,
            "There can only be one -1 in the input.",
        ),
    ],
)
def test_join_and_split_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_split():
    assert [t.shape for t in tf.split(M, 3, axis=1)] == [(2, 1)] * 3
    assert [t.shape for t in tf.split(M, [1, 2], axis=1)] == [(2, 1), (2, 2)]
    assert [t.shape for t in tf.split(M, [1, -1], axis=1)] == [(2, 1), (2, 2)]


def test_join_gradients_match_jax():
    check_many(
        [
            (lambda a, b: tf.concat([a, b], 1) ** 2, lambda a, b: jnp.concatenate([a, b], 1) ** 2),
            (lambda a, b: tf.stack([a, b], axis=1) ** 3, lambda a, b: jnp.stack([a, b], 1) ** 3),
            (lambda a, b: tf.split(a * b, [1, 2], axis=1)[1] ** 2, lambda a, b: (a * b)[:, 1:] ** 2),
            (lambda a, b: tf.unstack(a)[1] * b, lambda a, b: a[1] * b),
        ],
        [[1.5, -2.0, 3.0], [0.5, 1.0, 2.0]],
        [[2.0, 1.0, 0.5], [-1.0, 0.25, 3.0]],
    )


# -- padding ---------------------------------------------------------------------------------------
def test_pad():
    assert tf.pad(M, [[1, 0], [0, 2]]).numpy().tolist()[0] == [0.0] * 5
    assert tf.pad(M, [[1, 0], [0, 2]], constant_values=9).numpy().tolist()[1] == [1.0, 2.0, 3.0, 9.0, 9.0]
    assert tf.pad(M, [[1, 1], [2, 2]], mode="REFLECT").numpy().tolist()[0] == [
        6.0,
        5.0,
        4.0,
        5.0,
        6.0,
        5.0,
        4.0,
    ]
    assert tf.pad(M, [[1, 1], [2, 2]], mode="symmetric").numpy().tolist()[0] == [
        2.0,
        1.0,
        1.0,
        2.0,
        3.0,
        3.0,
        2.0,
    ]
    assert tf.pad(M, [[2, 0], [0, 0]], mode="SYMMETRIC").numpy().tolist()[0] == [4.0, 5.0, 6.0]
    assert tf.pad(M, [[1, 0], [0, 0]], constant_values=tf.constant(2.0)).numpy().tolist()[0] == [
        2.0,
        2.0,
        2.0,
    ]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (
            {"paddings": [[2, 2], [2, 2]], "mode": "REFLECT"},
            InvalidArgumentError,
            "paddings must be less than the dimension size: 2, 2 not less than 2",
        ),
        (
            {"paddings": [[3, 0], [0, 0]], "mode": "SYMMETRIC"},
            InvalidArgumentError,
            "paddings must be no greater than the dimension size: 3, 0 greater than 2",
        ),
        (
            {"paddings": [[1, 1], [2, 2]], "mode": "foo"},
            ValueError,
            'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or "SYMMETRIC". '
            "Received `mode` = foo",
        ),
        (
            {"paddings": [[1, 1]]},
            InvalidArgumentError,
            r"The first dimension of paddings must be the rank of inputs\[1,2\] \[2,3\]",
        ),
        ({"paddings": [[-1, 0], [0, 0]]}, InvalidArgumentError, "Paddings must be non-negative: -1 0"),
        (
            {"paddings": [[1, 0], [0, 0]], "constant_values": tf.constant(2)},
            InvalidArgumentError,
            r"cannot compute PadV2 as input #2\(zero-based\) was expected to be a float tensor but "
            "is a int32 tensor",
        ),
    ],
)
def test_pad_errors(kwargs, error, message):
    with pytest.raises(error, match=message):
        tf.pad(M, **kwargs)
    with pytest.raises(TypeError, match="Cannot convert 9.5 to EagerTensor of dtype int32"):
        tf.pad(tf.constant([[1, 2]]), [[1, 0], [0, 2]], constant_values=9.5)


def test_pad_gradients():
    check_many(
        [
            (
                lambda v: tf.pad(v, [[1, 0], [0, 2]], mode="REFLECT") ** 2,
                lambda v: jnp.pad(v, ((1, 0), (0, 2)), mode="reflect") ** 2,
            ),
            (
                lambda v: tf.pad(v, [[1, 1], [1, 0]], mode="SYMMETRIC") ** 2,
                lambda v: jnp.pad(v, ((1, 1), (1, 0)), mode="symmetric") ** 2,
            ),
            (
                lambda v: tf.pad(v, [[0, 1], [2, 0]], constant_values=3.0) ** 2,
                lambda v: jnp.pad(v, ((0, 1), (2, 0)), constant_values=3.0) ** 2,
            ),
        ],
        [[1.5, -2.0, 3.0], [0.5, 1.0, 2.0]],
    )
    gx, gc = _grad(lambda x, c: tf.pad(x, [[1, 1]], constant_values=c), [1.0], 2.0)
    assert gx.tolist() == [1.0] and gc is None  # TF: constant_values gets no gradient


# -- identity, stop_gradient, shape facts ------------------------------------------------------------
def test_identity_and_stop_gradient():
    assert _grad(tf.identity, [1.0, 2.0])[0].tolist() == [1.0, 1.0]
    assert _grad(lambda v: tf.stop_gradient(v) * v, [1.0, 2.0])[0].tolist() == [1.0, 2.0]
    assert _grad(tf.stop_gradient, [1.0, 2.0]) == [None]


def test_shape_size_rank():
    assert repr(tf.shape(M)) == "<tf.Tensor: shape=(2,), dtype=int32, numpy=array([2, 3], dtype=int32)>"
    assert tf.shape(M, out_type=tf.int64).dtype == tf.int64 and tf.shape([[1, 2]]).numpy().tolist() == [1, 2]
    assert tf.size(M).numpy() == 6 and tf.rank(M).numpy() == 2
    assert [s.numpy().tolist() for s in tf.shape_n([M, tf.ones((4,))])] == [[2, 3], [4]]
    assert tf.ensure_shape(M, [2, None]) is M
    with pytest.raises(
        InvalidArgumentError,
        match=r"Shape of tensor input \[2,3\] is not compatible with expected shape \[3,\?\]",
    ):
        tf.ensure_shape(M, [3, None])
    assert tf.broadcast_static_shape(tf.TensorShape([2, 1]), tf.TensorShape([3])) == (2, 3)
    assert tf.broadcast_dynamic_shape(tf.constant([2, 1]), tf.constant([3])).numpy().tolist() == [2, 3]
    with pytest.raises(ValueError, match="Incompatible shapes for broadcasting"):
        tf.broadcast_static_shape(tf.TensorShape([2]), tf.TensorShape([3]))


# -- indexing ---------------------------------------------------------------------------------------
def test_getitem():
    assert M[0].numpy().tolist() == [1.0, 2.0, 3.0] and M[-1].numpy().tolist() == [4.0, 5.0, 6.0]
    assert M[:, 1:].numpy().tolist() == [[2.0, 3.0], [5.0, 6.0]] and M[:, ::2].shape == (2, 2)
    assert M[::-1].numpy().tolist()[0] == [4.0, 5.0, 6.0] and M[5:10].shape == (0, 3)
    assert M[..., 0].numpy().tolist() == [1.0, 4.0] and M[None].shape == (1, 2, 3)
    assert M[:, tf.newaxis, 1].shape == (2, 1) and M[None, None, ..., None].shape == (1, 1, 2, 3, 1)
    assert M[tf.constant(1)].numpy().tolist() == [4.0, 5.0, 6.0] and M[np.int64(1)].shape == (3,)
    assert M[tf.constant(1) :].shape == (1, 3)
    assert M[[0, 1]].numpy() == 2.0  # TF: a list is a tuple of indices
    assert M[M > 2].numpy().tolist() == [3.0, 4.0, 5.0, 6.0]  # a bool tensor is a mask
    assert len(M[1:]) == 1


@pytest.mark.parametrize(
    ("key", "error", "message"),
    [
        (2, InvalidArgumentError, "slice index 2 of dimension 0 out of bounds."),
        (-3, InvalidArgumentError, "slice index -3 of dimension 0 out of bounds."),
        ((0, 0, 0), InvalidArgumentError, "Index out of range using input dim 2; input has only 2 dims"),
        ((Ellipsis, 0, Ellipsis), InvalidArgumentError, "Multiple ellipses in slice spec not allowed"),
        (slice(None, None, 0), InvalidArgumentError, r"strides\[0\] must be non-zero"),
        (
            1.0,
            TypeError,
            r"Only integers, slices \(`:`\), ellipsis \(`...`\), tf.newaxis \(`None`\) and scalar "
            r"tf.int32/tf.int64 tensors are valid indices, got 1.0",
        ),
        ("a", TypeError, "are valid indices, got 'a'"),
        (((0, 1),), TypeError, r"are valid indices, got \(0, 1\)"),
    ],
)
def test_getitem_errors(key, error, message):
    with pytest.raises(error, match=message):
        M[key]
    with pytest.raises(InvalidArgumentError, match="Attempting to slice scalar input."):
        tf.constant(1.0)[0]


def test_slicing_gradients_and_slice_ops():
    assert _grad(lambda v: v[::-1, ::2], M)[0].tolist() == [[1.0, 0.0, 1.0], [1.0, 0.0, 1.0]]
    check_many(
        [
            (lambda v: v[:, 1:] * v[0, :2], lambda v: v[:, 1:] * v[0, :2]),
            (lambda v: v[..., ::-1] ** 2, lambda v: v[..., ::-1] ** 2),
            (lambda v: tf.slice(v, [0, 1], [2, -1]) ** 2, lambda v: v[:, 1:] ** 2),
            (lambda v: tf.strided_slice(v, [0, 0], [2, 3], [1, 2]) ** 2, lambda v: v[:, ::2] ** 2),
        ],
        [[1.5, -2.0, 3.0], [0.5, 1.0, 2.0]],
    )
    assert tf.slice(M, [0, 1], [2, -1]).numpy().tolist() == [[2.0, 3.0], [5.0, 6.0]]
    with pytest.raises(InvalidArgumentError, match=r"Expected size\[0\] in \[0, 2\], but got 3"):
        tf.slice(M, [0, 1], [3, 1])
    assert tf.strided_slice(M, [1, 0], [2, 3], shrink_axis_mask=1).numpy().tolist() == [4.0, 5.0, 6.0]
    assert tf.strided_slice(M, [1, 0], [0, 3], begin_mask=1).shape == (0, 3)
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = v[1] * 3
    assert tape.gradient(y, v).numpy().tolist() == [0.0, 3.0]
