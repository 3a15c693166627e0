"""RandomBrightness: a random offset added to each image while training."""

from __future__ import annotations

from ....backend.ops import clip_by_value as _clip
from .base_image_preprocessing_layer import BaseImagePreprocessingLayer

_RANGE_MESSAGE = "The `value_range` argument should be a list of two numbers. "


class RandomBrightness(BaseImagePreprocessingLayer):
    """Adds ``delta * (value_range[1] - value_range[0])`` to each image, ``delta`` drawn from
    ``factor`` (a number ``f`` in ``[-1, 1]``: ``[-f, f]``; or a pair), then clips to
    ``value_range``. Only while training.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.RandomBrightness((0.1, 0.1), value_range=(0, 1))
    >>> layer(tf.constant([[[[0.2], [0.95]]]])).numpy().ravel()
    array([0.3, 1. ], dtype=float32)
    """

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(factor=factor, **kwargs)
        if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
            raise ValueError(f"{_RANGE_MESSAGE}Received: value_range={value_range}")
        self.value_range, self.seed = sorted(value_range), seed

    def get_random_transformation(self, images, training=True, seed=None):
        if not training:
            return None
        delta = self._uniform((images.shape[0], 1, 1, 1), self.factor[0], self.factor[1])
        return delta * float(self.value_range[1] - self.value_range[0])

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        return _clip(images + transformation, self.value_range[0], self.value_range[1])

    def transform_segmentation_masks(self, masks, transformation, training=True):
        return masks

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "factor": self.factor,
            "value_range": self.value_range,
            "seed": self.seed,
        }
