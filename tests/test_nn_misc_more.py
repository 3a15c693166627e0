"""``tf.nn``'s crelu, weighted_moments, sufficient_statistics,
batch_norm_with_global_normalization, lrn, space_to_depth/depth_to_space, dilation2d/erosion2d
and isotonic_regression (issue 21).

TF's numbers were computed with TensorFlow 2.21 (CPU) on the inputs ``_data`` makes, stored as
fingerprints (see ``tf_fingerprints``) (several outputs are flattened and concatenated).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from op_checks import check_many
from tf_fingerprints import check_against_tf
from tf_fingerprints import data as _data

import tapejax as tf
from tapejax.errors import InvalidArgumentError

nn = tf.nn


def _flat(*ts):
    return tf.concat([tf.reshape(t, [-1]) for t in ts if t is not None], 0)


CASES = {
    "crelu": (lambda x: nn.crelu(x, axis=1), [(2, 3, 4)]),
    "weighted_moments": (lambda x, w: _flat(*nn.weighted_moments(x, [0, 2], w * w)), [(2, 3, 4), (2, 3, 1)]),
    "weighted_moments_keep": (
        lambda x, w: _flat(*nn.weighted_moments(x, [1], w, keepdims=True)),
        [(2, 3, 4), (4,)],
    ),
    "sufficient_statistics": (
        lambda x, s: _flat(*nn.sufficient_statistics(x, [0, 2], shift=s)[1:3]),
        [(2, 3, 4), (3, 1)],
    ),
    "bn_global": (
        lambda x, m, v, b, g: nn.batch_norm_with_global_normalization(x, m, v * v + 0.5, b, g, 0.01, True),
        [(2, 3, 4), (4,), (4,), (4,), (4,)],
    ),
    "bn_global_noscale": (
        lambda x, m, v, b, g: nn.batch_norm_with_global_normalization(x, m, v * v + 0.5, b, g, 0.01, False),
        [(2, 3, 4), (4,), (4,), (4,), (4,)],
    ),
    "lrn": (lambda x: nn.lrn(x, 2, 1.0, 0.5, 0.75), [(1, 2, 3, 7)]),
    "lrn_default": (nn.local_response_normalization, [(2, 2, 2, 12)]),
    "space_to_depth": (lambda x: nn.space_to_depth(x, 2), [(2, 4, 6, 3)]),
    "depth_to_space": (lambda x: nn.depth_to_space(x, 3), [(2, 2, 3, 18)]),
    "dilation2d": (
        lambda x, w: nn.dilation2d(x, w, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]),
        [(2, 5, 5, 2), (2, 3, 2)],
    ),
    "dilation2d_strided": (
        lambda x, w: nn.dilation2d(x, w, [1, 2, 1, 1], "VALID", "NHWC", [1, 1, 2, 1]),
        [(2, 6, 7, 2), (2, 2, 2)],
    ),
    "dilation2d_rate_same": (
        lambda x, w: nn.dilation2d(x, w, [1, 2, 2, 1], "SAME", "NHWC", [1, 2, 2, 1]),
        [(2, 7, 7, 2), (3, 2, 2)],
    ),
    "erosion2d": (
        lambda x, w: nn.erosion2d(x, w, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]),
        [(2, 5, 5, 2), (2, 3, 2)],
    ),
    "erosion2d_strided": (
        lambda x, w: nn.erosion2d(x, w, [1, 2, 2, 1], "VALID", "NHWC", [1, 2, 1, 1]),
        [(2, 6, 7, 2), (2, 2, 2)],
    ),
    "isotonic": (lambda x: nn.isotonic_regression(x).output, [(3, 7)]),
    "isotonic_increasing_axis0": (lambda x: nn.isotonic_regression(x, decreasing=False, axis=0)[0], [(6, 4)]),
}

# TensorFlow 2.21: (output shape, fingerprint of the output, fingerprints of the gradients)
TF = {
    "crelu": ((2, 6, 4), 2.69953, [1.27468]),
    "weighted_moments": ((6,), 0.78284, [1.30658, -0.27362]),
    "weighted_moments_keep": ((16,), -2.22372, [-1.92266, 0.0]),
    "sufficient_statistics": ((6,), -6.84135, [2.91858, -7.67917]),
    "bn_global": ((2, 3, 4), -2.20444, [-10.14911, 2.04642, -0.02574, 2.44892, 0.91972]),
    "bn_global_noscale": ((2, 3, 4), -0.31754, [14.11915, -2.64977, 0.21345, 2.44892, None]),
    "lrn": ((1, 2, 3, 7), 2.10631, [7.63051]),
    "lrn_default": ((2, 2, 2, 12), 0.22345, [18.66254]),
    "space_to_depth": ((2, 2, 3, 12), 1.55049, [-5.23674]),
    "depth_to_space": ((2, 6, 9, 2), -1.5204, [9.092]),
    "dilation2d": ((2, 5, 5, 2), -5.93354, [7.5262, 3.40596]),
    "dilation2d_strided": ((2, 3, 5, 2), -3.08887, [-1.10855, -1.36145]),
    "dilation2d_rate_same": ((2, 4, 4, 2), 0.94278, [-8.75071, -3.74441]),
    "erosion2d": ((2, 5, 5, 2), 2.70762, [10.39865, -5.59401]),
    "erosion2d_strided": ((2, 2, 3, 2), -3.15431, [0.08439, -3.35448]),
    "isotonic": ((3, 7), 1.05149, [8.48689]),
    "isotonic_increasing_axis0": ((6, 4), 2.18099, [5.79637]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_values_and_gradients_match_tf(name):
    f, shapes = CASES[name]
    check_against_tf(f, shapes, TF[name])


def test_isotonic_segments_and_dtypes_are_tfs():
    r = nn.isotonic_regression(_data((3, 7), 0))
    assert r.segments.dtype == tf.int32
    assert r.segments.numpy().tolist() == [[0, 0, 0, 0, 1, 2, 3], [0] * 7, [0] * 7]
    inc = nn.isotonic_regression(_data((6, 4), 0), decreasing=False, axis=0)
    assert inc.segments.numpy().tolist() == [
        [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 1, 1], [1, 0, 1, 1], [1, 0, 1, 2], [2, 1, 2, 2],
    ]  # fmt: skip
    # equal neighbouring means stay separate segments (TF merges only on a strict violation)
    ties = nn.isotonic_regression([[5.0, 4.0, 6.0, 1.0]])
    assert ties.output.numpy().tolist() == [[5.0, 5.0, 5.0, 1.0]]
    assert ties.segments.numpy().tolist() == [[0, 1, 1, 2]]
    assert nn.isotonic_regression(tf.constant([[1, 3, 2, 4]])).output.dtype == tf.float64
    assert nn.isotonic_regression(tf.constant([[1, 3]], tf.int16)).output.dtype == tf.float32
    assert nn.isotonic_regression(tf.constant([1.0, 3.0], tf.float16)).output.dtype == tf.float16


def test_integer_statistics_and_weights_of_float16():
    counts, m_ss, v_ss, shift = nn.sufficient_statistics(tf.constant([[1, 2], [3, 4]]), [0])
    assert counts.dtype == tf.int32 and int(counts) == 2 and shift is None
    assert m_ss.numpy().tolist() == [4, 6] and v_ss.numpy().tolist() == [10, 20]
    mean, variance = nn.weighted_moments(
        tf.constant([1.0, 2, 3], tf.float16), [0], tf.constant([1.0, 1, 2], tf.float16)
    )
    assert mean.dtype == tf.float16 and float(mean) == 2.25 and float(variance) == 0.6875
    assert nn.crelu(tf.constant([1, -2])).numpy().tolist() == [1, 0, 0, 2]
    assert float(nn.scale_regularization_loss([1.0, 2.0])) == 3.0


def _lrn(x, r, bias, alpha, beta):
    pad = jnp.pad(jnp.square(x), ((0, 0), (0, 0), (0, 0), (r, r)))
    total = sum(pad[..., i : i + x.shape[-1]] for i in range(2 * r + 1))
    return x / (bias + alpha * total) ** beta


def test_gradients_match_jax_and_finite_differences():
    x = _data((1, 2, 3, 7), 0)
    check_many([(lambda v: nn.lrn(v, 2, 1.0, 0.5, 0.75), lambda v: _lrn(v, 2, 1.0, 0.5, 0.75))], x)
    rows = _data((3, 7), 0)

    def pav_mean(v):  # the blocks TF finds for these rows (above), as a mean per block
        blocks = [[(0, 4), (4, 5), (5, 6), (6, 7)], [(0, 7)], [(0, 7)]]
        return jnp.stack([
            jnp.concatenate([jnp.full(b - a, jnp.mean(v[i, a:b])) for a, b in row]) for i, row in enumerate(blocks)
        ])  # fmt: skip

    check_many([(lambda v: nn.isotonic_regression(v).output ** 2, lambda v: pav_mean(v) ** 2)], rows)


def test_channels_first_function_and_jit():
    x = _data((2, 4, 6, 3), 0)
    last = nn.space_to_depth(x, 2)
    first = nn.space_to_depth(np.transpose(x, (0, 3, 1, 2)), 2, data_format="NCHW")
    np.testing.assert_array_equal(np.transpose(first, (0, 2, 3, 1)), last)
    back = nn.depth_to_space(first, 2, data_format="NCHW")
    np.testing.assert_array_equal(np.transpose(back, (0, 2, 3, 1)), x)
    f = tf.function(nn.isotonic_regression)
    np.testing.assert_array_equal(
        f(_data((3, 7), 0)).segments, nn.isotonic_regression(_data((3, 7), 0)).segments
    )
    dil = jax.jit(
        lambda v, w: nn.dilation2d(tf.constant(v), w, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1])._value
    )
    np.testing.assert_array_equal(
        dil(_data((2, 5, 5, 2), 0), _data((2, 3, 2), 1)),
        nn.dilation2d(
            _data((2, 5, 5, 2), 0), _data((2, 3, 2), 1), [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]
        ),
    )


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: nn.lrn(tf.ones((2, 2, 5))),
            InvalidArgumentError,
            r"in must be 4-dimensional, got shape \(2, 2, 5\)",
        ),
        (
            lambda: nn.lrn(tf.ones((1, 2, 2, 5), tf.float64)),
            InvalidArgumentError,
            r"Value for attr 'T' of double is not in the list of allowed values: half, bfloat16, float \[Op:LRN\]",
        ),
        (
            lambda: nn.space_to_depth(tf.ones((1, 3, 6, 1)), 2),
            InvalidArgumentError,
            r"Image width 6 and height 3 should be divisible by block_size: 2 \[Op:SpaceToDepth\]",
        ),
        (
            lambda: nn.depth_to_space(tf.ones((1, 2, 2, 3)), 2),
            InvalidArgumentError,
            r"Input depth dimension 3 should be divisible by: 4 \[Op:DepthToSpace\]",
        ),
        (
            lambda: nn.depth_to_space(tf.ones((1, 2, 2, 4)), 1),
            InvalidArgumentError,
            r"Value for attr 'block_size' of 1 must be at least minimum 2 \[Op:DepthToSpace\]",
        ),
        (
            lambda: nn.space_to_depth(tf.ones((4, 4, 1)), 2),
            InvalidArgumentError,
            r"Input rank should be 4 instead of 3 \[Op:SpaceToDepth\]",
        ),
        (
            lambda: nn.dilation2d(tf.ones((1, 4, 4, 2)), tf.ones((2, 2, 2)), 1, "SAME", "NCHW", 1),
            ValueError,
            r"`data_format` values other  than 'NHWC' are not supported. Received: data_format=NCHW",
        ),
        (
            lambda: nn.erosion2d(tf.ones((1, 4, 4, 2)), tf.ones((2, 2, 3)), 1, "SAME", "NHWC", 1),
            InvalidArgumentError,
            r"input and filter must have the same depth: 2 vs 3 \[Op:Dilation2D\]",
        ),
        (
            lambda: nn.dilation2d(tf.ones((4, 4, 2)), tf.ones((2, 2, 2)), 1, "SAME", "NHWC", 1),
            InvalidArgumentError,
            r"input must be 4-dimensional and filter 3-dimensional: got \[4, 4, 2\] and \[2, 2, 2\]",
        ),
    ],
)
def test_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()
