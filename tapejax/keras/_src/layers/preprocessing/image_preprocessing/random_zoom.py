"""RandomZoom: each image zoomed in or out about its center by a random factor while training."""

from __future__ import annotations

from ....backend.ops import concat as _concat
from .base_affine_layer import BaseAffineLayer, factor_range

_MESSAGE = (
    "The `height_factor` and `width_factor` arguments should be a number (or a list of two "
    "numbers) in the range (-1.0, 1.0]. "
)


class RandomZoom(BaseAffineLayer):
    """Zooms each image by ``1 + z`` on each axis, ``z`` drawn from ``height_factor`` (and
    ``width_factor``; ``None`` keeps the aspect ratio): a positive ``z`` zooms out, a
    negative one in. Only while training.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.RandomZoom((-0.5, -0.5), fill_mode='constant')
    >>> layer(tf.reshape(tf.range(9.0), [1, 3, 3, 1]))[0, ..., 0].numpy()
    array([[2. , 2.5, 3. ],
           [3.5, 4. , 4.5],
           [5. , 5.5, 6. ]], dtype=float32)
    """

    kind = "zoom"

    def __init__(
        self,
        height_factor,
        width_factor=None,
        fill_mode="reflect",
        interpolation="bilinear",
        seed=None,
        fill_value=0.0,
        data_format=None,
        **kwargs,
    ):
        super().__init__(fill_mode, interpolation, seed, fill_value, data_format, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        self.height_lower, self.height_upper = factor_range(
            height_factor, "height_factor", _MESSAGE, -1.0, True
        )
        if width_factor is not None:
            self.width_lower, self.width_upper = factor_range(
                width_factor, "width_factor", _MESSAGE, -1.0, True
            )

    def draw(self, batch, height, width):
        zy = self._uniform((batch, 1), 1.0 + self.height_lower, 1.0 + self.height_upper)
        zx = zy
        if self.width_factor is not None:
            zx = self._uniform((batch, 1), 1.0 + self.width_lower, 1.0 + self.width_upper)
        return _concat([zx, zy], axis=1)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "height_factor": self.height_factor,
            "width_factor": self.width_factor,
        }
