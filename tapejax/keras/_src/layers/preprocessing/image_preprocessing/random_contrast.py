"""RandomContrast: each image's deviation from its mean scaled by a random factor while training."""

from __future__ import annotations

from ....backend.ops import clip_by_value as _clip
from ....backend.ops import reduce_mean as _mean
from .base_image_preprocessing_layer import BaseImagePreprocessingLayer


class RandomContrast(BaseImagePreprocessingLayer):
    """Replaces each image ``x`` (per channel) by ``(x - mean) * f + mean``, clipped to
    ``value_range``, with ``f`` drawn from ``[1 - lower, 1 + upper]`` per image (``factor`` a
    number in ``[0, 1]``, giving ``(0, factor)`` as Keras 3.15, or a pair). Only while training.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.RandomContrast(0.0)
    >>> layer(tf.constant([[[[0.0], [2.0]]]])).numpy().ravel()
    array([0., 2.], dtype=float32)
    """

    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor, value_range=(0, 255), seed=None, **kwargs):
        super().__init__(factor=factor, **kwargs)
        self.value_range, self.seed = value_range, seed

    def get_random_transformation(self, images, training=True, seed=None):
        if not training:
            return None
        return self._uniform((images.shape[0], 1, 1, 1), 1.0 - self.factor[0], 1.0 + self.factor[1])

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        mean = _mean(images, axis=self._hw_axes(), keepdims=True)
        out = (images - mean) * transformation + mean
        return _clip(out, self.value_range[0], self.value_range[1])

    def transform_segmentation_masks(self, masks, transformation, training=True):
        return masks

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "factor": self.factor,
            "value_range": self.value_range,
            "seed": self.seed,
        }
