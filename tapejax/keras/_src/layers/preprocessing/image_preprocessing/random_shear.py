"""RandomShear: each image sheared along x and y by random factors while training."""

from __future__ import annotations

from ....backend.ops import concat as _concat
from ....backend.ops import where as _where
from .base_affine_layer import BaseAffineLayer, factor_range

_MESSAGE = "The `factor` argument should be a number (or a list of two numbers) in the range [0, 1.0]. "


class RandomShear(BaseAffineLayer):
    """Shears each image by ``x_factor`` and ``y_factor`` drawn from their ranges (a number
    ``f`` in ``[0, 1]``: ``[-f, f]``), the sign flipped at random per image, as Keras. Only
    while training.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.RandomShear(x_factor=0.0, y_factor=0.0)
    >>> layer(tf.ones([1, 2, 2, 1])).shape
    TensorShape([1, 2, 2, 1])
    """

    kind = "shear"

    def __init__(
        self,
        x_factor=0.0,
        y_factor=0.0,
        interpolation="bilinear",
        fill_mode="reflect",
        fill_value=0.0,
        data_format=None,
        seed=None,
        **kwargs,
    ):
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.x_factor = factor_range(x_factor, "x_factor", _MESSAGE, 0.0)
        self.y_factor = factor_range(y_factor, "y_factor", _MESSAGE, 0.0)

    def draw(self, batch, height, width):
        invert = self._uniform((batch, 1), 0.0, 1.0)
        sign = _where(invert > 0.5, -1.0 + 0.0 * invert, 1.0 + 0.0 * invert)
        shear_y = self._uniform((batch, 1), *self.y_factor)
        shear_x = self._uniform((batch, 1), *self.x_factor)
        return _concat([shear_x, shear_y], axis=1) * sign

    def get_config(self) -> dict:
        return {**super().get_config(), "x_factor": self.x_factor, "y_factor": self.y_factor}
