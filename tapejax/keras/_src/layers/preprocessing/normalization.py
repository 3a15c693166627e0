"""Normalization: features shifted and scaled to zero mean and unit variance, from values
given or learned by ``adapt``."""

from __future__ import annotations

import math

import numpy as np

from ...backend.ops import cast as _cast
from ...backend.ops import math_ops as _math
from ...backend.ops import reshape as _reshape
from ..layer import Layer
from .adapt_data import batches

EPSILON = 1e-7  # Keras' backend.epsilon()


def _int_zeros(shape, dtype=None):
    return np.zeros(shape, dtype or "int64")


class Normalization(Layer):
    """``(inputs - mean) / sqrt(variance)`` per position of ``axis`` (``invert=True``:
    ``mean + inputs * sqrt(variance)``); the square root is at least 1e-7.

    ``mean`` and ``variance`` are given, or computed by :meth:`adapt` from data (a numpy
    array, a tensor, a ``tf.data.Dataset`` of batches or an iterable of batches), stored in
    the non-trainable weights ``mean``, ``variance`` and ``count``.

    >>> import numpy as np, tapejax as tf
    >>> layer = tf.keras.layers.Normalization()
    >>> layer.adapt(np.array([[0.0, 10.0], [2.0, 30.0]]))
    >>> layer(tf.constant([[1.0, 20.0]])).numpy()
    array([[0., 0.]], dtype=float32)
    """

    def __init__(self, axis=-1, mean=None, variance=None, invert=False, **kwargs):
        super().__init__(**kwargs)
        self.axis = () if axis is None else ((axis,) if isinstance(axis, int) else tuple(axis))
        self.input_mean, self.input_variance, self.invert = mean, variance, invert
        self.supports_masking = True
        self.adapt_mean = None
        if (mean is not None) != (variance is not None):
            raise ValueError(
                "When setting values directly, both `mean` and `variance` must be set. "
                f"Received: mean={mean} and variance={variance}"
            )
        if mean is not None:
            if np.shape(mean) != np.shape(variance):
                raise ValueError(
                    "When setting values directly, `mean` and `variance` must have the same shape. "
                    f"Received: mean shape {np.shape(mean)} and variance shape {np.shape(variance)}"
                )
            if len(np.shape(mean)) > len(self.axis):
                raise ValueError(
                    "The rank of `mean` must be less than or equal to the number of axes "
                    f"({len(self.axis)}). Received: mean shape {np.shape(mean)} for axis {self.axis}"
                )

    def build(self, input_shape) -> None:
        input_shape = tuple(input_shape)
        ndim = len(input_shape)
        self._build_input_shape = input_shape
        if any(a < -ndim or a >= ndim for a in self.axis):
            raise ValueError(
                "All `axis` values must be in the range [-ndim, ndim). "
                f"Received inputs with ndim={ndim}, while axis={self.axis}"
            )
        self._keep_axis = tuple(sorted(a % ndim for a in self.axis))
        for d in self._keep_axis:
            if input_shape[d] is None:
                raise ValueError(
                    f"All `axis` values to be kept must have a known shape. Received axis={self.axis}, "
                    f"inputs.shape={input_shape}, with unknown axis at index {d}"
                )
        self._reduce_axis = tuple(d for d in range(ndim) if d not in self._keep_axis)
        self._broadcast_shape = tuple(input_shape[d] if d in self._keep_axis else 1 for d in range(ndim))
        self._mean_and_var_shape = tuple(input_shape[d] for d in self._keep_axis)
        if self.input_mean is None:
            self.adapt_mean = self.add_weight(
                name="mean", shape=self._mean_and_var_shape, initializer="zeros", trainable=False
            )
            self.adapt_variance = self.add_weight(
                name="variance", shape=self._mean_and_var_shape, initializer="ones", trainable=False
            )
            self.count = self.add_weight(
                name="count", shape=(), dtype="int64", initializer=_int_zeros, trainable=False
            )

    def adapt(self, data) -> None:
        """Sets ``mean`` and ``variance`` to those of ``data`` over the axes not kept
        (batches merged with Chan's parallel formula, as Keras)."""
        shape, parts = batches(data, batch_vectors=True)
        if not self.built:
            self.build(shape)
            self.built = True
        else:
            for d in self._keep_axis:
                if shape[d] != self._build_input_shape[d]:
                    raise ValueError(
                        f"The layer was built with input_shape={self._build_input_shape}, but adapt() is "
                        f"being called with data with an incompatible shape, data.shape={shape}"
                    )
        if isinstance(data, np.ndarray):
            mean, var = np.mean(data, axis=self._reduce_axis), np.var(data, axis=self._reduce_axis)
        else:
            mean, var = self._merged(parts)
        self.adapt_mean.assign(np.asarray(mean, np.float32))
        self.adapt_variance.assign(np.asarray(var, np.float32))

    def _merged(self, parts):
        mean = np.zeros(self._mean_and_var_shape, np.float32)
        var = np.zeros(self._mean_and_var_shape, np.float32)
        total = 0
        for part in parts:
            batch = np.asarray(part, np.float32)
            for d in self._keep_axis:
                if batch.shape[d] != self._build_input_shape[d]:
                    raise ValueError(
                        "adapt() yielded a batch with incompatible shape. Expected "
                        f"{self._build_input_shape}, got {tuple(batch.shape)}."
                    )
            b_mean, b_var = np.mean(batch, axis=self._reduce_axis), np.var(batch, axis=self._reduce_axis)
            count = math.prod(batch.shape[d] for d in self._reduce_axis) if self._reduce_axis else 1
            total += count
            w = np.float32(count / total)
            new_mean = mean * (1 - w) + b_mean * w
            var = (var + (mean - new_mean) ** 2) * (1 - w) + (b_var + (b_mean - new_mean) ** 2) * w
            mean = new_mean
        return mean, var

    def _stats(self):
        if self.input_mean is not None:
            mean = np.asarray(self.input_mean, np.float32)
            var = np.asarray(self.input_variance, np.float32)
            shape = [1] * len(self._broadcast_shape)
            for i in range(1, mean.ndim + 1):
                shape[self._keep_axis[-i]] = mean.shape[-i]
            mean = np.broadcast_to(mean.reshape(shape), self._broadcast_shape)
            var = np.broadcast_to(var.reshape(shape), self._broadcast_shape)
            return _cast(mean, self.compute_dtype), _cast(var, self.compute_dtype)
        mean = _reshape(self.adapt_mean, self._broadcast_shape)
        var = _reshape(self.adapt_variance, self._broadcast_shape)
        return _cast(mean, self.compute_dtype), _cast(var, self.compute_dtype)

    def call(self, inputs):
        inputs = _cast(inputs, self.compute_dtype)
        mean, var = self._stats()
        scale = _math.maximum(_math.sqrt(var), EPSILON)
        return mean + inputs * scale if self.invert else (inputs - mean) / scale

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self) -> dict:
        return {
            **super().get_config(),
            "axis": self.axis,
            "invert": self.invert,
            "mean": np.array(self.input_mean).tolist(),
            "variance": np.array(self.input_variance).tolist(),
        }
