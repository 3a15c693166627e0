"""Clipping: ``clip_by_value``, ``clip_by_norm``, ``clip_by_global_norm`` (TF's formulas, so
gradients at the bounds are TF's)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values.access import np_shape
from .._core.values.tensor import Tensor, TensorLike
from . import math_ops as tfm
from .array_ops import cast
from .builders import INEXACT, REAL, broadcast_shape, check_dtype, check_same_dtype, convert_like
from .conventions import rules as _rules
from .sparse.indexed_slices import IndexedSlices

_CLIP = Op("ClipByValue", _rules.clip_by_value)


def _on_rows(clip):
    """TF clips an IndexedSlices' values and keeps its rows (its norm counts each row given,
    repeated rows too, not the dense tensor's)."""

    def clipped(t, *args, **kwargs):
        if isinstance(t, IndexedSlices):
            return IndexedSlices(clip(t.values, *args, **kwargs), t.indices, t.dense_shape)
        return clip(t, *args, **kwargs)

    clipped.__name__, clipped.__doc__ = clip.__name__, clip.__doc__
    return clipped


@_on_rows
def clip_by_value(t, clip_value_min, clip_value_max, name=None) -> Tensor:
    """Clips to [min, max] (``maximum(minimum(t, max), min)``); at a bound the gradient passes (1).

    >>> import tapejax as tf
    >>> tf.clip_by_value([-2.0, 0.5, 3.0], -1.0, 1.0)
    <tf.Tensor: shape=(3,), dtype=float32, numpy=array([-1. ,  0.5,  1. ], dtype=float32)>
    """
    t = convert_to_tensor(t)
    check_dtype("Maximum", REAL, t)
    hi, lo = convert_like(clip_value_max, t), convert_like(clip_value_min, t)
    check_same_dtype("Minimum", (t, hi))
    check_same_dtype("Maximum", (t, lo))
    inner = broadcast_shape("Minimum", np_shape(t), np_shape(hi))
    out_shape = broadcast_shape("Maximum", inner, np_shape(lo))
    if out_shape != tuple(t.shape):
        raise ValueError(
            f"Shapes {tuple(t.shape)} and {tuple(out_shape)} are incompatible: "
            "tapejax.clip_by_value's bounds would broadcast the tensor to a larger shape. "
            "Give bounds that broadcast to the tensor's shape (scalars, or its shape)."
        )
    return record(_CLIP, (t, lo, hi))


def _clip_by_norm(t, clip_norm, axes):
    # TF's formula, so gradients match TF's at the boundary (ties go to the norm).
    l2sum = jnp.sum(t * t, axis=axes, keepdims=True)
    pred = l2sum > 0
    l2sum_safe = jnp.where(pred, l2sum, jnp.ones_like(l2sum))
    l2norm = jnp.where(pred, _rules.sqrt(l2sum_safe), l2sum)
    return t * clip_norm / _rules.maximum(l2norm, clip_norm)


_CLIP_BY_NORM = Op("ClipByNorm", _clip_by_norm)


@_on_rows
def clip_by_norm(t, clip_norm, axes=None, name=None) -> Tensor:
    """Scales ``t`` so its L2 norm (over ``axes``) is at most ``clip_norm`` (``tf.clip_by_norm``)."""
    t = convert_to_tensor(t)
    check_dtype("Sqrt", INEXACT, t)
    c = convert_to_tensor(clip_norm, dtype_hint=t.dtype)
    if c.dtype != t.dtype:
        c = cast(c, t.dtype)
    axes = None if axes is None else tuple(int(a) % max(t.ndim, 1) for a in np.asarray(axes).reshape(-1))
    return record(_CLIP_BY_NORM, (t, c), {"axes": axes})


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """Scales every tensor by ``clip_norm / max(global_norm, clip_norm)``; returns the scaled
    list (None entries stay None) and the global norm (``tf.clip_by_global_norm``)."""
    if isinstance(t_list, TensorLike) or not isinstance(t_list, (list, tuple)):
        raise TypeError("`t_list` should be a sequence of tensors. Received " + type(t_list).__name__)
    tensors = [
        None if t is None else t if isinstance(t, IndexedSlices) else convert_to_tensor(t) for t in t_list
    ]
    present = [t.values if isinstance(t, IndexedSlices) else t for t in tensors if t is not None]
    if use_norm is None:
        use_norm = tfm.sqrt(tfm.add_n([tfm.reduce_sum(tfm.square(t)) for t in present]))
    use_norm = convert_to_tensor(use_norm)
    clip_norm = convert_like(clip_norm, use_norm)
    scale = clip_norm * tfm.minimum(1.0 / use_norm, 1.0 / clip_norm)
    scale = scale + (use_norm - use_norm)  # nan when the norm is inf/nan, as TF
    return [None if t is None else _scaled(t, scale) for t in tensors], use_norm


def _scaled(t, scale):
    if isinstance(t, IndexedSlices):
        return IndexedSlices(t.values * scale, t.indices, t.dense_shape)
    return t * scale
