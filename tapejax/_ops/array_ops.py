"""Shape ops (reshape, transpose, pad, cast, roll, ...), one entry each.

Shapes, axes and permutations are static (Python ints) and are checked here with TF's error
messages before JAX sees them. Indexing lives in ``_indexing``, joining and splitting
(concat, stack, unstack, split) in ``_join_ops``.
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import cast_tensor, convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values import dtype as _dtypes
from .._core.values.access import np_shape
from .._core.values.errors import InvalidArgumentError
from .._core.values.shape import dims_text
from .._core.values.tensor import Tensor, TensorLike
from .builders import ALL, convert_like, unary

newaxis = None


def as_ints(values) -> tuple:
    """A shape/perm/axis list given as a list, tuple, TensorShape or tensor -> tuple of ints."""
    if isinstance(values, TensorLike):
        return tuple(int(v) for v in np.asarray(values).reshape(-1))
    if isinstance(values, (int, np.integer)):
        return (int(values),)
    return tuple(int(v) for v in values)


def _fail(message: str, op_name: str):
    raise InvalidArgumentError(f"{message} [Op:{op_name}]")


def _check_axis(axis: int, rank: int, op_name: str, what: str = "Argument `axis`") -> int:
    if not -rank <= axis < rank:
        raise ValueError(f"{what} = {axis} not in range [{-rank}, {rank}) ({op_name})")
    return axis % rank


# Static arguments are passed by keyword: each is named as the jnp function names it.
_RESHAPE = Op("Reshape", jnp.reshape)
_TRANSPOSE = Op("Transpose", jnp.transpose)
_EXPAND = Op("ExpandDims", jnp.expand_dims)
_SQUEEZE = Op("Squeeze", jnp.squeeze)
_BROADCAST = Op("BroadcastTo", jnp.broadcast_to)
_TILE = Op("Tile", jnp.tile)
_REVERSE = Op("ReverseV2", jnp.flip)


def _reshape_target(size: int, in_shape, shape) -> tuple:
    """``shape`` with its -1 resolved as TF does (zero-sized dims are left out of the count)."""
    unknown = [i for i, d in enumerate(shape) if d == -1]
    for i, d in enumerate(shape):
        if d < -1:
            _fail(f"Size {i} must be non-negative, not {d}", "Reshape")
    if len(unknown) > 1:
        _fail(f"Only one input size may be -1, not both {unknown[0]} and {unknown[1]}", "Reshape")
    known = math.prod(d for d in shape if d != -1)
    if not unknown:
        if known != size:
            _fail(
                f"Input to reshape is a tensor with {size} values, but the requested shape has {known}",
                "Reshape",
            )
        return shape
    has_zero = 0 in shape
    product = math.prod(d for d in shape if d not in (-1, 0)) if has_zero else known
    elements = math.prod(d for d in in_shape if d > 0 or not has_zero)
    if product == 0 or elements % product:
        _fail(
            f"Input to reshape is a tensor with {size} values, but the requested shape requires a "
            f"multiple of {product}",
            "Reshape",
        )
    return tuple(elements // product if d == -1 else d for d in shape)


def reshape(tensor, shape, name=None) -> Tensor:
    """Reshapes ``tensor``; one dimension may be -1 (``tf.reshape``).

    >>> import tapejax as tf
    >>> tf.reshape(tf.range(6), [2, -1])
    <tf.Tensor: shape=(2, 3), dtype=int32, numpy=
    array([[0, 1, 2],
           [3, 4, 5]], dtype=int32)>
    """
    x = convert_to_tensor(tensor)
    target = _reshape_target(math.prod(np_shape(x)), np_shape(x), as_ints(shape))
    return record(_RESHAPE, (x,), {"shape": target})


def transpose(a, perm=None, conjugate=False, name="transpose") -> Tensor:
    """Permutes dimensions; reverses them by default (``tf.transpose``)."""
    x = convert_to_tensor(a)
    perm = tuple(reversed(range(x.ndim))) if perm is None else as_ints(perm)
    if len(perm) != x.ndim:
        _fail(
            f"transpose expects a vector of size {x.ndim}. But input(1) is a vector of size {len(perm)}",
            "Transpose",
        )
    for p in perm:
        if not -x.ndim <= p < x.ndim:
            _fail(f"{p} is out of range [0 .. {x.ndim})", "Transpose")
    perm = tuple(p % max(x.ndim, 1) for p in perm)
    for d in range(x.ndim):
        if d not in perm:
            _fail(f"{d} is missing from {{{','.join(map(str, perm))}}}.", "Transpose")
    out = record(_TRANSPOSE, (x,), {"axes": perm})
    return record(_CONJ, (out,)) if conjugate and x.dtype.is_complex else out


_CONJ = Op("Conj", jnp.conj)


def expand_dims(input, axis, name=None) -> Tensor:  # noqa: A002 - TF's name
    """Inserts a dimension of size 1 at ``axis`` (-1: last) (``tf.expand_dims``)."""
    x = convert_to_tensor(input)
    (axis,) = as_ints(axis)
    if not -x.ndim - 1 <= axis <= x.ndim:
        _fail(f"Tried to expand dim index {axis} for tensor with {x.ndim} dimensions.", "ExpandDims")
    return record(_EXPAND, (x,), {"axis": axis % (x.ndim + 1)})


def squeeze(input, axis=None, name=None) -> Tensor:  # noqa: A002
    """Removes dimensions of size 1 (all of them, or those in ``axis``) (``tf.squeeze``)."""
    x = convert_to_tensor(input)
    if axis is not None:
        axis = as_ints(axis)
        for a in axis:
            if not -x.ndim <= a < x.ndim:
                _fail(f"Tried to squeeze dim index {a} for tensor with {x.ndim} dimensions.", "Squeeze")
            if x.shape[a] != 1:
                _fail(
                    f"Can not squeeze dim[{a % x.ndim}], expected a dimension of 1, got {x.shape[a]}",
                    "Squeeze",
                )
        axis = tuple(a % x.ndim for a in axis)
    return record(_SQUEEZE, (x,), {"axis": axis})


def broadcast_to(input, shape, name=None) -> Tensor:  # noqa: A002
    """Broadcasts ``input`` to ``shape`` with numpy's rules (``tf.broadcast_to``)."""
    x = convert_to_tensor(input)
    shape = as_ints(shape)
    padded = (1,) * (len(shape) - x.ndim) + tuple(x.shape)
    if len(shape) < x.ndim or any(d not in (1, s) for d, s in zip(padded, shape, strict=True)):
        _fail(f"Incompatible shapes: {dims_text(x.shape)} vs. {dims_text(shape)}", "BroadcastTo")
    return record(_BROADCAST, (x,), {"shape": shape})


def tile(input, multiples, name=None) -> Tensor:  # noqa: A002
    """Repeats ``input`` ``multiples[i]`` times along axis i (``tf.tile``)."""
    x = convert_to_tensor(input)
    reps = as_ints(multiples)
    if len(reps) != x.ndim:
        _fail(
            f"Expected multiples argument to be a vector of length {x.ndim} but got length {len(reps)}",
            "Tile",
        )
    return record(_TILE, (x,), {"reps": reps})


def reverse(tensor, axis, name=None) -> Tensor:
    """Reverses the order of elements along each of ``axis`` (``tf.reverse``)."""
    x = convert_to_tensor(tensor)
    axes = as_ints(axis)
    for a in axes:
        if not -x.ndim <= a < x.ndim:
            _fail(f"'axis'[0] = {a} is out of valid range [0, {x.ndim}", "ReverseV2")
    return record(_REVERSE, (x,), {"axis": tuple(a % x.ndim for a in axes)})


# -- dtypes ----------------------------------------------------------------------------------


def cast(x, dtype, name=None) -> Tensor:
    """Casts to ``dtype`` (``tf.cast``); float -> int truncates toward zero, complex -> real keeps
    the real part. The gradient flows only between float/complex dtypes.

    >>> import tapejax as tf
    >>> tf.cast([-1.7, 1.7], tf.int32)
    <tf.Tensor: shape=(2,), dtype=int32, numpy=array([-1,  1], dtype=int32)>
    """
    x = convert_to_tensor(x)
    dtype = _dtypes.as_dtype(dtype)
    if x.dtype == dtype:
        return x
    return cast_tensor(x, dtype)


def saturate_cast(value, dtype, name=None) -> Tensor:
    """Casts, clamping values to ``dtype``'s range first (``tf.dtypes.saturate_cast``)."""
    x = convert_to_tensor(value)
    dtype = _dtypes.as_dtype(dtype)
    if x.dtype.is_bool or dtype.is_bool or dtype.is_complex or x.dtype.is_complex:
        return cast(x, dtype)
    lo, hi = (max(dtype.min, x.dtype.min), min(dtype.max, x.dtype.max))
    if x.dtype.is_floating:  # the bounds as x's dtype, rounded toward zero (TF: 2**31 - 128 for float32)
        lo, hi = (_toward_zero(v, x.dtype._np) for v in (lo, hi))
    return cast(record(_SATURATE, (x,), {"min": lo, "max": hi}), dtype)


_SATURATE = Op("ClipByValue", jnp.clip)


def _toward_zero(value, dtype) -> float:
    rounded = np.asarray(value, dtype)
    if abs(float(rounded)) > abs(float(value)):
        rounded = np.nextafter(rounded, np.asarray(0, dtype))
    return float(rounded)


# -- padding ------------------------------------------------------------------------------------
def _pad(x, c, paddings, mode):
    if mode == "constant":
        return jnp.pad(x, paddings, constant_values=c)
    return jnp.pad(x, paddings, mode=mode)


# TF gives constant_values no gradient: the output depends differentiably on x only.
_PAD = Op("PadV2", _pad, links=lambda node: (frozenset({0}),))
_MODES = {"CONSTANT": "constant", "REFLECT": "reflect", "SYMMETRIC": "symmetric"}


def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None) -> Tensor:
    """Pads ``tensor``; ``mode`` is CONSTANT, REFLECT or SYMMETRIC (``tf.pad``).

    >>> import tapejax as tf
    >>> tf.pad([1, 2], [[1, 2]])
    <tf.Tensor: shape=(5,), dtype=int32, numpy=array([0, 1, 2, 0, 0], dtype=int32)>
    """
    x = convert_to_tensor(tensor)
    if mode.upper() not in _MODES:
        raise ValueError(
            'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", or '
            f'"SYMMETRIC". Received `mode` = {mode}'
        )
    mode = _MODES[mode.upper()]
    pads = np.asarray(paddings.numpy() if isinstance(paddings, TensorLike) else paddings).astype(int)
    if pads.shape != (x.ndim, 2):
        _fail(
            f"The first dimension of paddings must be the rank of inputs{dims_text(pads.shape)} "
            f"{dims_text(x.shape)}",
            "Pad",
        )
    if (pads < 0).any():
        before, after = pads[(pads < 0).any(axis=1)][0]
        _fail(f"Paddings must be non-negative: {before} {after}", "Pad")
    if mode != "constant":
        limit = {"reflect": 0, "symmetric": 1}[mode]
        for d, (before, after) in enumerate(pads.tolist()):
            if max(before, after) > x.shape[d] - 1 + limit:
                rule = "less than" if mode == "reflect" else "no greater than"
                _fail(
                    f"paddings must be {rule} the dimension size: {before}, {after} "
                    f"{'not less than' if mode == 'reflect' else 'greater than'} {x.shape[d]}",
                    "MirrorPad",
                )
    c = convert_like(constant_values, x)
    if c.dtype != x.dtype:
        _fail(
            f"cannot compute PadV2 as input #2(zero-based) was expected to be a {x.dtype.kernel_name} "
            f"tensor but is a {c.dtype.kernel_name} tensor",
            "PadV2",
        )
    return record(_PAD, (x, c), {"paddings": tuple(map(tuple, pads.tolist())), "mode": mode})


identity = unary("Identity", lambda x: x, dtypes=ALL)
_IDENTITY_N = Op("IdentityN", lambda *xs: xs, multiple_results=True)


def identity_n(input, name=None) -> list:  # noqa: A002 - TF's name
    """Each tensor of ``input`` (a list) as it is, as one op (``tf.identity_n``).

    >>> import tapejax as tf
    >>> a, b = tf.identity_n([tf.constant(1.0), [2, 3]])
    >>> print(a, b)
    tf.Tensor(1.0, shape=(), dtype=float32) tf.Tensor([2 3], shape=(2,), dtype=int32)
    """
    tensors = [convert_to_tensor(x) for x in input]
    if not tensors:
        _fail("Length for attr 'T' of 0 must be at least minimum 1; pass at least one tensor", "IdentityN")
    return list(record(_IDENTITY_N, tensors))


# TF: no gradient flows through stop_gradient (None, not zeros).
stop_gradient = unary("StopGradient", jax.lax.stop_gradient, dtypes=ALL, differentiable=False)


# -- rearranging ---------------------------------------------------------------------------
_ROLL = Op("Roll", jnp.roll)


def roll(input, shift, axis, name=None) -> Tensor:  # noqa: A002
    """Rotates elements by ``shift`` along ``axis`` (both may be lists) (``tf.roll``)."""
    x = convert_to_tensor(input)
    shifts, axes = as_ints(shift), as_ints(axis)
    if len(shifts) != len(axes):
        _fail(f"shift and axis must have the same size, got {len(shifts)} and {len(axes)}", "Roll")
    for a in axes:
        if not -x.ndim <= a < x.ndim:
            _fail(f"axis {a} is out of range for a tensor of rank {x.ndim}", "Roll")
    return record(_ROLL, (x,), {"shift": shifts, "axis": tuple(a % x.ndim for a in axes)})


_REPEAT = Op(
    "Repeat",
    lambda x, repeats, axis, total: jnp.repeat(x, np.asarray(repeats), axis=axis, total_repeat_length=total),
)


def repeat(input, repeats, axis=None, name=None) -> Tensor:  # noqa: A002
    """Repeats each element ``repeats`` times along ``axis`` (flattened if None) (``tf.repeat``)."""
    x = convert_to_tensor(input)
    if axis is None:
        x, axis = reshape(x, [-1]), 0
    axis = _check_axis(int(axis), x.ndim, "tapejax.repeat")
    if np.ndim(repeats) > 1:
        raise ValueError(
            f"Shape {np.shape(repeats)} must have rank at most 1: tapejax.repeat takes a "
            "scalar repeats or a list of one count per element along axis."
        )
    reps = as_ints(repeats)
    if len(reps) not in (1, x.shape[axis]):
        raise ValueError(
            f"Dimensions {x.shape[axis]} and {len(reps)} are not compatible: tapejax.repeat "
            f"takes a scalar repeats or one count per element along axis {axis} "
            f"({x.shape[axis]}), got {len(reps)} counts."
        )
    total = reps[0] * x.shape[axis] if len(reps) == 1 else sum(reps)
    static = {"repeats": reps if len(reps) > 1 else reps[0], "axis": axis, "total": total}
    return record(_REPEAT, (x,), static)
