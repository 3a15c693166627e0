"""``tf.dynamic_partition`` and ``tf.dynamic_stitch``.

Both results' shapes depend on index values (TF gives ``None`` dimensions in a graph), so the
indices must be known: eagerly, or constants inside ``tapejax.function``; symbolic ones are a
TypeError saying what to use instead. Each op is then a gather by indices computed here with
numpy. A partition's gradient is JAX's (the scatter back; rows in no partition get zeros, as
TF). A stitch keeps the last value written to each place, and its gradient is TF's: every
input entry gathers the output's gradient at its index, also an entry a later one overwrote
(a ``jax.custom_vjp``; JAX's own rule would give it zero).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values import dtype as _dtypes
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.shape import dims_text
from ..._core.values.tensor import Tensor, TensorLike
from ..array_ops import reshape
from ..builders import known_values
from ..join_ops import concat


def _partitions_input(value) -> Tensor:
    """DynamicPartition's int32 partitions (TF's check for a tensor of another dtype)."""
    t = (
        convert_to_tensor(value)
        if isinstance(value, TensorLike)
        else convert_to_tensor(value, dtype=_dtypes.int32)
    )
    if t.dtype != _dtypes.int32:
        raise InvalidArgumentError(
            "cannot compute DynamicPartition as input #1(zero-based) was expected to be a int32 tensor "
            f"but is a {t.dtype.kernel_name} tensor [Op:DynamicPartition]. Cast it with tapejax.cast."
        )
    return t


# -- dynamic_partition ------------------------------------------------------------------------
def _partition(data, order, *, rank, sizes):
    rows = data.reshape((-1, *data.shape[rank:]))[order]
    return tuple(jnp.split(rows, np.cumsum(sizes[:-1]).tolist())) if len(sizes) > 1 else (rows,)


_PARTITION = Op("DynamicPartition", _partition, multiple_results=True)


def dynamic_partition(data, partitions, num_partitions, name=None) -> list:
    """Splits ``data`` into ``num_partitions`` tensors: row ``i`` (over ``partitions``'s
    shape) goes to output ``partitions[i]``, in order (``tf.dynamic_partition``).

    >>> import tapejax as tf
    >>> parts = tf.dynamic_partition([10, 20, 30, 40, 50], [0, 0, 1, 1, 0], 2)
    >>> print(parts[0], parts[1])
    tf.Tensor([10 20 50], shape=(3,), dtype=int32) tf.Tensor([30 40], shape=(2,), dtype=int32)
    """
    data = convert_to_tensor(data)
    partitions = _partitions_input(partitions)
    n = int(num_partitions)
    if n < 1:
        raise InvalidArgumentError(
            f"Value for attr 'num_partitions' of {n} must be at least minimum 1 [Op:DynamicPartition]"
        )
    if tuple(data.shape[: partitions.ndim]) != tuple(partitions.shape):
        raise InvalidArgumentError(
            f"data.shape must start with partitions.shape, got data.shape = {dims_text(data.shape)}, "
            f"partitions.shape = {dims_text(partitions.shape)} [Op:DynamicPartition]"
        )
    p = known_values(
        partitions,
        "tapejax.dynamic_partition",
        "compute the partitions from constants, or mask with tapejax.where",
    )
    bad = np.flatnonzero((p < 0) | (p >= n))
    if bad.size:
        at = ",".join(str(i) for i in np.unravel_index(bad[0], p.shape)) if p.ndim else ""
        raise InvalidArgumentError(
            f"partitions[{at}] = {p.reshape(-1)[bad[0]]} is not in [0, {n}) [Op:DynamicPartition]"
        )
    flat = p.reshape(-1)
    order = np.argsort(flat, kind="stable").astype(np.int32)
    sizes = tuple(int(c) for c in np.bincount(flat, minlength=n))
    outs = record(_PARTITION, (data, Tensor(order)), {"rank": partitions.ndim, "sizes": sizes})
    return list(outs)


# -- dynamic_stitch ---------------------------------------------------------------------------
@jax.custom_vjp
def _stitch(rows, positions, winners, filled):
    out = rows[winners]
    return jnp.where(filled.reshape((-1,) + (1,) * (rows.ndim - 1)), out, jnp.zeros_like(out))


def _stitch_forward(rows, positions, winners, filled):
    return _stitch(rows, positions, winners, filled), (positions, winners, filled)


def _stitch_backward(saved, grad):
    positions, winners, filled = saved
    no_grad = [np.zeros(a.shape, jax.dtypes.float0) for a in saved]
    return (grad[positions], *no_grad)  # TF's rule: every entry reads its place's gradient


_stitch.defvjp(_stitch_forward, _stitch_backward)
_STITCH = Op("DynamicStitch", _stitch, reverse_only=True)


def dynamic_stitch(indices, data, name=None) -> Tensor:
    """Interleaves the ``data`` tensors into one: ``out[indices[m][i]] = data[m][i]``, later
    entries winning (``tf.dynamic_stitch``); places no index names are zeros.

    >>> import tapejax as tf
    >>> tf.dynamic_stitch([[0, 2], [1, 3]], [[1.0, 3.0], [2.0, 4.0]])
    <tf.Tensor: shape=(4,), dtype=float32, numpy=array([1., 2., 3., 4.], dtype=float32)>
    """
    index_list, data_list = _stitch_lists(indices, data)
    rest = None
    flat_index, rows = [], []
    for m, (idx, d) in enumerate(zip(index_list, data_list, strict=True)):
        if tuple(d.shape[: idx.ndim]) != tuple(idx.shape):
            raise InvalidArgumentError(
                f"data[{m}].shape = {dims_text(d.shape)} does not start with indices[{m}].shape = "
                f"{dims_text(idx.shape)} [Op:DynamicStitch]"
            )
        tail = tuple(d.shape[idx.ndim :])
        if rest is None:
            rest = tail
        elif tail != rest:
            raise InvalidArgumentError(
                f"Need data[0].shape[{index_list[0].ndim}:] = data[{m}].shape[{idx.ndim}:], got "
                f"data[0].shape = {dims_text(data_list[0].shape)}, data[{m}].shape = {dims_text(d.shape)}, "
                f"indices[0].shape = {dims_text(index_list[0].shape)}, indices[{m}].shape = "
                f"{dims_text(idx.shape)} [Op:DynamicStitch]"
            )
        values = known_values(
            idx, "tapejax.dynamic_stitch", "compute the indices from constants, or use tapejax.scatter_nd"
        ).reshape(-1)
        negative = np.flatnonzero(values < 0)
        if negative.size:
            raise InvalidArgumentError(f"indices[{negative[0]}] is out of range [Op:DynamicStitch]")
        flat_index.append(values)
        rows.append(reshape(d, [-1, *rest]))
    positions = np.concatenate(flat_index).astype(np.int32)
    size = int(positions.max()) + 1 if positions.size else 0
    # The entry written last to each place: the first one found walking backwards.
    places, from_end = np.unique(positions[::-1], return_index=True)
    winners = np.zeros(size, np.int32)
    winners[places] = positions.size - 1 - from_end
    filled = np.zeros(size, bool)
    filled[places] = True
    stacked = rows[0] if len(rows) == 1 else concat(rows, 0)
    return record(_STITCH, (stacked, Tensor(positions), Tensor(winners), Tensor(filled)))


def _stitch_lists(indices, data) -> tuple[list, list]:
    """The index and data lists with TF's checks; data take the first tensor's dtype."""
    for arg, value in (("indices", indices), ("data", data)):
        if not isinstance(value, list | tuple):
            raise TypeError(f"Expected list for '{arg}' argument to 'dynamic_stitch' Op, not {value}.")
    if len(data) != len(indices):
        raise ValueError(
            f"List argument 'data' to 'dynamic_stitch' Op with length {len(data)} must match length "
            f"{len(indices)} of argument 'indices'."
        )
    if not indices:
        raise InvalidArgumentError(
            "Length for attr 'N' of 0 must be at least minimum 1 [Op:DynamicStitch]; pass at least one "
            "(indices, data) pair."
        )
    index_list = [convert_to_tensor(i, dtype=_dtypes.int32) for i in indices]  # TF: ValueError for int64
    first = convert_to_tensor(data[0])
    data_list = [first, *(convert_to_tensor(d, dtype=first.dtype) for d in data[1:])]
    return index_list, data_list
