"""RandomCrop: a random ``(height, width)`` window of each batch while training."""

from __future__ import annotations

import random

import jax

from ....backend.layer_op import Op, run_op
from ....backend.ops import cast as _cast
from .base_image_preprocessing_layer import BaseImagePreprocessingLayer
from .center_crop import resize_to


def _window(x, top, left, *, height, width, h_axis, w_axis):
    x = jax.lax.dynamic_slice_in_dim(x, top, height, axis=h_axis)
    return jax.lax.dynamic_slice_in_dim(x, left, width, axis=w_axis)


_WINDOW = Op("CropWindow", _window)


class RandomCrop(BaseImagePreprocessingLayer):
    """While training, crops one random ``(height, width)`` window (the same for the whole
    batch, as Keras 3); an input not larger than the target on both axes is center-cropped
    to its aspect ratio and resized instead. In inference the input passes unchanged, as
    Keras 3.15 does.

    >>> import tapejax as tf
    >>> tf.keras.layers.RandomCrop(2, 2, seed=3)(tf.ones([1, 4, 4, 3])).shape
    TensorShape([1, 2, 2, 3])
    """

    _USE_BASE_FACTOR = False

    def __init__(self, height, width, seed=None, data_format=None, name=None, **kwargs):
        super().__init__(data_format=data_format, name=name, **kwargs)
        self.height, self.width = height, width
        self.seed = seed if seed is not None else random.randint(1, int(1e9))  # as Keras' default seed

    def get_random_transformation(self, images, training=True, seed=None):
        h_axis, w_axis = self._hw_axes()
        h, w = images.shape[h_axis], images.shape[w_axis]
        if h is None or w is None:
            raise ValueError(
                "RandomCrop requires the input to have a fully defined height and width. "
                f"Received: images.shape={tuple(images.shape)}"
            )
        if training and h > self.height and w > self.width:
            top = _cast(self._uniform((), 0.0, float(h - self.height + 1)), "int32")
            left = _cast(self._uniform((), 0.0, float(w - self.width + 1)), "int32")
            return top, left
        # Otherwise Keras takes the window at the corner of the centered crop of the target's
        # aspect ratio (clipped by the image) and resizes it.
        crop_h = max(min(h, int(float(w * self.height) / self.width)), 1)
        crop_w = max(min(w, int(float(h * self.width) / self.height)), 1)
        return int(float(h - crop_h) / 2), int(float(w - crop_w) / 2)

    def transform_images(self, images, transformation, training=True):
        if not training:
            return images
        h_axis, w_axis = self._hw_axes()
        top, left = transformation
        if isinstance(top, int):
            window = [slice(None)] * 4
            window[h_axis] = slice(top, top + self.height)
            window[w_axis] = slice(left, left + self.width)
            images = images[tuple(window)]
        else:
            images = run_op(
                _WINDOW, images, top, left, height=self.height, width=self.width, h_axis=h_axis, w_axis=w_axis
            )
        if images.shape[h_axis] != self.height or images.shape[w_axis] != self.width:
            images = _cast(resize_to(images, self.height, self.width, self.data_format), self.compute_dtype)
        return images

    def compute_output_shape(self, input_shape):
        return self._sized_shape(input_shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "height": self.height, "width": self.width, "seed": self.seed}
