"""A step over the GLOBAL batch under a strategy: how Keras ``fit``/``evaluate``/``predict``
run a model built in a strategy's scope.

TF runs Keras' step once per replica (``strategy.run``) on each replica's share of the batch,
scales each replica's loss by ``1 / num_replicas_in_sync`` and sums the replicas' gradients
and metric states. Here the step is written once, for the whole batch, and compiled as ONE
program over the strategy's mesh: the batch is split over the replica axis, the Variables are
replicated, and XLA partitions the program and inserts the all-reduces (JAX's SPMD; no
``shard_map``). The result is the one-device step's: for batches the replicas divide evenly
it is TF's too, whose per-replica means add up to the global mean. A batch they do not divide
(a final partial batch) runs replicated, every device computing it whole, with the one-device
numbers (TF gives its replicas unequal shares, each scaled as if full).

Inside, the code runs in the strategy's *global* replica context: ``get_strategy()`` is the
strategy, ``tf.nn.compute_average_loss`` and ``scale_regularization_loss`` divide by the batch
they see (the global one), and an optimizer applies the gradients as they are (already the
global batch's).
"""

from __future__ import annotations

import contextlib

import jax
import numpy as np

from .._core.recording.state import state
from .._core.values.access import value_of
from .._core.values.tensor import Tensor, TensorLike
from . import _context
from ._replica_context import DefaultReplicaContext
from ._strategy import ScopePolicy

# A trainable Variable of a model compiled under a strategy that the strategy did not create.
NOT_CREATED_MESSAGE = (
    "Variable {name!r} was not created in the distribution strategy scope of {strategy}, so it "
    "is not on the strategy's devices. Create the model (build it) and compile it under "
    "`with strategy.scope():`."
)


class GlobalReplicaContext(DefaultReplicaContext):
    """The replica context of a step over the global batch: one program for every replica.

    Its values are already the global batch's, so ``all_reduce`` and ``all_gather`` give them
    back as they are, and its replica id is 0."""


def _is_leaf(x) -> bool:
    return isinstance(x, (TensorLike, np.ndarray, jax.Array))


class GlobalStep:
    """Runs a Keras step function over the global batch on ``strategy``'s mesh (see above)."""

    def __init__(self, strategy):
        self.strategy = strategy
        self.replicated = strategy._replicated
        self._context = GlobalReplicaContext(strategy)

    def _splits(self, array) -> bool:
        shape = np.shape(array)
        return len(shape) > 0 and shape[0] % self.strategy.num_replicas_in_sync == 0

    def place(self, tree, split: bool):
        """Host or device arrays of ``tree`` on the mesh: split over the replicas (batches whose
        first dimension they divide) or replicated."""

        def put(leaf):
            if not _is_leaf(leaf):
                return leaf  # Python values (a batch size) stay static
            value = value_of(leaf) if isinstance(leaf, TensorLike) else leaf
            sharding = self.strategy._batched if split and self._splits(value) else self.replicated
            if isinstance(value, jax.Array) and value.sharding == sharding:
                return leaf
            placed = jax.device_put(value, sharding)
            return Tensor(placed) if isinstance(leaf, TensorLike) else placed

        return jax.tree_util.tree_map(put, tree, is_leaf=_is_leaf)

    def split(self, batch):
        """Inside the step: each batch array constrained to be split over the replicas."""

        def constrain(leaf):
            if not isinstance(leaf, TensorLike) or not self._splits(leaf.shape):
                return leaf
            return Tensor(jax.lax.with_sharding_constraint(value_of(leaf), self.strategy._batched))

        return jax.tree_util.tree_map(constrain, batch, is_leaf=_is_leaf)

    @contextlib.contextmanager
    def running(self):
        """The step's context: Variables it creates (optimizer slots, metric states) replicated
        on the mesh; the strategy's global replica context."""
        state.variable_policies.append(ScopePolicy(self.strategy))
        try:
            with _context.entered("global", self._context):
                yield
        finally:
            state.variable_policies.pop()

    def step(self, fn):
        """``fn(data)`` over the global batch, split over the replicas."""

        def step(data):
            with self.running():
                return fn(self.split(data))

        return step

    def call(self, fn, split: bool):
        """``fn(*args)`` with its array arguments placed on the mesh first (split: batches)."""

        def call(*args):
            return fn(*self.place(args, split))

        return call

    def check_variables(self, variables) -> None:
        """TF's AssertionError (with a message here) for the first Variable the strategy did not
        create."""
        created = self.strategy.extended.variable_created_in_scope
        for v in variables:
            if not created(v):
                raise AssertionError(NOT_CREATED_MESSAGE.format(name=v.name, strategy=self.strategy))


def global_step(strategy):
    """A ``GlobalStep`` for ``strategy`` (the current one by default), or None when it has one
    replica (the plain step is its step)."""
    if strategy is None or strategy.num_replicas_in_sync == 1:
        return None
    return GlobalStep(strategy)
