"""SpatialDropout1D/2D/3D: dropout of whole feature maps."""

from __future__ import annotations

from ...backend.ops import nn_ops as _nn
from ...utils.conv_utils import standardize_data_format
from ..input_spec import check_input_spec
from .dropout import Dropout


class _SpatialDropout(Dropout):
    ndim = 3

    def __init__(self, rate, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)

    def _check_input(self, inputs) -> None:
        check_input_spec(self, inputs, ndim=self.ndim)

    def call(self, inputs, training=False):
        if not training or self.rate <= 0:
            return inputs
        shape = tuple(inputs.shape)
        channels_first = getattr(self, "data_format", "channels_last") == "channels_first"
        noise = (
            (shape[0], shape[1]) + (1,) * (self.ndim - 2)
            if channels_first
            else (shape[0],) + (1,) * (self.ndim - 2) + (shape[-1],)
        )
        return _nn.dropout(inputs, self.rate, noise_shape=noise, seed=self.seed)

    def get_config(self) -> dict:
        return {"rate": self.rate, "seed": self.seed, "name": self.name, "dtype": self.dtype}


class SpatialDropout1D(_SpatialDropout):
    """Dropout of whole feature maps: one draw per ``(example, channel)`` of a
    ``(batch, steps, channels)`` input.

    >>> import tapejax as tf
    >>> y = tf.keras.layers.SpatialDropout1D(0.5)(tf.ones([4, 3, 8]), training=True).numpy()
    >>> bool((y.min(axis=1) == y.max(axis=1)).all())  # each channel kept or dropped whole
    True
    """


class SpatialDropout2D(_SpatialDropout):
    """Dropout of whole 2-D feature maps (one draw per example and channel)."""

    ndim = 4

    def __init__(self, rate, data_format=None, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)
        self.data_format = standardize_data_format(data_format)

    def get_config(self) -> dict:
        return {**super().get_config(), "data_format": self.data_format}


class SpatialDropout3D(SpatialDropout2D):
    """Dropout of whole 3-D feature maps (one draw per example and channel)."""

    ndim = 5
