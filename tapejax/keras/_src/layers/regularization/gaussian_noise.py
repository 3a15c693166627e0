"""``GaussianNoise``: additive zero-centered Gaussian noise while training (Keras 3's).

The noise layers (this one, GaussianDropout, AlphaDropout, SpatialDropout) are active only with
``training=True``; their random numbers come from ``tapejax.random``, fresh on each call also
inside ``tapejax.function``, and differ from TF's.
"""

from __future__ import annotations

from ...backend.ops import add as _add
from ...backend.ops import random_ops as _random
from .training_noise import _TrainingNoise


class GaussianNoise(_TrainingNoise):
    """While training adds zero-mean normal noise of standard deviation ``stddev``.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.GaussianNoise(0.1)(tf.ones([2])))  # not training: the identity
    tf.Tensor([1. 1.], shape=(2,), dtype=float32)
    """

    def __init__(self, stddev, seed=None, **kwargs):
        super().__init__(stddev, seed, argument="stddev", **kwargs)
        self.stddev = stddev

    def call(self, inputs, training=False):
        if not training or self.stddev <= 0:
            return inputs
        noise = _random.normal(inputs.shape, 0.0, self.stddev, dtype=inputs.dtype, seed=self.seed)
        return _add(inputs, noise)

    def get_config(self) -> dict:
        return {**super().get_config(), "stddev": self.stddev, "seed": self.seed}


_ALPHA, _SCALE = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946
