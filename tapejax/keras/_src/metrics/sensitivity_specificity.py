"""Metrics at a constraint (``tf.keras.metrics.SensitivityAtSpecificity``,
``SpecificityAtSensitivity``, ``PrecisionAtRecall``, ``RecallAtPrecision``), as Keras 3: the
best value of one rate over ``num_thresholds`` evenly spaced thresholds where the other rate
reaches the given value."""

from __future__ import annotations

import jax.numpy as jnp

from ..backend.core import convert_to_tensor, read, x64
from .confusion_metrics import update_confusion_matrix
from .metric import Metric
from .metrics_utils import divide_no_nan, stateful

_RATES = {
    "sensitivity": ("tp", "fn"),
    "recall": ("tp", "fn"),
    "specificity": ("tn", "fp"),
    "precision": ("tp", "fp"),
}


class _AtConstraint(Metric):
    """The largest ``_dependent`` rate among thresholds whose ``_constrained`` rate is at
    least the value (0 if none)."""

    _constrained = _dependent = ""

    def __init__(self, value, num_thresholds=200, class_id=None, name=None, dtype=None):
        kind = self._constrained
        if value < 0 or value > 1:
            raise ValueError(f"Argument `{kind}` must be in the range [0, 1]. Received: {kind}={value}")
        super().__init__(name=name, dtype=dtype)
        if num_thresholds <= 0:
            raise ValueError(
                f"Argument `num_thresholds` must be an integer > 0. Received: num_thresholds={num_thresholds}"
            )
        setattr(self, kind, value)
        self.value, self.num_thresholds, self.class_id = value, num_thresholds, class_id
        if num_thresholds == 1:
            self.thresholds, self._evenly = [0.5], False
        else:
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
            self.thresholds, self._evenly = [0.0, *inner, 1.0], True
        n = len(self.thresholds)
        names = ("true_positives", "false_positives", "true_negatives", "false_negatives")
        self._counts = {
            k: self.add_variable(shape=(n,), initializer="zeros", name=v)
            for k, v in zip(("tp", "fp", "tn", "fn"), names, strict=True)
        }
        self.true_positives, self.false_positives, self.true_negatives, self.false_negatives = (
            self._counts.values()
        )

    @stateful
    def update_state(self, y_true, y_pred, sample_weight=None):
        update_confusion_matrix(
            self,
            self._counts,
            y_true,
            y_pred,
            self.thresholds,
            self._evenly,
            None,
            self.class_id,
            sample_weight,
        )

    def _rate(self, kind):
        first, second = (read(self._counts[k]) for k in _RATES[kind])
        return divide_no_nan(first, first + second)

    @x64.enabled
    def result(self):
        feasible = self._rate(self._constrained) >= self.value
        return convert_to_tensor(jnp.max(jnp.where(feasible, self._rate(self._dependent), 0.0), initial=0.0))

    def get_config(self):
        return {
            **super().get_config(),
            "class_id": self.class_id,
            "num_thresholds": self.num_thresholds,
            self._constrained: self.value,
        }


class SensitivityAtSpecificity(_AtConstraint):
    """The best sensitivity (recall) where the specificity is at least ``specificity``.

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.SensitivityAtSpecificity(0.5)
    >>> float(m([0, 0, 0, 1, 1], [0, 0.3, 0.8, 0.3, 0.8]))
    0.5
    """

    _constrained, _dependent = "specificity", "sensitivity"

    def __init__(self, specificity, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(specificity, num_thresholds, class_id, name, dtype)


class SpecificityAtSensitivity(_AtConstraint):
    """The best specificity where the sensitivity (recall) is at least ``sensitivity``."""

    _constrained, _dependent = "sensitivity", "specificity"

    def __init__(self, sensitivity, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(sensitivity, num_thresholds, class_id, name, dtype)


class PrecisionAtRecall(_AtConstraint):
    """The best precision where the recall is at least ``recall``."""

    _constrained, _dependent = "recall", "precision"

    def __init__(self, recall, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(recall, num_thresholds, class_id, name, dtype)


class RecallAtPrecision(_AtConstraint):
    """The best recall where the precision is at least ``precision``."""

    _constrained, _dependent = "precision", "recall"

    def __init__(self, precision, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(precision, num_thresholds, class_id, name, dtype)
