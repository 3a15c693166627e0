"""Resizing: images resized to ``(height, width)`` (TF's ``tf.image.resize``), optionally
cropped or padded to the target aspect ratio first."""

from __future__ import annotations

import jax

from ....backend.image import resize as _resize
from ....backend.image import saturate_cast as _saturate_cast
from ....backend.layer_op import Op, run_op
from ....backend.ops import math_ops as _math
from ....backend.ops import pad as _pad
from ....backend.ops import transpose as _transpose
from .base_image_preprocessing_layer import BaseImagePreprocessingLayer

INTERPOLATIONS = ("bilinear", "nearest", "lanczos3", "lanczos5", "bicubic", "area")
_JAX_METHODS = {"bicubic": "cubic", "lanczos3": "lanczos3", "lanczos5": "lanczos5"}
_JAX_RESIZE = Op(
    "ResizeImage",
    lambda x, *, shape, method, antialias: jax.image.resize(x, shape, method, antialias=antialias),
)


def resize_images(
    images,
    height: int,
    width: int,
    interpolation="bilinear",
    antialias=False,
    crop=False,
    pad=False,
    fill_value=0.0,
):
    """Keras' ``ops.image.resize`` of a channels-last batch, as TF computes it."""
    h, w = images.shape[1], images.shape[2]
    if crop:
        ch = max(min(h, int(float(w * height) / width)), 1)
        cw = max(min(w, int(float(h * width) / height)), 1)
        top, left = int((h - ch) / 2), int((w - cw) / 2)
        images = images[:, top : top + ch, left : left + cw, :]
    elif pad:
        ph = max(h, int(float(w * height) / width))
        pw = max(w, int(float(h * width) / height))
        top, left = int((ph - h) / 2), int((pw - w) / 2)
        # Keras pads the same amount on both sides (the extra row of an odd gap is not added).
        images = _pad(images, [[0, 0], [top, top], [left, left], [0, 0]], constant_values=fill_value)
    if interpolation in ("bilinear", "nearest"):
        return _resize(images, [height, width], method=interpolation, antialias=antialias)
    if interpolation not in _JAX_METHODS:
        raise NotImplementedError(
            f"Resizing: interpolation={interpolation!r} is not supported by tapejax.keras."
        )
    if not images.dtype.is_floating:
        images = _math.cast(images, "float32")
    shape = (images.shape[0], height, width, images.shape[3])
    return run_op(
        _JAX_RESIZE, images, shape=shape, method=_JAX_METHODS[interpolation], antialias=bool(antialias)
    )


class Resizing(BaseImagePreprocessingLayer):
    """Resizes images to ``(height, width)``, in training and inference alike.

    ``interpolation``: ``'bilinear'`` (default) or ``'nearest'`` (TF's half-pixel rules),
    ``'bicubic'``, ``'lanczos3'``, ``'lanczos5'``; ``crop_to_aspect_ratio`` crops the largest
    centered window of the target's aspect ratio first, ``pad_to_aspect_ratio`` pads with
    ``fill_value`` instead. Integer images are rounded back to their dtype, as Keras.

    >>> import tapejax as tf
    >>> tf.keras.layers.Resizing(1, 2)(tf.reshape(tf.range(8.0), [1, 2, 4, 1]))[0, ..., 0].numpy()
    array([[2.5, 4.5]], dtype=float32)
    """

    _USE_BASE_FACTOR = False

    def __init__(
        self,
        height,
        width,
        interpolation="bilinear",
        crop_to_aspect_ratio=False,
        pad_to_aspect_ratio=False,
        fill_mode="constant",
        fill_value=0.0,
        antialias=False,
        data_format=None,
        **kwargs,
    ):
        super().__init__(data_format=data_format, **kwargs)
        self.height, self.width, self.interpolation = height, width, interpolation
        self.crop_to_aspect_ratio, self.pad_to_aspect_ratio = crop_to_aspect_ratio, pad_to_aspect_ratio
        self.fill_mode, self.fill_value, self.antialias = fill_mode, fill_value, bool(antialias)

    def call(self, data, training=True):
        # Resizing keeps its input's dtype (integer images are rounded), so no cast first.
        images = data["images"] if isinstance(data, dict) else data
        batched = self._is_batched(images)
        out = self._resize(images if batched else images[None], self.interpolation)
        out = out if batched else out[0]
        if not isinstance(data, dict):
            return out
        result = {**data, "images": out}
        if "segmentation_masks" in data:
            masks = data["segmentation_masks"]
            masks = self._resize(masks if batched else masks[None], "nearest")
            result["segmentation_masks"] = masks if batched else masks[0]
        return result

    def _resize(self, images, interpolation):
        if self.interpolation not in INTERPOLATIONS:
            raise ValueError(
                f"Invalid value for argument `interpolation`. Expected of one {INTERPOLATIONS}. "
                f"Received: interpolation={self.interpolation}"
            )
        if self.fill_mode != "constant":
            raise ValueError(
                "Invalid value for argument `fill_mode`. Only `'constant'` is supported. "
                f"Received: fill_mode={self.fill_mode}"
            )
        if self.pad_to_aspect_ratio and self.crop_to_aspect_ratio:
            raise ValueError("Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio` can be `True`.")
        first = self.data_format == "channels_first"
        x = _transpose(images, (0, 2, 3, 1)) if first else images
        out = resize_images(
            x,
            self.height,
            self.width,
            interpolation,
            self.antialias,
            self.crop_to_aspect_ratio,
            self.pad_to_aspect_ratio,
            self.fill_value,
        )
        out = _transpose(out, (0, 3, 1, 2)) if first else out
        if out.dtype != images.dtype:
            if images.dtype.is_integer:
                out = _math.round(out)
            out = _saturate_cast(out, images.dtype)
        return out

    def compute_output_shape(self, input_shape):
        return self._sized_shape(input_shape)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "height": self.height,
            "width": self.width,
            "interpolation": self.interpolation,
            "crop_to_aspect_ratio": self.crop_to_aspect_ratio,
            "pad_to_aspect_ratio": self.pad_to_aspect_ratio,
            "fill_mode": self.fill_mode,
            "fill_value": self.fill_value,
            "antialias": self.antialias,
        }
