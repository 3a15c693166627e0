"""Keras callbacks (``tf.keras.callbacks``): hooks ``fit``/``evaluate``/``predict`` call."""

from __future__ import annotations

from ._src.callbacks.backup_and_restore import BackupAndRestore
from ._src.callbacks.callback import Callback
from ._src.callbacks.callback_list import CallbackList
from ._src.callbacks.csv_logger import CSVLogger
from ._src.callbacks.early_stopping import EarlyStopping
from ._src.callbacks.history import History
from ._src.callbacks.lambda_callback import LambdaCallback
from ._src.callbacks.learning_rate_scheduler import LearningRateScheduler
from ._src.callbacks.model_checkpoint import ModelCheckpoint
from ._src.callbacks.orbax_checkpoint import OrbaxCheckpoint
from ._src.callbacks.progbar_logger import ProgbarLogger
from ._src.callbacks.reduce_lr_on_plateau import ReduceLROnPlateau
from ._src.callbacks.remote_monitor import RemoteMonitor
from ._src.callbacks.swap_ema_weights import SwapEMAWeights
from ._src.callbacks.tensorboard import TensorBoard
from ._src.callbacks.terminate_on_nan import TerminateOnNaN

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
    "OrbaxCheckpoint",
    "ProgbarLogger",
    "ReduceLROnPlateau",
    "RemoteMonitor",
    "SwapEMAWeights",
    "TensorBoard",
    "TerminateOnNaN",
]
