"""``keras.ops.image`` (Keras 3's ``keras.ops.image``)."""

from __future__ import annotations

from .._src.ops.image import (
    crop_images,
    extract_patches,
    extract_patches_3d,
    gaussian_blur,
    hsv_to_rgb,
    pad_images,
    resize,
    rgb_to_grayscale,
    rgb_to_hsv,
    sobel_edges,
    ssim,
)
from .._src.ops.image_warp import (
    affine_transform,
    elastic_transform,
    map_coordinates,
    perspective_transform,
    scale_and_translate,
)

__all__ = [
    "affine_transform",
    "crop_images",
    "elastic_transform",
    "extract_patches",
    "extract_patches_3d",
    "gaussian_blur",
    "hsv_to_rgb",
    "map_coordinates",
    "pad_images",
    "perspective_transform",
    "resize",
    "rgb_to_grayscale",
    "rgb_to_hsv",
    "scale_and_translate",
    "sobel_edges",
    "ssim",
]
