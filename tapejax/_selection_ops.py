"""Ops that select or limit values: where, gather, gather_nd, boolean_mask, clipping."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import _rules
from ._ops import binary_args
from ._record import Op, record
from ._tensor import Tensor, TensorLike, convert_to_tensor
from .errors import InvalidArgumentError

_WHERE = Op("SelectV2", jnp.where)
_WHERE_INDICES = Op("Where", lambda c: jnp.argwhere(c).astype(jnp.int64), differentiable=False)


def where(condition, x=None, y=None, name=None) -> Tensor:
    """Elementwise ``x if condition else y`` (broadcasting), or the indices of True values."""
    cond = convert_to_tensor(condition)
    if x is None and y is None:
        return record(_WHERE_INDICES, (cond,))
    if x is None or y is None:
        raise ValueError("tapejax.where needs both x and y, or neither (to get the indices of True).")
    if not cond.dtype.is_bool:
        cond = Tensor(cond._value.astype(bool))
    x, y = binary_args(x, y, "SelectV2")
    return record(_WHERE, (cond, x, y))


def _check_indices(indices: Tensor, limit: int, op_name: str) -> None:
    if indices._is_symbolic():
        return
    idx = np.asarray(indices._value)
    bad = (idx < -0) | (idx >= limit)
    if idx.size and bad.any():
        pos = tuple(int(p) for p in np.argwhere(bad)[0])
        raise InvalidArgumentError(
            None, None, f"indices{list(pos)} = {idx[pos]} is not in [0, {limit}) [Op:{op_name}]")


def _gather(params, indices, axis, batch_dims):
    fn = lambda p, i: jnp.take(p, i, axis=axis - batch_dims)  # noqa: E731
    for _ in range(batch_dims):
        fn = jax.vmap(fn)
    return fn(params, indices)


_GATHER = Op("GatherV2", _gather)


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None) -> Tensor:
    """Gathers slices of ``params`` along ``axis`` (``tf.gather``).

    TF returns an ``IndexedSlices`` gradient for a gathered Variable; tapejax returns the
    dense tensor with the same values.
    """
    p, i = convert_to_tensor(params), convert_to_tensor(indices)
    if not i.dtype.is_integer:
        raise TypeError(f"tapejax.gather: indices must be int32 or int64, got {i.dtype.name}.")
    axis = batch_dims if axis is None else int(axis) % p.ndim
    _check_indices(i, p.shape[axis], "GatherV2")
    return record(_GATHER, (p, i), {"axis": axis, "batch_dims": int(batch_dims)})


def _gather_nd(params, indices, batch_dims):
    def one(p, i):
        return p[tuple(jnp.moveaxis(i, -1, 0))]

    fn = one
    for _ in range(batch_dims):
        fn = jax.vmap(fn)
    return fn(params, indices)


_GATHER_ND = Op("GatherNd", _gather_nd)


def gather_nd(params, indices, batch_dims=0, name=None) -> Tensor:
    p, i = convert_to_tensor(params), convert_to_tensor(indices)
    if not i.dtype.is_integer:
        raise TypeError(f"tapejax.gather_nd: indices must be int32 or int64, got {i.dtype.name}.")
    return record(_GATHER_ND, (p, i), {"batch_dims": int(batch_dims)})


def boolean_mask(tensor, mask, axis=None, name="boolean_mask") -> Tensor:
    """The entries of ``tensor`` where ``mask`` is True, flattened over the mask's dims."""
    x, m = convert_to_tensor(tensor), np.asarray(convert_to_tensor(mask)._value)
    axis = 0 if axis is None else int(axis)
    lead = x.shape[:axis]
    flat = reshape_for_mask(x, axis, m.ndim)
    idx = Tensor(jnp.asarray(np.flatnonzero(m.reshape(-1)), dtype=jnp.int32))
    out = gather(flat, idx, axis=axis)
    del lead
    return out


def reshape_for_mask(x, axis, mask_ndim):
    from ._array_ops import reshape  # noqa: PLC0415

    shape = list(x.shape)
    return reshape(x, shape[:axis] + [int(np.prod(shape[axis:axis + mask_ndim]))] + shape[axis + mask_ndim:])


_CLIP = Op("ClipByValue", _rules.clip_by_value)


def clip_by_value(t, clip_value_min, clip_value_max, name=None) -> Tensor:
    """Clips to [min, max]; at a bound the gradient passes (1), as TF."""
    t = convert_to_tensor(t)
    lo = convert_to_tensor(clip_value_min, dtype=t.dtype) if not isinstance(clip_value_min, TensorLike) else clip_value_min._as_tensor()
    hi = convert_to_tensor(clip_value_max, dtype=t.dtype) if not isinstance(clip_value_max, TensorLike) else clip_value_max._as_tensor()
    return record(_CLIP, (t, lo, hi))


def _clip_by_norm(t, clip_norm, axes):
    # TF's formula, so gradients match TF's at the boundary (ties go to the norm).
    l2sum = jnp.sum(t * t, axis=axes, keepdims=True)
    pred = l2sum > 0
    l2norm = jnp.where(pred, jnp.sqrt(jnp.where(pred, l2sum, jnp.ones_like(l2sum))), l2sum)
    return t * clip_norm / _rules.maximum(l2norm, clip_norm)


_CLIP_BY_NORM = Op("ClipByNorm", _clip_by_norm)


def clip_by_norm(t, clip_norm, axes=None, name=None) -> Tensor:
    """Scales ``t`` so its L2 norm (over ``axes``) is at most ``clip_norm`` (``tf.clip_by_norm``)."""
    t = convert_to_tensor(t)
    c = convert_to_tensor(clip_norm, dtype=t.dtype) if not isinstance(clip_norm, TensorLike) else clip_norm._as_tensor()
    axes = None if axes is None else tuple(int(a) for a in np.asarray(axes).reshape(-1))
    return record(_CLIP_BY_NORM, (t, c), {"axes": axes})


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    from . import math as tfm  # noqa: PLC0415

    tensors = [None if t is None else convert_to_tensor(t) for t in t_list]
    present = [t for t in tensors if t is not None]
    if use_norm is None:
        use_norm = tfm.sqrt(tfm.add_n([tfm.reduce_sum(tfm.square(t)) for t in present]))
    scale = clip_norm * tfm.minimum(1.0 / use_norm, 1.0 / convert_to_tensor(clip_norm, dtype=use_norm.dtype))
    return [None if t is None else t * scale for t in tensors], use_norm
