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


# ``keras.ops.nn``'s activations, as Keras' TensorFlow backend computes them. Those above (the
# activations' own operations) keep their classes; the others are operations of their own.
from ..backend import tf  # noqa: E402
from ..backend.ops import cast as _cast  # noqa: E402
from ..backend.ops import clip_by_value as _clip  # noqa: E402
from ..backend.ops import reshape as _reshape  # noqa: E402
from ..backend.ops import split as _split  # noqa: E402
from .core import convert_to_tensor  # noqa: E402
from .symbolic import operation  # noqa: E402

_NN = "keras.src.ops.nn"


def _on_tensor(fn):
    """``fn`` on ``x`` converted to a tensor first, as Keras' ops convert their inputs."""

    @functools.wraps(fn)
    def converted(x, *args, **kwargs):
        return fn(convert_to_tensor(x), *args, **kwargs)

    return converted


def _like(x, value):
    return convert_to_tensor(value, x.dtype)


relu = symbolic(_on_tensor(_nn.relu), "ReLU")
relu6 = symbolic(_on_tensor(_nn.relu6), "Relu6")
sigmoid = symbolic(_on_tensor(_math.sigmoid), "Sigmoid")
softplus = symbolic(_on_tensor(_math.softplus), "Softplus")
softsign = symbolic(_on_tensor(_nn.softsign), "Softsign")
silu = swish = symbolic(_on_tensor(_nn.silu), "Silu")
selu = symbolic(_on_tensor(_nn.selu), "Selu")


@functools.partial(symbolic, operation="LeakyRelu")
def leaky_relu(x, negative_slope=0.2):
    """``x`` where positive, ``negative_slope * x`` elsewhere."""
    return _nn.leaky_relu(convert_to_tensor(x), alpha=negative_slope)


@functools.partial(symbolic, operation="HardSigmoid")
def hard_sigmoid(x):
    """``relu6(x + 3) / 6``."""
    x = convert_to_tensor(x)
    return _math.truediv(_nn.relu6(_math.add(x, _like(x, 3.0))), _like(x, 6.0))


hard_swish = hard_silu = operation("HardSilu", _NN)(
    lambda x: _math.multiply(convert_to_tensor(x), hard_sigmoid(x))
)
hard_silu.__doc__ = "``x * hard_sigmoid(x)``."


@functools.partial(symbolic, operation="Elu")
def elu(x, alpha=1.0):
    """``x`` where positive, ``alpha * (exp(x) - 1)`` elsewhere."""
    x = convert_to_tensor(x)
    out = _nn.elu(x)
    return out if alpha == 1 else tf.where(x > 0, out, _math.multiply(out, _like(x, alpha)))


@functools.partial(symbolic, operation="Gelu")
def gelu(x, approximate=True):
    """The Gaussian error linear unit (``approximate``: its tanh form)."""
    return _nn.gelu(convert_to_tensor(x), approximate=approximate)


@functools.partial(symbolic, operation="Softmax")
def softmax(x, axis=-1):
    """``exp(x) / sum(exp(x))`` over ``axis`` (None: over all of ``x``)."""
    x = convert_to_tensor(x)
    if axis is None:
        return _reshape(_nn.softmax(_reshape(x, [-1]), axis=-1), x.shape.as_list())
    return _nn.softmax(x, axis=axis)


@functools.partial(symbolic, operation="LogSoftmax")
def log_softmax(x, axis=-1):
    """``x - logsumexp(x)`` over ``axis`` (None: over all of ``x``)."""
    x = convert_to_tensor(x)
    if axis is None:
        return _reshape(_nn.log_softmax(_reshape(x, [-1]), axis=-1), x.shape.as_list())
    return _nn.log_softmax(x, axis=axis)


@operation("SparseSigmoid", _NN)
def sparse_sigmoid(x):
    """0 below -1, 1 above 1, ``(x + 1) / 2`` between."""
    x = convert_to_tensor(x)
    inner = tf.where(x >= 1, _like(x, 1.0), _math.multiply(_like(x, 0.5), _math.add(x, _like(x, 1.0))))
    return tf.where(x <= -1, _like(x, 0.0), inner)


@operation("SoftShrink", _NN)
def soft_shrink(x, threshold=0.5):
    """``x`` moved ``threshold`` towards 0, 0 within ``threshold`` of it."""
    x = convert_to_tensor(x)
    t = _like(x, threshold)
    below = tf.where(x < -t, _math.add(x, t), tf.zeros_like(x))
    return tf.where(x > t, _math.subtract(x, t), below)


@operation("SparsePlus", _NN)
def sparse_plus(x):
    """0 below -1, ``x`` above 1, ``(x + 1)**2 / 4`` between."""
    x = convert_to_tensor(x)
    middle = _math.multiply(_like(x, 0.25), tf.math.pow(_math.add(x, _like(x, 1.0)), _like(x, 2.0)))
    return tf.where(x <= -1, tf.zeros_like(x), tf.where(x < 1, middle, x))


@operation("Squareplus", _NN)
def squareplus(x, b=4):
    """``(x + sqrt(x**2 + b)) / 2``."""
    x = convert_to_tensor(x)
    y = _math.add(x, tf.math.sqrt(_math.add(tf.math.square(x), _like(x, b))))
    return _math.truediv(y, _like(x, 2.0))


@operation("LogSigmoid", _NN)
def log_sigmoid(x):
    """``log(sigmoid(x))``, computed stably."""
    return tf.math.log_sigmoid(convert_to_tensor(x))


@operation("Celu", _NN)
def celu(x, alpha=1.0):
    """``max(x, 0) + alpha * expm1(min(x, 0) / alpha)``."""
    x = convert_to_tensor(x)
    negative = tf.math.expm1(_math.truediv(_math.minimum(x, _like(x, 0.0)), _like(x, alpha)))
    return _math.add(_math.maximum(x, _like(x, 0.0)), _math.multiply(_like(x, alpha), negative))


@operation("Glu", _NN)
def glu(x, axis=-1):
    """The first half of ``x`` along ``axis`` gated by the sigmoid of the second."""
    x = convert_to_tensor(x)
    if x.shape[axis] % 2 != 0:
        raise ValueError(f"axis size must be divisible by 2. Received: x.shape={x.shape} with axis={axis}")
    a, b = _split(x, 2, axis=axis)
    return _math.multiply(a, _math.sigmoid(b))


@operation("TanhShrink", _NN)
def tanh_shrink(x):
    """``x - tanh(x)``."""
    x = convert_to_tensor(x)
    return _math.subtract(x, _math.tanh(x))


@operation("HardTanh", _NN)
def hard_tanh(x):
    """``x`` clipped to [-1, 1]."""
    return _clip(convert_to_tensor(x), -1.0, 1.0)


@operation("HardShrink", _NN)
def hard_shrink(x, threshold=0.5):
    """``x`` where ``|x| > threshold``, else 0."""
    x = convert_to_tensor(x)
    return tf.where(_math.abs(x) > threshold, x, tf.zeros_like(x))


@operation("Threshold", _NN)
def threshold(x, threshold, default_value):
    """``x`` where ``x > threshold``, else ``default_value``."""
    x = convert_to_tensor(x)
    return tf.where(x > threshold, x, _like(x, default_value))


@operation("Sparsemax", _NN)
def sparsemax(x, axis=-1):
    """The Euclidean projection of ``x`` onto the probability simplex along ``axis``."""
    x = convert_to_tensor(x)
    ordered = tf.math.negative(tf.sort(tf.math.negative(x), axis=axis))
    total = tf.math.cumsum(ordered, axis=axis)
    shape = [1] * len(x.shape)
    shape[axis] = -1
    ranks = _reshape(tf.range_(1, int(x.shape[axis]) + 1, dtype=x.dtype), shape)
    support = _math.subtract(ordered, _math.truediv(_math.subtract(total, _like(x, 1.0)), ranks)) > 0
    k = tf.math.reduce_sum(_cast(support, x.dtype.name), axis=axis, keepdims=True)
    kept = tf.math.reduce_sum(tf.where(support, total, _like(x, 0.0)), axis=axis, keepdims=True)
    tau = _math.truediv(_math.subtract(kept, _like(x, 1.0)), k)
    return _math.maximum(_math.subtract(x, tau), _like(x, 0.0))
