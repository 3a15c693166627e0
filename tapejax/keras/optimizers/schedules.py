"""Learning-rate schedules (``tf.keras.optimizers.schedules``), as Keras 3 computes them."""

from __future__ import annotations

from .._src.optimizers.schedules.cosine_decay_restarts import CosineDecayRestarts
from .._src.optimizers.schedules.learning_rate_schedule import (
    CosineDecay,
    ExponentialDecay,
    InverseTimeDecay,
    LearningRateSchedule,
    PiecewiseConstantDecay,
    PolynomialDecay,
)
from .._src.optimizers.schedules.lookup import deserialize, serialize

__all__ = [
    "CosineDecay",
    "CosineDecayRestarts",
    "ExponentialDecay",
    "InverseTimeDecay",
    "LearningRateSchedule",
    "PiecewiseConstantDecay",
    "PolynomialDecay",
    "deserialize",
    "serialize",
]
