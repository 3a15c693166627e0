"""Keras activations (``tf.keras.activations``), looked up by name with :func:`get`."""

from __future__ import annotations

from ..backend.ops import math_ops as _math
from ..backend.ops import nn_ops as _nn
from ..ops.nn import symbolic
from ..saving.object_registration import get_registered_name, get_registered_object
from .piecewise import (
    celu,
    glu,
    hard_shrink,
    hard_tanh,
    soft_shrink,
    sparse_plus,
    sparse_sigmoid,
    sparsemax,
    squareplus,
    tanh_shrink,
    threshold,
)

# On a KerasTensor each records Keras 3's operation (``ReLU``, ``Sigmoid``...), as Keras' do.
elu = symbolic(_nn.elu, "Elu")
exponential = symbolic(_math.exp, "Exp")
gelu = symbolic(_nn.gelu, "Gelu")
leaky_relu = symbolic(_nn.leaky_relu, "LeakyRelu")
log_sigmoid = _math.log_sigmoid
log_softmax = symbolic(_nn.log_softmax, "LogSoftmax")
relu = symbolic(_nn.relu, "ReLU")
relu6 = symbolic(_nn.relu6, "Relu6")
selu = symbolic(_nn.selu, "Selu")
sigmoid = symbolic(_math.sigmoid, "Sigmoid")
silu = swish = symbolic(_nn.silu, "Silu")
softmax = symbolic(_nn.softmax, "Softmax")
softplus = symbolic(_math.softplus, "Softplus")
softsign = symbolic(_nn.softsign, "Softsign")
tanh = symbolic(_math.tanh, "Tanh")


def linear(x):
    """The identity: ``x`` is returned unchanged (what ``activation=None`` means)."""
    return x


def _hard_sigmoid(x):
    """``relu6(x + 3) / 6``, Keras 3's piecewise-linear sigmoid."""
    return _nn.relu6(x + 3.0) / 6.0


hard_sigmoid = symbolic(_hard_sigmoid, "HardSigmoid")


def hard_silu(x):
    """``x * hard_sigmoid(x)``."""
    return x * hard_sigmoid(x)


hard_swish = hard_silu


def mish(x):
    """``x * tanh(softplus(x))``."""
    return x * _math.tanh(_math.softplus(x))


_BY_NAME = {
    "celu": celu,
    "glu": glu,
    "hard_shrink": hard_shrink,
    "hard_tanh": hard_tanh,
    "soft_shrink": soft_shrink,
    "sparse_plus": sparse_plus,
    "sparse_sigmoid": sparse_sigmoid,
    "sparsemax": sparsemax,
    "squareplus": squareplus,
    "tanh_shrink": tanh_shrink,
    "threshold": threshold,
    "elu": elu,
    "exponential": exponential,
    "gelu": gelu,
    "hard_sigmoid": hard_sigmoid,
    "hard_silu": hard_silu,
    "hard_swish": hard_silu,
    "leaky_relu": leaky_relu,
    "linear": linear,
    "log_sigmoid": log_sigmoid,
    "log_softmax": log_softmax,
    "mish": mish,
    "relu": relu,
    "relu6": relu6,
    "selu": selu,
    "sigmoid": sigmoid,
    "silu": silu,
    "softmax": softmax,
    "softplus": softplus,
    "softsign": softsign,
    "swish": swish,
    "tanh": tanh,
}


def get(identifier):
    """An activation function from a name, a callable, a serialized function (Keras 3's
    ``{'class_name': 'function', 'config': name}``, custom ones found among the registered
    objects and the open ``custom_object_scope``s), or None (:func:`linear`).

    >>> import tapejax as tf
    >>> print(tf.keras.activations.get('relu')(tf.constant([-1.0, 2.0])))
    tf.Tensor([0. 2.], shape=(2,), dtype=float32)
    """
    if identifier is None:
        return linear
    if isinstance(identifier, dict) and identifier.get("class_name") == "function":
        found = _BY_NAME.get(identifier.get("config")) or get_registered_object(identifier.get("config"))
        if found is None:
            raise TypeError(
                f"Could not locate function '{identifier.get('config')}'. Make sure custom classes are "
                f"decorated with `@keras.saving.register_keras_serializable()`. Full object config: {identifier}"
            )
        return found
    found = (
        (_BY_NAME.get(identifier) or get_registered_object(identifier))
        if isinstance(identifier, str)
        else identifier
    )
    if callable(found):
        return found
    raise ValueError(
        f"Could not interpret activation function identifier: {identifier}. Use one of "
        f"{sorted(_BY_NAME)} or a callable."
    )


def serialize(activation):
    """An activation as Keras' ``get_config`` stores it: a built-in's name (``'relu'``); any
    other function as Keras 3's dict, named by its registered name (``'my_package>my_fn'``)
    or its ``__name__``.

    >>> import tapejax as tf
    >>> tf.keras.activations.serialize(tf.keras.activations.get(None))
    'linear'
    """
    for name, fn in _BY_NAME.items():
        # ``tf.nn.relu`` given as an activation is the op ``relu`` wraps (``__wrapped__``).
        if activation in (fn, getattr(fn, "__wrapped__", None)) and name not in ("swish", "hard_swish"):
            return name
    if hasattr(activation, "__name__"):
        return {
            "module": "builtins",
            "class_name": "function",
            "config": get_registered_name(activation),
            "registered_name": "function",
        }
    return repr(activation)


def deserialize(config, custom_objects=None):
    """The activation function ``config`` names (a name or a serialized function)."""
    if custom_objects:
        name = config.get("config") if isinstance(config, dict) else config
        if name in custom_objects:
            return custom_objects[name]
    return get(config)
