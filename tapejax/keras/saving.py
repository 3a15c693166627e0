"""``keras.saving``: ``.keras`` files and the registry of custom classes they name."""

from __future__ import annotations

from ._src.saving.object_registration import (
    CustomObjectScope,
    custom_object_scope,
    get_custom_objects,
    get_registered_name,
    get_registered_object,
    register_keras_serializable,
)
from ._src.saving.saving_api import load_model, load_weights, save_weights
from ._src.saving.saving_lib import save_model
from ._src.saving.serialization_lib import deserialize_keras_object, serialize_keras_object

__all__ = [
    "CustomObjectScope",
    "custom_object_scope",
    "deserialize_keras_object",
    "get_custom_objects",
    "get_registered_name",
    "get_registered_object",
    "load_model",
    "load_weights",
    "register_keras_serializable",
    "save_model",
    "save_weights",
    "serialize_keras_object",
]
