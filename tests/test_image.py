"""tf.image basics (issue 14) against TF 2.21's outputs, stored in tests/image_expected.json
(written once from TensorFlow by the script in its "source"; same inputs as here)."""

from __future__ import annotations

import json
import pathlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf

EXPECTED = json.loads((pathlib.Path(__file__).parent / "image_expected.json").read_text())["expected"]
IMG = (np.arange(2 * 5 * 4 * 3).reshape(2, 5, 4, 3) % 17).astype(np.float32) / 16.0
IMG3 = IMG[0]
U8 = (np.arange(5 * 4 * 3).reshape(5, 4, 3) * 7 % 256).astype(np.uint8)
F = np.array([[[0.0, 0.5, 1.0], [0.2, 0.999, 1.2]]], np.float32)

CASES = {
    "bilinear_up": lambda: tf.image.resize(IMG3, [7, 6]),
    "bilinear_down": lambda: tf.image.resize(IMG3, [3, 2]),
    "bilinear_down_antialias": lambda: tf.image.resize(IMG3, [3, 2], antialias=True),
    "nearest_up": lambda: tf.image.resize(IMG3, [7, 6], method="nearest"),
    "nearest_down": lambda: tf.image.resize(IMG3, [3, 3], method="nearest"),
    "nearest_uint8": lambda: tf.image.resize(U8, [3, 3], method="nearest"),
    "bilinear_uint8": lambda: tf.image.resize(U8, [3, 3]),
    "bilinear_batch": lambda: tf.image.resize(IMG, [3, 3]),
    "flip_left_right": lambda: tf.image.flip_left_right(IMG3),
    "flip_up_down_batch": lambda: tf.image.flip_up_down(IMG),
    "convert_uint8_float32": lambda: tf.image.convert_image_dtype(U8, tf.float32),
    "convert_float32_uint8": lambda: tf.image.convert_image_dtype(F[..., :2], tf.uint8),
    "convert_float32_uint8_saturate": lambda: tf.image.convert_image_dtype(F, tf.uint8, saturate=True),
    "convert_float32_float64": lambda: tf.image.convert_image_dtype(F, tf.float64),
    "convert_uint8_int32": lambda: tf.image.convert_image_dtype(U8[:1, :2], tf.int32),
    "convert_int32_uint8": lambda: tf.image.convert_image_dtype(
        tf.image.convert_image_dtype(U8[:1, :2], tf.int32), tf.uint8
    ),
    "grayscale": lambda: tf.image.rgb_to_grayscale(IMG3),
    "grayscale_uint8": lambda: tf.image.rgb_to_grayscale(U8),
    "central_crop": lambda: tf.image.central_crop(IMG3, 0.5),
    "central_crop_batch": lambda: tf.image.central_crop(IMG, 0.6),
    "adjust_brightness": lambda: tf.image.adjust_brightness(IMG3, 0.3),
    "adjust_brightness_uint8": lambda: tf.image.adjust_brightness(U8, 0.1),
    "standardization": lambda: tf.image.per_image_standardization(IMG3),
    "standardization_uint8": lambda: tf.image.per_image_standardization(U8),
    "standardization_batch": lambda: tf.image.per_image_standardization(IMG),
    "resize_with_pad": lambda: tf.image.resize_with_pad(IMG3, 4, 4),
    "resize_with_pad_wide": lambda: tf.image.resize_with_pad(IMG3, 6, 9),
}


def _weighted_gradient(op, weights):
    x = tf.constant(IMG3)
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(op(x) * weights)
    return t.gradient(y, x)


CASES["gradient_bilinear_down"] = lambda: _weighted_gradient(
    lambda x: tf.image.resize(x, [3, 2]), np.arange(18, dtype=np.float32).reshape(3, 2, 3)
)
CASES["gradient_standardization"] = lambda: _weighted_gradient(
    tf.image.per_image_standardization, np.arange(60, dtype=np.float32).reshape(5, 4, 3)
)


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_tf(name):
    dtype, shape, values = EXPECTED[name]
    out = CASES[name]()
    assert out.dtype.name == dtype and list(out.shape) == shape
    if out.dtype.is_integer:
        np.testing.assert_array_equal(out.numpy().ravel(), values)
    else:
        scale = max(1.0, float(np.max(np.abs(values))))  # float32 rounding, relative to the largest value
        np.testing.assert_allclose(out.numpy().ravel(), values, rtol=2e-5, atol=2e-6 * scale)


def test_resize_gradient_matches_jax():
    w = np.arange(18, dtype=np.float32).reshape(3, 2, 3)
    resized = lambda x: jax.image.resize(x, (3, 2, 3), "linear", antialias=False)  # noqa: E731
    expected = jax.grad(lambda x: jnp.sum(resized(x) * w))(IMG3)
    np.testing.assert_allclose(CASES["gradient_bilinear_down"]().numpy(), expected, rtol=1e-6)


def test_inside_function():
    f = tf.function(lambda x: tf.image.flip_left_right(tf.image.resize(x, [3, 2])))
    np.testing.assert_allclose(
        f(tf.constant(IMG3)).numpy(),
        tf.image.flip_left_right(tf.image.resize(IMG3, [3, 2])).numpy(),
        rtol=1e-6,
    )


def test_random_flip_left_right():
    tf.random.set_seed(3)
    seen = set()
    for _ in range(20):
        out = tf.image.random_flip_left_right(IMG).numpy()
        for i in range(2):
            assert np.array_equal(out[i], IMG[i]) or np.array_equal(out[i], IMG[i, :, ::-1])
            seen.add(np.array_equal(out[i], IMG[i]))
    assert seen == {True, False}


@pytest.mark.parametrize(
    "call, error, message",
    [
        (
            lambda: tf.image.resize(IMG3[0, 0], [2, 2]),
            ValueError,
            "'images' must have either 3 or 4 dimensions.",
        ),
        (lambda: tf.image.central_crop(IMG3, 1.5), ValueError, "central_fraction must be within (0, 1]"),
        (
            lambda: tf.image.flip_left_right(IMG3[0, 0]),
            ValueError,
            "'image' (shape (3,)) must be at least three-dimensional.",
        ),
        (
            lambda: tf.image.resize(IMG3, [2, 2], method="foo"),
            ValueError,
            "Resize method is not implemented: foo",
        ),
        (
            lambda: tf.image.rgb_to_grayscale(IMG3[..., :2]),
            tf.errors.InvalidArgumentError,
            "Matrix size-incompatible: In[0]: [20,2], In[1]: [3,1] [Op:MatMul]",
        ),
    ],
)
def test_tf_errors(call, error, message):
    with pytest.raises(error) as info:  # TF 2.21's classes and messages
        call()
    assert str(info.value) == message
