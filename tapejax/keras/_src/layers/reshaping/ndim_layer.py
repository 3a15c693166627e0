"""The base of reshaping layers that check their input's rank."""

from __future__ import annotations

from ..input_spec import check_input_spec
from ..layer import Layer


class _NdimLayer(Layer):
    """A layer without weights taking inputs of rank ``ndim`` (Keras' ``InputSpec(ndim=...)``)."""

    ndim = None

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.built = True

    def _check_input(self, inputs) -> None:
        check_input_spec(self, inputs, ndim=self.ndim)

    def _spatial_axes(self, n: int) -> tuple:
        first = 2 if getattr(self, "data_format", "channels_last") == "channels_first" else 1
        return tuple(range(first, first + n))
