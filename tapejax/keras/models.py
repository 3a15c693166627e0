"""``tf.keras.models``: the model classes, and whole-model saving and loading (``.keras`` files)."""

from __future__ import annotations

from ._load_model import load_model
from ._model import Model
from ._model_saving import save_model
from ._sequential import Sequential

__all__ = ["Model", "Sequential", "load_model", "save_model"]
