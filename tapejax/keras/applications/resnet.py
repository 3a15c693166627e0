"""``tf.keras.applications.resnet``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.resnet import (
    ResNet50,
    ResNet101,
    ResNet152,
    preprocess_input,
)

__all__ = [
    "ResNet101",
    "ResNet152",
    "ResNet50",
    "decode_predictions",
    "preprocess_input",
]
