"""``GroupNormalization``: normalization over groups of channels, one op per call."""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ...backend.layer_op import Op, run_op
from ...constraints import constraints
from ...initializers import lookup as initializers
from ...regularizers import regularizers
from ..input_spec import check_input_spec
from ..layer import Layer
from .unit_normalization import _check_axes


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


_GROUP_NORMALIZE = Op("GroupNormalization", _group_normalize)


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
