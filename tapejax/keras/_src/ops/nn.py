"""Keras activations on KerasTensors: ``tf.keras.activations.relu(x)`` in a functional model
records Keras 3's operation (``ReLU``, ``Sigmoid``, ``Softmax``...), named and saved as Keras
names and saves it, and computes the activation when the model runs.
"""

from __future__ import annotations

import functools

from ..backend.keras_tensor import OPERATIONS, KerasTensor
from ..backend.ops import math_ops as _math
from ..backend.ops import nn_ops as _nn
from .operation import Operation


class _Activation(Operation):
    """An activation as an operation; ``defaults`` are its options (its config), in order."""

    module = "keras.src.ops.nn"
    defaults: dict = {}

    def __init__(self, *args, name: str | None = None, **options):
        super().__init__(name=name)
        self.options = {
            **self.defaults,
            **dict(zip(list(self.defaults)[: len(args)], args, strict=True)),
            **options,
        }

    def get_config(self) -> dict:
        return {"name": self.name, **self.options}

    def call(self, x):
        return self.compute(x, **self.options)

    @staticmethod
    def compute(x, **options):
        raise NotImplementedError


def _activation(name: str, compute, module: str = "keras.src.ops.nn", **defaults):
    attributes = {
        "compute": staticmethod(compute),
        "module": module,
        "defaults": defaults,
        "__module__": __name__,
    }
    return type(name, (_Activation,), attributes)


def _relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    if negative_slope or threshold or max_value not in (None, 6.0):
        raise NotImplementedError(
            "tapejax.keras: activations.relu on a KerasTensor takes only `max_value` "
            "(None or 6.0); compute other forms in a Lambda layer."
        )
    return _nn.relu(x) if max_value is None else _nn.relu6(x)


def _elu(x, alpha=1.0):
    if alpha == 1.0:
        return _nn.elu(x)
    negative = _math.multiply(_math.subtract(_math.exp(_math.minimum(x, 0.0)), 1.0), alpha)
    return _math.add(_nn.relu(x), negative)


ACTIVATIONS = {
    cls.__name__: cls
    for cls in (
        _activation(
            "ReLU",
            _relu,
            "keras.src.activations.activations",
            negative_slope=0.0,
            max_value=None,
            threshold=0.0,
        ),
        _activation("Sigmoid", _math.sigmoid),
        _activation("Tanh", _math.tanh, "keras.src.ops.numpy"),
        _activation("Softmax", lambda x, axis: _nn.softmax(x, axis=axis), axis=-1),
        _activation("LogSoftmax", lambda x, axis: _nn.log_softmax(x, axis=axis), axis=-1),
        _activation("Elu", _elu, alpha=1.0),
        _activation("Selu", _nn.selu),
        _activation("Softplus", _math.softplus),
        _activation("Softsign", _nn.softsign),
        _activation("Silu", _nn.silu),
        _activation("Gelu", lambda x, approximate: _nn.gelu(x, approximate=approximate), approximate=False),
        _activation("Exp", _math.exp, "keras.src.ops.numpy"),
        _activation(
            "LeakyRelu", lambda x, negative_slope: _nn.leaky_relu(x, alpha=negative_slope), negative_slope=0.2
        ),
        _activation("Relu6", _nn.relu6),
        _activation("HardSigmoid", lambda x: _nn.relu6(x + 3.0) / 6.0),
    )
}
OPERATIONS.update(ACTIVATIONS)


def symbolic(fn, operation: str):
    """``fn``, which on a KerasTensor records the operation ``operation`` instead (as Keras 3's
    activations do); on tensors it is ``fn`` itself."""

    @functools.wraps(fn)
    def activation(x, *args, **kwargs):
        if isinstance(x, KerasTensor):
            return ACTIVATIONS[operation](*args, **kwargs)(x)
        return fn(x, *args, **kwargs)

    return activation
