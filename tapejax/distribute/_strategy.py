"""``tf.distribute.Strategy`` on a JAX device mesh: the default strategy, ``MirroredStrategy``
and ``OneDeviceStrategy``.

A strategy is a 1-D mesh over its devices (axis ``"replica"``, JAX's *Auto* axis type).
Variables created in its scope are replicated over the mesh; a distributed batch is split over
it; ``run`` is one ``shard_map`` (see ``_replica.py``), compiled into the step that calls it.
"""

from __future__ import annotations

import contextlib
import weakref

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from .._api.function import function
from .._core.recording.state import state
from .._core.recording.variable import restore_value, stored_value
from .._core.values.access import value_of
from .._core.values.tensor import Tensor, TensorLike
from . import _context, _input
from ._devices import jax_device, tf_name
from ._reduce_op import ReduceOp, as_reduce_op
from ._replica import run_replicated
from ._replica_context import DefaultReplicaContext
from ._values import DistributedValues, PerReplica

AXIS = "replica"
_EAGER_STEPS = 64  # functions given to an eager run whose compiled step is kept, per strategy


class ScopePolicy:
    """The Variable policy of a strategy's scope: each Variable created is placed on its mesh."""

    def __init__(self, strategy):
        self.strategy = strategy

    def created(self, variable) -> None:
        self.strategy._place_variable(variable)

    def read(self, variable, tensor):
        return tensor

    def assigned(self, variable, new):
        return new


class StrategyExtended:
    """``strategy.extended``: the devices and the variables' placement."""

    def __init__(self, strategy):
        self._strategy = strategy

    @property
    def worker_devices(self) -> tuple:
        return tuple(tf_name(d) for d in self._strategy._devices)

    @property
    def parameter_devices(self) -> tuple:
        return self.worker_devices

    def variable_created_in_scope(self, v) -> bool:
        return id(v) in self._strategy._created

    @property
    def experimental_between_graph(self) -> bool:
        return False

    @property
    def should_checkpoint(self) -> bool:
        return True


class Strategy:
    """A way to run a step on several devices (``tf.distribute.Strategy``).

    >>> import tapejax as tf
    >>> strategy = tf.distribute.OneDeviceStrategy("/cpu:0")
    >>> with strategy.scope():
    ...   v = tf.Variable(2.0)
    >>> print(strategy.run(lambda x: x * v, args=(tf.constant(3.0),)))
    tf.Tensor(6.0, shape=(), dtype=float32)
    """

    _is_default = False

    def __init__(self, devices: list, placed: bool = True):
        self._devices = list(devices)
        self._axis = AXIS
        self._mesh = jax.sharding.Mesh(
            np.array(self._devices), (AXIS,), axis_types=(jax.sharding.AxisType.Auto,)
        )
        self._replicated = NamedSharding(self._mesh, P())
        self._batched = NamedSharding(self._mesh, P(AXIS))
        self._placed = placed
        self._created: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
        self._default_replica_context = DefaultReplicaContext(self)
        self._steps: dict = {}
        self.extended = StrategyExtended(self)

    @property
    def num_replicas_in_sync(self) -> int:
        return len(self._devices)

    # -- scope ------------------------------------------------------------------------------
    @contextlib.contextmanager
    def scope(self):
        """Variables created inside are replicated on the strategy's devices; inside,
        ``get_strategy()`` is this strategy (cross-replica context)."""
        _context.require_cross_replica()
        entry = _context.current()
        if entry is not None and entry[1] is not self and not entry[1]._is_default:
            raise RuntimeError(f"Mixing different tf.distribute.Strategy objects: {self} is not {entry[1]}")
        state.variable_policies.append(ScopePolicy(self))
        try:
            with _context.entered("cross", self):
                yield self
        finally:
            state.variable_policies.pop()

    def _place_variable(self, variable) -> None:
        self._created[id(variable)] = variable
        if self._placed:  # also when created in a step being traced: its value is concrete
            with jax.ensure_compile_time_eval():
                restore_value(variable, jax.device_put(stored_value(variable), self._replicated))

    # -- running ----------------------------------------------------------------------------
    def run(self, fn, args=(), kwargs=None, options=None):
        """``fn(*args, **kwargs)`` on every replica; returns ``PerReplica`` results (plain
        Tensors with one replica). A ``PerReplica`` argument gives each replica its component.

        Inside a ``tf.function`` it is part of the step's one program; called eagerly, it is
        compiled once per function and input signature (``fn``'s Python code runs when it is
        traced, not once per replica)."""
        _context.require_cross_replica()
        kwargs = kwargs or {}
        if self.num_replicas_in_sync == 1:
            args, kwargs = jax.tree_util.tree_map(_one, (args, kwargs), is_leaf=_is_distributed)
            with _context.entered("replica", self._default_replica_context):
                return fn(*args, **kwargs)
        if state.variable_scopes:  # inside a tf.function's trace
            return run_replicated(self, fn, tuple(args), kwargs)
        step = self._steps.get(fn)
        if step is None:
            if len(self._steps) >= _EAGER_STEPS:
                self._steps.pop(next(iter(self._steps)))
            step = self._steps[fn] = function(lambda *a, **k: run_replicated(self, fn, a, k), autograph=False)
        return step(*args, **kwargs)

    def _check_replicas(self, value: DistributedValues) -> None:
        if value._num_replicas != self.num_replicas_in_sync:
            raise ValueError(
                f"A PerReplica value of {value._num_replicas} replicas was given to a strategy of "
                f"{self.num_replicas_in_sync}; distribute its inputs with this strategy "
                "(strategy.experimental_distribute_dataset)."
            )

    # -- cross-replica results --------------------------------------------------------------
    def reduce(self, reduce_op, value, axis=None):
        """The SUM or MEAN over replicas of a ``PerReplica`` value (and over ``axis`` of each
        component when given)."""
        _context.require_cross_replica()
        op = as_reduce_op(reduce_op)
        reducer = jnp.sum if op == ReduceOp.SUM else jnp.mean
        return jax.tree_util.tree_map(
            lambda v: self._reduce_one(op, reducer, v, axis), value, is_leaf=_is_tensor_like
        )

    def _reduce_one(self, op, reducer, value, axis):
        if isinstance(value, DistributedValues):
            self._check_replicas(value)
            stacked = value.stacked_value()
            axes = 0 if axis is None else (0, _axis(axis, stacked.ndim - 1) + 1)
            return Tensor(reducer(stacked, axis=axes))
        tensor = value if isinstance(value, Tensor) else Tensor(value_of(_tensor(value)))
        if axis is not None:
            reduced = reducer(value_of(tensor), axis=_axis(axis, tensor.ndim))
            return Tensor(reduced * self.num_replicas_in_sync if op == ReduceOp.SUM else reduced)
        if op == ReduceOp.SUM and self.num_replicas_in_sync > 1:
            raise ValueError(
                f"A non-DistributedValues value {tensor!s} cannot be reduced with the given reduce op {op}."
            )
        return tensor

    def gather(self, value, axis: int):
        """Every replica's component concatenated along ``axis``."""
        _context.require_cross_replica()
        return jax.tree_util.tree_map(lambda v: self._gather_one(v, axis), value, is_leaf=_is_tensor_like)

    def _gather_one(self, value, axis: int):
        if isinstance(value, DistributedValues):
            self._check_replicas(value)
            stacked = value.stacked_value()
            axis = _axis(axis, stacked.ndim - 1)
            moved = jnp.moveaxis(stacked, 0, axis)
            shape = moved.shape
            return Tensor(
                jnp.reshape(moved, (*shape[:axis], shape[axis] * shape[axis + 1], *shape[axis + 2 :]))
            )
        tensor = _tensor(value)
        return Tensor(jnp.concatenate([value_of(tensor)] * self.num_replicas_in_sync, axis=axis))

    def experimental_local_results(self, value) -> tuple:
        """The components of ``value`` on this process's replicas, as a tuple."""
        if isinstance(value, DistributedValues):
            return value.values
        leaves, tree = jax.tree_util.tree_flatten(value, is_leaf=_is_tensor_like)
        if not any(isinstance(x, DistributedValues) for x in leaves):
            return (value,)
        parts = [
            x.values if isinstance(x, DistributedValues) else (x,) * self.num_replicas_in_sync for x in leaves
        ]
        return tuple(jax.tree_util.tree_unflatten(tree, list(row)) for row in zip(*parts, strict=True))

    # -- inputs -----------------------------------------------------------------------------
    def experimental_distribute_dataset(self, dataset, options=None):
        """The dataset's batches split over the replicas (each a ``PerReplica`` per tensor)."""
        _context.require_cross_replica()
        return _input.DistributedDataset(self, dataset)

    def distribute_datasets_from_function(self, dataset_fn, options=None):
        """``dataset_fn(InputContext)`` gives each replica's batches (one replica's batch size)."""
        _context.require_cross_replica()
        return _input.DatasetsFromFunction(self, dataset_fn)

    def experimental_distribute_values_from_function(self, value_fn):
        """A ``PerReplica`` whose component ``i`` is ``value_fn(ValueContext(i, n))``."""
        return _input.values_from_function(self, value_fn)

    def _local_replicas(self) -> int:
        """How many of the strategy's replicas run in this process."""
        here = jax.process_index()
        return sum(d.process_index == here for d in self._devices)

    def _process_rows(self):
        """None, or a function keeping this process's rows of a global batch (several processes)."""
        return None

    def _distribute_batch(self, array) -> DistributedValues:
        """A process-local batch (rows for this process's replicas) as one split array."""
        global_array = jax.make_array_from_process_local_data(self._batched, np.asarray(array))
        return PerReplica(Tensor(global_array), self.num_replicas_in_sync, stacked=False)

    def __repr__(self) -> str:
        return f"<tapejax.distribute.{type(self).__name__} object at {hex(id(self))}>"


def _is_distributed(x) -> bool:
    return isinstance(x, DistributedValues)


def _is_tensor_like(x) -> bool:
    return isinstance(x, (DistributedValues, TensorLike))


def _one(x):
    """A one-replica value as its one component."""
    return x.global_tensor() if isinstance(x, DistributedValues) else x


def _tensor(x):
    from .._core.recording.convert import convert_to_tensor  # noqa: PLC0415

    return convert_to_tensor(x)


def _axis(axis: int, ndim: int) -> int:
    return axis + ndim if axis < 0 else axis


class MirroredStrategy(Strategy):
    """Synchronous data parallelism on one host's devices: all local devices of JAX's default
    backend, or those named (``tf.distribute.MirroredStrategy``)."""

    def __init__(self, devices=None, cross_device_ops=None):
        if devices is None:
            found = jax.local_devices()
        else:
            found = [jax_device(d) for d in devices]
            if len({d.id for d in found}) != len(found):
                raise ValueError(f"No duplicates allowed in `devices` argument: {list(devices)}")
        super().__init__(found)


class OneDeviceStrategy(Strategy):
    """Everything on one device (``tf.distribute.OneDeviceStrategy``)."""

    def __init__(self, device):
        super().__init__([jax_device(device)])


class _DefaultStrategy(Strategy):
    """The strategy in force outside every scope: one replica, Variables left where they are."""

    _is_default = True

    def __init__(self):
        super().__init__([jax.devices()[0]], placed=False)

    @contextlib.contextmanager
    def scope(self):
        _context.require_cross_replica()
        with _context.entered("cross", self):
            yield self


_default: list = []


def default_strategy() -> Strategy:
    if not _default:
        _default.append(_DefaultStrategy())
    return _default[0]
