"""RandomTranslation: each image shifted by a random fraction of its size while training."""

from __future__ import annotations

from ....backend.ops import concat as _concat
from .base_affine_layer import BaseAffineLayer, factor_range

_MESSAGE = "The `factor` argument should be a number (or a list of two numbers) in the range [-1.0, 1.0]. "


class RandomTranslation(BaseAffineLayer):
    """Shifts each image by ``height_factor * height`` rows and ``width_factor * width``
    columns (each a number ``f``: drawn from ``[-f, f]``; or a pair), positive values down
    and right. Only while training.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.RandomTranslation(0.0, (0.5, 0.5), fill_mode='constant')
    >>> layer(tf.reshape(tf.range(4.0), [1, 1, 4, 1]))[0, 0, :, 0].numpy()
    array([0., 0., 0., 1.], dtype=float32)
    """

    kind = "translation"

    def __init__(
        self,
        height_factor,
        width_factor,
        fill_mode="reflect",
        interpolation="bilinear",
        seed=None,
        fill_value=0.0,
        data_format=None,
        **kwargs,
    ):
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        self.height_lower, self.height_upper = factor_range(height_factor, "height_factor", _MESSAGE, -1.0)
        self.width_lower, self.width_upper = factor_range(width_factor, "width_factor", _MESSAGE, -1.0)

    def draw(self, batch, height, width):
        dy = self._uniform((batch, 1), self.height_lower, self.height_upper) * float(height)
        dx = self._uniform((batch, 1), self.width_lower, self.width_upper) * float(width)
        return _concat([dx, dy], axis=1)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "height_factor": self.height_factor,
            "width_factor": self.width_factor,
        }
