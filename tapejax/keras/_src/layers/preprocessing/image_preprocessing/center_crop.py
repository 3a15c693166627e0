"""CenterCrop: the central ``(height, width)`` window of each image (resized up when smaller)."""

from __future__ import annotations

from ....backend.ops import transpose as _transpose
from .base_image_preprocessing_layer import BaseImagePreprocessingLayer
from .resizing import resize_images


def resize_to(images, height: int, width: int, data_format: str, crop: bool = False):
    """A batch resized (bilinear) to ``(height, width)``; ``crop``: from the largest centered
    window of the target's aspect ratio (Keras' ``smart_resize``)."""
    first = data_format == "channels_first"
    x = _transpose(images, (0, 2, 3, 1)) if first else images
    out = resize_images(x, height, width, "bilinear", crop=crop)
    return _transpose(out, (0, 3, 1, 2)) if first else out


class CenterCrop(BaseImagePreprocessingLayer):
    """Crops the center ``(height, width)`` of each image, in training and inference; an
    image smaller than that is center-cropped to the target's aspect ratio and resized up.
    The output has the layer's dtype.

    >>> import tapejax as tf
    >>> tf.keras.layers.CenterCrop(1, 2)(tf.reshape(tf.range(9.0), [3, 3, 1]))[..., 0].numpy()
    array([[3., 4.]], dtype=float32)
    """

    _USE_BASE_FACTOR = False

    def __init__(self, height, width, data_format=None, **kwargs):
        super().__init__(data_format=data_format, **kwargs)
        self.height, self.width = height, width

    def transform_images(self, images, transformation=None, training=True):
        h_axis, w_axis = self._hw_axes()
        h, w = images.shape[h_axis], images.shape[w_axis]
        if h >= self.height and w >= self.width:
            top, left = (h - self.height) // 2, (w - self.width) // 2
            window = [slice(None)] * 4
            window[h_axis] = slice(top, top + self.height)
            window[w_axis] = slice(left, left + self.width)
            return images[tuple(window)]
        return resize_to(images, self.height, self.width, self.data_format, crop=True)

    def compute_output_shape(self, input_shape):
        return self._sized_shape(input_shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "height": self.height, "width": self.width}
