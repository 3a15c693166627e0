"""Keras optimizers (``tf.keras.optimizers``), with Keras 3's update rules, and their schedules."""

from __future__ import annotations

from .._src.optimizers.adagrad import Adagrad
from .._src.optimizers.adam import Adam
from .._src.optimizers.adamax import Adamax
from .._src.optimizers.adamw import AdamW
from .._src.optimizers.lookup import get_optimizer as get
from .._src.optimizers.loss_scale_optimizer import LossScaleOptimizer
from .._src.optimizers.nadam import Nadam
from .._src.optimizers.optimizer import Optimizer
from .._src.optimizers.rmsprop import RMSprop
from .._src.optimizers.sgd import SGD
from . import schedules as schedules

__all__ = [
    "SGD",
    "Adagrad",
    "Adam",
    "AdamW",
    "Adamax",
    "LossScaleOptimizer",
    "Nadam",
    "Optimizer",
    "RMSprop",
    "get",
    "schedules",
]
