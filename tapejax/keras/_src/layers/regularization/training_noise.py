"""The base of layers that add noise while training and pass inputs through otherwise."""

from __future__ import annotations

from ..layer import Layer


def _rate_error(name: str, value) -> ValueError:
    return ValueError(
        f"Invalid value received for argument `{name}`. Expected a float value between 0 "
        f"and 1. Received: {name}={value}"
    )


class _TrainingNoise(Layer):
    def __init__(self, rate, seed=None, argument="rate", **kwargs):
        super().__init__(**kwargs)
        if not 0 <= rate <= 1:
            raise _rate_error(argument, rate)
        self.seed = seed
        self.supports_masking = True
        self.built = True

    def compute_output_shape(self, input_shape):
        return input_shape
