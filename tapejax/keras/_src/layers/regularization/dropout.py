"""The ``Dropout`` layer: random zeroes while training, scaled by ``1 / (1 - rate)``."""

from __future__ import annotations

from ...backend.ops import nn_ops as _nn
from ..layer import Layer


class Dropout(Layer):
    """With ``training=True``: zeroes each input with probability ``rate``, scales the rest by
    ``1 / (1 - rate)``; otherwise returns the input. The mask comes from ``tapejax.random``, so
    it is fresh on each call, also inside ``tapejax.function`` (values differ from TF's).

    Args:
      rate: the fraction of inputs dropped, in ``[0, 1)``.
      noise_shape: the mask's shape, broadcast over the input; ``None`` entries are the input's.
      seed: an int, for a repeatable sequence of masks.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.Dropout(0.5)
    >>> print(layer(tf.ones([2])))  # not training: the identity
    tf.Tensor([1. 1.], shape=(2,), dtype=float32)
    >>> y = layer(tf.ones([1000]), training=True)
    >>> sorted(set(y.numpy().tolist()))
    [0.0, 2.0]
    """

    _supports_masking = True  # passes its input's mask on, as Keras

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        if not 0 <= rate <= 1:
            raise ValueError(
                "Invalid value received for argument `rate`. Expected a float value "
                f"between 0 and 1. Received: rate={rate}"
            )
        if isinstance(noise_shape, str):
            raise ValueError(
                "Invalid value received for argument `noise_shape`. Expected a tuple or "
                f"list of integers. Received: noise_shape={noise_shape}"
            )
        self.rate, self.seed = rate, seed
        self.noise_shape = None if noise_shape is None else tuple(noise_shape)
        self.built = True

    def call(self, inputs, training=False):
        if not training or self.rate <= 0:
            return inputs
        if self.rate >= 1:
            return inputs * 0.0
        noise_shape = None
        if self.noise_shape is not None:
            noise_shape = [d if n is None else n for n, d in zip(self.noise_shape, inputs.shape, strict=True)]
        return _nn.dropout(inputs, self.rate, noise_shape=noise_shape, seed=self.seed)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "rate": self.rate, "seed": self.seed, "noise_shape": self.noise_shape}
