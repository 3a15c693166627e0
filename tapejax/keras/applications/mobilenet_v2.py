"""``tf.keras.applications.mobilenet_v2``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.mobilenet import (
    MobileNetV2,
    preprocess_input,
)

__all__ = [
    "MobileNetV2",
    "decode_predictions",
    "preprocess_input",
]
