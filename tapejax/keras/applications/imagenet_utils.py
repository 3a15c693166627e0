"""``tf.keras.applications.imagenet_utils``: ImageNet preprocessing and ``decode_predictions``."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions, preprocess_input

__all__ = [
    "decode_predictions",
    "preprocess_input",
]
