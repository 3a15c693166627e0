"""Keras constraints (``tf.keras.constraints``): projections applied to a weight after each
optimizer update (``variable.constraint``), with Keras 3's formulas."""

from ._src.constraints.constraints import (
    Constraint,
    MaxNorm,
    MinMaxNorm,
    NonNeg,
    UnitNorm,
    deserialize,
    get,
    max_norm,
    min_max_norm,
    non_neg,
    serialize,
    unit_norm,
)

__all__ = [
    "Constraint",
    "MaxNorm",
    "MinMaxNorm",
    "NonNeg",
    "UnitNorm",
    "deserialize",
    "get",
    "max_norm",
    "min_max_norm",
    "non_neg",
    "serialize",
    "unit_norm",
]
