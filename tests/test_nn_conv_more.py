"""``tf.nn``'s transposed, 3-D, atrous, depthwise and separable convolutions (issue 21).

TF's numbers were computed with TensorFlow 2.21 (CPU, ``TF_ENABLE_ONEDNN_OPTS=0``) on the
inputs ``tf_fingerprints.data`` makes, and are stored as fingerprints (``sum(y * cos(0.3 * k))``
of the output and of each input's gradient; see ``tf_fingerprints``).
Gradients are also checked against ``jax.grad`` of ``jax.lax`` references and finite
differences (``check_many``).
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


CASES = {
    "t2_same": (
        lambda x, w: nn.conv2d_transpose(x, w, [2, 6, 8, 3], 2, "SAME"),
        [(2, 3, 4, 2), (3, 2, 3, 2)],
    ),
    "t2_valid": (
        lambda x, w: nn.conv2d_transpose(x, w, [2, 7, 9, 3], 2, "VALID"),
        [(2, 3, 4, 2), (3, 2, 3, 2)],
    ),
    "t2_explicit": (
        lambda x, w: nn.conv2d_transpose(x, w, [2, 6, 8, 3], 2, [[0, 0], [1, 0], [0, 1], [0, 0]]),
        [(2, 3, 4, 2), (3, 2, 3, 2)],
    ),
    "t1_same": (lambda x, w: nn.conv1d_transpose(x, w, [2, 10, 3], 2, "SAME"), [(2, 5, 2), (3, 3, 2)]),
    "t3_same": (
        lambda x, w: nn.conv3d_transpose(x, w, [1, 4, 6, 4, 3], 2, "SAME"),
        [(1, 2, 3, 2, 2), (2, 2, 2, 3, 2)],
    ),
    "t_generic": (
        lambda x, w: nn.conv_transpose(x, w, tf.constant([2, 6, 8, 3]), [1, 2, 2, 1], "SAME"),
        [(2, 3, 4, 2), (3, 2, 3, 2)],
    ),
    "c3": (lambda x, w: nn.conv3d(x, w, [1, 2, 1, 1, 1], "SAME"), [(1, 4, 5, 4, 2), (2, 3, 2, 2, 3)]),
    "atrous_same": (lambda x, w: nn.atrous_conv2d(x, w, 2, "SAME"), [(1, 6, 6, 2), (3, 3, 2, 3)]),
    "atrous_valid": (lambda x, w: nn.atrous_conv2d(x, w, 2, "VALID"), [(1, 6, 6, 2), (3, 3, 2, 3)]),
    "atrousT_same": (
        lambda x, w: nn.atrous_conv2d_transpose(x, w, [1, 6, 6, 3], 3, "SAME"),
        [(1, 6, 6, 2), (2, 2, 3, 2)],
    ),
    "atrousT_valid": (
        lambda x, w: nn.atrous_conv2d_transpose(x, w, [1, 9, 9, 3], 3, "VALID"),
        [(1, 6, 6, 2), (2, 2, 3, 2)],
    ),
    "dw_stride": (lambda x, w: nn.depthwise_conv2d(x, w, [1, 2, 2, 1], "SAME"), [(2, 5, 5, 2), (3, 3, 2, 2)]),
    "dw_dil": (
        lambda x, w: nn.depthwise_conv2d(x, w, [1, 1, 1, 1], "VALID", dilations=[2, 2]),
        [(2, 5, 5, 2), (3, 3, 2, 2)],
    ),
    "dw_dil_same": (
        lambda x, w: nn.depthwise_conv2d(x, w, [1, 1, 1, 1], "SAME", dilations=[2, 2]),
        [(2, 5, 5, 2), (2, 2, 2, 2)],
    ),
    "dw_explicit": (
        lambda x, w: nn.depthwise_conv2d(x, w, [1, 1, 1, 1], [[0, 0], [1, 0], [0, 2], [0, 0]]),
        [(2, 5, 5, 2), (3, 3, 2, 2)],
    ),
    "sep": (
        lambda x, w, p: nn.separable_conv2d(x, w, p, [1, 2, 2, 1], "SAME"),
        [(2, 5, 5, 2), (3, 3, 2, 2), (1, 1, 4, 3)],
    ),
    "sep_dil": (
        lambda x, w, p: nn.separable_conv2d(x, w, p, [1, 1, 1, 1], "VALID", dilations=[2, 2]),
        [(2, 5, 5, 2), (3, 3, 2, 2), (1, 1, 4, 3)],
    ),
    "bp_input": (
        lambda w, dy: nn.depthwise_conv2d_backprop_input([2, 5, 5, 2], w, dy, [1, 2, 2, 1], "SAME"),
        [(3, 3, 2, 2), (2, 3, 3, 4)],
    ),
    "bp_filter": (
        lambda x, dy: nn.depthwise_conv2d_backprop_filter(x, [3, 3, 2, 2], dy, [1, 2, 2, 1], "SAME"),
        [(2, 5, 5, 2), (2, 3, 3, 4)],
    ),
}

# TensorFlow 2.21: (output shape, fingerprint of the output, fingerprints of the gradients)
TF = {
    "t2_same": ((2, 6, 8, 3), -1.18405, [2.43316, -7.10644]),
    "t2_valid": ((2, 7, 9, 3), -0.15541, [-1.96785, -0.71401]),
    "t2_explicit": ((2, 6, 8, 3), 3.46361, [0.69088, -3.02152]),
    "t1_same": ((2, 10, 3), -3.16686, [3.75489, -4.67467]),
    "t3_same": ((1, 4, 6, 4, 3), 0.34805, [-6.14055, -0.19789]),
    "t_generic": ((2, 6, 8, 3), -1.18405, [2.43316, -7.10644]),
    "c3": ((1, 2, 5, 4, 3), -0.74465, [30.98712, 21.39183]),
    "atrous_same": ((1, 6, 6, 3), 6.87209, [-0.42101, 10.67291]),
    "atrous_valid": ((1, 2, 2, 3), 0.2082, [3.71902, -10.13277]),
    "atrousT_same": ((1, 6, 6, 3), 1.2444, [2.27679, -7.31158]),
    "atrousT_valid": ((1, 9, 9, 3), -4.93491, [-1.02118, 67.28092]),
    "dw_stride": ((2, 3, 3, 4), -7.49055, [2.73806, 0.62275]),
    "dw_dil": ((2, 1, 1, 4), -8.8717, [-0.08586, 0.48648]),
    "dw_dil_same": ((2, 5, 5, 4), 4.76209, [-0.35797, -5.09859]),
    "dw_explicit": ((2, 4, 5, 4), -3.21727, [0.53002, 23.28516]),
    "sep": ((2, 3, 3, 3), 1.23989, [0.32647, -0.76301, -0.2599]),
    "sep_dil": ((2, 1, 1, 3), 0.5972, [-0.01168, 0.30258, 0.66862]),
    "bp_input": ((2, 5, 5, 2), -1.09613, [-2.09295, -2.15155]),
    "bp_filter": ((3, 3, 2, 2), 1.35649, [-2.09295, 0.62275]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_values_and_gradients_match_tf(name):
    f, shapes = CASES[name]
    assert check_against_tf(f, shapes, TF[name]).dtype == tf.float32


def _lax(x, w, strides, padding, dilation=(1, 1), groups=1):
    return jax.lax.conv_general_dilated(
        x,
        w,
        strides,
        padding,
        rhs_dilation=dilation,
        dimension_numbers=("NHWC", "HWIO", "NHWC"),
        feature_group_count=groups,
    )


def _lax_transpose(x, w, out_shape, strides, padding):
    z = jnp.zeros(out_shape, x.dtype)
    return jax.vjp(lambda z: _lax(z, w, strides, padding), z)[1](x)[0]


def test_gradients_match_jax_and_finite_differences():
    x, w = _data((1, 3, 3, 2), 0), _data((3, 3, 2, 2), 1)
    check_many(
        [
            (
                lambda x, w: nn.conv2d_transpose(x, w, [1, 6, 6, 2], 2, "SAME") ** 2,
                lambda x, w: _lax_transpose(x, w, (1, 6, 6, 2), (2, 2), "SAME") ** 2,
            ),
            (
                lambda x, w: nn.depthwise_conv2d(x, w, [1, 2, 2, 1], "SAME") ** 2,
                lambda x, w: _lax(x, w.reshape(3, 3, 1, 4), (2, 2), "SAME", groups=2) ** 2,
            ),
            (
                lambda x, w: nn.atrous_conv2d(x, w, 2, "SAME") ** 2,
                lambda x, w: _lax(x, w, (1, 1), "SAME", (2, 2)) ** 2,
            ),
        ],
        x,
        w,
    )


def test_channels_first_is_channels_last_transposed():
    x, w = _data((2, 3, 4, 2), 0), _data((3, 2, 3, 2), 1)
    last = nn.conv2d_transpose(x, w, [2, 6, 8, 3], 2)
    first = nn.conv2d_transpose(np.transpose(x, (0, 3, 1, 2)), w, [2, 3, 6, 8], 2, data_format="NCHW")
    np.testing.assert_allclose(np.transpose(first, (0, 2, 3, 1)), last, rtol=1e-5, atol=1e-6)
    x, w = _data((2, 5, 5, 2), 0), _data((3, 3, 2, 2), 1)
    last = nn.depthwise_conv2d(x, w, [1, 2, 2, 1], "SAME")
    first = nn.depthwise_conv2d(np.transpose(x, (0, 3, 1, 2)), w, [1, 1, 2, 2], "SAME", data_format="NCHW")
    np.testing.assert_allclose(np.transpose(first, (0, 2, 3, 1)), last, rtol=1e-5, atol=1e-6)


def test_dtypes_and_the_transpose_of_a_dilated_convolution():
    x, w = _data((1, 3, 4, 2), 0), _data((2, 2, 3, 2), 1)
    y = nn.conv2d_transpose(x.astype(np.float64), w.astype(np.float64), [1, 6, 8, 3], 2)
    assert y.dtype == tf.float64
    ints = nn.conv2d_transpose(
        tf.ones((1, 2, 2, 1), tf.int32), tf.ones((2, 2, 1, 1), tf.int32), [1, 4, 4, 1], 2
    )
    assert ints.dtype == tf.int32 and ints.numpy().sum() == 16
    # a dilated transpose (TF's GPU kernels run it) is the input gradient of the dilated convolution
    got = nn.conv2d_transpose(x, w, [1, 5, 6, 3], 1, "VALID", dilations=2)
    ref = jax.vjp(lambda z: _lax(z, w, (1, 1), "VALID", (2, 2)), jnp.zeros((1, 5, 6, 3)))[1](x)[0]
    np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-6)


def test_under_function_and_jit():
    x, w = _data((2, 3, 4, 2), 0), _data((3, 2, 3, 2), 1)
    eager = nn.conv2d_transpose(x, w, [2, 6, 8, 3], 2)

    @tf.function
    def f(x, w):
        return nn.conv2d_transpose(x, w, tf.shape(tf.zeros([2, 6, 8, 3])), 2)

    np.testing.assert_allclose(f(x, w), eager, rtol=1e-6)
    jitted = jax.jit(lambda x, w: nn.depthwise_conv2d(tf.constant(x), w, [1, 1, 1, 1], "SAME")._value)
    np.testing.assert_allclose(
        jitted(_data((2, 5, 5, 2), 0), _data((3, 3, 2, 2), 1)),
        nn.depthwise_conv2d(_data((2, 5, 5, 2), 0), _data((3, 3, 2, 2), 1), [1, 1, 1, 1], "SAME"),
        rtol=1e-6,
    )


X4, W4 = tf.ones((1, 4, 4, 2)), tf.ones((3, 3, 3, 2))


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: nn.conv2d_transpose(X4, W4, [1, 9, 9, 3], 2),
            InvalidArgumentError,
            r"Size of out_backprop doesn't match computed: actual = 4, computed = 5 spatial_dim: 1 input: 9 "
            r"filter: 3 output: 4 stride: 2 dilation: 1 \[Op:Conv2DBackpropInput\]",
        ),
        (
            lambda: nn.conv2d_transpose(X4, W4, [1, 8, 8, 4], 2),
            InvalidArgumentError,
            r"input depth must be evenly divisible by filter depth: output_shape has 4 channels",
        ),
        (
            lambda: nn.conv2d_transpose(X4, tf.ones((3, 3, 3, 5)), [1, 8, 8, 3], 2),
            InvalidArgumentError,
            r"filter and out_backprop must have the same out_depth: the filter's last dimension is 5",
        ),
        (
            lambda: nn.conv2d_transpose(X4, W4, [2, 8, 8, 3], 2),
            InvalidArgumentError,
            r"input and out_backprop must have the same batch size. Input batch: 2, outbackprop batch: 1",
        ),
        (
            lambda: nn.conv2d_transpose(X4, W4, [1, 8, 8, 3], [2, 2, 2, 1]),
            InvalidArgumentError,
            r"Current implementation does not yet support strides in the batch and depth dimensions",
        ),
        (
            lambda: nn.conv2d_transpose(X4, W4, [1, 8, 8, 3], [1, 2, 2]),
            ValueError,
            r"strides should be of length 1, 2 or 4",
        ),
        (
            lambda: nn.conv2d_transpose(X4, tf.ones((3, 3, 3, 2), tf.float64), [1, 8, 8, 3], 2),
            InvalidArgumentError,
            r"Conv2DBackpropInput",
        ),
        (
            lambda: nn.conv_transpose(tf.ones((1, 2, 2, 2, 2, 2)), tf.ones((2,) * 6), [1, 4, 4, 4, 4, 3], 2),
            ValueError,
            r"`output_shape` must be of length 3, 4 or 5. Received: output_shape=\[1, 4, 4, 4, 4, 3\] of length 6",
        ),
        (
            lambda: nn.conv2d_transpose(X4[0], W4, [1, 8, 8, 3], 2),
            InvalidArgumentError,
            r"convolution input must be 4-dimensional",
        ),
        (
            lambda: nn.conv_transpose(X4, W4, [1, 8, 3], 2),
            InvalidArgumentError,
            r"input and filters must be 3-dimensional, as output_shape \[1, 8, 3\]",
        ),
        (
            lambda: nn.conv3d(
                tf.ones((1, 4, 4, 4, 2), tf.int32), tf.ones((2, 2, 2, 2, 3), tf.int32), 1, "VALID"
            ),
            InvalidArgumentError,
            r"Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double",
        ),
        (
            lambda: nn.conv3d(tf.ones((4, 4, 4, 2)), tf.ones((2, 2, 2, 2, 3)), 1, "VALID"),
            InvalidArgumentError,
            r"convolution input must be 5-dimensional",
        ),
        (
            lambda: nn.atrous_conv2d(X4, tf.ones((3, 3, 2, 3)), 0, "SAME"),
            ValueError,
            r"all values of `dilation_rate` must be positive. Received: dilation_rate=\[0 0\]",
        ),
        (
            lambda: nn.atrous_conv2d_transpose(X4, W4, [1, 4, 4, 3], 0, "SAME"),
            ValueError,
            r"`rate` cannot be less than one. Received: rate=0",
        ),
        (
            lambda: nn.atrous_conv2d_transpose(X4, W4, [1, 4, 4, 3], 2, "FOO"),
            ValueError,
            r"`padding` must be either 'VALID' or 'SAME'. Received: padding=FOO",
        ),
        (
            lambda: nn.atrous_conv2d_transpose(X4, W4, [1, 4, 4, 4], 2, "SAME"),
            ValueError,
            r"`output_shape` channel count must be compatible with `filters` output channel count",
        ),
        (
            lambda: nn.atrous_conv2d_transpose(X4, tf.ones((3, 3, 3, 3)), [1, 4, 4, 3], 2, "SAME"),
            ValueError,
            r"`value` channel count must be compatible with `filters` input channel count",
        ),
        (
            lambda: nn.depthwise_conv2d(X4, tf.ones((3, 3, 3, 2)), [1, 1, 1, 1], "SAME"),
            InvalidArgumentError,
            r"input and filter must have the same depth: 2 vs 3 \[Op:DepthwiseConv2dNative\]",
        ),
        (
            lambda: nn.depthwise_conv2d(X4[0], W4, [1, 1, 1, 1], "SAME"),
            InvalidArgumentError,
            r"input must be 4-dimensional\[4, 4, 2\] \[Op:DepthwiseConv2dNative\]",
        ),
        (
            lambda: nn.depthwise_conv2d(X4, W4[0], [1, 1, 1, 1], "SAME"),
            InvalidArgumentError,
            r"filter must be 4-dimensional: \[3, 3, 2\] \[Op:DepthwiseConv2dNative\]",
        ),
        (
            lambda: nn.depthwise_conv2d(X4, tf.ones((3, 3, 2, 2)), [1, 2, 2, 1], "SAME", dilations=[2, 2]),
            ValueError,
            r"When dilation rate is greater than 1, then all values of strides must be 1",
        ),
        (
            lambda: nn.depthwise_conv2d_backprop_input(
                [1, 4, 4, 2], tf.ones((3, 3, 2, 2)), tf.ones((1, 3, 4, 4)), 1, "SAME"
            ),
            InvalidArgumentError,
            r"DepthwiseConv2DBackpropInput: out_backprop has shape \[1, 3, 4, 4\], the convolution gives "
            r"\[1, 4, 4, 4\]",
        ),
        (
            lambda: nn.depthwise_conv2d_backprop_filter(X4, [3, 3, 2, 2], tf.ones((1, 4, 4, 3)), 1, "SAME"),
            InvalidArgumentError,
            r"DepthwiseConv2DBackpropFilter: out_backprop has shape \[1, 4, 4, 3\]",
        ),
        (
            lambda: nn.separable_conv2d(X4, tf.ones((3, 3, 2, 2)), tf.ones((1, 1, 5, 3)), 1, "SAME"),
            InvalidArgumentError,
            r"input depth must be evenly divisible by filter depth: 4 vs 5 \[Op:Conv2D\]",
        ),
        (
            lambda: nn.separable_conv2d(X4, tf.ones((3, 3, 2, 2)), tf.ones((2, 1, 4, 3)), 1, "SAME"),
            ValueError,
            r"pointwise_filter must be \[1, 1, in \* multiplier, out\], got shape \(2, 1, 4, 3\)",
        ),
    ],
)
def test_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_an_output_shape_known_only_at_run_time_is_refused():
    @tf.function
    def f(x, shape):
        return nn.conv2d_transpose(x, W4, shape, 2)

    with pytest.raises(ValueError, match="output_shape must be known when the op is traced"):
        f(X4, tf.constant([1, 8, 8, 3]))
