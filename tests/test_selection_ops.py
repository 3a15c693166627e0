"""where, gather, gather_nd, boolean_mask, clipping and scatter ops.

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
XS = [[1.5, -2.0, 3.0], [0.5, 1.0, 2.0]]


# -- where ----------------------------------------------------------------------------------------
def test_where_selects_and_broadcasts():
    assert tf.where(M > 2, M, 0.0).numpy().tolist() == [[0.0, 0.0, 3.0], [4.0, 5.0, 6.0]]
    assert tf.where([True, False, True], M, tf.zeros((2, 1))).numpy().tolist() == [
        [1.0, 0.0, 3.0],
        [4.0, 0.0, 6.0],
    ]
    assert tf.where(M > 2, M, tf.zeros((3,))).shape == (2, 3)
    assert (
        tf.where([True, False], 1, 2).dtype == tf.int32
        and tf.where([True, False], 1.0, 2).dtype == tf.float32
    )
    assert tf.where(True, 1.0, 2.0).numpy() == 1.0


def test_where_indices():
    idx = tf.where(M > 2)
    assert idx.dtype == tf.int64 and idx.numpy().tolist() == [[0, 2], [1, 0], [1, 1], [1, 2]]
    assert tf.where(tf.constant([[1, 0], [0, 2]])).numpy().tolist() == [[0, 0], [1, 1]]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: tf.where(M > 2, M), ValueError, "x and y must both be non-None or both be None."),
        (
            lambda: tf.where(M > 2, M, tf.constant([[1, 2, 3]])),
            InvalidArgumentError,
            "cannot compute SelectV2 as input #1",
        ),
        (
            lambda: tf.where(tf.constant([[1, 2, 3]]), M, 0.0),
            InvalidArgumentError,
            r"cannot compute SelectV2 as input #0\(zero-based\) was expected to be a bool tensor "
            "but is a int32 tensor",
        ),
        (
            lambda: tf.where([True, False, True, False], M, 0.0),
            InvalidArgumentError,
            r"condition \[4\], then \[2,3\], and else \[\] must be broadcastable",
        ),
        (lambda: tf.where(True), InvalidArgumentError, "WhereOp : Unhandled input dimensions: 0"),
        (
            lambda: tf.where(True, 1.5, tf.constant(1)),
            TypeError,
            "Cannot convert 1.5 to EagerTensor of dtype int32",
        ),
    ],
)
def test_where_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_where_gradients():
    assert _grad(lambda v: tf.where(v > 2, v**2, 0.0), M)[0].tolist() == [[0.0, 0.0, 6.0], [8.0, 10.0, 12.0]]
    gx, gy = _grad(lambda a, b: tf.where([True, False], a, b), [1.0, 2.0], [3.0, 4.0])
    assert gx.tolist() == [1.0, 0.0] and gy.tolist() == [0.0, 1.0]


# -- gather ---------------------------------------------------------------------------------------
def test_gather():
    assert tf.gather(M, [1, 0, 1]).shape == (3, 3)
    assert tf.gather(M, [[2, 0]], axis=1).numpy().tolist() == [[[3.0, 1.0]], [[6.0, 4.0]]]
    assert tf.gather(M, [2, 0], axis=-1).numpy().tolist() == [[3.0, 1.0], [6.0, 4.0]]
    assert tf.gather(M, 1).numpy().tolist() == [4.0, 5.0, 6.0]
    assert tf.gather(M, [[0, 2], [1, 1]], batch_dims=1).numpy().tolist() == [[1.0, 3.0], [5.0, 5.0]]
    assert tf.gather(M, [[0, 2], [1, 1]], batch_dims=-1).numpy().tolist() == [[1.0, 3.0], [5.0, 5.0]]
    batched = tf.gather(tf.reshape(tf.range(24), (2, 3, 4)), [[0, 2], [1, 1]], axis=2, batch_dims=1)
    assert batched.numpy().reshape(-1).tolist() == [0, 2, 4, 6, 8, 10, 13, 13, 17, 17, 21, 21]
    assert tf.gather(M, np.array([1])).shape == (1, 3) and tf.gather(M, tf.constant([1], tf.int16)).shape == (
        1,
        3,
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tf.gather(M, [2]), r"indices\[0\] = 2 is not in \[0, 2\)"),
        (lambda: tf.gather(M, [-1]), r"indices\[0\] = -1 is not in \[0, 2\)"),
        (lambda: tf.gather(M, [[0, 5]], axis=1), r"indices\[0,1\] = 5 is not in \[0, 3\)"),
        (lambda: tf.gather(M, [0], axis=2), "Shape must be at least rank 3 but is rank 2"),
        (
            lambda: tf.gather(M, [1.0]),
            "Value for attr 'Tindices' of float is not in the list of allowed values: int16, int32, int64",
        ),
        (
            lambda: tf.gather(M, tf.constant([1], tf.uint8)),
            "Value for attr 'Tindices' of uint8 is not in the list",
        ),
        (
            lambda: tf.gather_nd(M, [[2, 0]]),
            r"indices\[0\] = \[2, 0\] does not index into param shape \[2,3\]",
        ),
        (
            lambda: tf.gather_nd(M, [[-1, 0]]),
            r"indices\[0\] = \[-1, 0\] does not index into param shape \[2,3\]",
        ),
        (
            lambda: tf.gather_nd(M, [[0, 0, 0]]),
            "index innermost dimension length must be <= params rank; saw: 3 vs. 2",
        ),
    ],
)
def test_gather_errors(call, message):
    with pytest.raises(InvalidArgumentError, match=message):
        call()


def test_gather_nd():
    assert tf.gather_nd(M, [[1, 0], [0, 2]]).numpy().tolist() == [4.0, 3.0]
    assert tf.gather_nd(M, [[1], [0]]).numpy().tolist() == [[4.0, 5.0, 6.0], [1.0, 2.0, 3.0]]
    assert tf.gather_nd(M, [[1], [0]], batch_dims=1).numpy().tolist() == [2.0, 4.0]


def test_gather_gradients_match_jax():
    # A gather's gradient is TF's IndexedSlices (tests/test_indexed_slices.py); densified here.
    assert _grad(lambda v: tf.gather(v, [1, 0, 1]), M)[0].tolist() == [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]
    assert _grad(lambda v: tf.gather_nd(v, [[1, 0], [1, 0]]), M)[0].tolist() == [
        [0.0, 0.0, 0.0],
        [2.0, 0.0, 0.0],
    ]
    check_many(
        [
            (lambda v: tf.gather(v, [2, 0, 2], axis=1) ** 2, lambda v: v[:, jnp.asarray([2, 0, 2])] ** 2),
            (
                lambda v: tf.gather(v, [[0, 2], [1, 1]], batch_dims=1) ** 2,
                lambda v: jnp.take_along_axis(v, jnp.asarray([[0, 2], [1, 1]]), axis=1) ** 2,
            ),
            (
                lambda v: tf.gather_nd(v, [[1, 0], [0, 2], [1, 0]]) ** 2,
                lambda v: v[jnp.asarray([1, 0, 1]), jnp.asarray([0, 2, 0])] ** 2,
            ),
            (
                lambda v: tf.boolean_mask(v, [[True, False, True], [False, True, True]]) ** 2,
                lambda v: v.reshape(-1)[jnp.asarray([0, 2, 4, 5])] ** 2,
            ),
        ],
        XS,
    )


# -- boolean_mask ---------------------------------------------------------------------------------
def test_boolean_mask():
    assert tf.boolean_mask(M, [True, False]).numpy().tolist() == [[1.0, 2.0, 3.0]]
    assert tf.boolean_mask(M, M > 2).numpy().tolist() == [3.0, 4.0, 5.0, 6.0]
    assert tf.boolean_mask(M, [True, False, True], axis=1).numpy().tolist() == [[1.0, 3.0], [4.0, 6.0]]
    assert tf.boolean_mask(tf.ones((2, 2, 3)), [[True, False], [False, True]]).shape == (2, 3)
    assert tf.boolean_mask([1, 2, 3], [True, False, True]).numpy().tolist() == [1, 3]
    assert _grad(lambda v: tf.boolean_mask(v, v > 2), M, jit=False)[0].tolist() == [
        [0.0, 0.0, 1.0],
        [1.0, 1.0, 1.0],
    ]
    with pytest.raises(ValueError, match=r"Shapes \(2,\) and \(1,\) are incompatible"):
        tf.boolean_mask(M, [True])


# -- clipping ---------------------------------------------------------------------------------------
def test_clip_by_value():
    x = tf.constant([-2.0, -1.0, 0.0, 2.0, 3.0])
    assert tf.clip_by_value(x, -1, 2).numpy().tolist() == [-1.0, -1.0, 0.0, 2.0, 2.0]
    assert tf.clip_by_value(tf.constant([-2, 5]), -1, 2).numpy().tolist() == [-1, 2]
    assert tf.clip_by_value(tf.constant([-2.0, 5.0]), 2.0, -1.0).numpy().tolist() == [2.0, 2.0]
    assert tf.clip_by_value(tf.constant([[-2.0, 5.0]]), [-1.0, 0.0], [1.0, 2.0]).numpy().tolist() == [
        [-1.0, 2.0]
    ]
    gx, glo, ghi = _grad(tf.clip_by_value, [-2.0, -1.0, 0.0, 2.0, 3.0], -1.0, 2.0)
    assert gx.tolist() == [0.0, 1.0, 1.0, 1.0, 0.0] and glo == 1.0 and ghi == 1.0  # TF: 1 at the bounds


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (
            (tf.constant([-2.0, 5.0]), tf.constant(-1), 2),
            InvalidArgumentError,
            r"cannot compute Maximum as input #1\(zero-based\) was expected to be a float tensor "
            "but is a int32 tensor",
        ),
        ((tf.constant([-2, 5]), -1.5, 2), TypeError, "Cannot convert -1.5 to EagerTensor of dtype int32"),
        (
            (tf.constant([-2.0, 5.0]), [-1.0, 0.0, 1.0], 2.0),
            InvalidArgumentError,
            r"Incompatible shapes: \[2\] vs. \[3\]",
        ),
    ],
)
def test_clip_by_value_errors(args, error, message):
    with pytest.raises(error, match=message):
        tf.clip_by_value(*args)


def test_clip_by_norm():
    assert tf.clip_by_norm(tf.constant([3.0, 4.0]), 1.0).numpy().tolist() == [
        0.6000000238418579,
        0.800000011920929,
    ]
    assert tf.clip_by_norm(tf.constant([3.0, 4.0]), 10.0).numpy().tolist() == [3.0, 4.0]
    np.testing.assert_allclose(
        tf.clip_by_norm(tf.constant([[3.0, 4.0], [0.3, 0.4]]), 1.0, axes=[1]),
        [[0.6, 0.8], [0.3, 0.4]],
        rtol=1e-6,
    )
    assert tf.clip_by_norm(tf.constant([3.0, 4.0]), tf.constant(1.0, tf.float64)).dtype == tf.float32
    np.testing.assert_allclose(
        _grad(lambda v: tf.clip_by_norm(v, 1.0) * tf.constant([1.0, 2.0]), [3.0, 4.0])[0],
        [-0.064, 0.048],
        rtol=1e-5,
    )
    np.testing.assert_allclose(
        _grad(lambda v: tf.clip_by_norm(v, 5.0) * tf.constant([1.0, 2.0]), [3.0, 4.0])[0],
        [-0.32, 0.24],
        rtol=1e-5,
    )  # at the boundary, TF's formula
    assert _grad(lambda v: tf.clip_by_norm(v, 5.0), [0.0, 0.0])[0].tolist() == [1.0, 1.0]
    gx, gc = _grad(tf.clip_by_norm, [3.0, 4.0], 1.0)
    np.testing.assert_allclose(gx, [0.032, -0.024], rtol=1e-5)
    np.testing.assert_allclose(gc, 1.4, rtol=1e-6)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of int32 is not in the list"):
        tf.clip_by_norm(tf.constant([3, 4]), 1)


def test_clip_by_global_norm():
    clipped, norm = tf.clip_by_global_norm([tf.constant([3.0]), tf.constant([4.0]), None], 1.0)
    assert [clipped[0].numpy().tolist(), clipped[1].numpy().tolist(), clipped[2]] == [
        [0.6000000238418579],
        [0.800000011920929],
        None,
    ]
    assert norm.numpy() == 5.0
    same, _ = tf.clip_by_global_norm([tf.constant([3.0]), tf.constant([4.0])], 10.0)
    assert [t.numpy().tolist() for t in same] == [[3.0], [4.0]]
    ga, gb = _grad(lambda a, b: tf.clip_by_global_norm([a, b], 1.0)[0][0], [3.0], [4.0])
    np.testing.assert_allclose([ga[0], gb[0]], [0.128, -0.096], rtol=1e-5)
    with pytest.raises(TypeError, match="`t_list` should be a sequence of tensors"):
        tf.clip_by_global_norm(tf.constant([3.0]), 1.0)


def test_clip_gradients_match_jax_away_from_bounds():
    check_many(
        [
            (lambda v: tf.clip_by_value(v, -1.0, 2.5) ** 2, lambda v: jnp.clip(v, -1.0, 2.5) ** 2),
            (
                lambda v: tf.clip_by_norm(v, 1.0) * [1.0, 2.0, 3.0],
                lambda v: v / jnp.maximum(jnp.linalg.norm(v, axis=None), 1.0) * jnp.asarray([1.0, 2.0, 3.0]),
            ),
        ],
        XS,
    )


# -- scatter ----------------------------------------------------------------------------------------
def test_scatter_nd():
    assert tf.scatter_nd([[1], [3], [1]], [1.0, 2.0, 3.0], [5]).numpy().tolist() == [0.0, 4.0, 0.0, 2.0, 0.0]
    assert tf.scatter_nd([[0, 1], [1, 0]], [5, 6], [2, 2]).numpy().tolist() == [[0, 5], [6, 0]]
    assert tf.scatter_nd([[1]], [[1.0, 2.0]], [2, 2]).numpy().tolist() == [[0.0, 0.0], [1.0, 2.0]]
    (g,) = _grad(
        lambda u: tf.scatter_nd([[1], [0], [1]], u, [3]) * tf.constant([1.0, 2.0, 3.0]), [1.0, 2.0, 3.0]
    )
    assert g.tolist() == [2.0, 1.0, 2.0]
    with pytest.raises(InvalidArgumentError, match=r"indices\[0\] = \[5\] does not index into shape \[3\]"):
        tf.scatter_nd([[5]], [1.0], [3])


def test_tensor_scatter_nd():
    assert tf.tensor_scatter_nd_update(M, [[0, 0], [1, 2]], [9.0, 8.0]).numpy().tolist() == [
        [9.0, 2.0, 3.0],
        [4.0, 5.0, 8.0],
    ]
    assert tf.tensor_scatter_nd_update(M, [[1]], [[9.0, 8.0, 7.0]]).numpy().tolist()[1] == [9.0, 8.0, 7.0]
    assert tf.tensor_scatter_nd_add(M, [[0, 0], [0, 0]], [9.0, 8.0]).numpy().tolist()[0] == [18.0, 2.0, 3.0]
    assert tf.tensor_scatter_nd_sub(M, [[0, 0]], [9.0]).numpy().tolist()[0] == [-8.0, 2.0, 3.0]
    assert tf.tensor_scatter_nd_max(M, [[0, 0], [0, 1]], [0.0, 8.0]).numpy().tolist()[0] == [1.0, 8.0, 3.0]
    assert tf.tensor_scatter_nd_min(M, [[0, 0], [0, 1]], [0.0, 8.0]).numpy().tolist()[0] == [0.0, 2.0, 3.0]
    gx, gu = _grad(lambda x, u: tf.tensor_scatter_nd_update(x, [[0, 0], [1, 2]], u) * 2.0, M, [9.0, 8.0])
    assert gx.tolist() == [[0.0, 2.0, 2.0], [2.0, 2.0, 0.0]] and gu.tolist() == [2.0, 2.0]
    gx, gu = _grad(lambda x, u: tf.tensor_scatter_nd_add(x, [[0, 0], [0, 0]], u) * 2.0, M, [9.0, 8.0])
    assert gx.tolist() == [[2.0] * 3] * 2 and gu.tolist() == [2.0, 2.0]
    with pytest.raises(
        InvalidArgumentError,
        match=r"Outer dimensions of indices and update must match. Indices shape: "
        r"\[1,2\], updates shape:\[2\]",
    ):
        tf.tensor_scatter_nd_update(M, [[0, 0]], [9.0, 8.0])
    with pytest.raises(
        InvalidArgumentError, match=r"indices\[0\] = \[5, 0\] does not index into shape \[2,3\]"
    ):
        tf.tensor_scatter_nd_update(M, [[5, 0]], [9.0])
