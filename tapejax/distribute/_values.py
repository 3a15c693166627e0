"""``DistributedValues``: one value per replica, held as ONE array split over the mesh.

A ``PerReplica`` keeps its replicas' components in one global JAX array whose leading axis is
split over the strategy's replica axis: either the components stacked (``strategy.run``'s
outputs: component ``i`` is row ``i``) or concatenated (a distributed batch: component ``i`` is
the ``i``-th block of rows). Reading a component slices it; nothing loops over replicas in a
step, where the array goes into the next compiled program as it is.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from .._core.recording.convert import convert_to_tensor
from .._core.values.access import value_of
from .._core.values.tensor import Tensor


@jax.tree_util.register_pytree_node_class
class DistributedValues:
    """One value per replica (``tf.distribute.DistributedValues``); see ``values``."""

    def __init__(self, value, num_replicas: int, stacked: bool):
        self._global = value if isinstance(value, Tensor) else convert_to_tensor(value)
        self._num_replicas, self._stacked = num_replicas, stacked

    # A pytree node over its global tensor, so tf.function and JAX take it as an argument.
    def tree_flatten(self):
        return (self._global,), (self._num_replicas, self._stacked)

    @classmethod
    def tree_unflatten(cls, aux, children):
        obj = cls.__new__(cls)
        obj._global, (obj._num_replicas, obj._stacked) = children[0], aux
        return obj

    @property
    def values(self) -> tuple:
        """The replicas' components, replica 0 first."""
        stacked = self.stacked_value()
        return tuple(Tensor(stacked[i]) for i in range(self._num_replicas))

    def stacked_value(self):
        """The components stacked on a new leading axis: ``[replicas, *component shape]``."""
        value = value_of(self._global)
        if self._stacked:
            return value
        n = self._num_replicas
        return jnp.reshape(value, (n, value.shape[0] // n, *value.shape[1:]))

    def global_tensor(self) -> Tensor:
        """The components concatenated along axis 0 (a batch as the dataset gave it)."""
        if not self._stacked:
            return self._global
        value = value_of(self._global)
        return Tensor(jnp.reshape(value, (-1, *value.shape[2:])) if value.ndim > 1 else value)

    def __repr__(self) -> str:
        items = "".join(f"  {i}: {v!r},\n" for i, v in enumerate(self.values))
        return f"{type(self).__name__}:{{\n{items}}}"

    __str__ = __repr__


@jax.tree_util.register_pytree_node_class
class PerReplica(DistributedValues):
    """Values that may differ between replicas (``strategy.run``'s results, distributed batches)."""


@jax.tree_util.register_pytree_node_class
class Mirrored(DistributedValues):
    """Values equal on every replica."""


def is_distributed(x) -> bool:
    return isinstance(x, DistributedValues)
