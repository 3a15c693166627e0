"""The ``Reshape`` layer: each sample reshaped, the batch dimension kept."""

from __future__ import annotations

import math

from ...backend.ops import reshape as _reshape
from ..layer import Layer


class Reshape(Layer):
    """Reshapes all but the batch dimension to ``target_shape`` (one entry may be -1).

    >>> import tapejax as tf
    >>> tf.keras.layers.Reshape((3, -1))(tf.ones([2, 12])).shape
    TensorShape([2, 3, 4])
    """

    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        target_shape = tuple(target_shape)
        if any(d < -1 for d in target_shape):
            raise ValueError(
                "Each dimension in `target_shape` must be a non-negative integer, or `-1` "
                f"for a single unknown dimension. Received: target_shape={target_shape}."
            )
        if target_shape.count(-1) > 1:
            raise ValueError(
                "There must be at most one unknown dimension (-1) in `target_shape`. "
                f"Received: target_shape={target_shape}."
            )
        self.target_shape = target_shape
        self.built = True

    def call(self, inputs):
        return _reshape(inputs, (inputs.shape[0], *self.compute_output_shape(inputs.shape)[1:]))

    def compute_output_shape(self, input_shape):
        batch, rest = tuple(input_shape)[0], tuple(input_shape)[1:]
        if None in rest:
            return (batch, *(None if d == -1 else d for d in self.target_shape))
        size = math.prod(rest)
        known = math.prod(d for d in self.target_shape if d != -1)
        if -1 not in self.target_shape:
            if size != known:
                raise ValueError(
                    "The total size of the tensor must be unchanged. Received: "
                    f"input_shape={rest}, target_shape={self.target_shape}"
                )
            return (batch, *self.target_shape)
        if known == 0 or size % known:
            raise ValueError(
                "The total size of the tensor must be unchanged, however, the input size "
                "cannot by divided by the specified dimensions in target_shape. Received: "
                f"input_shape={rest}, target_shape={self.target_shape}"
            )
        return (batch, *(size // known if d == -1 else d for d in self.target_shape))

    def get_config(self) -> dict:
        return {**super().get_config(), "target_shape": self.target_shape}
