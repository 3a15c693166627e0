"""``tf.keras.applications.densenet``: the builders and their preprocessing."""

from __future__ import annotations

from .._src.applications.densenet import (
    DenseNet121,
    DenseNet169,
    DenseNet201,
    preprocess_input,
)
from .._src.applications.imagenet_utils import decode_predictions

__all__ = [
    "DenseNet121",
    "DenseNet169",
    "DenseNet201",
    "decode_predictions",
    "preprocess_input",
]
