"""Keras callbacks (``tf.keras.callbacks``): hooks ``fit``/``evaluate``/``predict`` call."""

from __future__ import annotations

from ._callback import Callback, CallbackList, History, ProgbarLogger
from ._file_callbacks import BackupAndRestore, CSVLogger, TerminateOnNaN
from ._lr_callbacks import LearningRateScheduler, ReduceLROnPlateau
from ._monitor_callbacks import EarlyStopping, LambdaCallback, ModelCheckpoint

__all__ = [
    "BackupAndRestore",
    "CSVLogger",
    "Callback",
    "CallbackList",
    "EarlyStopping",
    "History",
    "LambdaCallback",
    "LearningRateScheduler",
    "ModelCheckpoint",
    "ProgbarLogger",
    "ReduceLROnPlateau",
    "TerminateOnNaN",
]
