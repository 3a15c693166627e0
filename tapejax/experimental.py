"""``tapejax.experimental``: bridges to the JAX world (any JAX function as a recorded op, optax),
and TF's ``Optional``.

A namespace: re-exports only (see the README's Architecture)."""

from ._api.jax_op import jax_op
from ._api.optax_optimizer import OptaxOptimizer
from ._api.optional import Optional

__all__ = ["OptaxOptimizer", "Optional", "jax_op"]
