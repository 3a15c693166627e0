"""``tf.keras.models``: the model classes, and whole-model saving and loading (``.keras`` files)."""

from __future__ import annotations

from ._src.models.model import Model
from ._src.models.sequential import Sequential
from ._src.saving.saving_api import load_model
from ._src.saving.saving_lib import save_model

__all__ = ["Model", "Sequential", "load_model", "save_model"]
