"""Shape and element-wise layers: Activation, Dropout, Flatten, Reshape (Keras 3's)."""

from __future__ import annotations

import math

from .._ops import nn_ops as _nn
from .._ops.array_ops import reshape as _reshape
from .._ops.array_ops import transpose as _transpose
from . import activations
from ._layer import Layer


class Activation(Layer):
    """Applies an activation function: ``Activation('relu')(x)`` is ``relu(x)``.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.Activation('relu')(tf.constant([-1.0, 2.0])))
    tf.Tensor([0. 2.], shape=(2,), dtype=float32)
    """

    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.activation = activations.get(activation)
        self.built = True

    def call(self, inputs):
        return self.activation(inputs)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "activation": activations.serialize(self.activation)}


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
