"""Keras optimizers, by class name: the ``Optimizer`` base (updates are assignments, never
recorded) and one file per optimizer."""

from __future__ import annotations

from .adagrad import Adagrad
from .adam import Adam
from .adamax import Adamax
from .adamw import AdamW
from .lookup import get_optimizer
from .nadam import Nadam
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .sgd import SGD

__all__ = ["Adagrad", "Adam", "AdamW", "Adamax", "Nadam", "Optimizer", "RMSprop", "SGD", "get_optimizer"]
