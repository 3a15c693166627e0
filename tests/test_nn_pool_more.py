"""``tf.nn.max_pool3d``, ``avg_pool3d``, ``pool`` and ``max_pool_with_argmax`` (issue 21).

TF's numbers were computed with TensorFlow 2.21 (CPU, ``TF_ENABLE_ONEDNN_OPTS=0``) on the
inputs ``tf_fingerprints.data`` makes, stored as fingerprints (see ``tf_fingerprints``).
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
    "max3d": (lambda x: nn.max_pool3d(x, 2, 2, "SAME"), (2, 4, 5, 4, 2)),
    "max3d_valid": (lambda x: nn.max_pool3d(x, [1, 3, 2, 2, 1], [1, 1, 2, 1, 1], "VALID"), (2, 4, 5, 4, 2)),
    "avg3d": (lambda x: nn.avg_pool3d(x, 3, 2, "SAME"), (2, 4, 5, 4, 2)),
    "pool_max": (lambda x: nn.pool(x, [2, 3], "MAX", strides=[2, 1], padding="SAME"), (2, 5, 6, 2)),
    "pool_avg": (lambda x: nn.pool(x, [2, 3], "AVG", strides=[2, 1], padding="SAME"), (2, 5, 6, 2)),
    "pool_max_dil": (lambda x: nn.pool(x, [3, 2], "MAX", padding="VALID", dilations=[2, 1]), (2, 5, 6, 2)),
    "pool_avg_dil": (lambda x: nn.pool(x, [3, 2], "AVG", padding="VALID", dilations=[2, 2]), (2, 5, 6, 2)),
    "pool_1d_dil": (lambda x: nn.pool(x, [2], "MAX", dilations=[3]), (2, 7, 3)),
    "pool_3d": (lambda x: nn.pool(x, [2, 2, 2], "AVG", strides=[1, 2, 2], padding="SAME"), (1, 4, 5, 4, 2)),
    "argmax": (lambda x: nn.max_pool_with_argmax(x, 2, 2, "SAME").output, (2, 5, 5, 2)),
    "argmax_valid": (
        lambda x: nn.max_pool_with_argmax(x, [1, 3, 2, 1], [1, 1, 2, 1], "VALID").output,
        (2, 5, 5, 2),
    ),
}

# TensorFlow 2.21: (output shape, fingerprint of the output, fingerprint of the gradient)
TF = {
    "max3d": ((2, 2, 3, 2, 2), 3.73465, [-4.80732]),
    "max3d_valid": ((2, 2, 2, 3, 2), 3.68396, [0.07451]),
    "avg3d": ((2, 2, 3, 2, 2), 0.04154, [-0.0482]),
    "pool_max": ((2, 3, 6, 2), 1.71946, [3.11714]),
    "pool_avg": ((2, 3, 6, 2), -1.60367, [1.16085]),
    "pool_max_dil": ((2, 1, 5, 2), -0.79096, [0.13148]),
    "pool_avg_dil": ((2, 1, 4, 2), 0.01236, [-0.57522]),
    "pool_1d_dil": ((2, 4, 3), 3.01938, [-9.43416]),
    "pool_3d": ((1, 4, 3, 2, 2), 0.28718, [0.36879]),
    "argmax": ((2, 3, 3, 2), 0.46725, [4.45418]),
    "argmax_valid": ((2, 3, 2, 2), 3.23257, [-0.61083]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_values_and_gradients_match_tf(name):
    f, shape = CASES[name]
    check_against_tf(f, [shape], TF[name])


def test_argmax_indices_are_tfs():
    x = tf.constant(_data((2, 5, 5, 2), 0))
    a = nn.max_pool_with_argmax(x, 2, 2, "SAME")
    assert a.argmax.dtype == tf.int64
    assert a.argmax.numpy()[0].ravel().tolist() == [
        2,
        11,
        4,
        5,
        18,
        19,
        20,
        21,
        36,
        37,
        38,
        29,
        40,
        41,
        46,
        47,
        48,
        49,
    ]
    b = nn.max_pool_with_argmax(x, [1, 3, 2, 1], [1, 1, 2, 1], "VALID", include_batch_in_index=True)
    assert b.argmax.numpy().ravel().tolist() == [
        20, 11, 4, 27, 20, 11, 36, 37, 20, 21, 46, 47, 72, 73, 74, 65, 82, 83, 74, 65, 92, 83, 74, 75,
    ]  # fmt: skip
    c = nn.max_pool_with_argmax(x, 2, 2, "VALID", output_dtype=tf.int32)
    assert c.argmax.dtype == tf.int32 and c.output.dtype == tf.float32
    # ties: the first maximum is the index and takes the gradient, as TF
    ties = tf.constant([[[[1.0], [1.0]], [[1.0], [0.0]]]])
    with tf.GradientTape() as tape:
        tape.watch(ties)
        r = nn.max_pool_with_argmax(ties, 2, 2, "VALID")
    assert r.argmax.numpy().ravel().tolist() == [0]
    assert tape.gradient(r.output, ties).numpy().ravel().tolist() == [1.0, 0.0, 0.0, 0.0]


def _dilated_windows(x, dims, rate):
    """The stacked (VALID, stride-1) dilated windows of ``x`` (N, H, W, C): a jnp reference."""
    (kh, kw), (rh, rw) = dims, rate
    oh, ow = x.shape[1] - (kh - 1) * rh, x.shape[2] - (kw - 1) * rw
    return jnp.stack([x[:, i * rh : i * rh + oh, j * rw : j * rw + ow] for i in range(kh) for j in range(kw)])


def test_gradients_match_jax_and_finite_differences():
    x = _data((1, 5, 6, 2), 0)
    check_many(
        [
            (
                lambda v: nn.pool(v, [3, 2], "MAX", padding="VALID", dilations=[2, 1]) ** 2,
                lambda v: jnp.max(_dilated_windows(v, (3, 2), (2, 1)), axis=0) ** 2,
            ),
            (
                lambda v: nn.pool(v, [3, 2], "AVG", padding="VALID", dilations=[2, 2]) ** 2,
                lambda v: jnp.mean(_dilated_windows(v, (3, 2), (2, 2)), axis=0) ** 2,
            ),
        ],
        x,
    )


def test_channels_first_function_and_jit():
    x = _data((2, 4, 5, 4, 2), 0)
    last = nn.avg_pool3d(x, 2, [1, 2, 1, 2, 1], "SAME")
    first = nn.avg_pool3d(np.moveaxis(x, -1, 1), 2, [1, 1, 2, 1, 2], "SAME", data_format="NCDHW")
    np.testing.assert_allclose(np.moveaxis(first.numpy(), 1, -1), last, rtol=1e-6)
    f = tf.function(lambda v: nn.max_pool_with_argmax(v, 2, 2, "SAME"))
    eager = nn.max_pool_with_argmax(_data((2, 5, 5, 2), 0), 2, 2, "SAME")
    traced = f(_data((2, 5, 5, 2), 0))
    np.testing.assert_array_equal(traced.argmax, eager.argmax)
    np.testing.assert_array_equal(traced.output, eager.output)
    jitted = jax.jit(lambda v: nn.max_pool3d(tf.constant(v), 2, 2, "SAME")._value)
    np.testing.assert_array_equal(jitted(x), nn.max_pool3d(x, 2, 2, "SAME"))


X = tf.ones((1, 5, 5, 2))


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: nn.max_pool3d(X, 2, 2, "SAME"),
            InvalidArgumentError,
            r"pooling input must be 5-dimensional",
        ),
        (
            lambda: nn.max_pool3d(tf.ones((1, 2, 2, 2, 1), tf.float64), 2, 2, "SAME"),
            InvalidArgumentError,
            r"Value for attr 'T' of double is not in the list of allowed values: half, bfloat16, float "
            r"\[Op:MaxPool3D\]",
        ),
        (
            lambda: nn.avg_pool3d(tf.ones((1, 2, 2, 2, 1), tf.int32), 2, 2, "SAME"),
            InvalidArgumentError,
            r"Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, float, double",
        ),
        (
            lambda: nn.pool(X, [2, 2], "AVG", padding="SAME", dilations=[2, 2]),
            ValueError,
            r"pooling with 'SAME' padding is not implemented for `dilation_rate` > 1. Received: padding=SAME and "
            r"dilation_rate=\[2, 2\]",
        ),
        (
            lambda: nn.pool(X, [2, 2], "MAX", strides=[2, 2], dilations=[2, 2]),
            ValueError,
            r"`strides > 1` not supported in conjunction with `dilation_rate > 1`",
        ),
        (lambda: nn.pool(X, [2, 2], "MIN"), ValueError, r"2-D MIN pooling is not supported."),
        (lambda: nn.pool(X, [2, 2, 2], "MAX"), ValueError, r"input must have rank 5 for a window_shape of 3"),
        (
            lambda: nn.max_pool_with_argmax(X, 2, 2, "SAME", data_format="NCHW"),
            ValueError,
            r"`data_format` values other  than 'NHWC' are not supported. Received: data_format=NCHW",
        ),
        (
            lambda: nn.max_pool_with_argmax(X, 2, 2, "SAME", output_dtype=tf.float32),
            InvalidArgumentError,
            r"Value for attr 'Targmax' of float is not in the list of allowed values: int32, int64",
        ),
    ],
)
def test_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()
