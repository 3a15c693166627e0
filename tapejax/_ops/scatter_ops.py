"""Scatter ops: ``tf.scatter_nd`` and ``tf.tensor_scatter_nd_*`` over JAX's ``.at[]`` updates.

Indices are n-d (their last axis indexes the tensor); duplicates add for ``scatter_nd`` and
``tensor_scatter_nd_add``, as TF. Gradients are JAX's.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .._core.convert import convert_to_tensor
from .._core.errors import InvalidArgumentError
from .._core.record import Op, record
from .._core.tensor import Tensor
from .array_ops import as_ints, reshape
from .builders import check_dtype, convert_like
from .selection_ops import _INDEX_DTYPES, check_indices, check_nd_indices


def _at(tensor, indices):
    return tensor.at[tuple(jnp.moveaxis(indices, -1, 0))]


_UPDATES = {
    "update": lambda ref, u: ref.set(u),
    "add": lambda ref, u: ref.add(u),
    "sub": lambda ref, u: ref.add(-u),
    "max": lambda ref, u: ref.max(u),
    "min": lambda ref, u: ref.min(u),
    "mul": lambda ref, u: ref.multiply(u),
    "div": lambda ref, u: ref.divide(u),
}
_SCATTER = Op("TensorScatterUpdate", lambda t, i, u, kind: _UPDATES[kind](_at(t, i), u))


def _scatter(tensor, indices, updates, kind: str, op_name: str) -> Tensor:
    return scatter_into(tensor, indices, updates, kind, op_name)


def scatter_into(tensor, indices, updates, kind: str, op_name: str, rows: bool = False) -> Tensor:
    """``tensor`` with ``updates`` applied at n-d ``indices`` by ``kind`` (update, add, sub, max,
    min, mul, div). ``rows``: the indices are row numbers (one per update row, TF's
    ResourceScatter* check and message), not n-d indices."""
    t = convert_to_tensor(tensor)
    i = convert_to_tensor(indices)
    u = convert_like(updates, t)
    check_dtype(op_name, _INDEX_DTYPES, i, attr="Tindices")
    if rows:
        check_indices(reshape(i, [-1]), t.shape[0] if t.ndim else 0, op_name)
    else:
        check_nd_indices(i, t.shape, op_name, what="shape")
    expected = tuple(i.shape[:-1]) + tuple(t.shape[i.shape[-1] :])
    if tuple(u.shape) != expected:
        dims = lambda s: "[" + ",".join(map(str, s)) + "]"  # noqa: E731
        raise InvalidArgumentError(
            f"Outer dimensions of indices and update must match. Indices shape: "
            f"{dims(i.shape)}, updates shape:{dims(u.shape)} [Op:{op_name}]"
        )
    return record(_SCATTER, (t, i, u), {"kind": kind})


def tensor_scatter_nd_update(tensor, indices, updates, name=None) -> Tensor:
    """``tensor`` with the slices at ``indices`` replaced by ``updates``.

    >>> import tapejax as tf
    >>> tf.tensor_scatter_nd_update([1, 2, 3], [[1]], [9])
    <tf.Tensor: shape=(3,), dtype=int32, numpy=array([1, 9, 3], dtype=int32)>
    """
    return _scatter(tensor, indices, updates, "update", "TensorScatterUpdate")


def tensor_scatter_nd_add(tensor, indices, updates, name=None) -> Tensor:
    """``tensor`` with ``updates`` added at ``indices`` (duplicates add up)."""
    return _scatter(tensor, indices, updates, "add", "TensorScatterAdd")


def tensor_scatter_nd_sub(tensor, indices, updates, name=None) -> Tensor:
    """``tensor`` with ``updates`` subtracted at ``indices``."""
    return _scatter(tensor, indices, updates, "sub", "TensorScatterSub")


def tensor_scatter_nd_max(tensor, indices, updates, name=None) -> Tensor:
    """``tensor`` with the elementwise max of it and ``updates`` at ``indices``."""
    return _scatter(tensor, indices, updates, "max", "TensorScatterMax")


def tensor_scatter_nd_min(tensor, indices, updates, name=None) -> Tensor:
    """``tensor`` with the elementwise min of it and ``updates`` at ``indices``."""
    return _scatter(tensor, indices, updates, "min", "TensorScatterMin")


def scatter_nd(indices, updates, shape, name=None) -> Tensor:
    """A zero tensor of ``shape`` with ``updates`` added at ``indices`` (``tf.scatter_nd``)."""
    u = convert_to_tensor(updates)
    zeros = convert_to_tensor(np.zeros(as_ints(shape), u._np_dtype))  # float64 zeros too (x64 mode)
    return _scatter(zeros, indices, u, "add", "ScatterNd")
