"""``tf.keras.applications.resnet50``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.resnet import (
    ResNet50,
    preprocess_input,
)

__all__ = [
    "ResNet50",
    "decode_predictions",
    "preprocess_input",
]
