"""Joining and splitting tensors (concat, stack, unstack, split), one entry each.

Axes and sizes are static (Python ints), checked here with TF's error messages before JAX sees
them, as the other shape ops in ``_array_ops`` do.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import convert_to_tensor, pack
from .._core.recording.record import Op, record
from .._core.recording.state import jax_is_tracing
from .._core.values.errors import InvalidArgumentError
from .._core.values.shape import dims_text
from .._core.values.tensor import Tensor, TensorLike
from .array_ops import _check_axis, _fail, as_ints, identity
from .builders import check_same_dtype, convert_like

_CONCAT = Op("ConcatV2", lambda *xs, axis: jnp.concatenate(xs, axis=axis))


def _packable(values, op_name: str) -> list:
    """Converts a list for concat/stack: plain values take the first tensor's dtype, strictly."""
    values = list(values)
    first = next((v for v in values if isinstance(v, TensorLike)), None)
    if first is None:
        return [convert_to_tensor(v) for v in values]
    return [convert_like(v, first) for v in values]


def concat(values, axis, name="concat") -> Tensor:
    """Joins tensors along an existing ``axis`` (``tf.concat``).

    >>> import tapejax as tf
    >>> tf.concat([[1, 2], [3]], axis=0)
    <tf.Tensor: shape=(3,), dtype=int32, numpy=array([1, 2, 3], dtype=int32)>
    """
    tensors = _packable(values, "ConcatV2")
    if not tensors:
        raise InvalidArgumentError(
            "OpKernel 'ConcatV2' has constraint on attr 'T' not in NodeDef '[N=0, Tidx=DT_INT32]' "
            "[Op:ConcatV2]: tapejax.concat got an empty list, so there is nothing to join (and no "
            "dtype). Pass a list of one or more tensors."
        )
    if len(tensors) == 1:
        return identity(tensors[0])
    check_same_dtype("ConcatV2", tensors)
    rank = tensors[0].ndim
    if rank == 0:
        _fail("ConcatOp : Can't concatenate scalars (use tf.stack instead)", "ConcatV2")
    if not -max(rank, 1) <= int(axis) < max(rank, 1):
        _fail(
            f"ConcatOp : Expected concatenating dimensions in the range [{-rank}, {rank}), but got {axis}",
            "ConcatV2",
        )
    axis = int(axis) % rank
    for i, t in enumerate(tensors[1:], 1):
        if t.ndim != rank:
            _fail(
                f"ConcatOp : Ranks of all input tensors should match: shape[0] = "
                f"{dims_text(tensors[0].shape)} vs. shape[{i}] = {dims_text(t.shape)}",
                "ConcatV2",
            )
        for d in range(rank):
            if d != axis and t.shape[d] != tensors[0].shape[d]:
                _fail(
                    f"ConcatOp : Dimension {d} in both shapes must be equal: shape[0] = "
                    f"{dims_text(tensors[0].shape)} vs. shape[{i}] = {dims_text(t.shape)}",
                    "ConcatV2",
                )
    return record(_CONCAT, tuple(tensors), {"axis": axis})


def stack(values, axis=0, name="stack") -> Tensor:
    """Stacks same-shaped tensors along a new ``axis`` (``tf.stack``)."""
    tensors = _packable(values, "Pack")
    if not tensors:
        return Tensor(jnp.zeros((0,), jnp.float32))
    check_same_dtype("Pack", tensors)
    return pack(tensors, _check_axis(int(axis), tensors[0].ndim + 1, "tapejax.stack"))


_UNSTACK = Op("Unpack", lambda v, axis: tuple(jnp.moveaxis(v, axis, 0)), multiple_results=True)


def unstack(value, num=None, axis=0, name="unstack") -> list:
    """Splits ``value`` along ``axis`` into a list of tensors of one less rank (``tf.unstack``)."""
    x = convert_to_tensor(value)
    axis = _check_axis(int(axis), x.ndim, "tapejax.unstack")
    n = x.shape[axis]
    if num is not None and int(num) != n:
        _fail(f"Input shape axis {axis} must equal {num}, got shape {dims_text(x.shape)}", "Unpack")
    return list(record(_UNSTACK, (x,), {"axis": axis})) if n else []


_SPLIT = Op("SplitV", lambda v, points, axis: tuple(jnp.split(v, points, axis=axis)), multiple_results=True)


def split(value, num_or_size_splits, axis=0, num=None, name="split") -> list:
    """Splits ``value`` along ``axis`` into equal parts or parts of the given sizes (one may be
    -1) (``tf.split``)."""
    x = convert_to_tensor(value)
    axis = _check_axis(int(axis), x.ndim, "tapejax.split")
    length = x.shape[axis]
    if isinstance(num_or_size_splits, (int, np.integer)):
        n = int(num_or_size_splits)
        if n < 1:
            _fail(f"Value for attr 'num_split' of {n} must be at least minimum 1", "Split")
        if length % n:
            _fail(
                f"Number of ways to split should evenly divide the split dimension, but got "
                f"split_dim {axis} (size = {length}) and num_split {n}",
                "Split",
            )
        sizes = (length // n,) * n
    else:
        sizes = list(as_ints(num_or_size_splits))
        if sizes.count(-1) > 1:
            _fail("There can only be one -1 in the input.", "SplitV")
        if -1 in sizes:
            sizes[sizes.index(-1)] = length - (sum(sizes) + 1)
        if sum(sizes) != length or min(sizes, default=0) < 0:
            _fail(
                "Determined shape must either match input shape along split_dim exactly if fully "
                "specified, or be less than the size of the input along split_dim if not fully "
                f"specified.  Got: {sum(s for s in as_ints(num_or_size_splits) if s != -1)}",
                "SplitV",
            )
    points = tuple(int(p) for p in np.cumsum(sizes)[:-1])
    return list(record(_SPLIT, (x,), {"points": points, "axis": axis}))


def parallel_stack(values, name="parallel_stack") -> Tensor:
    """``tf.stack(values)`` along a new first axis, inside a ``tapejax.function`` (or under a
    JAX transformation) only, as TF's (``tf.parallel_stack``); eagerly TF's RuntimeError.

    >>> import tapejax as tf
    >>> tf.function(lambda: tf.parallel_stack([[1.0, 2.0], [3.0, 4.0]]))().shape
    TensorShape([2, 2])
    """
    if not jax_is_tracing():
        raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")
    tensors = [convert_to_tensor(v) for v in values]
    dtypes = [t.dtype for t in tensors]
    if len(set(dtypes)) > 1:
        raise TypeError(
            f"Tensors in list passed to 'values' of 'ParallelConcat' Op have types "
            f"[{', '.join(d.name for d in dtypes)}] that don't all match."
        )
    for t in tensors[1:]:
        if t.shape != tensors[0].shape:
            raise ValueError(
                f"Shapes of all inputs must match for tf.parallel_stack, got {dims_text(tensors[0].shape)} "
                f"and {dims_text(t.shape)} [Op:ParallelConcat]"
            )
    return stack(tensors)
