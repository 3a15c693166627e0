"""Keras layers: Dense and BatchNormalization, with Keras' defaults."""

from __future__ import annotations

from .. import math as _math
from .. import nn as _nn
from .._array_ops import reshape as _reshape
from .._array_ops import stop_gradient as _stop_gradient
from .._module import Module
from .._tensor import convert_to_tensor
from .._variable import Variable
from ..linalg import matmul as _matmul
from . import activations, initializers


class Layer(Module):
    """Base layer: builds its weights on the first call, from the input's shape."""

    def __init__(self, trainable=True, name=None, dtype=None, **kwargs):
        super().__init__(name=name)
        self.trainable = trainable
        self.built = False
        self._weights: list = []

    def add_weight(self, name, shape, initializer, trainable=True, dtype="float32"):
        value = initializers.get(initializer)(tuple(shape), dtype=dtype)
        var = Variable(value, trainable=trainable, name=f"{self.name}/{name}")
        self._weights.append(var)
        return var

    @property
    def weights(self) -> list:
        return list(self._weights)

    @property
    def trainable_weights(self) -> list:
        return [w for w in self._weights if w.trainable] if self.trainable else []

    @property
    def non_trainable_weights(self) -> list:
        return [w for w in self._weights if not w.trainable or not self.trainable]

    @property
    def trainable_variables(self) -> list:
        return self.trainable_weights

    @property
    def variables(self) -> list:
        return self.weights

    def build(self, input_shape) -> None:
        self.built = True

    def __call__(self, inputs, *args, **kwargs):
        inputs = convert_to_tensor(inputs) if not hasattr(inputs, "_as_tensor") else inputs
        if not self.built:
            self.build(tuple(inputs.shape))
            self.built = True
        return self.call(inputs, *args, **kwargs)


class Dense(Layer):
    """``activation(inputs @ kernel + bias)``; ``kernel`` has shape (input_dim, units)."""

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", name=None, **kwargs):
        super().__init__(name=name or "dense", **kwargs)
        self.units = int(units)
        self.activation = activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = kernel_initializer
        self.bias_initializer = bias_initializer
        self.kernel = None
        self.bias = None

    def build(self, input_shape) -> None:
        self.kernel = self.add_weight("kernel", (input_shape[-1], self.units), self.kernel_initializer)
        if self.use_bias:
            self.bias = self.add_weight("bias", (self.units,), self.bias_initializer)
        self.built = True

    def call(self, inputs):
        x = inputs
        if x.ndim > 2:
            lead = tuple(x.shape[:-1])
            y = _reshape(_matmul(_reshape(x, (-1, x.shape[-1])), self.kernel), lead + (self.units,))
        else:
            y = _matmul(x, self.kernel)
        if self.use_bias:
            y = y + self.bias
        return self.activation(y)


class BatchNormalization(Layer):
    """Normalizes over the batch (``training=True``) or with moving statistics (inference).

    Keras defaults: axis=-1, momentum=0.99, epsilon=1e-3, center and scale on. In training
    the moving mean/variance are updated: ``moving = moving * momentum + batch * (1 - momentum)``.
    """

    def __init__(self, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                 beta_initializer="zeros", gamma_initializer="ones",
                 moving_mean_initializer="zeros", moving_variance_initializer="ones", name=None, **kwargs):
        super().__init__(name=name or "batch_normalization", **kwargs)
        self.axis, self.momentum, self.epsilon = axis, float(momentum), float(epsilon)
        self.center, self.scale = center, scale
        self._inits = (beta_initializer, gamma_initializer, moving_mean_initializer, moving_variance_initializer)
        self.gamma = self.beta = None

    def build(self, input_shape) -> None:
        dim = (input_shape[self.axis],)
        beta_i, gamma_i, mean_i, var_i = self._inits
        if self.scale:
            self.gamma = self.add_weight("gamma", dim, gamma_i)
        if self.center:
            self.beta = self.add_weight("beta", dim, beta_i)
        self.moving_mean = self.add_weight("moving_mean", dim, mean_i, trainable=False)
        self.moving_variance = self.add_weight("moving_variance", dim, var_i, trainable=False)
        self.built = True

    def call(self, inputs, training=False):
        ndim = inputs.ndim
        axis = self.axis % ndim
        reduce_axes = [a for a in range(ndim) if a != axis]
        shape = [1] * ndim
        shape[axis] = inputs.shape[axis]
        if training:
            mean, variance = _nn.moments(inputs, reduce_axes)
            m = self.momentum
            self.moving_mean.assign(self.moving_mean * m + _stop_gradient(mean) * (1 - m))
            self.moving_variance.assign(self.moving_variance * m + _stop_gradient(variance) * (1 - m))
        else:
            mean, variance = self.moving_mean, self.moving_variance
        inv = _math.rsqrt(_reshape(variance, shape) + self.epsilon)
        if self.gamma is not None:
            inv = inv * _reshape(self.gamma, shape)
        out = (inputs - _reshape(mean, shape)) * inv
        if self.beta is not None:
            out = out + _reshape(self.beta, shape)
        return out
