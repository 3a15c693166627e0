"""``tf.keras.applications.mobilenet_v3``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.mobilenet_v3 import (
    preprocess_input,
)

__all__ = [
    "decode_predictions",
    "preprocess_input",
]
