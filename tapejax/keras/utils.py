"""``tf.keras.utils``: array helpers, datasets from arrays, seeding, the progress bar and the
custom-object registry of ``.keras`` files."""

from __future__ import annotations

from ._array_utils import normalize, pad_sequences, set_random_seed, to_categorical
from ._dataset_utils import split_dataset, timeseries_dataset_from_array
from ._model_saving import register_keras_serializable
from ._object_registry import CustomObjectScope, custom_object_scope, get_custom_objects
from ._object_serialization import deserialize_keras_object, serialize_keras_object
from ._progbar import Progbar

__all__ = [
    "CustomObjectScope",
    "Progbar",
    "custom_object_scope",
    "deserialize_keras_object",
    "get_custom_objects",
    "normalize",
    "pad_sequences",
    "register_keras_serializable",
    "serialize_keras_object",
    "set_random_seed",
    "split_dataset",
    "timeseries_dataset_from_array",
    "to_categorical",
]
