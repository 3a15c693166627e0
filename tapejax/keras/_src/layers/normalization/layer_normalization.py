"""LayerNormalization (``tf.keras.layers.LayerNormalization``), Keras 3's formula."""

from __future__ import annotations

from ...backend.ops import cast as _cast
from ...backend.ops import nn_ops as _nn
from ...backend.ops import reshape as _reshape
from ...backend.ops import rsqrt as _rsqrt
from ...constraints import constraints
from ...initializers import lookup as initializers
from ...regularizers import regularizers
from ..layer import Layer


class LayerNormalization(Layer):
    """Normalizes each example over ``axis``: ``gamma * (x - mean) / sqrt(var + epsilon) + beta``.

    The statistics are the example's own (``tf.nn.moments`` over ``axis``, the variance
    biased); ``gamma`` and ``beta`` have the shape of the normalized axes. Inputs are not
    cast to the layer's dtype first; the computation is in at least float32, the result in the
    layer's dtype, as in Keras 3.

    Args:
      axis: an int or a list of ints (the last axis by default).
      epsilon: added to the variance.
      center, scale: whether to add ``beta`` / multiply by ``gamma``.
      beta_initializer, gamma_initializer, *_regularizer, *_constraint: for the two weights.

    >>> import tapejax as tf
    >>> ln = tf.keras.layers.LayerNormalization(name='layer_normalization')
    >>> ln(tf.constant([[1.0, 3.0]])).numpy().round(4)
    array([[-0.9995,  0.9995]], dtype=float32)
    >>> [w.path for w in ln.weights]
    ['layer_normalization/gamma', 'layer_normalization/beta']
    """

    _supports_masking = True  # passes its input's mask on, as Keras

    def __init__(
        self,
        axis=-1,
        epsilon=1e-3,
        center=True,
        scale=True,
        beta_initializer="zeros",
        gamma_initializer="ones",
        beta_regularizer=None,
        gamma_regularizer=None,
        beta_constraint=None,
        gamma_constraint=None,
        rms_scaling=False,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(
                f"Expected an int or a list/tuple of ints for the argument 'axis', but received: {axis!r}"
            )
        self.epsilon, self.center, self.scale, self.rms_scaling = epsilon, center, scale, rms_scaling
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.autocast = False
        self.gamma = self.beta = None

    def build(self, input_shape) -> None:
        self.compute_output_shape(input_shape)
        if isinstance(self.axis, list):
            self.axis = sorted(self.axis)
            shape = tuple(input_shape[d] for d in self.axis)
        else:
            shape = (input_shape[self.axis],)
            self.axis = [self.axis]
        if self.scale or self.rms_scaling:
            self.gamma = self.add_weight(
                name="gamma",
                shape=shape,
                initializer=self.gamma_initializer,
                regularizer=self.gamma_regularizer,
                constraint=self.gamma_constraint,
            )
        if self.center and not self.rms_scaling:
            self.beta = self.add_weight(
                name="beta",
                shape=shape,
                initializer=self.beta_initializer,
                regularizer=self.beta_regularizer,
                constraint=self.beta_constraint,
            )

    def call(self, inputs):
        x = inputs if inputs.dtype.is_floating and inputs.dtype.size >= 4 else _cast(inputs, "float32")
        axes = [a % x.ndim for a in self.axis]
        shape = [x.shape[a] if a in axes else 1 for a in range(x.ndim)]

        def broadcast(v):
            return None if v is None else _cast(_reshape(v, shape), x.dtype)

        gamma, beta = broadcast(self.gamma), broadcast(self.beta)
        mean, variance = _nn.moments(x, axes, keepdims=True)
        inv = _rsqrt(variance + self.epsilon)
        if self.rms_scaling:
            out = x * inv if gamma is None else x * inv * gamma
        else:
            if gamma is not None:
                inv = inv * gamma
            offset = -mean * inv
            if beta is not None:
                offset = offset + beta
            out = x * inv + offset
        return _cast(out, self.compute_dtype)

    def compute_output_shape(self, input_shape):
        axes = self.axis if isinstance(self.axis, list) else [self.axis]
        rank = len(input_shape)
        for axis in axes:
            if axis >= rank or axis < -rank:
                raise ValueError(
                    f"Axis {axis} is out of bounds for input shape {tuple(input_shape)}. "
                    f"Received: axis={self.axis}"
                )
        return tuple(input_shape)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "axis": self.axis,
            "epsilon": self.epsilon,
            "center": self.center,
            "scale": self.scale,
            "rms_scaling": self.rms_scaling,
            "beta_initializer": initializers.serialize(self.beta_initializer),
            "gamma_initializer": initializers.serialize(self.gamma_initializer),
            "beta_regularizer": regularizers.serialize(self.beta_regularizer),
            "gamma_regularizer": regularizers.serialize(self.gamma_regularizer),
            "beta_constraint": constraints.serialize(self.beta_constraint),
            "gamma_constraint": constraints.serialize(self.gamma_constraint),
        }
