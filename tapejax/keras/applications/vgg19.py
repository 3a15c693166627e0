"""``tf.keras.applications.vgg19``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.vgg import (
    VGG19,
    preprocess_input,
)

__all__ = [
    "VGG19",
    "decode_predictions",
    "preprocess_input",
]
