"""Activation layers: ReLU, LeakyReLU, Softmax, ELU, PReLU (Keras 3's formulas and configs).

Each call is one tapejax op (``_layer_op``) running Keras 3's formula in JAX: ReLU is
``keras.activations.relu`` (threshold, ``max_value`` clip, ``negative_slope`` below the
threshold), Softmax masks with ``-1e9`` (``-3e4`` in float16) and zeroes masked positions.
"""

from __future__ import annotations

import warnings

import jax
import jax.numpy as jnp

from .._core.recording.convert import convert_to_tensor
from . import constraints, initializers, regularizers
from ._input_spec import check_input_spec
from ._layer import Layer
from ._layer_op import Op, run_op


def _relu(x, *, negative_slope, max_value, threshold):
    if negative_slope != 0.0:
        if max_value is None and threshold == 0:
            return jax.nn.leaky_relu(x, negative_slope)
        negative_part = jax.nn.relu(-x + threshold) if threshold != 0 else jax.nn.relu(-x)
    if threshold != 0:
        y = jnp.where(x > jnp.asarray(threshold, x.dtype), x, jnp.zeros((), x.dtype))
    else:
        y = jax.nn.relu(x)
    if max_value is not None:
        y = jnp.clip(y, jnp.zeros((), x.dtype), jnp.asarray(max_value, x.dtype))
    if negative_slope != 0.0:
        y = y - jnp.asarray(negative_slope, x.dtype) * negative_part
    return y


def _leaky_relu(x, *, negative_slope):
    return jax.nn.leaky_relu(x, negative_slope)


def _elu(x, *, alpha):
    return jax.nn.elu(x, alpha)


def _softmax(x, *mask, axis):
    if not mask:
        return jax.nn.softmax(x, axis=axis)
    (mask,) = mask
    if mask.dtype != jnp.bool_:
        mask = mask > jnp.asarray(0.5, mask.dtype)
    x = jnp.where(mask, x, jnp.asarray(-3e4 if x.dtype == jnp.float16 else -1e9, x.dtype))
    return jnp.where(mask, jax.nn.softmax(x, axis=axis), jnp.zeros((), x.dtype))


def _prelu(x, alpha):
    return jax.nn.relu(x) + (-alpha) * jax.nn.relu(-x)


_RELU = Op("Relu", _relu)
_LEAKY_RELU = Op("LeakyRelu", _leaky_relu)
_ELU = Op("Elu", _elu)
_SOFTMAX = Op("Softmax", _softmax)
_PRELU = Op("PRelu", _prelu)


class ElementwiseLayer(Layer):
    """An element-wise layer without weights: the output has the input's shape."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.built = True

    def compute_output_shape(self, input_shape):
        return input_shape


class ReLU(ElementwiseLayer):
    """``max(x, 0)``, with Keras' options: ``x`` for ``x > threshold`` (else 0), clipped at
    ``max_value``, minus ``negative_slope * relu(threshold - x)``.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.ReLU(max_value=1.0)(tf.constant([-1.0, 0.5, 2.0])))
    tf.Tensor([0.  0.5 1. ], shape=(3,), dtype=float32)
    """

    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0.0:
            raise ValueError(
                f"max_value of a ReLU layer cannot be a negative value. Received: max_value={max_value}"
            )
        if negative_slope is None or negative_slope < 0.0:
            raise ValueError(
                "negative_slope of a ReLU layer cannot be None or a negative value. "
                f"Received: negative_slope={negative_slope}"
            )
        if threshold is None or threshold < 0.0:
            raise ValueError(
                "threshold of a ReLU layer cannot be None or a negative value. "
                f"Received: threshold={threshold}"
            )
        self.max_value, self.negative_slope, self.threshold = max_value, negative_slope, threshold

    def call(self, inputs):
        max_value = None if self.max_value is None else float(self.max_value)
        return run_op(
            _RELU,
            inputs,
            negative_slope=float(self.negative_slope),
            threshold=float(self.threshold),
            max_value=max_value,
        )

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "max_value": self.max_value,
            "negative_slope": self.negative_slope,
            "threshold": self.threshold,
        }


class LeakyReLU(ElementwiseLayer):
    """``x`` for ``x >= 0``, ``negative_slope * x`` below (``alpha=`` is the deprecated name).

    >>> import tapejax as tf
    >>> print(tf.keras.layers.LeakyReLU()(tf.constant([-1.0, 2.0])))
    tf.Tensor([-0.3  2. ], shape=(2,), dtype=float32)
    """

    def __init__(self, negative_slope=0.3, **kwargs):
        if "alpha" in kwargs:
            negative_slope = kwargs.pop("alpha")
            warnings.warn("Argument `alpha` is deprecated. Use `negative_slope` instead.", stacklevel=2)
        super().__init__(**kwargs)
        if negative_slope is None or negative_slope < 0:
            raise ValueError(
                "The negative_slope value of a Leaky ReLU layer cannot be None or negative "
                f"value. Expected a float. Received: negative_slope={negative_slope}"
            )
        self.negative_slope = negative_slope

    def call(self, inputs):
        return run_op(_LEAKY_RELU, inputs, negative_slope=float(self.negative_slope))

    def get_config(self) -> dict:
        return {**super().get_config(), "negative_slope": self.negative_slope}


class ELU(ElementwiseLayer):
    """``x`` for ``x > 0``, ``alpha * (exp(x) - 1)`` below.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.ELU()(tf.constant([0.0, 2.0])))
    tf.Tensor([0. 2.], shape=(2,), dtype=float32)
    """

    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.alpha = alpha

    def call(self, inputs):
        return run_op(_ELU, inputs, alpha=float(self.alpha))

    def get_config(self) -> dict:
        return {**super().get_config(), "alpha": self.alpha}


class Softmax(ElementwiseLayer):
    """Softmax over ``axis`` (an int or a list of ints); ``mask`` (True or > 0.5 keeps a
    position) sets the other logits to -1e9 and their outputs to 0.

    >>> import tapejax as tf
    >>> print(tf.keras.layers.Softmax()(tf.constant([1.0, 1.0])))
    tf.Tensor([0.5 0.5], shape=(2,), dtype=float32)
    """

    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs, mask=None):
        axis = tuple(self.axis) if isinstance(self.axis, (list, tuple)) else self.axis
        if mask is None:
            return run_op(_SOFTMAX, inputs, axis=axis)
        mask = self._convert_mask(mask, inputs)
        return run_op(_SOFTMAX, inputs, mask, axis=axis)

    @staticmethod
    def _convert_mask(mask, inputs):
        mask = convert_to_tensor(mask)
        m_shape, i_shape = tuple(mask.shape), tuple(inputs.shape)
        if len(m_shape) > len(i_shape):
            raise ValueError(
                "The `mask` must be broadcastable to `inputs` and must not have more "
                f"dimensions. Received: inputs.shape={i_shape}, mask.shape={m_shape}"
            )
        for m, i in zip(m_shape[::-1], i_shape[::-1], strict=False):
            if m not in (1, i):
                raise ValueError(
                    "The `mask` must be broadcastable to `inputs`. Each mask dimension must "
                    "be 1 or match the corresponding input dimension. Received: "
                    f"inputs.shape={i_shape}, mask.shape={m_shape}"
                )
        return mask

    def get_config(self) -> dict:
        return {**super().get_config(), "axis": self.axis}


class PReLU(Layer):
    """``relu(x) - alpha * relu(-x)`` with a learned ``alpha`` of the input's shape (less the
    batch), of size 1 along ``shared_axes``.

    >>> import tapejax as tf
    >>> layer = tf.keras.layers.PReLU(alpha_initializer=tf.keras.initializers.Constant(0.5))
    >>> print(layer(tf.constant([[-2.0, 3.0]])))
    tf.Tensor([[-1.  3.]], shape=(1, 2), dtype=float32)
    """

    def __init__(
        self,
        alpha_initializer="Zeros",
        alpha_regularizer=None,
        alpha_constraint=None,
        shared_axes=None,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.supports_masking = True
        self.alpha_initializer = initializers.get(alpha_initializer)
        self.alpha_regularizer = regularizers.get(alpha_regularizer)
        self.alpha_constraint = constraints.get(alpha_constraint)
        if shared_axes is None:
            self.shared_axes = None
        elif not isinstance(shared_axes, (list, tuple)):
            self.shared_axes = [shared_axes]
        else:
            self.shared_axes = list(shared_axes)
        self._axes = None

    def build(self, input_shape) -> None:
        param_shape = list(input_shape[1:])
        for i in self.shared_axes or ():
            param_shape[i - 1] = 1
        self.alpha = self.add_weight(
            shape=param_shape,
            name="alpha",
            initializer=self.alpha_initializer,
            regularizer=self.alpha_regularizer,
            constraint=self.alpha_constraint,
        )
        self._ndim = len(input_shape)
        shared = self.shared_axes or ()
        self._axes = {i: input_shape[i] for i in range(1, len(input_shape)) if i not in shared}

    def _check_input(self, inputs) -> None:
        if self._axes is not None:
            check_input_spec(self, inputs, ndim=self._ndim, axes=self._axes)

    def call(self, inputs):
        return run_op(_PRELU, inputs, self.alpha)

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "alpha_initializer": initializers.serialize(self.alpha_initializer),
            "alpha_regularizer": regularizers.serialize(self.alpha_regularizer),
            "alpha_constraint": constraints.serialize(self.alpha_constraint),
            "shared_axes": self.shared_axes,
        }
