"""Keras callbacks (``tf.keras.callbacks``): hooks ``fit``/``evaluate``/``predict`` call."""

from __future__ import annotations

from ._callback import Callback, CallbackList, History, ProgbarLogger
from ._monitor_callbacks import EarlyStopping, LambdaCallback, ModelCheckpoint

__all__ = ["Callback", "CallbackList", "EarlyStopping", "History", "LambdaCallback", "ModelCheckpoint",
           "ProgbarLogger"]
