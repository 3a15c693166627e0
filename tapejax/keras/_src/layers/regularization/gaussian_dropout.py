"""``GaussianDropout``: multiplicative 1-centered Gaussian noise while training."""

from __future__ import annotations

import math

from ...backend.ops import multiply as _multiply
from ...backend.ops import random_ops as _random
from .training_noise import _TrainingNoise


class GaussianDropout(_TrainingNoise):
    """While training multiplies by normal noise of mean 1 and variance ``rate / (1 - rate)``."""

    def __init__(self, rate, seed=None, **kwargs):
        super().__init__(rate, seed, **kwargs)
        self.rate = rate

    def call(self, inputs, training=False):
        if not training or self.rate <= 0:
            return inputs
        stddev = math.sqrt(self.rate / (1.0 - self.rate))
        noise = _random.normal(inputs.shape, 1.0, stddev, dtype=inputs.dtype, seed=self.seed)
        return _multiply(inputs, noise)

    def get_config(self) -> dict:
        return {**super().get_config(), "rate": self.rate, "seed": self.seed}
