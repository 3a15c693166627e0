"""The trainer's and optimizers' hooks for ``tf.distribute`` strategies (tapejax/distribute):
nothing happens unless a strategy of several replicas runs the step."""

from __future__ import annotations

from ....distribute._current import get_strategy, has_strategy
from ....distribute._global_step import global_step
from ....distribute._replica_context import optimizer_update

__all__ = ["get_strategy", "optimizer_update", "step_distribution"]


def step_distribution():
    """How a model compiled now runs its steps: the ``GlobalStep`` of the strategy whose scope
    this is (one program over the global batch, split over its replicas), or None outside
    every strategy or with one replica."""
    return global_step(get_strategy()) if has_strategy() else None
