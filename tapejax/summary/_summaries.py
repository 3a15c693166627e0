"""The summaries of TensorBoard's plugins (``tf.summary.scalar``, ``histogram``, ``image``,
``text``, ``audio``): the tensors and metadata TensorBoard 2.21's ``summary_v2`` functions
give ``tf.summary.write``, with TF's checks. The stored tensor (buckets, PNG, WAV) is made on
the host from the data's values (``_encoding.py``), also inside a ``tf.function``.
"""

from __future__ import annotations

import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.values.access import np_dtype, np_shape
from .._core.values.dtype import float32, int32, string
from .._ops.assert_ops import assert_non_negative
from .._ops.shape_asserts import assert_rank, assert_scalar, assert_type
from . import _encoding, _events
from ._write import record, summary_scope, tensor_input

# AudioPluginData(version=0, encoding=WAV) serialized: field 2, varint 11 (tensorboardX has no
# copy of the audio plugin's proto, and these two bytes never change).
_WAV_PLUGIN_DATA = b"\x10\x0b"


def scalar(name, data, step=None, description=None):
    """``tf.summary.scalar``: a scalar, stored as float32, for TensorBoard's Scalars dashboard.

    Args:
      name: the summary's name; its tag is the name under the enclosing name scopes.
      data: a real scalar (tensor, Variable or number).
      step: an int64-castable step; ``tf.summary.experimental.get_step()`` when None.
      description: a description shown in TensorBoard.

    Returns:
      A bool tensor: True when written, False without a default writer.

    >>> import tapejax as tf
    >>> tf.summary.scalar("loss", 0.5, step=1)  # no default writer: nothing written
    <tf.Tensor: shape=(), dtype=bool, numpy=False>
    """
    metadata = _events.plugin_metadata("scalars", description)
    with summary_scope(name, "scalar_summary") as (tag, _):
        assert_scalar(data)
        data = convert_to_tensor(data)
        return record(tag, lambda: ([data], lambda v: np.asarray(v).astype(np.float32)), step, metadata)


def histogram(name, data, step=None, buckets=None, description=None):
    """``tf.summary.histogram``: the data's values in ``buckets`` equal-width buckets (30 by
    default), TensorBoard's ``[k, 3]`` float64 rows ``[left edge, right edge, count]``, for its
    Histograms and Distributions dashboards (TF's bucketing, see ``_encoding.py``).

    >>> import tapejax as tf
    >>> tf.summary.histogram("weights", [1.0, 2.0, 4.0], step=0, buckets=3)
    <tf.Tensor: shape=(), dtype=bool, numpy=False>
    """
    metadata = _events.plugin_metadata("histograms", description)
    data = convert_to_tensor(data)
    with summary_scope(name, "histogram_summary") as (tag, _):

        def lazy():
            count = _encoding.DEFAULT_BUCKET_COUNT if buckets is None else buckets
            assert_scalar(count)
            assert_type(count, int32)
            count = int(np.asarray(count))
            return [data], lambda v: _encoding.histogram_buckets(v, count)

        return record(tag, lazy, step, metadata)


def image(name, data, step=None, max_outputs=3, description=None):
    """``tf.summary.image``: up to ``max_outputs`` images of a ``[k, h, w, c]`` batch (c in 1-4),
    as PNG, for TensorBoard's Images dashboard. Floats are read in [0, 1], integers over their
    range (TF's ``convert_image_dtype``, saturating).
    """
    metadata = _events.plugin_metadata("images", description)
    with summary_scope(name, "image_summary") as (tag, _):

        def lazy():
            images = convert_to_tensor(data)
            assert_rank(images, 4)
            assert_non_negative(max_outputs)
            if np_dtype(images).kind not in "fiu":
                raise AttributeError("image dtype must be either floating point or integer")
            limit = int(np.asarray(max_outputs))
            height, width = np_shape(images)[1:3]

            def encode(batch):
                pngs = [_encoding.png(im) for im in _encoding.to_uint8(batch[:limit])]
                return np.array([str(width).encode(), str(height).encode(), *pngs], dtype=object)

            return [images], encode

        return record(tag, lazy, step, metadata)


def text(name, data, step=None, description=None):
    """``tf.summary.text``: a string (or strings; Markdown) for TensorBoard's Text dashboard.

    tapejax has no string tensors: ``data`` is a Python ``str``/``bytes``, or a list or numpy
    array of them.

    >>> import tapejax as tf
    >>> tf.summary.text("notes", "**bold** text", step=0)
    <tf.Tensor: shape=(), dtype=bool, numpy=False>
    """
    metadata = _events.plugin_metadata("text", description)
    with summary_scope(name, "text_summary") as (tag, _):
        value = tensor_input(data)
        if not isinstance(value, np.ndarray):
            assert_type(value, string)
        return record(tag, lambda: ([value], lambda v: v), step, metadata)


def audio(name, data, sample_rate, step=None, max_outputs=3, encoding=None, description=None):
    """``tf.summary.audio``: up to ``max_outputs`` clips of a ``[k, frames, channels]`` float
    batch in [-1, 1], as 16-bit WAV at ``sample_rate`` Hz, for TensorBoard's Audio dashboard."""
    if encoding is None:
        encoding = "wav"
    if encoding != "wav":
        raise ValueError("Unknown encoding: %r" % encoding)  # noqa: UP031 - TF's message
    metadata = _events.plugin_metadata("audio", description, content=_WAV_PLUGIN_DATA)
    with summary_scope(name, "audio_summary") as (tag, _):

        def lazy():
            clips = convert_to_tensor(data, float32)
            assert_rank(clips, 3)
            assert_non_negative(max_outputs)
            rate, limit = convert_to_tensor(sample_rate, int32), int(np.asarray(max_outputs))

            def encode(batch, rate_value):
                wavs = [_encoding.wav(clip, int(rate_value)) for clip in batch[:limit]]
                return np.array([[w, b""] for w in wavs], dtype=object).reshape(len(wavs), 2)

            return [clips, rate], encode

        return record(tag, lazy, step, metadata)
