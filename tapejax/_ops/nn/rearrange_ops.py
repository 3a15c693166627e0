"""``tf.nn.space_to_depth`` and ``tf.nn.depth_to_space``: blocks of pixels to channels and
back (reshapes and a transpose; JAX's gradients). Channels last by default; ``NCHW`` too (TF
runs it on GPUs only)."""

from __future__ import annotations

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.tensor import Tensor


def _to_last(x, channels_first):
    return x.transpose(0, 2, 3, 1) if channels_first else x


def _from_last(x, channels_first):
    return x.transpose(0, 3, 1, 2) if channels_first else x


def _space_to_depth(x, *, block, channels_first):
    x = _to_last(x, channels_first)
    n, h, w, c = x.shape
    y = x.reshape(n, h // block, block, w // block, block, c).transpose(0, 1, 3, 2, 4, 5)
    return _from_last(y.reshape(n, h // block, w // block, block * block * c), channels_first)


def _depth_to_space(x, *, block, channels_first):
    x = _to_last(x, channels_first)
    n, h, w, c = x.shape
    y = x.reshape(n, h, w, block, block, c // (block * block)).transpose(0, 1, 3, 2, 4, 5)
    return _from_last(y.reshape(n, h * block, w * block, c // (block * block)), channels_first)


_SPACE_TO_DEPTH = Op("SpaceToDepth", _space_to_depth)
_DEPTH_TO_SPACE = Op("DepthToSpace", _depth_to_space)


def _checked(op: Op, input, block_size, data_format):  # noqa: A002
    x = convert_to_tensor(input)
    block = int(block_size)
    if block < 2:
        raise InvalidArgumentError(
            f"Value for attr 'block_size' of {block} must be at least minimum 2 [Op:{op.name}]"
        )
    if x.ndim != 4:
        raise InvalidArgumentError(f"Input rank should be 4 instead of {x.ndim} [Op:{op.name}]")
    channels_first = data_format == "NCHW"
    n, h, w, c = (x.shape[i] for i in ((0, 2, 3, 1) if channels_first else (0, 1, 2, 3)))
    if op is _SPACE_TO_DEPTH and (h % block or w % block):
        raise InvalidArgumentError(
            f"Image width {w} and height {h} should be divisible by block_size: {block} [Op:{op.name}]"
        )
    if op is _DEPTH_TO_SPACE and c % (block * block):
        raise InvalidArgumentError(
            f"Input depth dimension {c} should be divisible by: {block * block} [Op:{op.name}]"
        )
    return record(op, (x,), {"block": block, "channels_first": channels_first})


def space_to_depth(input, block_size, data_format="NHWC", name=None) -> Tensor:  # noqa: A002
    """Each ``block_size x block_size`` block of pixels becomes one pixel of
    ``block_size**2 * channels`` channels (``tf.nn.space_to_depth``).

    >>> import tapejax as tf
    >>> tf.nn.space_to_depth(tf.reshape(tf.range(4.0), (1, 2, 2, 1)), 2)[0, 0, 0]
    <tf.Tensor: shape=(4,), dtype=float32, numpy=array([0., 1., 2., 3.], dtype=float32)>
    """
    return _checked(_SPACE_TO_DEPTH, input, block_size, data_format)


def depth_to_space(input, block_size, data_format="NHWC", name=None) -> Tensor:  # noqa: A002
    """The inverse of ``space_to_depth`` (``tf.nn.depth_to_space``)."""
    return _checked(_DEPTH_TO_SPACE, input, block_size, data_format)
