"""The base of Keras 3's image preprocessing layers: an image or a batch of images (or a dict
of ``images``, ``labels``, ``segmentation_masks``), a random transformation drawn per call, and
that transformation applied to each part."""

from __future__ import annotations

import math

from ....backend.ops import cast as _cast
from ....backend.ops import expand_dims as _expand_dims
from ....backend.ops import random_ops as _random
from ....backend.ops import squeeze as _squeeze
from ....utils.conv_utils import standardize_data_format
from ...layer import Layer


def factor_pair(factor, bounds, name: str = "factor") -> tuple:
    """Keras' ``(lower, upper)`` from a number ``f`` (``(-f, f)`` within ``bounds``) or a pair."""
    message = (
        f"The `{name}` argument should be a number (or a list of two numbers) in the range "
        f"[{bounds[0]}, {bounds[1]}]. Received: {name}={factor}"
    )
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2 or factor[0] > bounds[1] or factor[1] < bounds[0]:
            raise ValueError(message)
        lower, upper = sorted(factor)
        return lower, upper
    if isinstance(factor, (int, float)) and not isinstance(factor, bool):
        if factor < bounds[0] or factor > bounds[1]:
            raise ValueError(message)
        return max(-abs(factor), bounds[0]), abs(factor)
    raise ValueError(message)


class BaseImagePreprocessingLayer(Layer):
    """Calls ``get_random_transformation`` once per call (``None`` when not training), then
    ``transform_images`` (and ``transform_labels``, ``transform_segmentation_masks``) with it.
    An unbatched image ``(H, W, C)`` is transformed as a batch of one."""

    _USE_BASE_FACTOR = True
    _FACTOR_BOUNDS = (-1, 1)

    def __init__(self, factor=None, bounding_box_format=None, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.bounding_box_format = bounding_box_format
        self.data_format = standardize_data_format(data_format)
        self.supports_masking = False
        if self._USE_BASE_FACTOR:
            self.factor = factor_pair(factor or 0.0, self._FACTOR_BOUNDS)
        elif factor is not None:
            raise ValueError(
                f"Layer {type(self).__name__} does not take a `factor` argument. Received: factor={factor}"
            )
        self.built = True

    # -- what subclasses define ------------------------------------------------------------
    def get_random_transformation(self, data, training=True, seed=None):
        return None

    def transform_images(self, images, transformation, training=True):
        raise NotImplementedError

    def transform_labels(self, labels, transformation, training=True):
        return labels

    def transform_segmentation_masks(self, masks, transformation, training=True):
        return self.transform_images(masks, transformation, training=training)

    # -- the call ---------------------------------------------------------------------------
    def call(self, data, training=True):
        images = data["images"] if isinstance(data, dict) else data
        batched = self._is_batched(images)
        if not batched:
            images = _expand_dims(images, 0)
        transformation = self.get_random_transformation(images, training=training)
        out = self.transform_images(_cast(images, self.compute_dtype), transformation, training=training)
        out = out if batched else _squeeze(out, 0)
        if not isinstance(data, dict):
            return out
        if "bounding_boxes" in data:
            raise NotImplementedError(
                f"{type(self).__name__}: `bounding_boxes` are not supported by tapejax.keras; "
                "transform the boxes in your own input pipeline."
            )
        result = {**data, "images": out}
        if "labels" in data:
            result["labels"] = self.transform_labels(data["labels"], transformation, training=training)
        if "segmentation_masks" in data:
            masks = data["segmentation_masks"]
            masks = masks if batched else _expand_dims(masks, 0)
            masks = self.transform_segmentation_masks(masks, transformation, training=training)
            result["segmentation_masks"] = masks if batched else _squeeze(masks, 0)
        return result

    def _is_batched(self, images) -> bool:
        rank = len(images.shape)
        if rank not in (3, 4):
            raise ValueError(
                "Expected image tensor to have rank 3 (single image) or 4 (batch of images). "
                f"Received: data.shape={tuple(images.shape)}"
            )
        return rank == 4

    # -- helpers ------------------------------------------------------------------------------
    def _hw_axes(self) -> tuple:
        return (2, 3) if self.data_format == "channels_first" else (1, 2)

    def _channel_axis(self) -> int:
        return 1 if self.data_format == "channels_first" else -1

    def _uniform(self, shape, minval, maxval):
        """A draw from ``[minval, maxval)``: the layer's seed gives a repeatable sequence."""
        return _random.uniform(tuple(shape), minval, maxval, seed=self.seed)

    def compute_output_shape(self, input_shape):
        return input_shape

    def _sized_shape(self, input_shape) -> tuple:
        """``input_shape`` with the height and width of a layer making ``(height, width)`` images."""
        shape = list(input_shape)
        h, w = (-2, -1) if self.data_format == "channels_first" else (-3, -2)
        shape[h], shape[w] = self.height, self.width
        return tuple(shape)

    def get_config(self) -> dict:
        config = {**super().get_config(), "data_format": self.data_format}
        if self.bounding_box_format is not None:
            config["bounding_box_format"] = self.bounding_box_format
        return config


def transform_value_range(images, original_range, target_range):
    """``images`` rescaled linearly from ``original_range`` to ``target_range``."""
    if tuple(original_range) == tuple(target_range):
        return images
    lo, hi = (float(v) for v in original_range)
    new_lo, new_hi = (float(v) for v in target_range)
    return (images - lo) / (hi - lo) * (new_hi - new_lo) + new_lo


def degrees_to_radians(angle):
    return angle * (math.pi / 180.0)
