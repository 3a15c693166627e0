"""``tf.keras.models``: the model classes, cloning, JSON configs, and whole-model saving and
loading (``.keras`` files)."""

from __future__ import annotations

from ._src.models.cloning import clone_model
from ._src.models.model import Model
from ._src.models.sequential import Sequential
from ._src.saving.saving_api import load_model
from ._src.saving.saving_lib import save_model
from ._src.saving.serialization_lib import model_from_json

__all__ = ["Model", "Sequential", "clone_model", "load_model", "model_from_json", "save_model"]
