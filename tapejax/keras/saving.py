"""``keras.saving``: ``.keras`` files and the registry of custom classes they name."""

from __future__ import annotations

from ._load_model import load_model
from ._model_saving import register_keras_serializable, save_model

__all__ = ["load_model", "register_keras_serializable", "save_model"]
