"""``tf.keras.preprocessing``: datasets from folders and arrays; Keras 2's image and sequence
helpers in ``image`` and ``sequence``."""

from __future__ import annotations

from .._src.utils.dataset_utils import timeseries_dataset_from_array
from .._src.utils.image_dataset_utils import image_dataset_from_directory
from .._src.utils.text_dataset_utils import text_dataset_from_directory
from . import image as image
from . import sequence as sequence

__all__ = [
    "image",
    "image_dataset_from_directory",
    "sequence",
    "text_dataset_from_directory",
    "timeseries_dataset_from_array",
]
