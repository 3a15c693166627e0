"""Writes tests/image_expected.json: TF 2.21's tf.image outputs on the inputs of tests/test_image.py.

Run with a TensorFlow virtualenv (never by the tests): /tmp/tfenv/bin/python scripts/image_reference_tf.py
"""

from __future__ import annotations

import json
import pathlib

import numpy as np
import tensorflow as tf

img = (np.arange(2 * 5 * 4 * 3).reshape(2, 5, 4, 3) % 17).astype(np.float32) / 16.0
img3 = img[0]
u8 = (np.arange(5 * 4 * 3).reshape(5, 4, 3) * 7 % 256).astype(np.uint8)
f = np.array([[[0.0, 0.5, 1.0], [0.2, 0.999, 1.2]]], np.float32)
cases = {
    "bilinear_up": lambda: tf.image.resize(img3, [7, 6]),
    "bilinear_down": lambda: tf.image.resize(img3, [3, 2]),
    "bilinear_down_antialias": lambda: tf.image.resize(img3, [3, 2], antialias=True),
    "nearest_up": lambda: tf.image.resize(img3, [7, 6], method="nearest"),
    "nearest_down": lambda: tf.image.resize(img3, [3, 3], method="nearest"),
    "nearest_uint8": lambda: tf.image.resize(u8, [3, 3], method="nearest"),
    "bilinear_uint8": lambda: tf.image.resize(u8, [3, 3]),
    "bilinear_batch": lambda: tf.image.resize(img, [3, 3]),
    "flip_left_right": lambda: tf.image.flip_left_right(img3),
    "flip_up_down_batch": lambda: tf.image.flip_up_down(img),
    "convert_uint8_float32": lambda: tf.image.convert_image_dtype(u8, tf.float32),
    "convert_float32_uint8": lambda: tf.image.convert_image_dtype(f[..., :2], tf.uint8),
    "convert_float32_uint8_saturate": lambda: tf.image.convert_image_dtype(f, tf.uint8, saturate=True),
    "convert_float32_float64": lambda: tf.image.convert_image_dtype(f, tf.float64),
    "convert_uint8_int32": lambda: tf.image.convert_image_dtype(u8[:1, :2], tf.int32),
    "convert_int32_uint8": lambda: tf.image.convert_image_dtype(
        tf.image.convert_image_dtype(u8[:1, :2], tf.int32), tf.uint8
    ),
    "grayscale": lambda: tf.image.rgb_to_grayscale(img3),
    "grayscale_uint8": lambda: tf.image.rgb_to_grayscale(u8),
    "central_crop": lambda: tf.image.central_crop(img3, 0.5),
    "central_crop_batch": lambda: tf.image.central_crop(img, 0.6),
    "adjust_brightness": lambda: tf.image.adjust_brightness(img3, 0.3),
    "adjust_brightness_uint8": lambda: tf.image.adjust_brightness(u8, 0.1),
    "standardization": lambda: tf.image.per_image_standardization(img3),
    "standardization_uint8": lambda: tf.image.per_image_standardization(u8),
    "standardization_batch": lambda: tf.image.per_image_standardization(img),
    "resize_with_pad": lambda: tf.image.resize_with_pad(img3, 4, 4),
    "resize_with_pad_wide": lambda: tf.image.resize_with_pad(img3, 6, 9),
}
x = tf.constant(img3)


def grad():
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(tf.image.resize(x, [3, 2]) * np.arange(18).reshape(3, 2, 3))
    return t.gradient(y, x)


cases["gradient_bilinear_down"] = grad


def grad2():
    with tf.GradientTape() as t:
        t.watch(x)
        y = tf.reduce_sum(tf.image.per_image_standardization(x) * np.arange(60).reshape(5, 4, 3))
    return t.gradient(y, x)


cases["gradient_standardization"] = grad2
out = {}
for k, fn in cases.items():
    t = fn()
    out[k] = (t.dtype.name, list(t.shape), np.asarray(t).ravel().tolist())
SOURCE = "TensorFlow 2.21, tf.image on the inputs of tests/test_image.py: name -> [dtype, shape, flat values]"
TARGET = pathlib.Path(__file__).resolve().parent.parent / "tests" / "image_expected.json"
TARGET.write_text(json.dumps({"source": SOURCE, "expected": out}, indent=0))
