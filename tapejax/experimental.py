"""``tapejax.experimental``: bridges to the JAX world (any JAX function as a recorded op, optax).

A namespace: re-exports only (see the README's Architecture)."""

from ._api.jax_op import jax_op
from ._api.optax_optimizer import OptaxOptimizer

__all__ = ["OptaxOptimizer", "jax_op"]
