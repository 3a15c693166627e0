"""Precision, Recall and AUC (``tf.keras.metrics``): confusion counts at thresholds, as Keras 3.

Their state is the true/false positive/negative counts at each threshold (float32 Variables).
``update_confusion_matrix`` follows Keras' ``update_confusion_matrix_variables``: evenly spaced
thresholds (AUC's, or ``[0, 0.5, 1]``) take Keras' bucketed path (predictions clipped to
[0, 1], a prediction counted above threshold ``i`` when ``ceil(p * (n - 1)) - 1 >= i``), other
thresholds compare ``y_pred > threshold``.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ..backend import core as backend
from ..backend.core import convert_to_tensor, read, x64
from .metric import Metric
from .metrics_utils import array, divide_no_nan, same_rank, stateful

_NEG_INF = -1e10
_EPSILON = 1e-7


def _thresholds(thresholds, default):
    if thresholds is not None:
        listed = list(thresholds) if isinstance(thresholds, list | tuple) else [thresholds]
        invalid = [t for t in listed if t is None or t < 0 or t > 1]
        if invalid:
            raise ValueError(f"Threshold values must be in [0, 1]. Received: {invalid}")
    value = default if thresholds is None else thresholds
    return list(value) if isinstance(value, list | tuple) else [value]


def _evenly_spaced(thresholds) -> bool:
    n = len(thresholds)
    return n >= 3 and np.allclose(thresholds, np.arange(n, dtype=np.float32) / (n - 1), atol=_EPSILON)


def _filter_top_k(x, k):
    _, idx = jax.lax.top_k(x, k)
    mask = jnp.sum(jax.nn.one_hot(idx, x.shape[-1], dtype=x.dtype), axis=-2)
    return x * mask + _NEG_INF * (1 - mask)


def _bucketed_counts(y_true, y_pred, weights, n, with_epsilon, multi_label):
    """``(tp, fp, positives, negatives)`` by Keras' bucket sums (evenly spaced thresholds)."""
    y_pred = jnp.clip(y_pred, 0.0, 1.0)
    y_true = (y_true != 0).astype(y_pred.dtype)
    if not multi_label:
        y_true, y_pred, weights = y_true.reshape(-1), y_pred.reshape(-1), weights.reshape(-1)
    true_labels, false_labels = y_true * weights, (1.0 - y_true) * weights
    buckets = jnp.ceil(y_pred * (jnp.asarray(n, y_pred.dtype) - 1)) - 1
    if with_epsilon:
        buckets = jnp.maximum(buckets, 0)
    buckets = buckets.astype(jnp.int32)
    dropped = buckets < 0  # a prediction of 0 is above no threshold (Keras' segment_sum drops it)
    buckets = jnp.where(dropped, 0, buckets)

    def reverse_cumsum(labels):
        labels = jnp.where(dropped, 0, labels)
        if multi_label:  # one bucket sum per label column
            sums = jax.vmap(lambda d, b: jax.ops.segment_sum(d, b, n), in_axes=1, out_axes=1)(labels, buckets)
        else:
            sums = jax.ops.segment_sum(labels, buckets, n)
        return jnp.flip(jnp.cumsum(jnp.flip(sums, 0), axis=0), 0)

    tp, fp = reverse_cumsum(true_labels), reverse_cumsum(false_labels)
    return tp, fp, jnp.sum(true_labels, axis=0), jnp.sum(false_labels, axis=0)


def _compared_counts(y_true, y_pred, weights, thresholds, multi_label):
    """``(tp, fp, positives, negatives)`` comparing ``y_pred > threshold`` at each threshold."""
    labels = y_true != 0
    if not multi_label:
        labels, y_pred, weights = labels.reshape(-1), y_pred.reshape(-1), weights.reshape(-1)
    shape = (-1,) + (1,) * y_pred.ndim
    above = y_pred[None] > thresholds.reshape(shape)
    weights = jnp.broadcast_to(weights, y_pred.shape)[None]
    tp = jnp.sum(jnp.where(labels[None] & above, weights, 0.0), axis=1)
    fp = jnp.sum(jnp.where(~labels[None] & above, weights, 0.0), axis=1)
    positives = jnp.sum(jnp.where(labels, weights[0], 0.0), axis=0)
    negatives = jnp.sum(jnp.where(~labels, weights[0], 0.0), axis=0)
    return tp, fp, positives, negatives


def update_confusion_matrix(
    metric,
    counts: dict,
    y_true,
    y_pred,
    thresholds,
    evenly=False,
    top_k=None,
    class_id=None,
    sample_weight=None,
    multi_label=False,
    label_weights=None,
) -> None:
    """Adds the weighted counts of ``y_pred`` against ``y_true`` to ``counts`` ({'tp': Variable, ...})."""
    dtype = backend.dtype_of(counts[next(iter(counts))])
    y_true, y_pred = array(y_true, dtype), array(y_pred, dtype)
    with_epsilon = bool(thresholds[0] < 0.0 or thresholds[-1] > 1.0)
    thresholds = jnp.asarray(np.asarray(thresholds, np.float64), dtype)
    y_pred, y_true = same_rank(y_pred, y_true)
    weights = jnp.ones((), dtype)
    if sample_weight is not None:
        sample_weight = jnp.expand_dims(array(sample_weight, dtype), -1)
        _, weights = same_rank(y_true, sample_weight, expand_rank_1=False)
    if top_k is not None:
        y_pred = _filter_top_k(y_pred, top_k)
    if class_id is not None:
        if y_pred.ndim == 1:
            raise ValueError(
                "When class_id is provided, y_pred must be a 2D array with shape (num_samples, "
                f"num_classes), found shape: {y_pred.shape}"
            )
        y_true, y_pred = y_true[..., class_id, None], y_pred[..., class_id, None]
    weights = jnp.broadcast_to(weights, y_pred.shape)
    if label_weights is not None:
        weights = weights * jnp.broadcast_to(jnp.asarray(label_weights, dtype)[None], y_pred.shape)
    if evenly:
        tp, fp, pos, neg = _bucketed_counts(
            y_true, y_pred, weights, thresholds.shape[0], with_epsilon, multi_label
        )
    else:
        tp, fp, pos, neg = _compared_counts(y_true, y_pred, weights, thresholds, multi_label)
    new = {"tp": tp, "fp": fp, "tn": neg - fp, "fn": pos - tp}
    for key, variable in counts.items():
        metric._assign(variable, read(variable) + new[key])


class _ThresholdMetric(Metric):
    """Precision and Recall: one count pair per threshold."""

    _second: tuple = ()  # (count key, variable name)

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds, self.top_k, self.class_id = thresholds, top_k, class_id
        self.thresholds = _thresholds(thresholds, 0.5 if top_k is None else _NEG_INF)
        self._evenly = _evenly_spaced(self.thresholds)
        n = len(self.thresholds)
        self.true_positives = self.add_variable(shape=(n,), initializer="zeros", name="true_positives")
        self._other = self.add_variable(shape=(n,), initializer="zeros", name=self._second[1])

    @stateful
    def update_state(self, y_true, y_pred, sample_weight=None):
        update_confusion_matrix(
            self,
            {"tp": self.true_positives, self._second[0]: self._other},
            y_true,
            y_pred,
            self.thresholds,
            self._evenly,
            self.top_k,
            self.class_id,
            sample_weight,
        )

    @x64.enabled
    def result(self):
        tp = read(self.true_positives)
        result = divide_no_nan(tp, tp + read(self._other))
        return convert_to_tensor(result[0] if len(self.thresholds) == 1 else result)

    def get_config(self):
        return {
            **super().get_config(),
            "thresholds": self.init_thresholds,
            "top_k": self.top_k,
            "class_id": self.class_id,
        }


class Precision(_ThresholdMetric):
    """``tp / (tp + fp)`` of ``y_pred > threshold`` (``tf.keras.metrics.Precision``): a scalar for
    one threshold (0.5 by default), one value per threshold otherwise; ``top_k`` counts only the
    k largest predictions, ``class_id`` one class.

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.Precision()
    >>> float(m([0, 1, 1, 1], [1, 0, 1, 1]))
    0.6666666865348816
    """

    _second = ("fp", "false_positives")

    @property
    def false_positives(self):
        return self._other


class Recall(_ThresholdMetric):
    """``tp / (tp + fn)`` of ``y_pred > threshold`` (``tf.keras.metrics.Recall``), with
    ``thresholds``, ``top_k`` and ``class_id`` as ``Precision``.

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.Recall()
    >>> float(m([0, 1, 1, 1], [1, 0, 1, 1]))
    0.6666666865348816
    """

    _second = ("fn", "false_negatives")

    @property
    def false_negatives(self):
        return self._other
