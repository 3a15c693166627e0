"""``tf.keras.applications.inception_v3``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.inception_v3 import (
    InceptionV3,
    preprocess_input,
)

__all__ = [
    "InceptionV3",
    "decode_predictions",
    "preprocess_input",
]
