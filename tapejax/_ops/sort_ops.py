"""Ordering ops: sort, argsort, top_k, in_top_k, unique, unique_with_counts, searchsorted.

Ties go to the lower index, as TF's (``top_k``-based) kernels do; gradients are JAX's (a
gather of the incoming gradient through the sorting permutation, as TF's).
"""

from __future__ import annotations

import collections

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values import dtype as _dtypes
from .._core.values.access import value_of
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor
from .builders import REAL, check_dtype, check_dtype_attr, known_values

TopKV2 = collections.namedtuple("TopKV2", ["values", "indices"])
Unique = collections.namedtuple("Unique", ["y", "idx"])
UniqueWithCounts = collections.namedtuple("UniqueWithCounts", ["y", "idx", "count"])

_DIRECTIONS = ("ASCENDING", "DESCENDING")


def _check_direction(direction: str) -> bool:
    if direction not in _DIRECTIONS:
        raise ValueError(f"Unknown direction {direction!r}; use 'ASCENDING' or 'DESCENDING'.")
    return direction == "DESCENDING"


def _argsort(x, axis, descending):
    return jnp.argsort(x, axis=axis, stable=True, descending=descending).astype(jnp.int32)


_SORT = Op(
    "Sort", lambda x, axis, descending: jnp.take_along_axis(x, _argsort(x, axis, descending), axis=axis)
)
_ARGSORT = Op("ArgSort", _argsort, differentiable=False)


def _sort_args(values, axis, op_name):
    x = convert_to_tensor(values)
    check_dtype(op_name, REAL, x)
    if x.ndim == 0:
        raise InvalidArgumentError(f"{op_name} needs a tensor of rank >= 1, got a scalar [Op:{op_name}]")
    if not -max(x.ndim, 1) <= int(axis) < max(x.ndim, 1):
        raise ValueError(f"axis {axis} is out of range for a tensor of rank {x.ndim}.")
    return x, int(axis) % max(x.ndim, 1)


def sort(values, axis=-1, direction="ASCENDING", name=None) -> Tensor:
    """Sorts along ``axis`` (``tf.sort``); the gradient follows each value to its place.

    >>> import tapejax as tf
    >>> tf.sort([3.0, 1.0, 2.0], direction="DESCENDING")
    <tf.Tensor: shape=(3,), dtype=float32, numpy=array([3., 2., 1.], dtype=float32)>
    """
    descending = _check_direction(direction)
    x, ax = _sort_args(values, axis, "Sort")
    return record(_SORT, (x,), {"axis": ax if x.ndim else None, "descending": descending})


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None) -> Tensor:
    """The int32 indices that sort ``values`` along ``axis``; ties keep their order (``tf.argsort``)."""
    descending = _check_direction(direction)
    x, ax = _sort_args(values, axis, "ArgSort")
    return record(_ARGSORT, (x,), {"axis": ax if x.ndim else None, "descending": descending})


_TOP_K = Op("TopKV2", lambda x, k: tuple(jax.lax.top_k(x, k)), multiple_results=True)


def top_k(input, k=1, sorted=True, index_type=_dtypes.int32, name=None) -> TopKV2:  # noqa: A002
    """The ``k`` largest entries of the last axis and their int32 indices (``tf.math.top_k``).

    >>> import tapejax as tf
    >>> tf.math.top_k([1.0, 3.0, 2.0], k=2).indices
    <tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>
    """
    x = convert_to_tensor(input)
    check_dtype("TopKV2", REAL, x)
    k = int(k)
    if x.ndim == 0:
        raise InvalidArgumentError("input must be >= 1-D, got shape [] [Op:TopKV2]")
    if k < 0:
        raise InvalidArgumentError(f"Need k >= 0, got {k} [Op:TopKV2]")
    if k > x.shape[-1]:
        raise InvalidArgumentError(
            f"input must have at least k columns. Had {x.shape[-1]}, needed {k} [Op:TopKV2]"
        )
    values, indices = record(_TOP_K, (x,), {"k": k})
    index_type = _dtypes.as_dtype(index_type)
    if index_type != _dtypes.int32:
        indices = Tensor(value_of(indices).astype(index_type._np))
    return TopKV2(values, indices)


def _in_top_k(predictions, targets, k):
    target = jnp.take_along_axis(predictions, targets[:, None].astype(jnp.int32), axis=1)
    # Ties at the boundary count as in the top k, as TF's kernel.
    higher = jnp.sum(predictions > target, axis=1)
    return (higher < k) & jnp.isfinite(target[:, 0])


_IN_TOP_K = Op("InTopKV2", _in_top_k, differentiable=False)


def in_top_k(targets, predictions, k, name=None) -> Tensor:
    """Whether each target class is among the ``k`` highest predictions of its row."""
    p, t = convert_to_tensor(predictions), convert_to_tensor(targets)
    if p.ndim != 2 or t.ndim != 1 or t.shape[0] != p.shape[0]:
        raise InvalidArgumentError(
            f"predictions must be 2-dimensional and targets "
            f"1-dimensional of the same batch size, got {p.shape} and "
            f"{t.shape} [Op:InTopKV2]"
        )
    return record(_IN_TOP_K, (p, t), {"k": int(k)})


def unique(x, out_idx=_dtypes.int32, name=None) -> Unique:
    """The distinct values of a 1-D tensor in order of first appearance, and for each input
    element the index of its value (``tf.unique``)."""
    x = convert_to_tensor(x)
    if x.ndim != 1:
        raise InvalidArgumentError(f"unique expects a 1D vector. [Op:Unique] (got shape {x.shape})")
    _, first, inverse = jnp.unique(value_of(x), return_index=True, return_inverse=True)
    order = jnp.argsort(first)
    rank = jnp.argsort(order)
    y = record(Op("Gather", lambda v, i: v[i]), (x, Tensor(jnp.sort(first))))
    idx = Tensor(rank[inverse.reshape(-1)].astype(_dtypes.as_dtype(out_idx)._np))
    return Unique(y, idx)


_INDEX = ("int32", "int64")


def unique_with_counts(x, out_idx=_dtypes.int32, name=None) -> UniqueWithCounts:
    """``tf.unique`` with how often each distinct value occurs (``tf.unique_with_counts``):
    values in order of first appearance, NaNs each distinct, ``-0.0`` equal to ``0.0``, as
    TF's. Not differentiable (TF registers no gradient: LookupError; tapejax gives None).

    >>> import tapejax as tf
    >>> y, idx, count = tf.unique_with_counts([1, 1, 2, 4, 4, 4, 7, 8, 8])
    >>> print(y.numpy(), idx.numpy(), count.numpy())
    [1 2 4 7 8] [0 0 1 2 2 2 3 4 4] [2 1 3 1 2]
    """
    x = convert_to_tensor(x)
    check_dtype_attr("UniqueWithCounts", _INDEX, out_idx, attr="out_idx")
    if x.ndim != 1:
        raise InvalidArgumentError("unique expects a 1D vector. [Op:UniqueWithCounts]")
    values = known_values(x, "tapejax.unique_with_counts", "count with tapejax.math.bincount of known length")
    _, first, inverse, counts = np.unique(
        values, return_index=True, return_inverse=True, return_counts=True, equal_nan=False
    )
    order = np.argsort(first, kind="stable")
    rank = np.argsort(order)
    index_dtype = _dtypes.as_dtype(out_idx)._np
    y = record(_GATHER_KNOWN, (x, Tensor(first[order].astype(np.int32))))
    return UniqueWithCounts(
        y, Tensor(rank[inverse.reshape(-1)].astype(index_dtype)), Tensor(counts[order].astype(index_dtype))
    )


_GATHER_KNOWN = Op("UniqueWithCounts", lambda v, i: v[i], differentiable=False)


def _searchsorted(seq, values, side, dtype):
    fn = lambda s, v: jnp.searchsorted(s, v, side=side)  # noqa: E731
    for _ in range(seq.ndim - 1):
        fn = jax.vmap(fn)
    return fn(seq, values).astype(dtype)


_SEARCHSORTED = Op("SearchSorted", _searchsorted, differentiable=False)


def searchsorted(sorted_sequence, values, side="left", out_type=_dtypes.int32, name=None) -> Tensor:
    """Where each of ``values`` would go in ``sorted_sequence`` (innermost axis, batched over
    the leading ones) to keep it sorted (``tf.searchsorted``)."""
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right', got {side!r}.")
    s, v = convert_to_tensor(sorted_sequence), convert_to_tensor(values)
    if s.shape[:-1] != v.shape[:-1]:
        raise InvalidArgumentError(
            f"Leading dims of sorted_inputs {s.shape} and values {v.shape} must match [Op:LowerBound]"
        )
    return record(_SEARCHSORTED, (s, v), {"side": side, "dtype": _dtypes.as_dtype(out_type)._np})


ApproxTopK = collections.namedtuple("ApproxTopK", ["values", "indices"])
_APPROX_DTYPES = ("float16", "bfloat16", "float32")


def _approx_top_k(x, k, dimension, recall_target, is_max_k, input_size, aggregate):
    if k == 0:  # TF: empty results (XLA's top-k needs k >= 1)
        empty = jax.lax.slice_in_dim(x, 0, 0, axis=dimension)
        return empty, empty.astype(jnp.int32)
    top = jax.lax.approx_max_k if is_max_k else jax.lax.approx_min_k
    values, indices = top(x, k, dimension, recall_target, input_size, aggregate)
    return values, indices.astype(jnp.int32)


_APPROX_TOP_K = Op("ApproxTopK", _approx_top_k, multiple_results=True)


def approx_top_k(
    input,  # noqa: A002 - TF's name
    k,
    reduction_dimension=-1,
    recall_target=0.95,
    is_max_k=True,
    reduction_input_size_override=-1,
    aggregate_to_topk=True,
    name=None,
) -> ApproxTopK:
    """The ``k`` largest (or smallest) entries along ``reduction_dimension`` and their int32
    indices, as XLA's approximate top-k (``tf.approx_top_k``); on CPU the exact top k. The
    gradient flows to the selected entries.

    >>> import tapejax as tf
    >>> tf.approx_top_k([[1.0, 5.0, 3.0, 2.0]], 2).values
    <tf.Tensor: shape=(1, 2), dtype=float32, numpy=array([[5., 3.]], dtype=float32)>
    """
    x = convert_to_tensor(input)
    check_dtype("ApproxTopK", _APPROX_DTYPES, x)
    k = int(k)
    if x.ndim == 0:
        raise InvalidArgumentError("input must be >= 1-D, got shape [] [Op:ApproxTopK]")
    if not -x.ndim <= int(reduction_dimension) < x.ndim:
        raise InvalidArgumentError(
            f"reduction_dimension {reduction_dimension} is out of range for an input of rank "
            f"{x.ndim} [Op:ApproxTopK]"
        )
    dimension = int(reduction_dimension) % x.ndim
    if k > x.shape[dimension]:
        raise InvalidArgumentError(
            f"input must have at least k columns. Had {x.shape[dimension]}, needed {k} [Op:ApproxTopK]"
        )
    if k < 0:
        raise InvalidArgumentError(f"Need k >= 0, got {k} [Op:ApproxTopK]")
    static = {
        "k": k,
        "dimension": dimension,
        "recall_target": float(recall_target),
        "is_max_k": bool(is_max_k),
        "input_size": int(reduction_input_size_override),
        "aggregate": bool(aggregate_to_topk),
    }
    return ApproxTopK(*record(_APPROX_TOP_K, (x,), static))


def _approx_k(is_max_k: bool, py_name: str, doc: str):
    def public(
        operand,
        k,
        reduction_dimension=-1,
        recall_target=0.95,
        reduction_input_size_override=-1,
        aggregate_to_topk=True,
        name=None,
    ) -> ApproxTopK:
        return approx_top_k(
            operand,
            k,
            reduction_dimension,
            recall_target,
            is_max_k,
            reduction_input_size_override,
            aggregate_to_topk,
        )

    public.__name__ = public.__qualname__ = py_name
    public.__doc__ = doc
    return public


approx_max_k = _approx_k(
    True,
    "approx_max_k",
    """The ``k`` largest entries along ``reduction_dimension`` and their indices
    (``tf.math.approx_max_k``; on CPU exact).

    >>> import tapejax as tf
    >>> tf.math.approx_max_k([[1.0, 5.0, 3.0, 2.0]], 2).indices
    <tf.Tensor: shape=(1, 2), dtype=int32, numpy=array([[1, 2]], dtype=int32)>
    """,
)
approx_min_k = _approx_k(
    False,
    "approx_min_k",
    """The ``k`` smallest entries along ``reduction_dimension`` and their indices
    (``tf.math.approx_min_k``; on CPU exact).

    >>> import tapejax as tf
    >>> tf.math.approx_min_k([[1.0, 5.0, 3.0, 2.0]], 2).indices
    <tf.Tensor: shape=(1, 2), dtype=int32, numpy=array([[0, 3]], dtype=int32)>
    """,
)
