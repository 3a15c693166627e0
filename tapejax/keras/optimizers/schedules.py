"""Learning-rate schedules (``tf.keras.optimizers.schedules``), as Keras 3 computes them."""

from __future__ import annotations

from .._src.optimizers.schedules.learning_rate_schedule import (
    CosineDecay,
    ExponentialDecay,
    InverseTimeDecay,
    LearningRateSchedule,
    PiecewiseConstantDecay,
    PolynomialDecay,
)

__all__ = [
    "CosineDecay",
    "ExponentialDecay",
    "InverseTimeDecay",
    "LearningRateSchedule",
    "PiecewiseConstantDecay",
    "PolynomialDecay",
]
