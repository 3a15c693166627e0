"""RandomRotation: each image rotated about its center by a random angle while training."""

from __future__ import annotations

from ....backend.ops import reshape as _reshape
from .base_affine_layer import BaseAffineLayer
from .base_image_preprocessing_layer import factor_pair


class RandomRotation(BaseAffineLayer):
    """Rotates each image by an angle drawn from ``factor * 360`` degrees (``factor`` a number
    ``f``: ``[-f, f]``; or a pair), counter-clockwise for positive angles; areas outside the
    input are filled by ``fill_mode`` (``'reflect'``, ``'wrap'``, ``'constant'``,
    ``'nearest'``). Only while training; otherwise the input (as the layer's dtype).

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.RandomRotation((0.5, 0.5))  # always 180 degrees
    >>> layer(tf.reshape(tf.range(4.0), [1, 2, 2, 1]))[0, ..., 0].numpy().round(4)
    array([[3., 2.],
           [1., 0.]], dtype=float32)
    """

    kind = "rotation"

    def __init__(
        self,
        factor,
        fill_mode="reflect",
        interpolation="bilinear",
        seed=None,
        fill_value=0.0,
        data_format=None,
        **kwargs,
    ):
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.factor = factor_pair(factor, (-1, 1))

    def draw(self, batch, height, width):
        angle = self._uniform((batch,), self.factor[0] * 360.0, self.factor[1] * 360.0)
        return _reshape(angle, (batch, 1))

    def get_config(self) -> dict:
        return {**super().get_config(), "factor": self.factor}
