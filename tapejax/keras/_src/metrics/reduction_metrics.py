"""Metrics that reduce values over batches: Sum, Mean, and MeanMetricWrapper (the mean of
a function of ``y_true`` and ``y_pred``).
"""

from __future__ import annotations

import jax.numpy as jnp

from ..backend.core import convert_to_tensor, get_keras_mask, read, x64
from ..losses.loss import apply_mask
from .metric import Metric
from .metrics_utils import array, divide_no_nan, same_rank, stateful


def reduce_to_samplewise_values(values, sample_weight, reduce_fn, dtype):
    """Keras' reduction of ``values`` (and ``sample_weight``) to one value per sample."""
    values = values.astype(dtype)
    if sample_weight is not None:
        sample_weight = array(sample_weight, dtype)
        values, sample_weight = same_rank(values, sample_weight)
        weight_ndim, values_ndim = sample_weight.ndim, values.ndim
        if values_ndim > weight_ndim:
            values = reduce_fn(values, axis=tuple(range(weight_ndim, values_ndim)))
        sample_weight = jnp.broadcast_to(sample_weight, values.shape)
        values = values * sample_weight
        if weight_ndim > 1:
            sample_weight = reduce_fn(sample_weight, axis=tuple(range(1, weight_ndim)))
    if values.ndim > 1:
        values = reduce_fn(values, axis=tuple(range(1, values.ndim)))
    return values, sample_weight


class Sum(Metric):
    """The (weighted) sum of the values given (``tf.keras.metrics.Sum``).

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.Sum()
    >>> m.update_state([1, 3, 5, 7], sample_weight=[1, 1, 0, 0])
    >>> float(m.result())
    4.0
    """

    def __init__(self, name="sum", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer="zeros", name="total")

    @stateful
    def update_state(self, values, sample_weight=None):
        values, _ = reduce_to_samplewise_values(array(values), sample_weight, jnp.sum, self._dtype)
        self._assign(self.total, read(self.total) + jnp.sum(values))

    @x64.enabled
    def result(self):
        return convert_to_tensor(read(self.total))


class Mean(Metric):
    """The (weighted) mean of the values given (``tf.keras.metrics.Mean``): ``total / count``.

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.Mean()
    >>> m.update_state([1, 3, 5, 7])
    >>> m.update_state([1, 3, 5, 7], sample_weight=[1, 1, 0, 0])
    >>> float(m.result())
    3.3333332538604736
    """

    def __init__(self, name="mean", dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable(shape=(), initializer="zeros", name="total")
        self.count = self.add_variable(shape=(), initializer="zeros", name="count")

    @stateful
    def update_state(self, values, sample_weight=None):
        self._add(array(values), sample_weight)

    def _add(self, values, sample_weight) -> None:
        values, sample_weight = reduce_to_samplewise_values(values, sample_weight, jnp.mean, self._dtype)
        if sample_weight is not None:
            num_samples = jnp.sum(sample_weight)
        else:
            num_samples = values.shape[0] if values.ndim >= 1 else 1
        self._assign(self.total, read(self.total) + jnp.sum(values))
        self._assign(self.count, read(self.count) + jnp.asarray(num_samples, self._dtype))

    @x64.enabled
    def result(self):
        return convert_to_tensor(divide_no_nan(read(self.total), read(self.count)))


class MeanMetricWrapper(Mean):
    """The mean of ``fn(y_true, y_pred, **kwargs)`` over every sample seen
    (``tf.keras.metrics.MeanMetricWrapper``); the accuracy and error metrics are built on it.

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.MeanMetricWrapper(fn=tf.keras.losses.mae)
    >>> float(m([[0., 1.]], [[1., 1.]]))
    0.5
    """

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name, dtype=dtype)
        self._fn, self._fn_kwargs = fn, kwargs

    @stateful
    def update_state(self, y_true, y_pred, sample_weight=None):
        mask = get_keras_mask(y_pred)  # Keras 3: masked predictions do not count
        values = self._fn(y_true, y_pred, **self._fn_kwargs)
        sample_weight = apply_mask(sample_weight, mask, self._dtype, "sum")
        self._add(array(values), sample_weight)

    def get_config(self):
        return {**super().get_config(), **self._fn_kwargs}
