"""``R2Score`` and ``CosineSimilarity`` (``tf.keras.metrics``), as Keras 3 computes them."""

from __future__ import annotations

import warnings

import jax.numpy as jnp

from ..backend.core import convert_to_tensor, read, x64
from .metric import Metric
from .metrics_utils import array, same_rank, stateful
from .reduction_metrics import MeanMetricWrapper

_AGGREGATIONS = (None, "uniform_average", "variance_weighted_average")


@x64.enabled
def cosine_similarity(y_true, y_pred, axis=-1):
    """The cosine of the angle between ``y_true`` and ``y_pred`` along ``axis`` (each L2
    normalized with Keras' ``normalize``: divided by ``max(norm, 1e-12)``)."""
    y_pred = array(y_pred)
    y_true, y_pred = same_rank(array(y_true, y_pred.dtype), y_pred)

    def unit(x):
        return x / jnp.sqrt(jnp.maximum(jnp.sum(jnp.square(x), axis=axis, keepdims=True), 1e-12))

    return convert_to_tensor(jnp.sum(unit(y_true) * unit(y_pred), axis=axis))


class CosineSimilarity(MeanMetricWrapper):
    """The mean cosine similarity of labels and predictions (``tf.keras.metrics.CosineSimilarity``).

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.CosineSimilarity()
    >>> float(m([[0., 1.], [1., 1.]], [[1., 0.], [1., 1.]]))
    0.4999999701976776
    """

    def __init__(self, name="cosine_similarity", dtype=None, axis=-1):
        super().__init__(cosine_similarity, name=name, dtype=dtype, axis=axis)

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}


class R2Score(Metric):
    """The coefficient of determination of each output column over every batch seen,
    aggregated as ``class_aggregation`` says; ``num_regressors`` > 0 gives the adjusted score.

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.R2Score()
    >>> m.update_state([[1.], [4.], [3.]], [[2.], [4.], [4.]])
    >>> float(m.result())
    0.5714285373687744
    """

    def __init__(self, class_aggregation="uniform_average", num_regressors=0, name="r2_score", dtype=None):
        super().__init__(name=name, dtype=dtype)
        if class_aggregation not in _AGGREGATIONS:
            raise ValueError(
                "Invalid value for argument `class_aggregation`. Expected one of "
                f"{_AGGREGATIONS}. Received: class_aggregation={class_aggregation}"
            )
        if num_regressors < 0:
            raise ValueError(
                "Invalid value for argument `num_regressors`. Expected a value >= 0. "
                f"Received: num_regressors={num_regressors}"
            )
        self.class_aggregation, self.num_regressors = class_aggregation, num_regressors
        self.num_samples = self.add_variable(shape=(), initializer="zeros", name="num_samples")
        self._built = False

    def _build(self, y_true_shape, y_pred_shape) -> None:
        if len(y_pred_shape) != 2 or len(y_true_shape) != 2:
            raise ValueError(
                "R2Score expects 2D inputs with shape (batch_size, output_dim). Received input "
                f"shapes: y_pred.shape={y_pred_shape} and y_true.shape={y_true_shape}."
            )
        n = y_pred_shape[-1]
        self.squared_sum = self.add_variable(shape=(n,), initializer="zeros", name="squared_sum")
        self.sum = self.add_variable(shape=(n,), initializer="zeros", name="sum")
        self.total_mse = self.add_variable(shape=(n,), initializer="zeros", name="residual")
        self.count = self.add_variable(shape=(n,), initializer="zeros", name="count")
        self._built = True

    @stateful
    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = same_rank(array(y_true, self._dtype), array(y_pred, self._dtype))
        if not self._built:
            self._build(tuple(y_true.shape), tuple(y_pred.shape))
        weights = jnp.ones((), self._dtype) if sample_weight is None else array(sample_weight, self._dtype)
        weights = jnp.broadcast_to(weights[:, None] if weights.ndim == 1 else weights, y_true.shape)
        weighted = y_true * weights
        added = [
            (self.sum, jnp.sum(weighted, axis=0)),
            (self.squared_sum, jnp.sum(y_true * weighted, axis=0)),
            (self.total_mse, jnp.sum((y_true - y_pred) ** 2 * weights, axis=0)),
            (self.count, jnp.sum(weights, axis=0)),
            (self.num_samples, jnp.asarray(y_true.size, self._dtype)),
        ]
        for variable, value in added:
            self._assign(variable, read(variable) + value)

    @x64.enabled
    def result(self):
        total_sum, count = read(self.sum), read(self.count)
        total = read(self.squared_sum) - total_sum * (total_sum / count)
        raw = 1 - read(self.total_mse) / total
        raw = jnp.where(jnp.isinf(raw), 0.0, raw)
        if self.class_aggregation == "uniform_average":
            score = jnp.mean(raw)
        elif self.class_aggregation == "variance_weighted_average":
            score = jnp.sum(total * raw) / jnp.sum(total)
        else:
            score = raw
        return convert_to_tensor(self._adjusted(score))

    def _adjusted(self, score):
        if self.num_regressors == 0:
            return score
        samples = float(read(self.num_samples))
        if self.num_regressors > samples - 1:
            warnings.warn(
                "More independent predictors than datapoints in adjusted R2 score. Falling back to "
                "standard R2 score.",
                stacklevel=3,
            )
        elif self.num_regressors == samples - 1:
            warnings.warn(
                "Division by zero in Adjusted R2 score. Falling back to standard R2 score.", stacklevel=3
            )
        else:
            n, p = jnp.float32(samples), jnp.float32(self.num_regressors)
            return 1.0 - ((1.0 - score) * (n - 1.0)) / ((n - p) - 1.0)
        return score

    def reset_state(self) -> None:
        super().reset_state()

    def get_config(self):
        return {
            **super().get_config(),
            "class_aggregation": self.class_aggregation,
            "num_regressors": self.num_regressors,
        }
