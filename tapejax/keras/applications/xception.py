"""``tf.keras.applications.xception``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.xception import (
    Xception,
    preprocess_input,
)

__all__ = [
    "Xception",
    "decode_predictions",
    "preprocess_input",
]
