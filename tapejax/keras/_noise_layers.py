"""Noise and regularization layers: SpatialDropout1D/2D, GaussianNoise, GaussianDropout,
AlphaDropout (active only with ``training=True``; their random numbers come from
``tapejax.random``, fresh on each call also inside ``tapejax.function``, and differ from TF's),
ActivityRegularization, UnitNormalization, GroupNormalization (Keras 3's formulas and configs).
"""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp

from .._ops import nn_ops as _nn
from .._ops import random_ops as _random
from .._ops.math_ops import add as _add
from .._ops.math_ops import multiply as _multiply
from . import constraints, initializers, regularizers
from ._conv_args import standardize_data_format
from ._core_layers import Dropout
from ._input_spec import check_input_spec
from ._layer import Layer
from ._layer_op import Op, run_op


def _rate_error(name: str, value) -> ValueError:
    return ValueError(
        f"Invalid value received for argument `{name}`. Expected a float value between 0 "
        f"and 1. Received: {name}={value}"
    )


class _SpatialDropout(Dropout):
    ndim = 3

    def __init__(self, rate, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)

    def _check_input(self, inputs) -> None:
        check_input_spec(self, inputs, ndim=self.ndim)

    def call(self, inputs, training=False):
        if not training or self.rate <= 0:
            return inputs
        shape = tuple(inputs.shape)
        channels_first = getattr(self, "data_format", "channels_last") == "channels_first"
        noise = (
            (shape[0], shape[1]) + (1,) * (self.ndim - 2)
            if channels_first
            else (shape[0],) + (1,) * (self.ndim - 2) + (shape[-1],)
        )
        return _nn.dropout(inputs, self.rate, noise_shape=noise, seed=self.seed)

    def get_config(self) -> dict:
        return {"rate": self.rate, "seed": self.seed, "name": self.name, "dtype": self.dtype}


class SpatialDropout1D(_SpatialDropout):
    """Dropout of whole feature maps: one draw per ``(example, channel)`` of a
    ``(batch, steps, channels)`` input.

    >>> import tapejax as tf
    >>> y = tf.keras.layers.SpatialDropout1D(0.5)(tf.ones([4, 3, 8]), training=True).numpy()
    >>> bool((y.min(axis=1) == y.max(axis=1)).all())  # each channel kept or dropped whole
    True
    """


class SpatialDropout2D(_SpatialDropout):
    """Dropout of whole 2-D feature maps (one draw per example and channel)."""

    ndim = 4

    def __init__(self, rate, data_format=None, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)
        self.data_format = standardize_data_format(data_format)

    def get_config(self) -> dict:
        return {**super().get_config(), "data_format": self.data_format}


class _TrainingNoise(Layer):
    def __init__(self, rate, seed=None, argument="rate", **kwargs):
        super().__init__(**kwargs)
        if not 0 <= rate <= 1:
            raise _rate_error(argument, rate)
        self.seed = seed
        self.supports_masking = True
        self.built = True

    def compute_output_shape(self, input_shape):
        return input_shape


class GaussianNoise(_TrainingNoise):
    """While training adds zero-mean normal noise of standard deviation ``stddev``.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.GaussianNoise(0.1)(tf.ones([2])))  # not training: the identity
    tf.Tensor([1. 1.], shape=(2,), dtype=float32)
    """

    def __init__(self, stddev, seed=None, **kwargs):
        super().__init__(stddev, seed, argument="stddev", **kwargs)
        self.stddev = stddev

    def call(self, inputs, training=False):
        if not training or self.stddev <= 0:
            return inputs
        noise = _random.normal(inputs.shape, 0.0, self.stddev, dtype=inputs.dtype, seed=self.seed)
        return _add(inputs, noise)

    def get_config(self) -> dict:
        return {**super().get_config(), "stddev": self.stddev, "seed": self.seed}


class GaussianDropout(_TrainingNoise):
    """While training multiplies by normal noise of mean 1 and variance ``rate / (1 - rate)``."""

    def __init__(self, rate, seed=None, **kwargs):
        super().__init__(rate, seed, **kwargs)
        self.rate = rate

    def call(self, inputs, training=False):
        if not training or self.rate <= 0:
            return inputs
        stddev = math.sqrt(self.rate / (1.0 - self.rate))
        noise = _random.normal(inputs.shape, 1.0, stddev, dtype=inputs.dtype, seed=self.seed)
        return _multiply(inputs, noise)

    def get_config(self) -> dict:
        return {**super().get_config(), "rate": self.rate, "seed": self.seed}


_ALPHA, _SCALE = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946


class AlphaDropout(_TrainingNoise):
    """While training sets inputs to SELU's negative saturation value with probability
    ``rate``, then applies the affine map that keeps SELU's mean and variance (Keras' formula)."""

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(rate, seed, **kwargs)
        self.rate, self.noise_shape = rate, noise_shape

    def call(self, inputs, training=False):
        if not training or self.rate <= 0:
            return inputs
        shape = (
            tuple(inputs.shape)
            if self.noise_shape is None
            else tuple(d if n is None else n for n, d in zip(self.noise_shape, inputs.shape, strict=True))
        )
        uniform = _random.uniform(shape, dtype=inputs.dtype, seed=self.seed)
        return run_op(_ALPHA_DROPOUT, inputs, uniform, rate=float(self.rate))

    def get_config(self) -> dict:
        return {**super().get_config(), "rate": self.rate, "seed": self.seed, "noise_shape": self.noise_shape}


def _alpha_dropout(x, uniform, *, rate):
    alpha_p = -_ALPHA * _SCALE
    kept = (uniform >= rate).astype(x.dtype)
    a = ((1 - rate) * (1 + rate * alpha_p**2)) ** -0.5
    b = -a * alpha_p * rate
    return (a * (x * kept + alpha_p * (1 - kept)) + b).astype(x.dtype)


def _unit_normalize(x, *, axis):
    return x * jax.lax.rsqrt(
        jnp.maximum(jnp.sum(jnp.square(x), axis=axis, keepdims=True), jnp.asarray(1e-12, x.dtype))
    )


def _group_normalize(x, *weights, groups, axis, epsilon, scale, center):
    axis = axis % x.ndim
    grouped_shape = (*x.shape[:axis], groups, x.shape[axis] // groups, *x.shape[axis + 1 :])
    dtype = jnp.result_type(x.dtype, jnp.float32)
    g = jnp.reshape(x, grouped_shape).astype(dtype)
    reduce = tuple(i for i in range(1, g.ndim) if i != axis)
    mean = jnp.mean(g, axis=reduce, keepdims=True)
    variance = jnp.mean(jnp.square(g - mean), axis=reduce, keepdims=True)
    inv = jax.lax.rsqrt(variance + jnp.asarray(epsilon, dtype))
    broadcast = [1] * g.ndim
    broadcast[axis], broadcast[axis + 1] = groups, x.shape[axis] // groups
    weights = list(weights)
    if scale:
        inv = inv * jnp.reshape(weights.pop(0), broadcast).astype(dtype)
    res = -mean * inv
    if center:
        res = res + jnp.reshape(weights.pop(0), broadcast).astype(dtype)
    return jnp.reshape(g * inv + res, x.shape).astype(x.dtype)


_ALPHA_DROPOUT = Op("AlphaDropout", _alpha_dropout)
_UNIT_NORMALIZE = Op("UnitNormalization", _unit_normalize)
_GROUP_NORMALIZE = Op("GroupNormalization", _group_normalize)


class ActivityRegularization(Layer):
    """The identity, adding ``l1 * sum(|x|) + l2 * sum(x**2)`` to the layer's losses.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.ActivityRegularization(l1=0.5)
    >>> _ = layer(tf.constant([[1.0, -2.0]]))
    >>> [float(loss) for loss in layer.losses]
    [1.5]
    """

    def __init__(self, l1=0.0, l2=0.0, **kwargs):
        super().__init__(activity_regularizer=regularizers.L1L2(l1=l1, l2=l2), **kwargs)
        self.supports_masking = True
        self.l1, self.l2 = l1, l2
        self.built = True

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self) -> dict:
        config = super().get_config()
        config.pop("activity_regularizer", None)
        return {**config, "l1": self.l1, "l2": self.l2}


def _check_axes(axes, input_shape, suffix=""):
    for axis in axes:
        if axis >= len(input_shape) or axis < -len(input_shape):
            raise ValueError(f"Axis {axis} is out of bounds for input shape {tuple(input_shape)}.{suffix}")


class UnitNormalization(Layer):
    """Scales each input to unit L2 norm along ``axis`` (an int or a list of ints):
    ``x / sqrt(max(sum(x**2), 1e-12))``.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.UnitNormalization()(tf.constant([[3.0, 4.0]])))
    tf.Tensor([[0.6 0.8]], shape=(1, 2), dtype=float32)
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        if isinstance(axis, (list, tuple)):
            self.axis = list(axis)
        elif isinstance(axis, int):
            self.axis = axis
        else:
            raise TypeError(
                "Invalid value for `axis` argument: expected an int or a list/tuple of ints. "
                f"Received: axis={axis}"
            )
        self.supports_masking = True
        self.built = True

    def call(self, inputs):
        self.compute_output_shape(tuple(inputs.shape))
        axis = tuple(self.axis) if isinstance(self.axis, list) else self.axis
        return run_op(_UNIT_NORMALIZE, inputs, axis=axis)

    def compute_output_shape(self, input_shape):
        _check_axes([self.axis] if isinstance(self.axis, int) else self.axis, input_shape)
        return input_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis}


class GroupNormalization(Layer):
    """Normalizes each example over groups of channels (``groups`` groups along ``axis``;
    ``-1``: one group per channel), then applies ``gamma`` and ``beta`` per channel.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.GroupNormalization(groups=2)
    >>> layer(tf.constant([[1.0, 3.0, 0.0, 4.0]])).numpy().round(3)
    array([[-1.,  1., -1.,  1.]], dtype=float32)
    """

    def __init__(
        self,
        groups=32,
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
        **kwargs,
    ):
        if not isinstance(groups, int) or (groups <= 0 and groups != -1):
            raise ValueError(
                "Received an invalid value for argument `groups`, expected a positive integer "
                f"(or `-1` for instance normalization). Received: groups={groups}"
            )
        super().__init__(**kwargs)
        self.supports_masking = True
        self.groups, self.axis, self.epsilon, self.center, self.scale = groups, axis, epsilon, center, scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self._spec = None

    def build(self, input_shape) -> None:
        dim = input_shape[self.axis]
        if self.groups == -1:
            self.groups = dim
        if dim < self.groups:
            raise ValueError(
                f"Number of groups ({self.groups}) cannot be more than the number of channels ({dim})."
            )
        if dim % self.groups != 0:
            raise ValueError(
                f"Number of groups ({self.groups}) must be a multiple of the number of channels ({dim})."
            )
        self._spec = (len(input_shape), {self.axis: dim})
        self.gamma = self.beta = None
        if self.scale:
            self.gamma = self.add_weight(
                shape=(dim,),
                name="gamma",
                initializer=self.gamma_initializer,
                regularizer=self.gamma_regularizer,
                constraint=self.gamma_constraint,
            )
        if self.center:
            self.beta = self.add_weight(
                shape=(dim,),
                name="beta",
                initializer=self.beta_initializer,
                regularizer=self.beta_regularizer,
                constraint=self.beta_constraint,
            )

    def _check_input(self, inputs) -> None:
        if self._spec is not None:
            check_input_spec(self, inputs, ndim=self._spec[0], axes=self._spec[1])

    def call(self, inputs):
        weights = [w for w in (self.gamma, self.beta) if w is not None]
        return run_op(
            _GROUP_NORMALIZE,
            inputs,
            *weights,
            groups=self.groups,
            axis=self.axis,
            epsilon=float(self.epsilon),
            scale=bool(self.scale),
            center=bool(self.center),
        )

    def compute_output_shape(self, input_shape):
        _check_axes([self.axis], input_shape, f" Received: axis={self.axis}")
        return input_shape

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "groups": self.groups,
            "axis": self.axis,
            "epsilon": self.epsilon,
            "center": self.center,
            "scale": self.scale,
            "beta_initializer": initializers.serialize(self.beta_initializer),
            "gamma_initializer": initializers.serialize(self.gamma_initializer),
            "beta_regularizer": regularizers.serialize(self.beta_regularizer),
            "gamma_regularizer": regularizers.serialize(self.gamma_regularizer),
            "beta_constraint": constraints.serialize(self.beta_constraint),
            "gamma_constraint": constraints.serialize(self.gamma_constraint),
        }
