"""Keras optimizers (``tf.keras.optimizers``), with Keras 3's update rules, and their schedules."""

from __future__ import annotations

from .._src.optimizers.adadelta import Adadelta
from .._src.optimizers.adafactor import Adafactor
from .._src.optimizers.adagrad import Adagrad
from .._src.optimizers.adam import Adam
from .._src.optimizers.adamax import Adamax
from .._src.optimizers.adamw import AdamW
from .._src.optimizers.ftrl import Ftrl
from .._src.optimizers.lamb import Lamb
from .._src.optimizers.lion import Lion
from .._src.optimizers.lookup import deserialize, serialize
from .._src.optimizers.lookup import get_optimizer as get
from .._src.optimizers.loss_scale_optimizer import LossScaleOptimizer
from .._src.optimizers.muon import Muon
from .._src.optimizers.nadam import Nadam
from .._src.optimizers.optimizer import Optimizer
from .._src.optimizers.rmsprop import RMSprop
from .._src.optimizers.sgd import SGD
from . import schedules as schedules

__all__ = [
    "SGD",
    "Adadelta",
    "Adafactor",
    "Adagrad",
    "Adam",
    "AdamW",
    "Adamax",
    "Ftrl",
    "Lamb",
    "Lion",
    "LossScaleOptimizer",
    "Muon",
    "Nadam",
    "Optimizer",
    "RMSprop",
    "deserialize",
    "get",
    "schedules",
    "serialize",
]
