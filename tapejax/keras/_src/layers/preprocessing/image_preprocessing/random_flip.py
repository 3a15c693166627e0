"""RandomFlip: each image flipped left-right and/or up-down with probability 1/2 while training."""

from __future__ import annotations

from ....backend.image import reverse as _reverse
from ....backend.ops import reshape as _reshape
from ....backend.ops import where as _where
from .base_image_preprocessing_layer import BaseImagePreprocessingLayer

HORIZONTAL, VERTICAL, HORIZONTAL_AND_VERTICAL = "horizontal", "vertical", "horizontal_and_vertical"


class RandomFlip(BaseImagePreprocessingLayer):
    """Flips each image with probability 1/2 (one draw per image for both axes, as Keras 3):
    ``mode`` ``'horizontal'``, ``'vertical'`` or ``'horizontal_and_vertical'``. Only while
    training.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.RandomFlip('horizontal', seed=1)
    >>> layer(tf.ones([2, 3, 3, 1]), training=False).shape
    TensorShape([2, 3, 3, 1])
    """

    _USE_BASE_FACTOR = False

    def __init__(self, mode=HORIZONTAL_AND_VERTICAL, seed=None, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        if mode not in (HORIZONTAL, VERTICAL, HORIZONTAL_AND_VERTICAL):
            raise ValueError(f"RandomFlip layer {self.name} received an unknown mode argument {mode}")
        self.mode, self.seed = mode, seed

    def get_random_transformation(self, images, training=True, seed=None):
        if not training:
            return None
        return self._uniform((images.shape[0],), 0.0, 1.0) <= 0.5

    def transform_images(self, images, transformation, training=True):
        if not training or transformation is None:
            return images
        flips = _reshape(transformation, (-1, 1, 1, 1))
        h_axis, w_axis = self._hw_axes()
        if self.mode in (HORIZONTAL, HORIZONTAL_AND_VERTICAL):
            images = _where(flips, _reverse(images, [w_axis]), images)
        if self.mode in (VERTICAL, HORIZONTAL_AND_VERTICAL):
            images = _where(flips, _reverse(images, [h_axis]), images)
        return images

    def get_config(self) -> dict:
        return {**super().get_config(), "seed": self.seed, "mode": self.mode}
