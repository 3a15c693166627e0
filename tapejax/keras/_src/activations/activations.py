"""Keras activations (``tf.keras.activations``), looked up by name with :func:`get`."""

from __future__ import annotations

from ..backend import tf
from ..backend.ops import math_ops as _math
from ..backend.ops import nn_ops as _nn
from ..ops import nn as _ops_nn
from ..ops.core import convert_to_tensor
from ..ops.function_op import operation
from ..ops.nn import (
    celu,
    elu,
    glu,
    hard_shrink,
    hard_sigmoid,
    hard_tanh,
    leaky_relu,
    log_sigmoid,
    log_softmax,
    relu6,
    selu,
    sigmoid,
    silu,
    soft_shrink,
    softmax,
    softplus,
    softsign,
    sparse_plus,
    sparse_sigmoid,
    squareplus,
    tanh_shrink,
    threshold,
)
from ..ops.numpy_math import exp as exponential
from ..ops.numpy_math import tanh
from ..saving.object_registration import get_registered_name, get_registered_object

# Each is ``keras.ops``' function (an operation on KerasTensors: ``Sigmoid``, ``Softmax``...) as
# Keras 3's activations are; ``relu`` and ``mish`` are operations of this module, as in Keras.
_MODULE = "keras.src.activations.activations"
swish = silu


@operation("ReLU", "negative_slope max_value threshold", module=_MODULE)
def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """``max(x, threshold)`` (0 below ``threshold``), capped at ``max_value``, with slope
    ``negative_slope`` below ``threshold``.

    >>> import tapejax as tf
    >>> print(tf.keras.activations.relu(tf.constant([-1.0, 2.0, 8.0]), max_value=6.0))
    tf.Tensor([0. 2. 6.], shape=(3,), dtype=float32)
    """
    x = convert_to_tensor(x)
    if negative_slope == 0.0 and threshold == 0.0:
        if max_value is None:
            return _nn.relu(x)
        if max_value == 6.0:
            return _nn.relu6(x)
    if negative_slope != 0.0 and max_value is None and threshold == 0.0:
        return _nn.leaky_relu(x, alpha=negative_slope)
    zero = tf.zeros_like(x)
    if threshold != 0.0:
        t = convert_to_tensor(threshold, x.dtype)
        out = tf.where(_math.greater(x, t), x, zero)
    else:
        out = _nn.relu(x)
    if max_value is not None:
        out = tf.clip_by_value(out, zero, convert_to_tensor(max_value, x.dtype))
    if negative_slope != 0.0:
        below = _nn.relu(_math.subtract(convert_to_tensor(threshold, x.dtype), x))
        out = _math.subtract(out, _math.multiply(convert_to_tensor(negative_slope, x.dtype), below))
    return out


def gelu(x, approximate=False):
    """The Gaussian error linear unit (``approximate``: its tanh form; exact by default, as
    Keras' activation is, where ``keras.ops.gelu`` is approximate by default)."""
    return _ops_nn.gelu(x, approximate=approximate)


# ``mish``, ``hard_silu`` and ``sparsemax`` convert ``x`` to a tensor first, as Keras' do: on a
# KerasTensor they raise Keras' ValueError (wrap the call in a layer, or use ``keras.ops``').


def mish(x):
    """``x * tanh(softplus(x))``."""
    x = tf.convert_to_tensor(x)
    return _math.multiply(x, _math.tanh(_math.softplus(x)))


def hard_silu(x):
    """``x * hard_sigmoid(x)``."""
    return _ops_nn.hard_silu(tf.convert_to_tensor(x))


hard_swish = hard_silu


def sparsemax(x, axis=-1):
    """The projection of ``x`` onto the probability simplex along ``axis``: a softmax whose
    small entries are exactly 0."""
    return _ops_nn.sparsemax(tf.convert_to_tensor(x), axis=axis)


def linear(x):
    """The identity: ``x`` is returned unchanged (what ``activation=None`` means)."""
    return x


# TF's own functions given as activations (``Dense(activation=tf.nn.relu)``) save under the
# name of the activation they compute.
_TF_FUNCTIONS = {
    "elu": _nn.elu,
    "exponential": _math.exp,
    "gelu": _nn.gelu,
    "leaky_relu": _nn.leaky_relu,
    "log_softmax": _nn.log_softmax,
    "relu": _nn.relu,
    "relu6": _nn.relu6,
    "selu": _nn.selu,
    "sigmoid": _math.sigmoid,
    "silu": _nn.silu,
    "softmax": _nn.softmax,
    "softplus": _math.softplus,
    "softsign": _nn.softsign,
    "tanh": _math.tanh,
    "log_sigmoid": _math.log_sigmoid,
}

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
        if activation in (fn, _TF_FUNCTIONS.get(name)) and name not in ("swish", "hard_swish"):
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
