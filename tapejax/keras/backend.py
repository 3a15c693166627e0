"""``tf.keras.backend``: the session state that tapejax's Keras keeps (layer names)."""

from __future__ import annotations

from ._src.backend.global_state import clear_session

__all__ = ["clear_session"]
