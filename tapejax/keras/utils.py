"""``tf.keras.utils``: what tapejax has of it (the custom-class registry of ``.keras`` files)."""

from __future__ import annotations

from ._model_saving import register_keras_serializable

__all__ = ["register_keras_serializable"]
