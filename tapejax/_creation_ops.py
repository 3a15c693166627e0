"""Ops that create tensors (zeros, ones, eye, linspace, range, fill, one_hot). Never recorded
except ``*_like`` and ``one_hot``, which take a tensor but have no gradient."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import dtypes as _dtypes
from ._array_ops import as_ints
from ._record import Op, record
from ._tensor import Tensor, TensorLike, convert_to_tensor


def zeros(shape, dtype=_dtypes.float32, name=None) -> Tensor:
    return Tensor(jnp.zeros(as_ints(shape), _dtypes.as_dtype(dtype)._np))


def ones(shape, dtype=_dtypes.float32, name=None) -> Tensor:
    return Tensor(jnp.ones(as_ints(shape), _dtypes.as_dtype(dtype)._np))


def fill(dims, value, name=None) -> Tensor:
    v = convert_to_tensor(value)
    return Tensor(jnp.full(as_ints(dims), v._value, v._value.dtype))


def zeros_like(input, dtype=None, name=None) -> Tensor:  # noqa: A002 - TF's name
    x = convert_to_tensor(input)
    return Tensor(jnp.zeros(x._value.shape, _dtypes.as_dtype(dtype or x.dtype)._np))


def ones_like(input, dtype=None, name=None) -> Tensor:  # noqa: A002
    x = convert_to_tensor(input)
    return Tensor(jnp.ones(x._value.shape, _dtypes.as_dtype(dtype or x.dtype)._np))


def eye(num_rows, num_columns=None, batch_shape=None, dtype=_dtypes.float32, name=None) -> Tensor:
    """The identity matrix (``tf.eye``), optionally batched."""
    m = jnp.eye(int(num_rows), None if num_columns is None else int(num_columns),
                dtype=_dtypes.as_dtype(dtype)._np)
    if batch_shape is not None:
        m = jnp.broadcast_to(m, as_ints(batch_shape) + m.shape)
    return Tensor(m)


def linspace(start, stop, num, name=None, axis=0) -> Tensor:
    """``num`` evenly spaced values from ``start`` to ``stop`` inclusive (``tf.linspace``).

    As TF: float32 for Python floats, float64 for integer endpoints."""
    start, stop = convert_to_tensor(start), convert_to_tensor(stop)
    dtype = start.dtype if start.dtype.is_floating else _dtypes.float64
    out = jnp.linspace(start._value.astype(dtype._np), stop._value.astype(dtype._np), int(num),
                       axis=int(axis), dtype=dtype._np)
    return Tensor(out)


def range(start, limit=None, delta=1, dtype=None, name="range") -> Tensor:  # noqa: A001
    """Like Python's ``range`` for tensors (``tf.range``): int32 for ints, float32 for floats."""
    if limit is None:
        start, limit = 0, start
    values = [v.numpy() if isinstance(v, TensorLike) else v for v in (start, limit, delta)]
    if dtype is None:
        kinds = [np.asarray(v).dtype.kind for v in values]
        dtype = _dtypes.float32 if "f" in kinds else _dtypes.int32
        tensor_dtypes = [v.dtype for v in (start, limit, delta) if isinstance(v, TensorLike)]
        if tensor_dtypes:
            dtype = max(tensor_dtypes, key=lambda d: (d.is_floating, d.size))
    dtype = _dtypes.as_dtype(dtype)
    return Tensor(jnp.asarray(np.arange(*values).astype(dtype._np)))


_ONE_HOT = Op("OneHot", lambda i, on, off, depth, axis: jnp.where(
    jnp.moveaxis(jax.nn.one_hot(i, depth, dtype=bool), -1, axis), on, off), differentiable=False)


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None) -> Tensor:
    """One-hot encoding of integer ``indices`` along a new axis (``tf.one_hot``)."""
    dtype = _dtypes.as_dtype(dtype or (on_value.dtype if isinstance(on_value, TensorLike) else _dtypes.float32))
    i = convert_to_tensor(indices)
    on = convert_to_tensor(1 if on_value is None else on_value, dtype=dtype)
    off = convert_to_tensor(0 if off_value is None else off_value, dtype=dtype)
    return record(_ONE_HOT, (i, on, off), {"depth": int(depth), "axis": -1 if axis is None else int(axis)})
