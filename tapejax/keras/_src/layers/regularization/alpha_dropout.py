"""``AlphaDropout``: dropout that keeps SELU's mean and variance, one op per call."""

from __future__ import annotations

from ...backend.layer_op import Op, run_op
from ...backend.ops import random_ops as _random
from .gaussian_noise import _ALPHA, _SCALE
from .training_noise import _TrainingNoise


class AlphaDropout(_TrainingNoise):
    """While training sets inputs to SELU's negative saturation value with probability
    ``rate``, then applies the affine map that keeps SELU's mean and variance (Keras' formula)."""

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(rate, seed, **kwargs)
        self.rate, self.noise_shape = rate, noise_shape

    def call(self, inputs, training=False):
        if not training or self.rate <= 0:
            return inputs
        shape = (
            tuple(inputs.shape)
            if self.noise_shape is None
            else tuple(d if n is None else n for n, d in zip(self.noise_shape, inputs.shape, strict=True))
        )
        uniform = _random.uniform(shape, dtype=inputs.dtype, seed=self.seed)
        return run_op(_ALPHA_DROPOUT, inputs, uniform, rate=float(self.rate))

    def get_config(self) -> dict:
        return {**super().get_config(), "rate": self.rate, "seed": self.seed, "noise_shape": self.noise_shape}


def _alpha_dropout(x, uniform, *, rate):
    alpha_p = -_ALPHA * _SCALE
    kept = (uniform >= rate).astype(x.dtype)
    a = ((1 - rate) * (1 + rate * alpha_p**2)) ** -0.5
    b = -a * alpha_p * rate
    return (a * (x * kept + alpha_p * (1 - kept)) + b).astype(x.dtype)


_ALPHA_DROPOUT = Op("AlphaDropout", _alpha_dropout)
