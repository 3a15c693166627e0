"""``tf.keras.applications.vgg16``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.vgg import (
    VGG16,
    preprocess_input,
)

__all__ = [
    "VGG16",
    "decode_predictions",
    "preprocess_input",
]
