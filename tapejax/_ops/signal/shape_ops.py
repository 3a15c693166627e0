"""``tf.signal.frame`` and ``tf.signal.overlap_and_add``: cutting a signal into overlapping
frames and adding frames back into a signal (each one recorded op; JAX differentiates them:
the gradient of framing is an overlap-add, and the reverse)."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values.access import np_shape
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.tensor import Tensor
from ._args import at_least_rank, scalar, scalar_int


def _positions(num_frames: int, frame_length: int, frame_step: int) -> np.ndarray:
    return np.arange(num_frames)[:, None] * frame_step + np.arange(frame_length)[None, :]


def _frame(x, frame_length, frame_step, num_frames, axis, pad, pad_value):
    if pad:
        widths = [(0, 0)] * x.ndim
        widths[axis] = (0, pad)
        x = jnp.pad(x, widths, constant_values=jnp.asarray(pad_value, x.dtype))
    return jnp.take(x, _positions(num_frames, frame_length, frame_step), axis=axis)


def _overlap_and_add(x, frame_step, length):
    frames, frame_length = x.shape[-2:]
    out = jnp.zeros((*x.shape[:-2], length), x.dtype)
    return out.at[..., _positions(frames, frame_length, frame_step)].add(x)


_FRAME = Op("Frame", _frame)
_OVERLAP_AND_ADD = Op("OverlapAndAdd", _overlap_and_add)


def frame(signal, frame_length, frame_step, pad_end=False, pad_value=0, axis=-1, name=None) -> Tensor:
    """Frames of ``frame_length`` samples every ``frame_step`` samples along ``axis``
    (``tf.signal.frame``): the axis becomes ``[num_frames, frame_length]``. With ``pad_end`` the
    signal's end is padded with ``pad_value`` so that every sample is in a frame.

    >>> import tapejax as tf
    >>> tf.signal.frame([1, 2, 3, 4, 5], 3, 2, pad_end=True)
    <tf.Tensor: shape=(3, 3), dtype=int32, numpy=
    array([[1, 2, 3],
           [3, 4, 5],
           [5, 0, 0]], dtype=int32)>
    """
    x = convert_to_tensor(signal)
    at_least_rank(x, 1)
    length_, step = scalar_int(frame_length, "frame_length"), scalar_int(frame_step, "frame_step")
    rank = len(np_shape(x))
    axis = scalar_int(axis, "axis")
    if not -rank <= axis < rank:
        raise IndexError(
            f"frame's axis {axis} is out of range for a signal of rank {rank}; use an axis in [{-rank}, {rank})."
        )
    axis %= rank
    if step == 0:
        raise InvalidArgumentError("Integer division by zero [Op:FloorDiv]: frame_step must be positive.")
    if length_ < 0:
        raise InvalidArgumentError(f"frame_length must be non-negative, got {length_} [Op:Range]")
    samples = np_shape(x)[axis]
    pad = 0
    if pad_end:
        num_frames = -(-samples // step)
        pad = max(0, length_ + step * (num_frames - 1) - samples)
    else:
        num_frames = max(0, 1 + (samples - length_) // step)
    static = {"frame_length": length_, "frame_step": step, "num_frames": max(num_frames, 0), "axis": axis}
    return record(_FRAME, (x,), {**static, "pad": pad, "pad_value": scalar(pad_value, "pad_value")})


def overlap_and_add(signal, frame_step, name=None) -> Tensor:
    """Adds the frames ``signal[..., frames, frame_length]``, each ``frame_step`` samples after
    the one before, into one signal of ``frame_length + frame_step * (frames - 1)`` samples
    (``tf.signal.overlap_and_add``).

    >>> import tapejax as tf
    >>> tf.signal.overlap_and_add([[1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], 2)
    <tf.Tensor: shape=(5,), dtype=float32, numpy=array([1., 1., 2., 1., 1.], dtype=float32)>
    """
    x = convert_to_tensor(signal)
    at_least_rank(x, 2)
    step_t = convert_to_tensor(frame_step)
    if not step_t.dtype.is_integer:
        raise ValueError(f"frame_step must be an integer. Got {step_t.dtype}")
    step = scalar_int(step_t, "frame_step")
    if step <= 0:
        raise InvalidArgumentError(f"frame_step must be positive, got {step} [Op:OverlapAndAdd]")
    frames, frame_length = np_shape(x)[-2:]
    length = max(0, frame_length + step * (frames - 1))
    return record(_OVERLAP_AND_ADD, (x,), {"frame_step": step, "length": length})
