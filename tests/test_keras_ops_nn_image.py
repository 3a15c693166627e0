"""``keras.ops.nn``'s convolutions, pooling, losses, normalizations and attention and
``keras.ops.image`` (issue 26) beyond the recorded values of test_keras_ops_reference.py: as
Keras operations on KerasTensors (Keras' class names, modules and configs, symbolic shapes),
inside ``tf.function``, gradients against ``jax.grad`` and finite differences, and Keras' errors.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf

ops = tf.keras.ops
RNG = np.random.default_rng(0)
IMG = RNG.uniform(size=(2, 6, 6, 3)).astype("float32")
LABELS = RNG.integers(0, 3, size=(2, 6, 6))
KERNEL = RNG.uniform(-1, 1, size=(3, 3, 3, 4)).astype("float32")


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


def test_new_ops_record_keras_operations_with_keras_configs_and_shapes():
    x = tf.keras.Input((6, 6, 3))
    outs = [
        ops.conv(x, KERNEL, padding="same"),
        ops.conv_transpose(x, RNG.uniform(size=(3, 3, 2, 3)).astype("float32"), strides=2),
        ops.max_pool(x, 2),
        ops.average_pool(x, 3, strides=2, padding="same"),
        ops.depth_to_space(ops.space_to_depth(x, 2), 2),
        ops.layer_normalization(x),
        ops.moments(x, [1, 2])[1],
        ops.image.resize(x, (3, 4)),
        ops.image.rgb_to_grayscale(x),
        ops.image.extract_patches(x, 3),
        ops.image.pad_images(x, 1, 2, target_height=8, target_width=9),
        ops.adaptive_average_pool(x, (2, 4)),
    ]
    assert [tuple(o.shape) for o in outs] == [
        (None, 6, 6, 4),
        (None, 13, 13, 2),
        (None, 3, 3, 3),
        (None, 3, 3, 3),
        (None, 6, 6, 3),
        (None, 6, 6, 3),
        (None, 3),
        (None, 3, 4, 3),
        (None, 6, 6, 1),
        (None, 2, 2, 27),
        (None, 8, 9, 3),
        (None, 2, 4, 3),
    ]
    model = tf.keras.Model(x, outs)
    entries = {e["class_name"]: (e["module"], e["config"]) for e in model.get_config()["layers"][1:]}
    # As TF 2.21's Keras 3.15 writes them (config keys in Keras' order).
    assert entries["SpaceToDepth"] == (
        "keras.src.ops.nn",
        {"name": "space_to_depth", "block_size": 2, "data_format": "channels_last"},
    )
    assert list(entries["MaxPool"][1]) == ["name", "pool_size", "strides", "padding", "data_format"]
    assert entries["Conv"][1] == {
        "name": "conv",
        "strides": 1,
        "padding": "same",
        "data_format": None,
        "dilation_rate": 1,
    }
    assert entries["Resize"][0] == "keras.src.ops.image"
    got = model.predict(IMG, verbose=0)
    np.testing.assert_allclose(got[0], ops.conv(IMG, KERNEL, padding="same").numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got[4], IMG, rtol=0, atol=0)


def test_inside_tf_function_as_eagerly():
    @tf.function
    def f(x):
        return (
            ops.conv(x, KERNEL),
            ops.image.gaussian_blur(x),
            ops.layer_normalization(x),
            ops.image.affine_transform(x, tf.constant([1.1, 0.1, -0.5, 0.05, 0.9, 0.3, 0.0, 0.0])),
        )

    x = tf.constant(IMG)
    eager = (
        ops.conv(x, KERNEL),
        ops.image.gaussian_blur(x),
        ops.layer_normalization(x),
        ops.image.affine_transform(x, tf.constant([1.1, 0.1, -0.5, 0.05, 0.9, 0.3, 0.0, 0.0])),
    )
    for a, b in zip(f(x), eager, strict=True):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-5, atol=1e-6)


def _jax_conv(x, k):
    return jax.lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


def _jax_layer_norm(x):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + 1e-7)  # Keras: epsilon() by default


@pytest.mark.parametrize(
    ("name", "fn", "jax_fn"),
    [
        ("conv", lambda x: ops.conv(x, KERNEL, padding="same"), lambda x: _jax_conv(x, KERNEL)),
        ("layer_normalization", ops.layer_normalization, _jax_layer_norm),
        (
            "categorical_crossentropy",
            lambda x: ops.categorical_crossentropy(tf.one_hot(LABELS, 3), x, from_logits=True),
            lambda x: -jnp.sum(jax.nn.one_hot(LABELS, 3) * jax.nn.log_softmax(x), -1),
        ),
    ],
)
def test_gradients_match_jax_and_finite_differences(name, fn, jax_fn):
    shape = np.shape(jax_fn(jnp.asarray(IMG)))
    w = np.cos(np.arange(np.prod(shape))).reshape(shape).astype("float32")
    xt = tf.constant(IMG)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        total = tf.reduce_sum(fn(xt) * w)
    got = tape.gradient(total, xt).numpy()
    want = jax.grad(lambda a: jnp.sum(jax_fn(a) * w))(jnp.asarray(IMG))
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)
    eps = 1e-2
    for i in [(0, 0, 0, 0), (1, 2, 3, 1), (0, 5, 5, 2)]:
        up, down = IMG.astype("float64"), IMG.astype("float64")
        up[i] += eps
        down[i] -= eps
        f = lambda a: float(jnp.sum(jax_fn(jnp.asarray(a, jnp.float32)) * w))  # noqa: E731
        np.testing.assert_allclose(got[i], (f(up) - f(down)) / (2 * eps), rtol=2e-2, atol=2e-3)


GRID = np.zeros((4, 5), "float32")

# (exception, message, call): Keras' classes and texts for bad input.
BAD_INPUT = [
    (
        ValueError,
        "Invalid value for argument `fill_mode`. Expected one of",
        lambda: ops.image.elastic_transform(IMG, fill_mode="edge"),
    ),
    (
        ValueError,
        r"Invalid image2 rank: expected rank 3 \(single image\) or rank 4",
        lambda: ops.image.ssim(IMG, IMG[0, 0]),
    ),
    (
        ValueError,
        r"Invalid points shape: expected \(4, 2\) or \(batch, 4, 2\)",
        lambda: ops.image.perspective_transform(IMG, np.zeros((3, 2)), np.zeros((4, 2))),
    ),
    (
        ValueError,
        r"Number of dimensions in the pattern \(3\) does not match the rank of the input tensor \(4\)",
        lambda: ops.rearrange(IMG, "b h w -> b w h"),
    ),
    (
        ValueError,
        "Could not infer the sizes of axes",
        lambda: ops.rearrange(IMG, "b (h p) w c -> b h p w c"),
    ),
    (
        ValueError,
        "The pattern's two sides name different axes",
        lambda: ops.rearrange(IMG, "b h w c -> b h w d"),
    ),
    (
        NotImplementedError,
        r"keras.ops.ctc_decode\(strategy='beam_search'\) is not supported",
        lambda: ops.ctc_decode(np.zeros((1, 3, 4), "float32"), np.array([3]), strategy="beam_search"),
    ),
    (
        ValueError,
        "`block_size` must be at least 2. Received: block_size=1",
        lambda: ops.depth_to_space(IMG, 1),
    ),
    (
        ValueError,
        r"Argument `order` must be an int >= 1. Received: order=0",
        lambda: ops.normalize(IMG, order=0),
    ),
    (
        ValueError,
        "Arguments `target` and `output` must have the same shape",
        lambda: ops.binary_crossentropy(np.zeros((2, 3), "float32"), np.zeros((2, 4), "float32")),
    ),
    (
        ValueError,
        "Invalid images rank: expected rank 3",
        lambda: ops.image.rgb_to_grayscale(np.zeros((2, 2), "float32")),
    ),
    (
        ValueError,
        "Invalid value for argument `interpolation`",
        lambda: ops.image.affine_transform(IMG, np.zeros(8, "float32"), interpolation="cubic"),
    ),
    (
        ValueError,
        "`dot_product_attention` only supports 4D inputs",
        lambda: ops.dot_product_attention(IMG[0], IMG[0], IMG[0]),
    ),
    (
        ValueError,
        "The convolution operation resulted in an empty output",
        lambda: ops.conv(IMG[:, :2, :2], KERNEL),
    ),
    (ValueError, "Argument `num_classes` must be specified.", lambda: ops.multi_hot(np.array([0, 1]))),
    (
        ValueError,
        r"Argument `output` must have rank \(ndim\) `target.ndim - 1`",
        lambda: ops.sparse_categorical_crossentropy(np.zeros((2, 3), "int32"), np.zeros((2, 3), "float32")),
    ),
    (
        ValueError,
        r"Argument `size` must be a tuple of two elements \(height, width\)",
        lambda: ops.image.resize(IMG, (3,)),
    ),
    (
        ValueError,
        "Arguments `target` and `output` must be at least rank 1",
        lambda: ops.categorical_crossentropy(np.float32(1.0), np.float32(1.0)),
    ),
    (
        ValueError,
        r"Arguments `target` and `output` must have the same rank \(ndim\)",
        lambda: ops.binary_crossentropy(np.zeros(2, "float32"), np.zeros((2, 1), "float32")),
    ),
    (
        ValueError,
        "Flash attention is not supported in tensorflow backend.",
        lambda: ops.dot_product_attention(IMG, IMG, IMG, flash_attention=True),
    ),
    (
        ValueError,
        "Input channel and kernel channel must match in conv_transpose",
        lambda: ops.conv_transpose(IMG, np.zeros((3, 3, 2, 4), "float32")),
    ),
    (ValueError, "must match for PSNR calculation", lambda: ops.psnr(IMG, IMG[:1], 1.0)),
    (
        ValueError,
        r"Invalid channel size: expected 3 \(RGB\) or 1 \(Grayscale\)",
        lambda: ops.image.rgb_to_grayscale(np.zeros((2, 2, 2), "float32")),
    ),
    (
        ValueError,
        "Invalid images dtype: expected float dtype. Received: images.dtype=int32",
        lambda: ops.image.rgb_to_hsv(np.zeros((2, 2, 3), "int32")),
    ),
    (
        ValueError,
        r"Invalid transform rank: expected rank 1 \(single transform\)",
        lambda: ops.image.affine_transform(IMG, np.zeros((1, 1, 8), "float32")),
    ),
    (
        ValueError,
        "Invalid value for argument `fill_mode`. Expected of one",
        lambda: ops.image.affine_transform(IMG, np.zeros(8, "float32"), fill_mode="mirror"),
    ),
    (
        ValueError,
        "Must specify exactly two of top_padding, bottom_padding, target_height",
        lambda: ops.image.pad_images(IMG, 1, 2, target_width=9),
    ),
    (
        ValueError,
        r"The cropping leaves no pixels \(or is negative\)",
        lambda: ops.image.crop_images(IMG, 3, 0, bottom_cropping=3, right_cropping=0),
    ),
    (
        ValueError,
        r"The padding values must be non-negative",
        lambda: ops.image.pad_images(IMG, 0, 0, target_height=4, target_width=6),
    ),
    (
        ValueError,
        "First dim of `coordinates` must be the same as the rank of `inputs`",
        lambda: ops.image.map_coordinates(GRID, np.zeros((1, 3), "float32"), 1),
    ),
    (
        ValueError,
        "Invalid coordinates rank: expected at least rank 2",
        lambda: ops.image.map_coordinates(GRID, np.zeros((2,), "float32"), 1),
    ),
    (
        ValueError,
        "Invalid value for argument `fill_mode`. Expected one of",
        lambda: ops.image.map_coordinates(GRID, np.zeros((2, 3), "float32"), 1, fill_mode="edge"),
    ),
    (
        ValueError,
        "Invalid value for argument `order`",
        lambda: ops.image.map_coordinates(GRID, np.zeros((2, 3), "float32"), 3),
    ),
    (
        NotImplementedError,
        r"keras.ops.one_hot\(sparse=True\) is not supported",
        lambda: ops.one_hot(np.array([0, 1]), 3, sparse=True),
    ),
]


@pytest.mark.parametrize(("error", "match", "call"), BAD_INPUT)
def test_keras_errors(error, match, call):
    with pytest.raises(error, match=match):
        call()


def test_elastic_transform_identity_at_alpha_zero_repeatable_with_a_seed():
    # Its draws are tapejax's (Keras' differ for the same seed): pinned by what does not depend
    # on them.
    np.testing.assert_allclose(ops.image.elastic_transform(IMG, alpha=0.0, seed=1).numpy(), IMG, atol=1e-6)
    a = ops.image.elastic_transform(IMG, seed=3).numpy()
    np.testing.assert_array_equal(a, ops.image.elastic_transform(IMG, seed=3).numpy())
    assert a.shape == IMG.shape and np.abs(a - IMG).max() > 0.05
    # A constant image stays constant under any displacement (reflected borders).
    flat = np.full((1, 8, 8, 2), 0.25, "float32")
    np.testing.assert_allclose(ops.image.elastic_transform(flat, seed=0).numpy(), flat, atol=1e-6)
    assert tuple(ops.image.elastic_transform(tf.keras.Input((8, 8, 3))).shape) == (None, 8, 8, 3)
