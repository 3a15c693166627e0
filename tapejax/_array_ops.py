"""Shape and indexing ops (reshape, transpose, concat, slicing, cast, ...), one entry each."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import dtypes as _dtypes
from ._ops import unary
from ._record import Op, record
from ._registry import register
from ._tensor import Tensor, TensorLike, convert_to_tensor
from .errors import InvalidArgumentError

newaxis = None


def as_ints(values) -> tuple:
    """A shape/perm/axis list given as a list, tuple, TensorShape or tensor -> tuple of ints."""
    if isinstance(values, TensorLike):
        return tuple(int(v) for v in np.asarray(values).reshape(-1))
    if isinstance(values, (int, np.integer)):
        return (int(values),)
    return tuple(int(v) for v in values)


def _static_op(tf_name: str, fn, *, differentiable: bool = True):
    return Op(tf_name, fn, differentiable=differentiable)


_RESHAPE = _static_op("Reshape", lambda x, shape: jnp.reshape(x, shape))
_TRANSPOSE = _static_op("Transpose", lambda x, perm: jnp.transpose(x, perm))
_EXPAND = _static_op("ExpandDims", lambda x, axis: jnp.expand_dims(x, axis))
_SQUEEZE = _static_op("Squeeze", lambda x, axis: jnp.squeeze(x, axis))
_BROADCAST = _static_op("BroadcastTo", lambda x, shape: jnp.broadcast_to(x, shape))
_TILE = _static_op("Tile", lambda x, reps: jnp.tile(x, reps))
_REVERSE = _static_op("ReverseV2", lambda x, axis: jnp.flip(x, axis))
_CAST = _static_op("Cast", lambda x, dtype: x.astype(dtype))
_CONCAT = _static_op("ConcatV2", lambda *xs, axis: jnp.concatenate(xs, axis=axis))
_STACK = _static_op("Pack", lambda *xs, axis: jnp.stack(xs, axis=axis))
_PAD = _static_op("PadV2", lambda x, c, paddings, mode: (
    jnp.pad(x, paddings, constant_values=c) if mode == "constant" else jnp.pad(x, paddings, mode=mode)))


def reshape(tensor, shape, name=None) -> Tensor:
    """Reshapes ``tensor``; one dimension may be -1 (``tf.reshape``)."""
    x = convert_to_tensor(tensor)
    shape = as_ints(shape)
    known = int(np.prod([d for d in shape if d != -1]))
    if (-1 not in shape and known != x._value.size) or (-1 in shape and (known == 0 or x._value.size % known)):
        raise InvalidArgumentError(
            None, None,
            f"Input to reshape is a tensor with {x._value.size} values, but the requested shape "
            f"has {known} [Op:Reshape]")
    return record(_RESHAPE, (x,), {"shape": shape})


def transpose(a, perm=None, conjugate=False, name="transpose") -> Tensor:
    """Permutes dimensions; reverses them by default (``tf.transpose``)."""
    x = convert_to_tensor(a)
    perm = tuple(reversed(range(x.ndim))) if perm is None else as_ints(perm)
    if sorted(p % max(x.ndim, 1) for p in perm) != list(range(x.ndim)):
        raise InvalidArgumentError(None, None, f"transpose expects a permutation of 0..{x.ndim - 1}, got {perm} [Op:Transpose]")
    out = record(_TRANSPOSE, (x,), {"perm": perm})
    return out if not conjugate else _conj(out)


def _conj(x):
    return record(_static_op("Conj", jnp.conj), (x,))


def expand_dims(input, axis, name=None) -> Tensor:  # noqa: A002 - TF's name
    x = convert_to_tensor(input)
    return record(_EXPAND, (x,), {"axis": int(axis)})


def squeeze(input, axis=None, name=None) -> Tensor:  # noqa: A002
    x = convert_to_tensor(input)
    axis = None if axis is None else as_ints(axis)
    if axis is not None:
        for a in axis:
            if x.shape[a] != 1:
                raise InvalidArgumentError(
                    None, None, f"Can not squeeze dim[{a}], expected a dimension of 1, got {x.shape[a]} [Op:Squeeze]")
    return record(_SQUEEZE, (x,), {"axis": axis})


def broadcast_to(input, shape, name=None) -> Tensor:  # noqa: A002
    x = convert_to_tensor(input)
    return record(_BROADCAST, (x,), {"shape": as_ints(shape)})


def tile(input, multiples, name=None) -> Tensor:  # noqa: A002
    x = convert_to_tensor(input)
    return record(_TILE, (x,), {"reps": as_ints(multiples)})


def reverse(tensor, axis, name=None) -> Tensor:
    x = convert_to_tensor(tensor)
    return record(_REVERSE, (x,), {"axis": as_ints(axis)})


@register("cast")
def cast(x, dtype, name=None) -> Tensor:
    """Casts to ``dtype``; float -> int truncates toward zero (``tf.cast``)."""
    x = convert_to_tensor(x)
    dtype = _dtypes.as_dtype(dtype)
    if x.dtype == dtype:
        return x
    return record(_CAST, (x,), {"dtype": dtype._np})


def _same_dtype(tensors, op_name: str):
    tensors = [convert_to_tensor(t) for t in tensors]
    if not tensors:
        raise ValueError(f"{op_name} needs at least one input tensor.")
    for i, t in enumerate(tensors[1:], 1):
        if t.dtype != tensors[0].dtype:
            raise InvalidArgumentError(
                None, None,
                f"cannot compute {op_name} as input #{i}(zero-based) was expected to be a "
                f"{tensors[0].dtype.kernel_name} tensor but is a {t.dtype.kernel_name} tensor [Op:{op_name}]")
    return tensors


def concat(values, axis, name="concat") -> Tensor:
    tensors = _same_dtype(values, "ConcatV2")
    return record(_CONCAT, tuple(tensors), {"axis": int(axis)})


@register("stack")
def stack(values, axis=0, name="stack") -> Tensor:
    tensors = _same_dtype(values, "Pack")
    return record(_STACK, tuple(tensors), {"axis": int(axis)})


def unstack(value, num=None, axis=0, name="unstack") -> list:
    x = convert_to_tensor(value)
    n = x.shape[axis]
    op = Op("Unpack", lambda v, axis: tuple(jnp.moveaxis(v, axis, 0)), multiple_results=True)
    return list(record(op, (x,), {"axis": int(axis)})) if n else []


def split(value, num_or_size_splits, axis=0, num=None, name="split") -> list:
    x = convert_to_tensor(value)
    axis = int(axis) % x.ndim
    if isinstance(num_or_size_splits, (int, np.integer)):
        if x.shape[axis] % int(num_or_size_splits):
            raise InvalidArgumentError(
                None, None, f"Dimension {axis} of size {x.shape[axis]} is not divisible by {num_or_size_splits} [Op:Split]")
        sizes = (x.shape[axis] // int(num_or_size_splits),) * int(num_or_size_splits)
    else:
        sizes = as_ints(num_or_size_splits)
    points = tuple(int(p) for p in np.cumsum(sizes)[:-1])
    op = Op("SplitV", lambda v, points, axis: tuple(jnp.split(v, points, axis=axis)), multiple_results=True)
    return list(record(op, (x,), {"points": points, "axis": axis}))


def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None) -> Tensor:
    """Pads ``tensor``; ``mode`` is CONSTANT, REFLECT or SYMMETRIC (``tf.pad``)."""
    x = convert_to_tensor(tensor)
    pads = np.asarray(paddings.numpy() if isinstance(paddings, TensorLike) else paddings).astype(int)
    if pads.shape != (x.ndim, 2):
        raise InvalidArgumentError(None, None, f"The first dimension of paddings must be the rank of inputs "
                                   f"[{x.ndim},2], got {list(pads.shape)} [Op:PadV2]")
    c = convert_to_tensor(constant_values, dtype=x.dtype) if not isinstance(constant_values, TensorLike) \
        else constant_values._as_tensor()
    modes = {"CONSTANT": "constant", "REFLECT": "reflect", "SYMMETRIC": "symmetric"}
    return record(_PAD, (x, c), {"paddings": tuple(map(tuple, pads.tolist())), "mode": modes[mode.upper()]})


identity = unary("Identity", lambda x: x)
# TF: no gradient flows through stop_gradient (None, not zeros).
stop_gradient = unary("StopGradient", jax.lax.stop_gradient, differentiable=False)


def shape(input, out_type=None, name=None) -> Tensor:  # noqa: A002
    """The shape as an int32 tensor (``tf.shape``)."""
    dtype = _dtypes.as_dtype(out_type or _dtypes.int32)
    return Tensor(jnp.asarray(_input_shape(input), dtype=dtype._np))


def _input_shape(x):
    return tuple(x.shape) if hasattr(x, "shape") else np.shape(x)


def size(input, out_type=None, name=None) -> Tensor:  # noqa: A002
    dtype = _dtypes.as_dtype(out_type or _dtypes.int32)
    return Tensor(jnp.asarray(int(np.prod(_input_shape(input))), dtype=dtype._np))


def rank(input, name=None) -> Tensor:  # noqa: A002
    return Tensor(jnp.asarray(len(_input_shape(input)), dtype=jnp.int32))


# -- indexing (Tensor.__getitem__) -------------------------------------------------------------
def _index_spec(key) -> tuple:
    """A hashable description of a Python index (slices are unhashable before Python 3.12)."""
    if not isinstance(key, tuple):
        key = (key,)
    spec = []
    for k in key:
        if k is None:
            spec.append(("newaxis",))
        elif k is Ellipsis:
            spec.append(("ellipsis",))
        elif isinstance(k, slice):
            spec.append(("slice", *(None if v is None else int(v) for v in (k.start, k.stop, k.step))))
        elif isinstance(k, (int, np.integer)) or (isinstance(k, TensorLike) and k.ndim == 0 and k.dtype.is_integer):
            spec.append(("int", int(k)))
        else:
            raise TypeError(
                f"Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
                f"tf.int32/tf.int64 tensors are valid indices, got {k!r}. Use tapejax.gather for "
                "index lists.")
    return tuple(spec)


def _index_from_spec(spec) -> tuple:
    out = []
    for s in spec:
        kind = s[0]
        out.append(None if kind == "newaxis" else Ellipsis if kind == "ellipsis"
                   else slice(*s[1:]) if kind == "slice" else s[1])
    return tuple(out)


def _getitem(x, spec):
    return x[_index_from_spec(spec)]


_STRIDED_SLICE = _static_op("StridedSlice", _getitem)


@register("getitem")
def getitem(tensor, key) -> Tensor:
    x = convert_to_tensor(tensor)
    spec = _index_spec(key)
    dims = [s for s in spec if s[0] in ("int", "slice")]
    if len(dims) > x.ndim:
        raise InvalidArgumentError(None, None, f"Index out of range using input dim {x.ndim}; input has only {x.ndim} dims [Op:StridedSlice]")
    axis = 0
    for s in spec:
        if s[0] == "ellipsis":
            axis = x.ndim - (len(dims) - axis)
        elif s[0] == "int":
            if not -x.shape[axis] <= s[1] < x.shape[axis]:
                raise InvalidArgumentError(
                    None, None, f"slice index {s[1]} of dimension {axis} out of bounds. [Op:StridedSlice]")
            axis += 1
        elif s[0] == "slice":
            axis += 1
    return record(_STRIDED_SLICE, (x,), {"spec": spec})

