"""The ``Flatten`` layer: each sample flattened to one axis (Keras 3's)."""

from __future__ import annotations

import math

from ...backend.ops import reshape as _reshape
from ...backend.ops import transpose as _transpose
from ..layer import Layer


def _data_format(value) -> str:
    value = "channels_last" if value is None else str(value).lower()
    if value not in ("channels_last", "channels_first"):
        raise ValueError(
            'The `data_format` argument must be one of {"channels_first", "channels_last"}. '
            f"Received: data_format={value}"
        )
    return value


class Flatten(Layer):
    """Flattens all but the batch dimension: ``(batch, ...) -> (batch, prod(...))``.

    With ``data_format='channels_first'`` the channels axis is moved last first, so the order
    of the features is the channels-last one, as in Keras.

    >>> import tapejax as tf
    >>> tf.keras.layers.Flatten()(tf.ones([2, 3, 4])).shape
    TensorShape([2, 12])
    """

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = _data_format(data_format)
        self.built = True

    def call(self, inputs):
        rank = inputs.ndim
        if self.data_format == "channels_first" and rank > 1:
            inputs = _transpose(inputs, (0, *range(2, rank), 1))
        return _reshape(inputs, self.compute_output_shape(inputs.shape))

    def compute_output_shape(self, input_shape):
        rest = tuple(input_shape)[1:]
        size = None if None in rest else math.prod(rest)
        return (tuple(input_shape)[0], size)

    def get_config(self) -> dict:
        return {**super().get_config(), "data_format": self.data_format}
