"""``tf.image`` basics: resizing, flips, dtype conversion, grayscale, crops, brightness,
standardization, as TF 2.21 computes them (half-pixel centers, TF's rounding and scaling).

Images are ``[height, width, channels]`` or batches ``[batch, height, width, channels]``.
Every op is a recorded op (or built from them), so tapes differentiate through resizing,
crops, flips and standardization.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values import dtype as _dtypes
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor
from .array_ops import cast, pad, reverse, saturate_cast
from .random_ops import uniform
from .selection_ops import where

_BILINEAR = Op(
    "ResizeBilinear",
    lambda x, shape, antialias: jax.image.resize(x, shape, "linear", antialias=antialias).astype(x.dtype),
)
_TAKE = Op("ResizeNearestNeighbor", lambda x, rows, cols: x[..., rows, :, :][..., cols, :])
_GRAY = Op(
    "RGBToGrayscale",
    lambda x: jnp.tensordot(x, jnp.array([0.2989, 0.587, 0.114], x.dtype), axes=[[-1], [0]])[..., None],
)


def _standardize(x, min_std):
    mean = jnp.mean(x, axis=(-1, -2, -3), keepdims=True)
    std = jnp.sqrt(jnp.mean(jnp.square(x - mean), axis=(-1, -2, -3), keepdims=True))
    return (x - mean) / jnp.maximum(std, min_std)


_STANDARDIZE = Op("PerImageStandardization", _standardize)


def _image(image, name: str = "images", ranks=(3, 4)) -> Tensor:
    x = convert_to_tensor(image)
    if name == "images" and x.ndim not in ranks:
        raise ValueError("'images' must have either 3 or 4 dimensions.")
    if name == "image" and x.ndim < 3:
        raise ValueError(f"'image' (shape {x.shape}) must be at least three-dimensional.")
    return x


def _nearest_indices(size_in: int, size_out: int) -> np.ndarray:
    # TF's ResizeNearestNeighbor with half-pixel centers: floor((i + 0.5) * in / out), clamped.
    scale = np.float32(size_in) / np.float32(size_out)
    centers = (np.arange(size_out, dtype=np.float32) + 0.5) * scale
    return np.minimum(np.floor(centers), size_in - 1).astype(np.int32)


def resize(
    images, size, method="bilinear", preserve_aspect_ratio=False, antialias=False, name=None
) -> Tensor:
    """Resizes images to ``size = [height, width]`` (``tf.image.resize``): ``'bilinear'``
    (float32 result) or ``'nearest'`` (the input's dtype).

    >>> import tapejax as tf
    >>> tf.image.resize([[[1.0], [3.0]]], [1, 4])[..., 0]
    <tf.Tensor: shape=(1, 4), dtype=float32, numpy=array([[1. , 1.5, 2.5, 3. ]], dtype=float32)>
    """
    x = _image(images)
    method = getattr(method, "value", method)
    if method not in ("bilinear", "nearest"):
        raise ValueError(f"Resize method is not implemented: {method}")
    height, width = (int(s) for s in (size.numpy() if hasattr(size, "numpy") else size))
    in_h, in_w = x.shape[-3], x.shape[-2]
    if preserve_aspect_ratio:
        scale = min(height / in_h, width / in_w)
        height, width = int(round(in_h * scale)), int(round(in_w * scale))
    if method == "nearest":
        return record(
            _TAKE,
            (x,),
            {
                "rows": tuple(_nearest_indices(in_h, height).tolist()),
                "cols": tuple(_nearest_indices(in_w, width).tolist()),
            },
        )
    if not x.dtype.is_floating or x.dtype == _dtypes.float64:
        x = cast(x, _dtypes.float32)
    return record(
        _BILINEAR, (x,), {"shape": (*x.shape[:-3], height, width, x.shape[-1]), "antialias": bool(antialias)}
    )


def resize_with_pad(image, target_height, target_width, method="bilinear", antialias=False) -> Tensor:
    """Resizes keeping the aspect ratio, then pads with zeros to the target size
    (``tf.image.resize_with_pad``)."""
    x = _image(image)
    in_h, in_w = x.shape[-3], x.shape[-2]
    ratio = max(in_w / target_width, in_h / target_height)
    height, width = int(np.floor(in_h / ratio)), int(np.floor(in_w / ratio))
    resized = resize(x, [height, width], method=method, antialias=antialias)
    top, left = max(0, (target_height - height) // 2), max(0, (target_width - width) // 2)
    paddings = [[top, target_height - height - top], [left, target_width - width - left], [0, 0]]
    return pad(resized, [[0, 0]] * (x.ndim - 3) + paddings)


def flip_left_right(image) -> Tensor:
    """Reverses the width axis (``tf.image.flip_left_right``)."""
    return reverse(_image(image, "image"), [-2])


def flip_up_down(image) -> Tensor:
    """Reverses the height axis (``tf.image.flip_up_down``)."""
    return reverse(_image(image, "image"), [-3])


def random_flip_left_right(image, seed=None) -> Tensor:
    """Flips each image left-right with probability 1/2 (``tf.image.random_flip_left_right``;
    tapejax's random numbers, not TF's)."""
    return _random_flip(image, seed, -2)


def random_flip_up_down(image, seed=None) -> Tensor:
    """Flips each image upside down with probability 1/2 (``tf.image.random_flip_up_down``)."""
    return _random_flip(image, seed, -3)


def _random_flip(image, seed, axis: int) -> Tensor:
    x = _image(image, "image")
    draws = uniform([x.shape[0]] if x.ndim == 4 else [], seed=seed)
    flip = draws < 0.5
    flip = flip[:, None, None, None] if x.ndim == 4 else flip
    return where(flip, reverse(x, [axis]), x)


def _max(dtype: _dtypes.DType):
    return np.iinfo(dtype._np).max if dtype.is_integer else 1.0


def convert_image_dtype(image, dtype, saturate=False, name=None) -> Tensor:
    """Converts an image's dtype, scaling its values (integers span ``[0, MAX]``, floats
    ``[0, 1)``) (``tf.image.convert_image_dtype``)."""
    x = convert_to_tensor(image)
    dtype = _dtypes.as_dtype(dtype)
    if x.dtype == dtype:
        return x
    if x.dtype.is_integer and dtype.is_integer:
        scale_in, scale_out = int(_max(x.dtype)) + 1, int(_max(dtype)) + 1
        if scale_in > scale_out:
            return cast(x // (scale_in // scale_out), dtype)
        return cast(x, dtype) * (scale_out // scale_in)
    if x.dtype.is_integer:
        return cast(x, dtype) * (1.0 / _max(x.dtype))
    if dtype.is_integer:
        scaled = x * (_max(dtype) + 0.5)
        return saturate_cast(scaled, dtype) if saturate else cast(cast(scaled, _dtypes.int64), dtype)
    return cast(x, dtype)


def rgb_to_grayscale(images, name=None) -> Tensor:
    """The luma of RGB images, with a last axis of size 1 (``tf.image.rgb_to_grayscale``)."""
    x = convert_to_tensor(images)
    if x.shape[-1] != 3:
        rows = int(np.prod(x.shape[:-1]))
        raise InvalidArgumentError(
            f"Matrix size-incompatible: In[0]: [{rows},{x.shape[-1]}], In[1]: [3,1] [Op:MatMul]"
        )
    gray = record(_GRAY, (convert_image_dtype(x, _dtypes.float32),))
    return convert_image_dtype(gray, x.dtype)


def central_crop(image, central_fraction) -> Tensor:
    """The central ``central_fraction`` of each image (``tf.image.central_crop``)."""
    x = _image(image)
    if central_fraction <= 0.0 or central_fraction > 1.0:
        raise ValueError("central_fraction must be within (0, 1]")
    if central_fraction == 1.0:
        return x
    h, w = float(x.shape[-3]), float(x.shape[-2])
    top, left = int((h - h * central_fraction) / 2), int((w - w * central_fraction) / 2)
    return x[..., top : int(h) - top, left : int(w) - left, :]


def adjust_brightness(image, delta) -> Tensor:
    """Adds ``delta`` to every pixel, in float (``tf.image.adjust_brightness``)."""
    x = convert_to_tensor(image)
    flt = x if x.dtype in (_dtypes.float16, _dtypes.float32) else convert_image_dtype(x, _dtypes.float32)
    return convert_image_dtype(flt + delta, x.dtype, saturate=True)


def per_image_standardization(image) -> Tensor:
    """Each image scaled to mean 0 and variance 1 (``tf.image.per_image_standardization``)."""
    x = _image(image, "image")
    if not x.dtype.is_floating:
        x = cast(x, _dtypes.float32)
    pixels = float(np.prod(x.shape[-3:]))
    return record(_STANDARDIZE, (x,), {"min_std": float(1.0 / np.sqrt(pixels))})
