"""Keras optimizers (``tf.keras.optimizers``), with Keras 3's update rules, and their schedules."""

from __future__ import annotations

from .._lookup import get_optimizer as get
from .._optimizer import Optimizer
from .._optimizers_adaptive import Adagrad, Adamax, Nadam, RMSprop
from .._optimizers_basic import SGD, Adam, AdamW
from . import schedules as schedules

__all__ = ["SGD", "Adagrad", "Adam", "AdamW", "Adamax", "Nadam", "Optimizer", "RMSprop", "get", "schedules"]
