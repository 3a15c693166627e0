"""``tf.keras.preprocessing.image``: ``ImageDataGenerator``, its iterators and transforms, and
the image file helpers."""

from __future__ import annotations

from .._src.legacy.preprocessing.image_data_generator import ImageDataGenerator
from .._src.legacy.preprocessing.image_transforms import (
    apply_affine_transform,
    apply_brightness_shift,
    apply_channel_shift,
    random_brightness,
    random_channel_shift,
    random_rotation,
    random_shear,
    random_shift,
    random_zoom,
)
from .._src.legacy.preprocessing.iterators import DirectoryIterator, Iterator, NumpyArrayIterator
from .._src.utils.image_utils import array_to_img, img_to_array, load_img, save_img, smart_resize

__all__ = [
    "DirectoryIterator",
    "ImageDataGenerator",
    "Iterator",
    "NumpyArrayIterator",
    "apply_affine_transform",
    "apply_brightness_shift",
    "apply_channel_shift",
    "array_to_img",
    "img_to_array",
    "load_img",
    "random_brightness",
    "random_channel_shift",
    "random_rotation",
    "random_shear",
    "random_shift",
    "random_zoom",
    "save_img",
    "smart_resize",
]
