"""``FBetaScore`` and ``F1Score`` (``tf.keras.metrics``), as Keras 3 computes them: counts of
true/false positives and false negatives per class (or over all, ``average='micro'``)."""

from __future__ import annotations

import jax.numpy as jnp

from ..backend.core import convert_to_tensor, read, x64
from .metric import Metric
from .metrics_utils import array, stateful

_EPSILON = 1e-7
_COUNTS = ("true_positives", "false_positives", "false_negatives", "intermediate_weights")


class FBetaScore(Metric):
    """``(1 + beta**2) * precision * recall / (beta**2 * precision + recall)`` per class, of
    predictions ``> threshold`` (by default: each row's maximum), then averaged as ``average``
    says (None: one score per class; ``'micro'``, ``'macro'``, ``'weighted'``).

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.FBetaScore(beta=2.0, threshold=0.5)
    >>> m.update_state([[1, 1, 1], [1, 0, 0], [1, 1, 0]], [[0.2, 0.6, 0.7], [0.2, 0.6, 0.6], [0.6, 0.8, 0.0]])
    >>> print(m.result().numpy().round(4))
    [0.3846 0.9091 0.8333]
    """

    def __init__(self, average=None, beta=1.0, threshold=None, name="fbeta_score", dtype=None):
        super().__init__(name=name, dtype=dtype)
        if average not in (None, "micro", "macro", "weighted"):
            raise ValueError(
                "Invalid `average` argument value. Expected one of: {None, 'micro', 'macro', "
                f"'weighted'}}. Received: average={average}"
            )
        if not isinstance(beta, float):
            raise ValueError(
                "Invalid `beta` argument value. It should be a Python float. "
                f"Received: beta={beta} of type '{type(beta)}'"
            )
        if beta <= 0.0:
            raise ValueError(f"Invalid `beta` argument value. It should be > 0. Received: beta={beta}")
        if threshold is not None:
            if not isinstance(threshold, float):
                raise ValueError(
                    "Invalid `threshold` argument value. It should be a Python float. "
                    f"Received: threshold={threshold} of type '{type(threshold)}'"
                )
            if threshold > 1.0 or threshold <= 0.0:
                raise ValueError(
                    "Invalid `threshold` argument value. It should verify 0 < threshold <= 1. "
                    f"Received: threshold={threshold}"
                )
        self.average, self.beta, self.threshold = average, beta, threshold
        self.axis = None if average == "micro" else 0
        self._built = False

    def _build(self, y_true_shape, y_pred_shape) -> None:
        if len(y_pred_shape) != 2 or len(y_true_shape) != 2:
            raise ValueError(
                "FBetaScore expects 2D inputs with shape (batch_size, output_dim). Received input "
                f"shapes: y_pred.shape={y_pred_shape} and y_true.shape={y_true_shape}."
            )
        shape = () if self.average == "micro" else (y_pred_shape[-1],)
        for name in _COUNTS:
            setattr(self, name, self.add_variable(shape=shape, initializer="zeros", name=name))
        self._built = True

    @stateful
    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = array(y_true, self._dtype), array(y_pred, self._dtype)
        if not self._built:
            self._build(tuple(y_true.shape), tuple(y_pred.shape))
        if self.threshold is None:
            above = (y_pred >= jnp.max(y_pred, axis=-1, keepdims=True)) & (jnp.abs(y_pred) > 1e-9)
        else:
            above = y_pred > self.threshold
        y_pred = above.astype(self._dtype)
        weights = None if sample_weight is None else jnp.expand_dims(array(sample_weight, self._dtype), 1)

        def weighted_sum(values):
            return jnp.sum(values if weights is None else values * weights, axis=self.axis)

        new = (y_pred * y_true, y_pred * (1 - y_true), (1 - y_pred) * y_true, y_true)
        for name, values in zip(_COUNTS, new, strict=True):
            variable = getattr(self, name)
            self._assign(variable, read(variable) + weighted_sum(values))

    @x64.enabled
    def result(self):
        if not self._built:
            return convert_to_tensor(jnp.zeros((), self._dtype))
        tp, fp, fn, weights = (read(getattr(self, name)) for name in _COUNTS)
        precision = tp / (tp + fp + _EPSILON)
        recall = tp / (tp + fn + _EPSILON)
        beta2 = jnp.asarray(self.beta**2, self._dtype)
        score = (precision * recall) / (beta2 * precision + recall + _EPSILON) * (1 + beta2)
        if self.average == "weighted":
            score = jnp.sum(score * (weights / (jnp.sum(weights) + _EPSILON)))
        elif self.average is not None:
            score = jnp.mean(score)
        return convert_to_tensor(score)

    def reset_state(self) -> None:
        if self._built:
            super().reset_state()

    def get_config(self):
        return {
            **super().get_config(),
            "average": self.average,
            "beta": self.beta,
            "threshold": self.threshold,
        }


class F1Score(FBetaScore):
    """``FBetaScore`` with ``beta=1``: the harmonic mean of precision and recall."""

    def __init__(self, average=None, threshold=None, name="f1_score", dtype=None):
        super().__init__(average=average, beta=1.0, threshold=threshold, name=name, dtype=dtype)

    def get_config(self):
        config = super().get_config()
        del config["beta"]
        return config
