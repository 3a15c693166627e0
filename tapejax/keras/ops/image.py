"""``keras.ops.image`` (Keras 3's ``keras.ops.image``)."""

from __future__ import annotations

from .._src.ops.image import (
    affine_transform,
    crop_images,
    extract_patches,
    extract_patches_3d,
    gaussian_blur,
    hsv_to_rgb,
    map_coordinates,
    pad_images,
    resize,
    rgb_to_grayscale,
    rgb_to_hsv,
)

__all__ = [
    "affine_transform",
    "crop_images",
    "extract_patches",
    "extract_patches_3d",
    "gaussian_blur",
    "hsv_to_rgb",
    "map_coordinates",
    "pad_images",
    "resize",
    "rgb_to_grayscale",
    "rgb_to_hsv",
]
