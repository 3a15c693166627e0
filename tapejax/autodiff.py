"""``tf.autodiff``: ``ForwardAccumulator`` and ``GradientTape``.

A namespace: re-exports only (see the README's Architecture)."""

from ._api.forward_accumulator import (
    ForwardAccumulator,
)
from ._api.gradient_tape import (
    GradientTape,
)

__all__ = [
    "ForwardAccumulator",
    "GradientTape",
]
