"""``tf.space_to_batch(_nd)`` and ``tf.batch_to_space``: blocks of the spatial dimensions
moved into (or out of) the batch dimension.

Each is a pad (or crop), a reshape and a transpose, so gradients are JAX's. Block shapes,
paddings and crops decide the result's shape: they are read as Python ints (tensors must hold
known values), and checked with TF's messages.
"""

from __future__ import annotations

import math

import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.shape import dims_text
from ..builders import REAL, check_cpu_kernel, check_dtype, known_values

_INDEX = ("int32", "int64")


def _fail(message: str, op_name: str):
    raise InvalidArgumentError(f"{message} [Op:{op_name}]")


def _space_to_batch(x, *, block, paddings):
    m = len(block)
    x = jnp.pad(x, [(0, 0), *paddings, *[(0, 0)] * (x.ndim - 1 - m)])
    batch, rest = x.shape[0], x.shape[1 + m :]
    split = [batch]
    for size, b in zip(x.shape[1 : 1 + m], block, strict=True):
        split += [size // b, b]
    x = x.reshape(*split, *rest)
    blocks = [2 + 2 * i for i in range(m)]
    outer = [1 + 2 * i for i in range(m)]
    x = x.transpose(*blocks, 0, *outer, *range(1 + 2 * m, x.ndim))
    return x.reshape(batch * math.prod(block), *split[1::2], *rest)


def _batch_to_space(x, *, block, crops):
    m = len(block)
    batch = x.shape[0] // math.prod(block)
    spatial, rest = x.shape[1 : 1 + m], x.shape[1 + m :]
    x = x.reshape(*block, batch, *spatial, *rest)
    order = [m]
    for i in range(m):
        order += [m + 1 + i, i]
    x = x.transpose(*order, *range(2 * m + 1, x.ndim))
    x = x.reshape(batch, *[s * b for s, b in zip(spatial, block, strict=True)], *rest)
    index = tuple(slice(lo, x.shape[1 + i] - hi) for i, (lo, hi) in enumerate(crops))
    return x[(slice(None), *index)]


_S2B = Op("SpaceToBatchND", _space_to_batch)
_B2S = Op("BatchToSpaceND", _batch_to_space)


def _block_and_amounts(x, block_shape, amounts, op_name: str, what: str, attr: str):
    """The block shape and paddings/crops as Python ints, checked as TF's kernels do."""
    block_t, amounts_t = convert_to_tensor(block_shape), convert_to_tensor(amounts)
    check_dtype(op_name, _INDEX, block_t, attr="Tblock_shape")
    check_dtype(op_name, _INDEX, amounts_t, attr=attr)
    check_cpu_kernel(op_name, REAL, x)
    fix = "pass Python ints"
    block = known_values(block_t, f"tapejax's {op_name} block_shape", fix)
    values = known_values(amounts_t, f"tapejax's {op_name} {what}", fix)
    if block.ndim != 1:
        _fail(f"block_shape rank should be 1 instead of {block.ndim}", op_name)
    m = block.shape[0]
    if values.shape != (m, 2):
        _fail(f"{what} should have shape [{m}, 2] instead of {dims_text(values.shape)}", op_name)
    if x.ndim < m + 1:
        _fail(f"input rank should be >= {m + 1} instead of {x.ndim}", op_name)
    if np.any(values < 0):
        _fail(f"{what.capitalize()} must be non-negative", op_name)
    return tuple(int(b) for b in block), tuple((int(lo), int(hi)) for lo, hi in values)


def space_to_batch_nd(input, block_shape, paddings, name=None):  # noqa: A002 - TF's name
    """Pads the spatial dimensions (1 .. M) of ``input`` by ``paddings``, cuts them into
    blocks of ``block_shape`` and moves each block offset into the batch dimension
    (``tf.space_to_batch_nd``, also ``tf.space_to_batch``).

    >>> import tapejax as tf
    >>> x = tf.reshape(tf.range(1.0, 5.0), [1, 2, 2, 1])
    >>> tf.reshape(tf.space_to_batch(x, [2, 2], [[0, 0], [0, 0]]), [-1])
    <tf.Tensor: shape=(4,), dtype=float32, numpy=array([1., 2., 3., 4.], dtype=float32)>
    """
    x = convert_to_tensor(input)
    block, paddings = _block_and_amounts(x, block_shape, paddings, "SpaceToBatchND", "paddings", "Tpaddings")
    for i, b in enumerate(block):
        if b <= 0:
            _fail(
                f"All values in block_shape must be positive, got value, {b} at index {i}.", "SpaceToBatchND"
            )
        padded = x.shape[1 + i] + sum(paddings[i])
        if padded % b:
            _fail(f"padded_shape[{i}]={padded} is not divisible by block_shape[{i}]={b}", "SpaceToBatchND")
    return record(_S2B, (x,), {"block": block, "paddings": paddings})


space_to_batch = space_to_batch_nd


def batch_to_space(input, block_shape, crops, name=None):  # noqa: A002 - TF's name
    """The inverse of ``space_to_batch``: moves blocks of the batch dimension back into the
    spatial dimensions, then crops them by ``crops`` (``tf.batch_to_space``); an int
    ``block_shape`` is the same block in two dimensions, as TF's.

    >>> import tapejax as tf
    >>> x = tf.reshape(tf.range(1.0, 5.0), [4, 1, 1, 1])
    >>> tf.reshape(tf.batch_to_space(x, [2, 2], [[0, 0], [0, 0]]), [2, 2])
    <tf.Tensor: shape=(2, 2), dtype=float32, numpy=
    array([[1., 2.],
           [3., 4.]], dtype=float32)>
    """
    if isinstance(block_shape, int):
        block_shape = [block_shape, block_shape]
    x = convert_to_tensor(input)
    block, crops = _block_and_amounts(x, block_shape, crops, "BatchToSpaceND", "crops", "Tcrops")
    product = math.prod(block)
    if product <= 0:
        _fail(f"Product of block sizes must be positive, got {product}", "BatchToSpaceND")
    if x.shape[0] % product:
        _fail(
            f"Input batch dimension ({x.shape[0]}) is not divisible by product of block sizes ({product})",
            "BatchToSpaceND",
        )
    for i, (b, (lo, hi)) in enumerate(zip(block, crops, strict=True)):
        cropped = x.shape[1 + i] * b - lo - hi
        if cropped < 0:
            _fail(f"cropped_shape[{i}]={cropped} must be non-negative", "BatchToSpaceND")
    return record(_B2S, (x,), {"block": block, "crops": crops})
