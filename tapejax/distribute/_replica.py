"""One replica's code: ``strategy.run`` as ONE ``jax.shard_map`` over the replica axis.

The user's function is traced once, inside the ``tapejax.function`` that calls it (or one that
``run`` makes for an eager call), on each replica's share of the distributed inputs. Inside:

- a Variable reads as the value the enclosing trace gives it; a read a tape records is marked
  *varying* over the replica axis (``pcast``), so the tape's gradient is the replica's own, as
  in TF (an optimizer sums them: ``optimizer_update``);
- an assignment writes a value equal on every replica: TF's aggregation of the value (SUM,
  MEAN, ONLY_FIRST_REPLICA); with none, a value that differs between replicas is an error
  (a replicated Variable holds one value);
- the function's results come back stacked, one row per replica (a ``PerReplica``).

XLA inserts the collectives (``psum`` for an all-reduce); no Python loop runs per replica.
"""

from __future__ import annotations

import contextlib

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from .._core.recording.convert import convert_to_tensor
from .._core.recording.state import VariableScope, assign_variable, state
from .._core.values.access import value_of
from .._core.values.tensor import Tensor, TensorLike
from .._core.values.variable_enums import VariableAggregation
from . import _context
from ._values import DistributedValues, PerReplica

# A replicated Variable assigned a value that differs between replicas, without aggregation.
DIVERGING_MESSAGE = (
    "Variable {name!r} was assigned, in the code of strategy.run, a value that differs between "
    "replicas, and its aggregation is NONE. A Variable created under a strategy's scope holds one "
    "value for every replica; combine the replicas' values first (ctx.all_reduce, or create the "
    "Variable with aggregation=tf.VariableAggregation.SUM/MEAN/ONLY_FIRST_REPLICA), or apply "
    "gradients with an optimizer, which all-reduces them."
)


def varies(value, axis: str) -> bool:
    """Whether ``value`` (a tracer inside the replicas' code) may differ between replicas."""
    aval = jax.typeof(value)
    mat = getattr(aval, "mat", None)
    return mat is not None and axis in mat.varying


class ReplicaScope(VariableScope):
    """The Variables' stand-ins inside the replicas' code. It maps every Variable that an
    enclosing trace maps (looked up on first use), so that assignments land here and come out
    of the ``shard_map`` as its outputs."""

    __slots__ = ("outer", "initial")

    def __init__(self, outer: list):
        super().__init__(())
        self.outer, self.initial = outer, {}

    def _outer(self, var_id):
        for scope in reversed(self.outer):
            tensor = scope.get(var_id)
            if tensor is not None:
                scope.used.add(var_id)
                return tensor
        return None

    def get(self, var_id, default=None):
        tensor = dict.get(self, var_id)
        if tensor is None:
            tensor = self._outer(var_id)
            if tensor is None:
                return default
            self[var_id] = self.initial[var_id] = tensor
        return tensor

    def __contains__(self, var_id) -> bool:
        return dict.__contains__(self, var_id) or self.get(var_id) is not None

    def assigned(self) -> list:
        """``(var_id, value)`` of every Variable whose stand-in was rebound."""
        return [(k, value_of(t)) for k, t in self.items() if t is not self.initial.get(k)]


class ReplicaPolicy:
    """The Variable policy inside the replicas' code (see ``state.variable_policies``)."""

    def __init__(self, strategy, axis: str):
        self.strategy, self.axis = strategy, axis
        self.merged = 0  # > 0 inside merge_call: cross-replica reads and writes

    def created(self, variable) -> None:
        self.strategy._place_variable(variable)

    def read(self, variable, tensor):
        # Only a read a tape records needs to vary: its gradient is then this replica's own
        # (JAX's would be the sum over the replicas, its transpose of an invariant input).
        # Other reads stay invariant, so the value an assignment builds on is the replicas' one.
        value = value_of(tensor)
        if self.merged or not state.recorders or varies(value, self.axis):
            return tensor
        return Tensor(jax.lax.pcast(value, self.axis, to="varying"))

    def assigned(self, variable, new):
        if self.merged:
            return new
        aggregation = variable.aggregation
        if aggregation == VariableAggregation.SUM:
            return jax.lax.psum(new, self.axis)
        if not varies(new, self.axis):
            return new
        if aggregation == VariableAggregation.MEAN:
            return jax.lax.pmean(new, self.axis)
        if aggregation == VariableAggregation.ONLY_FIRST_REPLICA:
            first = jax.lax.axis_index(self.axis) == 0
            return jax.lax.psum(jnp.where(first, new, jnp.zeros_like(new)), self.axis)
        raise ValueError(DIVERGING_MESSAGE.format(name=variable.name))


@contextlib.contextmanager
def replica_code(strategy, context):
    """Inside: the replica context, its Variable policy and its Variables' stand-ins."""
    scope = ReplicaScope(list(state.variable_scopes))
    policy = ReplicaPolicy(strategy, strategy._axis)
    context._policy = policy
    state.variable_scopes.append(scope)
    state.variable_policies.append(policy)
    try:
        with _context.entered("replica", context):
            yield scope
    finally:
        state.variable_policies.pop()
        state.variable_scopes.pop()


def _is_leaf(x) -> bool:
    return isinstance(x, (DistributedValues, TensorLike))


def run_replicated(strategy, fn, args: tuple, kwargs: dict):
    """``fn(*args, **kwargs)`` on every replica, as one ``shard_map``, inside a trace.

    A ``PerReplica`` argument gives each replica its component; a Tensor goes to every replica
    as it is; Variables and Python values are closed over. Returns the results as
    ``PerReplica`` values (Python values as they are)."""
    from ._replica_context import ReplicaContext  # noqa: PLC0415

    leaves, tree = jax.tree_util.tree_flatten((args, kwargs), is_leaf=_is_leaf)
    kinds, inputs, specs = [], [], []
    for leaf in leaves:
        if isinstance(leaf, DistributedValues):
            strategy._check_replicas(leaf)
            kinds.append("stacked")
            inputs.append(leaf.stacked_value())
            specs.append(P(strategy._axis))
        elif isinstance(leaf, Tensor):
            kinds.append("tensor")
            inputs.append(value_of(leaf))
            specs.append(P())
        else:
            kinds.append(None)
    found: dict = {}

    def body(*values):
        it = iter(values)
        local = []
        for leaf, kind in zip(leaves, kinds, strict=True):
            if kind == "stacked":
                local.append(Tensor(next(it)[0]))
            elif kind == "tensor":
                local.append(Tensor(next(it)))
            else:
                local.append(leaf)
        a, kw = jax.tree_util.tree_unflatten(tree, local)
        context = ReplicaContext(strategy)
        with replica_code(strategy, context) as scope:
            result = fn(*a, **kw)
            flat, out_tree = jax.tree_util.tree_flatten(result, is_leaf=_is_leaf)
            is_tensor = [isinstance(o, (TensorLike, DistributedValues)) or _is_number(o) for o in flat]
            outs = [_replica_value(o) for o, t in zip(flat, is_tensor, strict=True) if t]
            assigned = scope.assigned()
        for var_id, value in assigned:
            if varies(value, strategy._axis):
                raise ValueError(DIVERGING_MESSAGE.format(name=_name_of(var_id)))
        found.update(out_tree=out_tree, is_tensor=is_tensor, flat=flat, ids=[k for k, _ in assigned])
        return [o[None] for o in outs], [v for _, v in assigned]

    mapped = jax.shard_map(
        body, mesh=strategy._mesh, in_specs=tuple(specs), out_specs=(P(strategy._axis), P())
    )
    outs, new_values = mapped(*inputs)
    for var_id, value in zip(found["ids"], new_values, strict=True):
        assign_variable(var_id, Tensor(value))
    it = iter(outs)
    packed = [
        PerReplica(Tensor(next(it)), strategy.num_replicas_in_sync, stacked=True) if t else o
        for o, t in zip(found["flat"], found["is_tensor"], strict=True)
    ]
    return jax.tree_util.tree_unflatten(found["out_tree"], packed)


_NUMBERS = (int, float, complex)


def _is_number(x) -> bool:
    return isinstance(x, _NUMBERS) and not isinstance(x, bool)


def _replica_value(x):
    return value_of(convert_to_tensor(x))


def _name_of(var_id: int) -> str:
    from .._core.recording.variable import live_variables  # noqa: PLC0415

    for v in live_variables():
        if id(v) == var_id:
            return v.name
    return "?"
