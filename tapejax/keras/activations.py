"""Keras activations by name (``tf.keras.activations.get``)."""

from __future__ import annotations

from .. import math as _math
from .. import nn as _nn


def linear(x):
    return x


_BY_NAME = {
    "linear": linear, "relu": _nn.relu, "relu6": _nn.relu6, "elu": _nn.elu, "selu": _nn.selu,
    "gelu": _nn.gelu, "sigmoid": _math.sigmoid, "softplus": _math.softplus, "softsign": _nn.softsign,
    "softmax": _nn.softmax, "tanh": _math.tanh, "swish": _nn.silu, "silu": _nn.silu,
    "leaky_relu": _nn.leaky_relu, "exponential": _math.exp,
}


def get(identifier):
    """An activation function from a name, a callable, or None (linear)."""
    if identifier is None:
        return linear
    if callable(identifier):
        return identifier
    if isinstance(identifier, str) and identifier in _BY_NAME:
        return _BY_NAME[identifier]
    raise ValueError(f"Unknown activation function: {identifier!r}. Use one of {sorted(_BY_NAME)} or a callable.")
