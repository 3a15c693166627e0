"""Keras activations (``tf.keras.activations``), looked up by name with :func:`get`."""

from __future__ import annotations

from .._ops import math_ops as _math
from .._ops import nn_ops as _nn

elu = _nn.elu
exponential = _math.exp
gelu = _nn.gelu
leaky_relu = _nn.leaky_relu
log_sigmoid = _math.log_sigmoid
log_softmax = _nn.log_softmax
relu = _nn.relu
relu6 = _nn.relu6
selu = _nn.selu
sigmoid = _math.sigmoid
silu = swish = _nn.silu
softmax = _nn.softmax
softplus = _math.softplus
softsign = _nn.softsign
tanh = _math.tanh


def linear(x):
    """The identity: ``x`` is returned unchanged (what ``activation=None`` means)."""
    return x


def hard_sigmoid(x):
    """``relu6(x + 3) / 6``, Keras 3's piecewise-linear sigmoid."""
    return _nn.relu6(x + 3.0) / 6.0


def hard_silu(x):
    """``x * hard_sigmoid(x)``."""
    return x * hard_sigmoid(x)


def mish(x):
    """``x * tanh(softplus(x))``."""
    return x * _math.tanh(_math.softplus(x))


_BY_NAME = {
    "elu": elu, "exponential": exponential, "gelu": gelu, "hard_sigmoid": hard_sigmoid,
    "hard_silu": hard_silu, "hard_swish": hard_silu, "leaky_relu": leaky_relu, "linear": linear,
    "log_sigmoid": log_sigmoid, "log_softmax": log_softmax, "mish": mish, "relu": relu,
    "relu6": relu6, "selu": selu, "sigmoid": sigmoid, "silu": silu, "softmax": softmax,
    "softplus": softplus, "softsign": softsign, "swish": swish, "tanh": tanh,
}


def get(identifier):
    """An activation function from a name, a callable, or None (:func:`linear`).

    >>> import tapejax as tf
    >>> print(tf.keras.activations.get('relu')(tf.constant([-1.0, 2.0])))
    tf.Tensor([0. 2.], shape=(2,), dtype=float32)
    """
    if identifier is None:
        return linear
    found = _BY_NAME.get(identifier) if isinstance(identifier, str) else identifier
    if callable(found):
        return found
    raise ValueError(f"Could not interpret activation function identifier: {identifier}. Use one of "
                     f"{sorted(_BY_NAME)} or a callable.")


def serialize(activation):
    """An activation's name (``'relu'``), as Keras' ``get_config`` stores it; a custom callable's
    ``__name__``.

    >>> import tapejax as tf
    >>> tf.keras.activations.serialize(tf.keras.activations.get(None))
    'linear'
    """
    for name, fn in _BY_NAME.items():
        if fn is activation and name not in ("swish", "hard_swish"):
            return name
    return getattr(activation, "__name__", repr(activation))


def deserialize(config):
    """The activation function named ``config``."""
    return get(config)
