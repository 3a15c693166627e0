"""Intersection-over-union metrics (``tf.keras.metrics.IoU``, ``BinaryIoU``, ``MeanIoU``,
``OneHotIoU``, ``OneHotMeanIoU``), as Keras 3 computes them.

The state is a ``(num_classes, num_classes)`` confusion matrix (rows: labels, columns:
predictions), int64 by default as in Keras, so float sample weights are truncated to integers
(Keras does the same); pass ``dtype='float32'`` to weigh by fractions.
"""

from __future__ import annotations

import jax.numpy as jnp

from ..backend.core import convert_to_tensor, read, x64
from .metric import Metric
from .metrics_utils import array, stateful

_EPSILON = 1e-7


class IoU(Metric):
    """The mean IoU (``tp / (tp + fp + fn)``) of the classes ``target_class_ids``, over the
    confusion matrix of every batch seen; classes that never occur are left out of the mean.

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.IoU(num_classes=2, target_class_ids=[0])
    >>> m.update_state([0, 0, 1, 1], [0, 1, 0, 1])
    >>> float(m.result())
    0.3333333134651184
    """

    def __init__(
        self,
        num_classes,
        target_class_ids,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_true=True,
        sparse_y_pred=True,
        axis=-1,
    ):
        super().__init__(name=name, dtype=dtype or "int64")
        if max(target_class_ids) >= num_classes:
            raise ValueError(
                f"Target class id {max(target_class_ids)} is out of range, which is [0, {num_classes})."
            )
        self.num_classes, self.ignore_class, self.axis = num_classes, ignore_class, axis
        self.sparse_y_true, self.sparse_y_pred = sparse_y_true, sparse_y_pred
        self.target_class_ids = list(target_class_ids)
        shape = (num_classes, num_classes)
        self.total_cm = self.add_variable(shape=shape, initializer="zeros", name="total_confusion_matrix")

    @stateful
    def update_state(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = array(y_true), array(y_pred)
        if not self.sparse_y_true:
            y_true = jnp.argmax(y_true, axis=self.axis)
        if not self.sparse_y_pred:
            y_pred = jnp.argmax(y_pred, axis=self.axis)
        y_true, y_pred = y_true.astype(self._dtype).reshape(-1), y_pred.astype(self._dtype).reshape(-1)
        weights = jnp.ones((), self._dtype) if sample_weight is None else array(sample_weight, self._dtype)
        weights = jnp.broadcast_to(weights.reshape(-1) if weights.ndim > 1 else weights, y_true.shape)
        n = self.num_classes
        valid = (y_true >= 0) & (y_true < n) & (y_pred >= 0) & (y_pred < n)
        if self.ignore_class is not None:
            valid = valid & (y_true != self.ignore_class)
        y_true, y_pred = jnp.where(valid, y_true, 0), jnp.where(valid, y_pred, 0)
        weights = jnp.where(valid, weights, 0)
        cm = jnp.zeros((n, n), self._dtype).at[y_true.astype("int32"), y_pred.astype("int32")].add(weights)
        self._assign(self.total_cm, read(self.total_cm) + cm)

    @x64.enabled
    def result(self):
        cm = read(self.total_cm).astype("float32")
        tp = jnp.diag(cm)
        ids = jnp.asarray(self.target_class_ids, "int32")
        tp, denominator = tp[ids], (jnp.sum(cm, axis=0) + jnp.sum(cm, axis=1) - tp)[ids]
        valid = (denominator > 1e-9).astype("float32")
        iou = jnp.where(valid > 0, tp / (denominator + _EPSILON), 0.0)
        return convert_to_tensor(jnp.sum(iou, axis=self.axis) / (jnp.sum(valid) + _EPSILON))

    def get_config(self):
        return {
            **super().get_config(),
            "num_classes": self.num_classes,
            "target_class_ids": self.target_class_ids,
            "ignore_class": self.ignore_class,
            "sparse_y_true": self.sparse_y_true,
            "sparse_y_pred": self.sparse_y_pred,
            "axis": self.axis,
        }


class BinaryIoU(IoU):
    """``IoU`` of two classes: predictions ``>= threshold`` are class 1.

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.BinaryIoU(target_class_ids=[0, 1], threshold=0.3)
    >>> m.update_state([0, 1, 0, 1], [0.1, 0.2, 0.4, 0.7])
    >>> float(m.result())
    0.3333333432674408
    """

    def __init__(self, target_class_ids=(0, 1), threshold=0.5, name=None, dtype=None):
        super().__init__(num_classes=2, target_class_ids=target_class_ids, name=name, dtype=dtype)
        self.threshold = threshold

    def update_state(self, y_true, y_pred, sample_weight=None):
        above = array(y_pred, "float32") >= self.threshold  # as booleans: the base casts them
        return super().update_state(y_true, convert_to_tensor(above), sample_weight)

    def get_config(self):
        return {
            "target_class_ids": self.target_class_ids,
            "threshold": self.threshold,
            "name": self.name,
            "dtype": self.dtype,
        }


class MeanIoU(IoU):
    """The mean ``IoU`` over all ``num_classes`` classes."""

    def __init__(
        self,
        num_classes,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_true=True,
        sparse_y_pred=True,
        axis=-1,
    ):
        super().__init__(
            num_classes,
            list(range(num_classes)),
            name=name,
            dtype=dtype,
            ignore_class=ignore_class,
            sparse_y_true=sparse_y_true,
            sparse_y_pred=sparse_y_pred,
            axis=axis,
        )

    def get_config(self):
        config = super().get_config()
        keys = ("num_classes", "name", "dtype", "ignore_class", "sparse_y_true", "sparse_y_pred", "axis")
        return {k: config[k] for k in keys}


class OneHotIoU(IoU):
    """``IoU`` of one-hot labels (and, unless ``sparse_y_pred``, of class scores)."""

    def __init__(
        self,
        num_classes,
        target_class_ids,
        name=None,
        dtype=None,
        ignore_class=None,
        sparse_y_pred=False,
        axis=-1,
    ):
        super().__init__(
            num_classes,
            target_class_ids,
            name=name,
            dtype=dtype,
            ignore_class=ignore_class,
            sparse_y_true=False,
            sparse_y_pred=sparse_y_pred,
            axis=axis,
        )

    def get_config(self):
        config = super().get_config()
        keys = ("num_classes", "target_class_ids", "name", "dtype", "ignore_class", "sparse_y_pred", "axis")
        return {k: config[k] for k in keys}


class OneHotMeanIoU(MeanIoU):
    """``MeanIoU`` of one-hot labels (and, unless ``sparse_y_pred``, of class scores)."""

    def __init__(self, num_classes, name=None, dtype=None, ignore_class=None, sparse_y_pred=False, axis=-1):
        super().__init__(
            num_classes,
            name=name,
            dtype=dtype,
            ignore_class=ignore_class,
            sparse_y_true=False,
            sparse_y_pred=sparse_y_pred,
            axis=axis,
        )

    def get_config(self):
        config = super().get_config()
        return {
            k: config[k] for k in ("num_classes", "name", "dtype", "ignore_class", "sparse_y_pred", "axis")
        }
