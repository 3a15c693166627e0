"""``tf.keras.applications.resnet_v2``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.imagenet_utils import decode_predictions
from .._src.applications.resnet import (
    ResNet50V2,
    ResNet101V2,
    ResNet152V2,
)
from .._src.applications.resnet import (
    preprocess_input_v2 as preprocess_input,
)

__all__ = [
    "ResNet101V2",
    "ResNet152V2",
    "ResNet50V2",
    "decode_predictions",
    "preprocess_input",
]
