"""``keras.random`` (Keras 3's ``keras.random``): seeded random draws and ``SeedGenerator``."""

from __future__ import annotations

from ._src.random.random import (
    beta,
    binomial,
    categorical,
    dropout,
    gamma,
    normal,
    randint,
    shuffle,
    truncated_normal,
    uniform,
)
from ._src.random.seed_generator import SeedGenerator

__all__ = [
    "SeedGenerator",
    "beta",
    "binomial",
    "categorical",
    "dropout",
    "gamma",
    "normal",
    "randint",
    "shuffle",
    "truncated_normal",
    "uniform",
]
