"""What TensorBoard's plugins store, computed on the host with numpy: histogram buckets, PNG
images and WAV audio, each as TF 2.21 computes it (``tensorboard/plugins/*/summary_v2.py``
over TF's ops), so the values read back are TF's.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np

DEFAULT_BUCKET_COUNT = 30  # tensorboard.plugins.histogram.summary_v2


def histogram_buckets(data: np.ndarray, bucket_count: int) -> np.ndarray:
    """``[k, 3]`` float64 rows ``[left, right, count]``, as TensorBoard's ``_buckets`` in TF.

    Edges are TF's ``linspace`` (``min + i * width``, the last edge ``max``); an element goes
    to ``floor((x - min) / width)``, the last bucket keeping ``max``. No data gives ``k``
    rows of zeros, a single value ``k`` rows ``[v, v, 0]`` with every count in the last.
    A NaN (or what an infinite range makes NaN) is counted nowhere, as TF's int32 cast of
    NaN indexes outside its one-hot.
    """
    count = max(0, int(bucket_count))
    data = np.real(np.asarray(data)).astype(np.float64).reshape(-1)
    if data.size == 0 or count == 0:
        return np.zeros((count, 3), np.float64)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        low, high = data.min(), data.max()
        spread = high - low
        if spread == 0:
            counts = np.zeros(count, np.float64)
            counts[-1] = data.size
            edges = np.full(count, high)
            return np.stack([edges, edges, counts], axis=1)
        width = spread / count
        position = np.floor((data - low) / width)
        valid = np.isfinite(position)
        index = np.minimum(position[valid].astype(np.int64), count - 1)
        counts = np.bincount(index, minlength=count).astype(np.float64)
        edges = np.concatenate([[low], low + width * np.arange(1, count, dtype=np.float64), [high]])
    return np.stack([edges[:-1], edges[1:], counts], axis=1)


def to_uint8(images: np.ndarray) -> np.ndarray:
    """TF's ``convert_image_dtype(images, uint8, saturate=True)``.

    Floats are scaled by 255.5 in their own dtype and clipped; wider integers are divided
    (floor) by the ratio of the ranges; narrower ones are clipped at 0 and multiplied.
    """
    kind = images.dtype.kind
    if images.dtype == np.uint8:
        return images
    if kind == "f":
        with np.errstate(invalid="ignore"):
            scaled = images * images.dtype.type(255.5)
            return np.clip(scaled, 0, 255).astype(np.uint8)
    if kind in "iu":
        top = int(np.iinfo(images.dtype).max)
        if top > 255:
            return np.clip(images // ((top + 1) // 256), 0, 255).astype(np.uint8)
        return np.clip(images, 0, 255).astype(np.uint8) * np.uint8(256 // (top + 1))
    raise AttributeError("image dtype must be either floating point or integer")


# PNG colour types by channel count: grey, grey + alpha, RGB, RGBA.
_COLOR_TYPES = {1: 0, 2: 4, 3: 2, 4: 6}


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png(image: np.ndarray) -> bytes:
    """A ``[height, width, channels]`` uint8 image as PNG bytes (TF's ``encode_png``: 8 bits per
    sample; the compressed stream differs from libpng's, the pixels do not)."""
    height, width, channels = image.shape
    header = struct.pack(">IIBBBBB", width, height, 8, _COLOR_TYPES[channels], 0, 0, 0)
    rows = np.concatenate([np.zeros((height, 1), np.uint8), image.reshape(height, -1)], axis=1)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(rows.tobytes()))
        + _chunk(b"IEND", b"")
    )


def wav(samples: np.ndarray, sample_rate: int) -> bytes:
    """``[frames, channels]`` samples in [-1, 1] as 16-bit PCM WAV bytes: TF's ``encode_wav``
    (each sample times 32768 in float32, rounded half away from zero and clamped)."""
    scaled = samples.astype(np.float32) * np.float32(32768)
    rounded = np.sign(scaled) * np.floor(np.abs(scaled) + np.float32(0.5))
    pcm = np.clip(rounded, -32768, 32767).astype("<i2").tobytes()
    channels = samples.shape[1]
    fmt = struct.pack("<HHIIHH", 1, channels, sample_rate, sample_rate * channels * 2, channels * 2, 16)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(pcm)) + pcm
    return b"RIFF" + struct.pack("<I", len(body)) + body
