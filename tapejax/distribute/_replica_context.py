"""``tf.distribute.ReplicaContext``: what one replica's code can ask of its strategy."""

from __future__ import annotations

import contextlib

import jax
import jax.numpy as jnp

from .._core.recording.convert import convert_to_tensor
from .._core.values.access import value_of
from .._core.values.tensor import Tensor
from . import _context
from ._reduce_op import ReduceOp, as_reduce_op


class ReplicaContext:
    """The context of one replica inside ``strategy.run``'s function (``tf.distribute.ReplicaContext``).

    Its collectives are JAX's over the strategy's replica axis (``psum``, ``all_gather``),
    compiled into the step's program.
    """

    def __init__(self, strategy):
        self._strategy = strategy
        self._policy = None  # the Variable policy of its code (see _replica.py)

    @property
    def strategy(self):
        return self._strategy

    @property
    def num_replicas_in_sync(self) -> int:
        return self._strategy.num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self) -> Tensor:
        """This replica's index (an int32 Tensor; symbolic inside the step's program)."""
        return Tensor(jax.lax.axis_index(self._strategy._axis).astype(jnp.int32))

    @property
    def devices(self) -> tuple:
        return tuple(self._strategy.extended.worker_devices)

    def all_reduce(self, reduce_op, value, options=None):
        """The SUM or MEAN over the replicas of ``value`` (a nest of tensors), on every replica."""
        op = as_reduce_op(reduce_op)
        collective = jax.lax.psum if op == ReduceOp.SUM else jax.lax.pmean
        axis = self._strategy._axis
        return jax.tree_util.tree_map(
            lambda t: Tensor(collective(_value(t), axis)), value, is_leaf=_is_tensor
        )

    def all_gather(self, value, axis: int, options=None):
        """Every replica's ``value`` concatenated along ``axis``, on every replica."""
        name = self._strategy._axis
        return jax.tree_util.tree_map(
            lambda t: Tensor(jax.lax.all_gather(_value(t), name, axis=axis, tiled=True)),
            value,
            is_leaf=_is_tensor,
        )

    def merge_call(self, merge_fn, args=(), kwargs=None):
        """Runs ``merge_fn(strategy, *args, **kwargs)`` in cross-replica context: Variables read
        as their one replicated value, and assignments are not aggregated again."""
        with merged(self):
            return merge_fn(self._strategy, *args, **(kwargs or {}))


class DefaultReplicaContext(ReplicaContext):
    """The one replica of the default strategy (outside every scope) or of a one-device one."""

    @property
    def replica_id_in_sync_group(self) -> Tensor:
        return convert_to_tensor(0)

    def all_reduce(self, reduce_op, value, options=None):
        as_reduce_op(reduce_op)
        return jax.tree_util.tree_map(_as_tensor, value, is_leaf=_is_tensor)

    def all_gather(self, value, axis: int, options=None):
        return jax.tree_util.tree_map(_as_tensor, value, is_leaf=_is_tensor)

    def merge_call(self, merge_fn, args=(), kwargs=None):
        with _context.entered("cross", self._strategy):
            return merge_fn(self._strategy, *args, **(kwargs or {}))


@contextlib.contextmanager
def merged(context: ReplicaContext):
    """Cross-replica context inside a replica's code (merge_call; an optimizer's update)."""
    policy = context._policy
    if policy is not None:
        policy.merged += 1
    try:
        with _context.entered("cross", context.strategy):
            yield
    finally:
        if policy is not None:
            policy.merged -= 1


def _is_tensor(x) -> bool:
    from .._core.values.tensor import TensorLike  # noqa: PLC0415

    return isinstance(x, TensorLike)


def _value(x):
    return value_of(convert_to_tensor(x))


def _as_tensor(x):
    return convert_to_tensor(x)


# A Variable an optimizer updates in a replica's code that the strategy did not create (TF:
# an AssertionError without a message, from its cross-replica update).
NOT_IN_SCOPE_MESSAGE = (
    "Variable {name!r} was not created in the scope of the distribution strategy that runs this "
    "step ({strategy}), so it has no copy on the strategy's devices. Create the model, its "
    "Variables and the optimizer under `with strategy.scope():`."
)


def optimizer_update(grads: list, variables: list):
    """What an optimizer's update does in a replica's code: sums the replicas' gradients (TF's
    all-reduce) and runs the update in cross-replica context. Returns ``(grads, context
    manager)``; outside a replica of several, the gradients as they are and a no-op."""
    entry = _context.current()
    if entry is None or entry[0] != "replica" or entry[1].num_replicas_in_sync == 1:
        return grads, contextlib.nullcontext()
    context = entry[1]
    strategy = context.strategy
    for v in variables:
        if not strategy.extended.variable_created_in_scope(v):
            raise AssertionError(NOT_IN_SCOPE_MESSAGE.format(name=v.name, strategy=strategy))
    axis = strategy._axis
    summed = [None if g is None else Tensor(jax.lax.psum(_value(g), axis)) for g in grads]
    return summed, merged(context)
