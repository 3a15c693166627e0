"""``keras.saving``: ``.keras`` files and the registry of custom classes they name."""

from __future__ import annotations

from ._load_model import load_model
from ._model_saving import register_keras_serializable, save_model
from ._object_registry import CustomObjectScope, custom_object_scope, get_custom_objects
from ._object_serialization import deserialize_keras_object, serialize_keras_object

__all__ = [
    "CustomObjectScope",
    "custom_object_scope",
    "deserialize_keras_object",
    "get_custom_objects",
    "load_model",
    "register_keras_serializable",
    "save_model",
    "serialize_keras_object",
]
