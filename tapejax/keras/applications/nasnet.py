"""``tf.keras.applications.nasnet``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.nasnet import (
    NASNetLarge,
    NASNetMobile,
    preprocess_input,
)

__all__ = [
    "NASNetLarge",
    "NASNetMobile",
    "decode_predictions",
    "preprocess_input",
]
