"""``tf.keras.applications.convnext``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.convnext import (
    ConvNeXtBase,
    ConvNeXtLarge,
    ConvNeXtSmall,
    ConvNeXtTiny,
    ConvNeXtXLarge,
    preprocess_input,
)
from .._src.applications.imagenet_utils import decode_predictions

__all__ = [
    "ConvNeXtBase",
    "ConvNeXtLarge",
    "ConvNeXtSmall",
    "ConvNeXtTiny",
    "ConvNeXtXLarge",
    "decode_predictions",
    "preprocess_input",
]
