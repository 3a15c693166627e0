"""BatchNormalization (``tf.keras.layers.BatchNormalization``), Keras 3's defaults and formula."""

from __future__ import annotations

from ...backend.ops import cast as _cast
from ...backend.ops import expand_dims as _expand_dims
from ...backend.ops import math_ops as _math
from ...backend.ops import nn_ops as _nn
from ...backend.ops import reduce_sum as _reduce_sum
from ...backend.ops import reshape as _reshape
from ...backend.ops import squeeze as _squeeze
from ...backend.ops import where as _where
from ...backend.ops import zeros_like as _zeros_like
from ...constraints import constraints
from ...initializers import lookup as initializers
from ...regularizers import regularizers
from ..input_spec import check_input_spec, check_unsupported
from ..layer import Layer


class BatchNormalization(Layer):
    """Normalizes each feature along ``axis``: ``gamma * (x - mean) / sqrt(var + epsilon) + beta``.

    With ``training=True`` (and a trainable layer) ``mean`` and ``var`` are the batch's (the
    variance biased, as in Keras) and the moving statistics are updated:
    ``moving = moving * momentum + batch * (1 - momentum)``. Otherwise (``training`` False or
    not given, the default) the moving statistics are used. ``training`` may be given by
    keyword or by position.

    Args:
      axis: the feature axis, an int (the last by default).
      momentum: the moving statistics' decay.
      epsilon: added to the variance before the square root.
      center: whether to add the trainable offset ``beta``.
      scale: whether to multiply by the trainable ``gamma``.
      beta_initializer, gamma_initializer, moving_mean_initializer, moving_variance_initializer:
        names, initializer objects or callables.
      **kwargs: the base Layer's ``trainable``, ``dtype``, ``name``.

    >>> import tapejax as tf
    >>> bn = tf.keras.layers.BatchNormalization(name='batch_normalization')
    >>> y = bn(tf.constant([[1.0], [3.0]]), training=True)
    >>> y.numpy().round(3)
    array([[-1.],
           [ 1.]], dtype=float32)
    >>> [w.name for w in bn.weights]
    ['gamma', 'beta', 'moving_mean', 'moving_variance']
    >>> print(bn.moving_mean.numpy(), bn.moving_variance.numpy())
    [0.02] [1.]
    """

    _supports_masking = True  # passes its input's mask on, as Keras

    def __init__(
        self,
        axis: int = -1,
        momentum: float = 0.99,
        epsilon: float = 1e-3,
        center: bool = True,
        scale: bool = True,
        beta_initializer="zeros",
        gamma_initializer="ones",
        moving_mean_initializer="zeros",
        moving_variance_initializer="ones",
        beta_regularizer=None,
        gamma_regularizer=None,
        beta_constraint=None,
        gamma_constraint=None,
        synchronized: bool = False,
        renorm: bool = False,
        renorm_clipping=None,
        renorm_momentum: float = 0.99,
        **kwargs,
    ):
        super().__init__(**kwargs)  # renorm_clipping/renorm_momentum: used only with renorm
        check_unsupported(self, synchronized=synchronized, renorm=renorm)
        self.beta_regularizer = regularizers.get(beta_regularizer)
        self.gamma_regularizer = regularizers.get(gamma_regularizer)
        self.beta_constraint = constraints.get(beta_constraint)
        self.gamma_constraint = constraints.get(gamma_constraint)
        self.axis = int(axis)
        self.momentum, self.epsilon = float(momentum), float(epsilon)
        self.center, self.scale = center, scale
        self.beta_initializer = initializers.get(beta_initializer)
        self.gamma_initializer = initializers.get(gamma_initializer)
        self.moving_mean_initializer = initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = initializers.get(moving_variance_initializer)
        self.gamma = self.beta = None
        self._input_spec = None

    def build(self, input_shape) -> None:
        rank = len(input_shape)
        if not -rank <= self.axis < rank:
            raise ValueError(
                f"Axis {self.axis} is out of bounds for input shape {tuple(input_shape)}. "
                f"Received: axis={self.axis}"
            )
        shape = (input_shape[self.axis],)
        if self.scale:
            self.gamma = self.add_weight(
                shape=shape,
                name="gamma",
                initializer=self.gamma_initializer,
                regularizer=self.gamma_regularizer,
                constraint=self.gamma_constraint,
            )
        if self.center:
            self.beta = self.add_weight(
                shape=shape,
                name="beta",
                initializer=self.beta_initializer,
                regularizer=self.beta_regularizer,
                constraint=self.beta_constraint,
            )
        self.moving_mean = self.add_weight(
            shape=shape, name="moving_mean", initializer=self.moving_mean_initializer, trainable=False
        )
        self.moving_variance = self.add_weight(
            shape=shape, name="moving_variance", initializer=self.moving_variance_initializer, trainable=False
        )
        self._input_spec = {"ndim": rank, "axes": {self.axis: input_shape[self.axis]}}

    def _check_input(self, inputs) -> None:
        if self._input_spec is not None:
            check_input_spec(self, inputs, **self._input_spec)

    def call(self, inputs, training=None, mask=None):
        x = inputs if inputs.dtype.is_floating and inputs.dtype.size >= 4 else _cast(inputs, "float32")
        moving_mean = _cast(self.moving_mean, x.dtype)
        moving_variance = _cast(self.moving_variance, x.dtype)
        if training and self.trainable:
            axes = [a for a in range(x.ndim) if a != self.axis % x.ndim]
            mean, variance = _nn.moments(x, axes) if mask is None else _masked_moments(x, mask, axes)
            m = self.momentum
            self.moving_mean.assign(_cast(moving_mean * m + mean * (1.0 - m), self.moving_mean.dtype))
            self.moving_variance.assign(
                _cast(moving_variance * m + variance * (1.0 - m), self.moving_variance.dtype)
            )
        else:
            mean, variance = moving_mean, moving_variance
        return _cast(self._normalize(x, mean, variance), self.compute_dtype)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "axis": self.axis,
            "momentum": self.momentum,
            "epsilon": self.epsilon,
            "center": self.center,
            "scale": self.scale,
            "beta_initializer": initializers.serialize(self.beta_initializer),
            "gamma_initializer": initializers.serialize(self.gamma_initializer),
            "moving_mean_initializer": initializers.serialize(self.moving_mean_initializer),
            "moving_variance_initializer": initializers.serialize(self.moving_variance_initializer),
            "beta_regularizer": regularizers.serialize(self.beta_regularizer),
            "gamma_regularizer": regularizers.serialize(self.gamma_regularizer),
            "beta_constraint": constraints.serialize(self.beta_constraint),
            "gamma_constraint": constraints.serialize(self.gamma_constraint),
            "synchronized": False,
            "renorm": False,
            "renorm_clipping": None,
            "renorm_momentum": 0.99,
        }

    def _normalize(self, x, mean, variance):
        """``tf.nn.batch_normalization``'s arithmetic, with the statistics along ``axis``."""
        stats = [mean, variance, self.gamma, self.beta]
        if self.axis % x.ndim != x.ndim - 1:
            shape = [1] * x.ndim
            shape[self.axis] = x.shape[self.axis]
            stats = [None if s is None else _reshape(s, shape) for s in stats]
        mean, variance, gamma, beta = (s if s is None else _cast(s, x.dtype) for s in stats)
        inv = _math.rsqrt(variance + self.epsilon)
        if gamma is not None:
            inv = inv * gamma
        offset = -mean * inv if beta is None else beta - mean * inv
        return x * inv + offset


def _masked_moments(x, mask, axes):
    """Keras' moments over the unmasked positions (``mask`` has ``x``'s shape but the last axis)."""
    weights = _cast(_expand_dims(_cast(mask, "bool"), -1), x.dtype) + _zeros_like(x)  # x's shape
    keep, zeros = weights > 0, _zeros_like(x)
    weights = _reduce_sum(weights, axes, keepdims=True) + 1e-7  # Keras' epsilon()
    mean = _reduce_sum(_where(keep, x, zeros), axes, keepdims=True) / weights
    squared = _math.square(_where(keep, x - mean, zeros))
    variance = _reduce_sum(squared, axes, keepdims=True) / weights
    return _squeeze(mean), _squeeze(variance)
