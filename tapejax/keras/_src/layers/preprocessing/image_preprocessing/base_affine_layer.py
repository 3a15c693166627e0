"""The base of RandomRotation, RandomZoom, RandomTranslation and RandomShear: a random affine
map per image, sampled with Keras' fill modes and interpolations."""

from __future__ import annotations

from .affine_transform import FILL_MODES, INTERPOLATIONS, affine_transform
from .base_image_preprocessing_layer import BaseImagePreprocessingLayer


class BaseAffineLayer(BaseImagePreprocessingLayer):
    _USE_BASE_FACTOR = False
    kind = ""  # the transform of affine_transform.MATRICES

    def __init__(
        self,
        fill_mode="reflect",
        interpolation="bilinear",
        seed=None,
        fill_value=0.0,
        data_format=None,
        **kwargs,
    ):
        super().__init__(data_format=data_format, **kwargs)
        if fill_mode not in FILL_MODES:
            raise NotImplementedError(f"Unknown `fill_mode` {fill_mode}. Expected of one {FILL_MODES}.")
        if interpolation not in INTERPOLATIONS:
            raise NotImplementedError(
                f"Unknown `interpolation` {interpolation}. Expected of one {INTERPOLATIONS}."
            )
        self.fill_mode, self.interpolation = fill_mode, interpolation
        self.fill_value, self.seed = fill_value, seed

    def draw(self, batch: int, height: int, width: int):
        """The transform's parameters, ``(batch, n)``, drawn for one call."""
        raise NotImplementedError

    def get_random_transformation(self, images, training=True, seed=None):
        if not training:
            return None
        h_axis, w_axis = self._hw_axes()
        return self.draw(images.shape[0], images.shape[h_axis], images.shape[w_axis])

    def transform_images(self, images, transformation, training=True, interpolation=None):
        if not training or transformation is None:
            return images
        return affine_transform(
            images,
            self.kind,
            transformation,
            interpolation=interpolation or self.interpolation,
            fill_mode=self.fill_mode,
            fill_value=self.fill_value,
            data_format=self.data_format,
        )

    def transform_segmentation_masks(self, masks, transformation, training=True):
        return self.transform_images(masks, transformation, training=training, interpolation="nearest")

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "fill_mode": self.fill_mode,
            "interpolation": self.interpolation,
            "seed": self.seed,
            "fill_value": self.fill_value,
        }


def factor_range(factor, name: str, message: str, low: float, low_open: bool = False) -> tuple:
    """``(lower, upper)`` from a number ``f`` (``(-f, f)``) or a pair, each in ``[low, 1]``
    (``(low, 1]`` when ``low_open``), with Keras' message for the others."""

    def check(value):
        if value > 1.0 or value < low or (low_open and value == low):
            raise ValueError(f"{message}Received: input_number={value}")

    if isinstance(factor, (tuple, list)):
        if len(factor) != 2:
            raise ValueError(f"{message}Received: {name}={factor}")
        check(factor[0])
        check(factor[1])
        lower, upper = sorted(factor)
        return lower, upper
    if isinstance(factor, (int, float)) and not isinstance(factor, bool):
        check(factor)
        return -abs(factor), abs(factor)
    raise ValueError(f"{message}Received: {name}={factor}")
