"""``tf.random``: stateful and stateless random ops (defined in ``_ops/random_ops.py``).

A namespace: re-exports only (see the README's Architecture)."""

from ._ops.random_ops import (
    categorical,
    gamma,
    normal,
    poisson,
    set_seed,
    shuffle,
    stateless_normal,
    stateless_uniform,
    truncated_normal,
    uniform,
)

__all__ = [
    "categorical",
    "gamma",
    "normal",
    "poisson",
    "set_seed",
    "shuffle",
    "stateless_normal",
    "stateless_uniform",
    "truncated_normal",
    "uniform",
]
