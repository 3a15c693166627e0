"""Ops that select or limit values: where, gather, gather_nd, boolean_mask, clipping.

Indices are checked against the params' shape with TF's messages (TF's CPU kernels raise;
JAX would clamp or fill silently). TF returns an ``IndexedSlices`` gradient for gather; tapejax
returns the dense tensor with the same values.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .._core.convert import convert_to_tensor
from .._core.errors import InvalidArgumentError
from .._core.record import Op, record
from .._core.runtime_check import check as runtime_check
from .._core.shape import dims_text
from .._core.tensor import Tensor, TensorLike
from .array_ops import reshape
from .builders import (
    binary_args,
    broadcast_shape,
    check_bool,
    check_dtype,
)

_INDEX_DTYPES = ("int16", "int32", "int64")
_WHERE = Op("SelectV2", jnp.where)
_WHERE_INDICES = Op("Where", lambda c: jnp.argwhere(c).astype(jnp.int64), differentiable=False)


def where(condition, x=None, y=None, name=None) -> Tensor:
    """Elementwise ``x if condition else y`` (broadcasting), or with ``x`` and ``y`` None the
    int64 indices of the True (non-zero) elements (``tf.where``).

    >>> import tapejax as tf
    >>> tf.where([True, False], 1.0, 2.0)
    <tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 2.], dtype=float32)>
    """
    if x is None and y is None:
        cond = convert_to_tensor(condition)
        if cond.ndim == 0:
            raise InvalidArgumentError("WhereOp : Unhandled input dimensions: 0 [Op:Where]")
        return record(_WHERE_INDICES, (cond,))
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    cond = convert_to_tensor(condition, dtype=None if isinstance(condition, TensorLike) else "bool")
    check_bool("SelectV2", cond)
    x, y = binary_args(x, y, "SelectV2")
    try:
        broadcast_shape("SelectV2", cond._np_shape, x._np_shape, y._np_shape)
    except InvalidArgumentError:
        raise InvalidArgumentError(
            f"condition {dims_text(cond.shape)}, then {dims_text(x.shape)}, and else "
            f"{dims_text(y.shape)} must be broadcastable [Op:SelectV2]"
        ) from None
    return record(_WHERE, (cond, x, y))


def check_indices(indices: Tensor, limit: int, op_name: str) -> None:
    if indices._is_symbolic():  # checked when the function runs (see runtime_check)
        idx = indices._value
        bad = ((idx < 0) | (idx >= limit)).reshape(-1)
        first = jnp.argmax(bad)
        pos = jnp.unravel_index(first, idx.shape) if idx.ndim else ()
        fields = ",".join(["{}"] * len(pos))
        runtime_check(
            ~jnp.any(bad),
            f"indices[{fields}] = {{}} is not in [0, {limit}) [Op:{op_name}]",
            *pos,
            idx.reshape(-1)[first] if idx.ndim else idx,
        )
        return
    idx = np.asarray(indices._value)
    bad = (idx < 0) | (idx >= limit)
    if idx.size and bad.any():
        pos = ",".join(str(int(p)) for p in np.argwhere(bad)[0])
        raise InvalidArgumentError(
            f"indices[{pos}] = {idx[tuple(np.argwhere(bad)[0])]} is not in [0, {limit}) [Op:{op_name}]"
        )


def _gather(params, indices, axis, batch_dims):
    fn = lambda p, i: jnp.take(p, i, axis=axis - batch_dims)  # noqa: E731
    for _ in range(batch_dims):
        fn = jax.vmap(fn)
    return fn(params, indices)


_GATHER = Op("GatherV2", _gather)


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None) -> Tensor:
    """Gathers slices of ``params`` along ``axis`` at ``indices`` (``tf.gather``).

    >>> import tapejax as tf
    >>> tf.gather([10.0, 20.0, 30.0], [2, 0])
    <tf.Tensor: shape=(2,), dtype=float32, numpy=array([30., 10.], dtype=float32)>
    """
    p, i = convert_to_tensor(params), convert_to_tensor(indices)
    check_dtype("GatherV2", _INDEX_DTYPES, i, attr="Tindices")
    batch_dims = int(batch_dims) + (i.ndim if int(batch_dims) < 0 else 0)
    axis = batch_dims if axis is None else int(axis)
    if not -p.ndim <= axis < p.ndim:
        raise InvalidArgumentError(
            f"Shape must be at least rank {axis + 1} but is rank {p.ndim} [Op:GatherV2]"
        )
    axis %= p.ndim
    check_indices(i, p.shape[axis], "GatherV2")
    return record(_GATHER, (p, i), {"axis": axis, "batch_dims": batch_dims})


def _gather_nd(params, indices, batch_dims):
    def one(p, i):
        return p[tuple(jnp.moveaxis(i, -1, 0))]

    fn = one
    for _ in range(batch_dims):
        fn = jax.vmap(fn)
    return fn(params, indices)


_GATHER_ND = Op("GatherNd", _gather_nd)


def check_nd_indices(indices: Tensor, shape, op_name: str, what: str = "param shape") -> None:
    """TF's bound check for n-d indices (last axis) into ``shape``."""
    if indices.shape[-1] > len(shape):
        raise InvalidArgumentError(
            f"index innermost dimension length must be <= params rank; "
            f"saw: {indices.shape[-1]} vs. {len(shape)} [Op:{op_name}]"
        )
    if indices._is_symbolic():
        return
    idx = np.asarray(indices._value).reshape(-1, indices.shape[-1])
    limits = np.asarray(shape[: indices.shape[-1]])
    bad = ((idx < 0) | (idx >= limits)).any(axis=1)
    if bad.any():
        k = int(np.argmax(bad))
        node = f", node name: {op_name}" if op_name == "GatherNd" else ""
        raise InvalidArgumentError(
            f"indices[{k}] = {idx[k].tolist()} does not index into {what} "
            f"{dims_text(shape)}{node} [Op:{op_name}]"
        )


def gather_nd(params, indices, batch_dims=0, name=None) -> Tensor:
    """Gathers slices of ``params`` at n-d ``indices``, whose last axis indexes ``params``
    (``tf.gather_nd``)."""
    p, i = convert_to_tensor(params), convert_to_tensor(indices)
    check_dtype("GatherNd", _INDEX_DTYPES, i, attr="Tindices")
    check_nd_indices(i, p.shape[int(batch_dims) :], "GatherNd")
    return record(_GATHER_ND, (p, i), {"batch_dims": int(batch_dims)})


def boolean_mask(tensor, mask, axis=None, name="boolean_mask") -> Tensor:
    """The entries of ``tensor`` where ``mask`` is True, flattened over the mask's dims
    (``tf.boolean_mask``); the gradient is scattered back, zeros elsewhere."""
    x = convert_to_tensor(tensor)
    m = _concrete_mask(mask)
    axis = 0 if axis is None else int(axis) % max(x.ndim, 1)
    covered = tuple(x.shape[axis : axis + m.ndim])
    if m.ndim == 0 or covered != tuple(m.shape):
        raise ValueError(f"Shapes {tuple(covered)} and {tuple(m.shape)} are incompatible")
    shape = list(x.shape)
    flat = reshape(x, shape[:axis] + [int(np.prod(covered))] + shape[axis + m.ndim :])
    idx = Tensor(jnp.asarray(np.flatnonzero(m.reshape(-1)), dtype=jnp.int32))
    return gather(flat, idx, axis=axis)


def _concrete_mask(mask) -> np.ndarray:
    """The mask's values: its output shape depends on them, so they must be known now."""
    if isinstance(mask, TensorLike):
        mask = mask._as_tensor()
        if mask._is_symbolic():
            raise TypeError(
                "tapejax.boolean_mask needs a concrete mask (its result's shape depends on the "
                "mask's values); under tapejax.function or jax.jit, use tapejax.where instead."
            )
        return np.asarray(mask._value).astype(bool)
    return np.asarray(mask).astype(bool)
