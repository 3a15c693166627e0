"""Distributed inputs: a dataset's batches split over the replicas, ``InputContext``,
``experimental_distribute_values_from_function``.

Each batch becomes one global array split over the strategy's replica axis
(``jax.make_array_from_process_local_data``: with several processes, each gives the rows of
its own replicas), wrapped as a ``PerReplica``.
"""

from __future__ import annotations

import jax
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.values.access import value_of
from .._core.values.tensor import Tensor, TensorLike
from ._values import PerReplica

# TF's message (ValueError) for a global batch size the replicas cannot share.
INDIVISIBLE_MESSAGE = "The `global_batch_size` {size} is not divisible by `num_replicas_in_sync` {n} "

UNEVEN_MESSAGE = (
    "A batch of {size} rows cannot be split evenly over {n} replicas. TensorFlow gives the "
    "replicas unequal shares (some empty) for such a batch; tapejax runs every replica in one "
    "compiled program, where each replica's share must have one shape. Batch with a size "
    "divisible by strategy.num_replicas_in_sync and drop the final partial batch "
    "(dataset.batch(global_batch_size, drop_remainder=True))."
)


class InputContext:
    """What a ``dataset_fn`` of ``distribute_datasets_from_function`` is told
    (``tf.distribute.InputContext``).

    >>> import tapejax as tf
    >>> tf.distribute.InputContext(1, 0, 8).get_per_replica_batch_size(64)
    8
    """

    def __init__(
        self, num_input_pipelines: int = 1, input_pipeline_id: int = 0, num_replicas_in_sync: int = 1
    ):
        self._num_input_pipelines = num_input_pipelines
        self._input_pipeline_id = input_pipeline_id
        self._num_replicas_in_sync = num_replicas_in_sync

    @property
    def num_input_pipelines(self) -> int:
        return self._num_input_pipelines

    @property
    def input_pipeline_id(self) -> int:
        return self._input_pipeline_id

    @property
    def num_replicas_in_sync(self) -> int:
        return self._num_replicas_in_sync

    def get_per_replica_batch_size(self, global_batch_size: int) -> int:
        if global_batch_size % self._num_replicas_in_sync != 0:
            raise ValueError(INDIVISIBLE_MESSAGE.format(size=global_batch_size, n=self._num_replicas_in_sync))
        return global_batch_size // self._num_replicas_in_sync

    def __str__(self) -> str:
        return (
            f"tf.distribute.InputContext(input pipeline id {self._input_pipeline_id}, "
            f"total: {self._num_input_pipelines})"
        )


class ValueContext:
    """What ``value_fn`` of ``experimental_distribute_values_from_function`` is told."""

    def __init__(self, replica_id_in_sync_group: int = 0, num_replicas_in_sync: int = 1):
        self._replica_id_in_sync_group = replica_id_in_sync_group
        self._num_replicas_in_sync = num_replicas_in_sync

    @property
    def replica_id_in_sync_group(self) -> int:
        return self._replica_id_in_sync_group

    @property
    def num_replicas_in_sync(self) -> int:
        return self._num_replicas_in_sync


def _is_leaf(x) -> bool:
    return isinstance(x, TensorLike)


def _numpy(x):
    return np.asarray(value_of(x)) if isinstance(x, TensorLike) else np.asarray(x)


class _Iterator:
    """Yields the strategy's distributed batches from per-process host batches."""

    def __init__(self, strategy, batches):
        self._strategy, self._batches = strategy, batches

    def __iter__(self):
        return self

    def __next__(self):
        element = next(self._batches)
        strategy = self._strategy
        if strategy.num_replicas_in_sync == 1:
            return element
        return jax.tree_util.tree_map(self._split, element, is_leaf=_is_leaf)

    def _split(self, leaf):
        array = _numpy(leaf)
        local = self._strategy._local_replicas()
        if array.ndim == 0 or array.shape[0] % local != 0:
            size = "a scalar" if array.ndim == 0 else array.shape[0]
            raise ValueError(UNEVEN_MESSAGE.format(size=size, n=local))
        return self._strategy._distribute_batch(array)

    def get_next(self):
        return next(self)


class DistributedDataset:
    """``strategy.experimental_distribute_dataset(dataset)``: each global batch split evenly
    over the replicas. With several processes, each reads the whole batch and keeps the rows of
    its own replicas, so every process steps through the same global batches as one would."""

    def __init__(self, strategy, dataset):
        self._strategy, self._dataset = strategy, dataset

    def __iter__(self):
        strategy = self._strategy
        rows = strategy._process_rows()

        def batches():
            for element in self._dataset:
                yield element if rows is None else jax.tree_util.tree_map(rows, element, is_leaf=_is_leaf)

        return _Iterator(strategy, batches())

    @property
    def element_spec(self):
        return self._dataset.element_spec


class DatasetsFromFunction:
    """``strategy.distribute_datasets_from_function``: one dataset per process (its input
    pipeline), giving one replica's batch per element; a step takes one element per local
    replica, replica ``i`` the ``i``-th (as TF)."""

    def __init__(self, strategy, dataset_fn):
        import jax as _jax  # noqa: PLC0415

        self._strategy = strategy
        context = InputContext(_jax.process_count(), _jax.process_index(), strategy.num_replicas_in_sync)
        self._dataset = dataset_fn(context)

    def __iter__(self):
        local = self._strategy._local_replicas()

        def batches():
            it = iter(self._dataset)
            while True:
                try:
                    parts = [next(it) for _ in range(local)]
                except StopIteration:
                    return
                yield jax.tree_util.tree_map(
                    lambda *xs: np.concatenate([_numpy(x) for x in xs]), *parts, is_leaf=_is_leaf
                )

        return _Iterator(self._strategy, batches())


def values_from_function(strategy, value_fn) -> PerReplica:
    n = strategy.num_replicas_in_sync
    values = [value_fn(ValueContext(i, n)) for i in range(n)]  # once, when the inputs are made
    if n == 1:
        return values[0]

    def stack(*xs):
        arrays = [np.asarray(value_of(convert_to_tensor(x))) for x in xs]
        placed = jax.device_put(np.stack(arrays), strategy._batched)
        return PerReplica(Tensor(placed), n, stacked=True)

    return jax.tree_util.tree_map(stack, *values, is_leaf=_is_leaf)
