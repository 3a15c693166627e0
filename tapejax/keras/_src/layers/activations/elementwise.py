"""The base of layers whose output has the input's shape (activations, Identity)."""

from __future__ import annotations

from ..layer import Layer


class ElementwiseLayer(Layer):
    """An element-wise layer without weights: the output has the input's shape."""

    _supports_masking = True  # passes its input's mask on, as Keras

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.built = True

    def compute_output_shape(self, input_shape):
        return input_shape
