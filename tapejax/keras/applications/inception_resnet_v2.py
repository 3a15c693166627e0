"""``tf.keras.applications.inception_resnet_v2``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.inception_resnet_v2 import (
    InceptionResNetV2,
    preprocess_input,
)

__all__ = [
    "InceptionResNetV2",
    "decode_predictions",
    "preprocess_input",
]
