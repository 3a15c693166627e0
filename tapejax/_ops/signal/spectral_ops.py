"""Spectrograms and their inverses: ``tf.signal.stft``/``inverse_stft`` (with
``inverse_stft_window_fn``) and the modified DCT ``mdct``/``inverse_mdct``.

Built from the other ``tf.signal`` ops as TF builds them (frame, window, FFT or DCT, and
overlap-add back), so each step is a recorded op and tapes differentiate the whole chain.
"""

from __future__ import annotations

import math

import jax.numpy as jnp

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values.access import np_shape
from ..._core.values.tensor import Tensor
from ..array_ops import pad
from ..math_ops import multiply
from ._args import at_least_rank, scalar_int
from .dct_ops import dct
from .fft_ops import irfft, rfft
from .shape_ops import frame, overlap_and_add
from .window_ops import hann_window, vorbis_window


def _enclosing_power_of_two(n: int) -> int:
    return int(2 ** math.ceil(math.log(n) / math.log(2.0)))


def stft(
    signals, frame_length, frame_step, fft_length=None, window_fn=hann_window, pad_end=False, name=None
) -> Tensor:
    """The short-time Fourier transform of real ``signals[..., samples]``: frames of
    ``frame_length`` every ``frame_step`` samples, windowed by ``window_fn(frame_length,
    dtype=...)``, each transformed by ``rfft`` of ``fft_length`` (default: the smallest power of
    2 holding a frame) (``tf.signal.stft``). Result: ``[..., frames, fft_length // 2 + 1]``.

    >>> import tapejax as tf
    >>> tf.signal.stft(tf.ones([8]), frame_length=4, frame_step=4, window_fn=None).shape
    TensorShape([2, 3])
    """
    x = convert_to_tensor(signals)
    at_least_rank(x, 1)
    length, step = scalar_int(frame_length, "frame_length"), scalar_int(frame_step, "frame_step")
    fft_length = (
        _enclosing_power_of_two(length) if fft_length is None else scalar_int(fft_length, "fft_length")
    )
    framed = frame(x, length, step, pad_end=pad_end)
    if window_fn is not None:
        framed = multiply(framed, window_fn(length, dtype=framed.dtype))
    return rfft(framed, [fft_length])


def _inverse_window(forward, frame_step: int):
    # Each sample of a frame is covered by the windows of ceil(length / step) overlapping
    # frames: dividing by the sum of their squares makes windowed overlap-add an inverse.
    length = forward.shape[0]
    overlaps = -(-length // frame_step)
    denom = jnp.pad(jnp.square(forward), [(0, overlaps * frame_step - length)])
    denom = jnp.tile(jnp.sum(denom.reshape(overlaps, frame_step), 0), overlaps)[:length]
    return jnp.where(denom == 0, jnp.zeros_like(forward), forward / jnp.where(denom == 0, 1, denom))


_INVERSE_WINDOW = Op("InverseStftWindow", _inverse_window)


def inverse_stft_window_fn(frame_step, forward_window_fn=hann_window, name=None):
    """A window function for ``inverse_stft`` that inverts ``stft`` with ``forward_window_fn``
    at ``frame_step`` (``tf.signal.inverse_stft_window_fn``)."""

    def inverse_window(frame_length, dtype) -> Tensor:
        step = scalar_int(frame_step, "frame_step")
        forward = convert_to_tensor(forward_window_fn(scalar_int(frame_length, "frame_length"), dtype=dtype))
        return record(_INVERSE_WINDOW, (forward,), {"frame_step": step})

    return inverse_window


def inverse_stft(
    stfts, frame_length, frame_step, fft_length=None, window_fn=hann_window, name=None
) -> Tensor:
    """Real signals from their ``stft`` (``tf.signal.inverse_stft``): each frame's ``irfft``,
    cropped or padded to ``frame_length``, windowed and overlap-added. It inverts ``stft`` when
    ``window_fn`` is ``inverse_stft_window_fn(frame_step, <stft's window_fn>)``."""
    x = convert_to_tensor(stfts)
    at_least_rank(x, 2)
    length, step = scalar_int(frame_length, "frame_length"), scalar_int(frame_step, "frame_step")
    fft_length = (
        _enclosing_power_of_two(length) if fft_length is None else scalar_int(fft_length, "fft_length")
    )
    frames = irfft(x, [fft_length])
    size = np_shape(frames)[-1]
    if size > length:
        frames = frames[..., :length]
    elif size < length:
        frames = pad(frames, [[0, 0]] * (len(np_shape(frames)) - 1) + [[0, length - size]])
    if window_fn is not None:
        frames = multiply(frames, window_fn(length, dtype=x.dtype.real_dtype))
    return overlap_and_add(frames, step)


def _fold_for_mdct(frames):
    # The MDCT of a frame [a, b, c, d] (quarters) is the type-IV DCT of [-c^r - d, a - b^r].
    a, b, c, d = jnp.split(frames, 4, axis=-1)
    return jnp.concatenate([-c[..., ::-1] - d, a - b[..., ::-1]], axis=-1)


def _unfold_for_mdct(halves):
    p, q = jnp.split(halves, 2, axis=-1)
    return jnp.concatenate([q, -q[..., ::-1], -p[..., ::-1], -p], axis=-1)


_FOLD = Op("MdctFold", _fold_for_mdct)
_UNFOLD = Op("MdctUnfold", _unfold_for_mdct)


def _window(frames: Tensor, window_fn, length: int) -> Tensor:
    if window_fn is None:
        return multiply(frames, 1.0 / math.sqrt(2))
    return multiply(frames, window_fn(length, dtype=frames.dtype))


def mdct(signals, frame_length, window_fn=vorbis_window, pad_end=False, norm=None, name=None) -> Tensor:
    """The modified discrete cosine transform of ``signals[..., samples]`` over frames of
    ``frame_length`` (a multiple of 4) with 50% overlap (``tf.signal.mdct``): ``[..., frames,
    frame_length // 2]``."""
    x = convert_to_tensor(signals)
    at_least_rank(x, 1)
    length = scalar_int(frame_length, "frame_length")
    if length % 4 != 0:
        raise ValueError("The frame length must be a multiple of 4.")
    framed = _window(frame(x, length, length // 2, pad_end=pad_end), window_fn, length)
    return dct(record(_FOLD, (framed,)), type=4, norm=norm)


def inverse_mdct(mdcts, window_fn=vorbis_window, norm=None, name=None) -> Tensor:
    """Signals from their ``mdct`` (``tf.signal.inverse_mdct``): type-IV DCTs unfolded into
    windowed frames and overlap-added; with the Vorbis or a KBD window it inverts ``mdct``."""
    x = convert_to_tensor(mdcts)
    at_least_rank(x, 2)
    half = np_shape(x)[-1]
    if norm is None:
        halves = multiply(dct(x, type=4), 0.5 / half)
    else:
        halves = dct(x, type=4, norm=norm)
    frames = _window(record(_UNFOLD, (halves,)), window_fn, 2 * half)
    return overlap_and_add(frames, half)
