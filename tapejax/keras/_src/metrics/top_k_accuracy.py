"""Top-k accuracies (``tf.keras.metrics.top_k_categorical_accuracy``,
``sparse_top_k_categorical_accuracy`` and their classes), as Keras 3 computes them with TF's
``in_top_k``: a label counts when fewer than ``k`` classes score strictly higher (ties count)."""

from __future__ import annotations

import jax.numpy as jnp

from ..backend.core import convert_to_tensor, x64
from .metrics_utils import array
from .reduction_metrics import MeanMetricWrapper


def _in_top_k(labels, scores, k):
    """``tf.math.in_top_k`` on rows: a non-finite score of the label is never in the top k."""
    mine = jnp.take_along_axis(scores, labels[:, None].astype("int32"), axis=-1)
    return (jnp.sum(scores > mine, axis=-1) < k) & jnp.isfinite(mine[:, 0])


def _matches(labels, scores, k, from_sorted_ids=False):
    shape = labels.shape
    scores = scores.reshape(-1, scores.shape[-1]) if scores.ndim > 2 else scores
    labels = labels.reshape(-1)
    if from_sorted_ids:
        found = jnp.any(labels[:, None] == scores[:, :k], axis=1)
    else:
        found = _in_top_k(labels, scores, k)
    return convert_to_tensor(found.astype("float32").reshape(shape))


@x64.enabled
def top_k_categorical_accuracy(y_true, y_pred, k=5):
    """1.0 where the argmax of one-hot ``y_true`` is among the ``k`` highest of ``y_pred``.

    >>> import tapejax as tf
    >>> y_pred = [[0.1, 0.9, 0.8], [0.05, 0.95, 0]]
    >>> print(tf.keras.metrics.top_k_categorical_accuracy([[0, 0, 1], [0, 1, 0]], y_pred, k=1))
    tf.Tensor([0. 1.], shape=(2,), dtype=float32)
    """
    y_pred = array(y_pred)
    return _matches(jnp.argmax(array(y_true, y_pred.dtype), axis=-1), y_pred, k)


@x64.enabled
def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5, from_sorted_ids=False):
    """1.0 where the integer label ``y_true`` is among the ``k`` highest of ``y_pred`` (or, with
    ``from_sorted_ids``, among the first ``k`` class ids ``y_pred`` lists)."""
    y_pred = array(y_pred)
    labels = array(y_true, y_pred.dtype if from_sorted_ids else "int32")
    return _matches(labels, y_pred, k, from_sorted_ids)


class TopKCategoricalAccuracy(MeanMetricWrapper):
    """The mean ``top_k_categorical_accuracy`` over the samples seen."""

    def __init__(self, k=5, name="top_k_categorical_accuracy", dtype=None):
        super().__init__(top_k_categorical_accuracy, name=name, dtype=dtype, k=k)
        self.k = k

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype, "k": self.k}


class SparseTopKCategoricalAccuracy(MeanMetricWrapper):
    """The mean ``sparse_top_k_categorical_accuracy`` over the samples seen."""

    def __init__(self, k=5, name="sparse_top_k_categorical_accuracy", dtype=None, from_sorted_ids=False):
        super().__init__(
            sparse_top_k_categorical_accuracy, name=name, dtype=dtype, k=k, from_sorted_ids=from_sorted_ids
        )
        self.k, self.from_sorted_ids = k, from_sorted_ids

    def get_config(self):
        config = {"name": self.name, "dtype": self.dtype, "k": self.k}
        return {**config, "from_sorted_ids": True} if self.from_sorted_ids else config
