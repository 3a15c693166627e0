"""``tf.image``: resizing, flips, dtype conversion and the basics of TF's intro guides
(defined in ``_ops/image_ops.py``).

A namespace: re-exports only (see the README's Architecture)."""

from ._ops.image_ops import (
    adjust_brightness,
    central_crop,
    convert_image_dtype,
    flip_left_right,
    flip_up_down,
    per_image_standardization,
    random_flip_left_right,
    random_flip_up_down,
    resize,
    resize_with_pad,
    rgb_to_grayscale,
)

__all__ = [
    "adjust_brightness",
    "central_crop",
    "convert_image_dtype",
    "flip_left_right",
    "flip_up_down",
    "per_image_standardization",
    "random_flip_left_right",
    "random_flip_up_down",
    "resize",
    "resize_with_pad",
    "rgb_to_grayscale",
]
