"""The trainer's and optimizers' hooks for ``tf.distribute`` strategies (tapejax/distribute):
nothing happens unless a strategy of several replicas runs the step."""

from __future__ import annotations

from ....distribute._replica_context import optimizer_update

__all__ = ["optimizer_update"]
