"""Correlation metrics (``tf.keras.metrics.pearson_correlation``, ``concordance_correlation``
and their classes), as Keras 3 computes them along ``axis`` for each sample."""

from __future__ import annotations

import jax.numpy as jnp

from ..backend.core import convert_to_tensor, x64
from .metrics_utils import array, same_rank
from .reduction_metrics import MeanMetricWrapper

_EPSILON = 1e-7


def _pair(y_true, y_pred):
    y_pred = array(y_pred)
    return same_rank(array(y_true, y_pred.dtype), y_pred)


@x64.enabled
def pearson_correlation(y_true, y_pred, axis=-1):
    """Pearson's correlation of ``y_true`` and ``y_pred`` along ``axis``.

    >>> import tapejax as tf
    >>> print(tf.keras.metrics.pearson_correlation([[1., 2., 3.]], [[2., 4., 7.]]).numpy().round(4))
    [0.9934]
    """
    y_true, y_pred = _pair(y_true, y_pred)
    t = y_true - jnp.mean(y_true, axis=axis, keepdims=True)
    p = y_pred - jnp.mean(y_pred, axis=axis, keepdims=True)
    t, p = t / jnp.std(t, axis=axis, keepdims=True), p / jnp.std(p, axis=axis, keepdims=True)
    return convert_to_tensor(jnp.mean(t * p, axis=axis))


@x64.enabled
def concordance_correlation(y_true, y_pred, axis=-1):
    """Lin's concordance correlation along ``axis``, as Keras 3.15 computes it (its covariance
    centres ``y_true`` on the mean of ``y_pred``)."""
    y_true, y_pred = _pair(y_true, y_pred)
    true_mean = jnp.mean(y_true, axis=axis, keepdims=True)
    pred_mean = jnp.mean(y_pred, axis=axis, keepdims=True)
    true_var = jnp.var(y_true - true_mean, axis=axis, keepdims=True)
    pred_var = jnp.var(y_pred - pred_mean, axis=axis, keepdims=True)
    covariance = (y_true - pred_mean) * (y_pred - pred_mean)
    norm = true_var + pred_var + jnp.square(true_mean - pred_mean)
    return convert_to_tensor(jnp.mean(2 * covariance / (norm + _EPSILON), axis=axis))


class PearsonCorrelation(MeanMetricWrapper):
    """The mean ``pearson_correlation`` over the samples seen."""

    def __init__(self, name="pearson_correlation", dtype=None, axis=-1):
        super().__init__(pearson_correlation, name=name, dtype=dtype, axis=axis)
        self.axis = axis

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "axis": self.axis}


class ConcordanceCorrelation(MeanMetricWrapper):
    """The mean ``concordance_correlation`` over the samples seen."""

    def __init__(self, name="concordance_correlation", dtype=None, axis=-1):
        super().__init__(concordance_correlation, name=name, dtype=dtype, axis=axis)
        self.axis = axis

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "axis": self.axis}
