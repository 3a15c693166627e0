"""``tf.keras.applications.mobilenet``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.mobilenet import (
    MobileNet,
    preprocess_input,
)

__all__ = [
    "MobileNet",
    "decode_predictions",
    "preprocess_input",
]
