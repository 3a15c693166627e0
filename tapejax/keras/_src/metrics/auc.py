"""AUC (``tf.keras.metrics.AUC``): the area under the ROC or PR curve, as Keras 3 computes it.

The curve is sampled at ``num_thresholds`` thresholds (``-1e-7``, evenly spaced ones, ``1 + 1e-7``)
or at ``[-1e-7] + thresholds + [1 + 1e-7]``; the area is a Riemann sum (``summation_method``
``'interpolation'``, ``'minoring'`` or ``'majoring'``), and the PR curve with interpolation uses
Davis & Goadrich's interpolation, as Keras does.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ..backend.core import convert_to_tensor, read, x64
from .confusion_metrics import _evenly_spaced, update_confusion_matrix
from .metric import Metric
from .metrics_utils import array, divide_no_nan, stateful

_CURVES = {"roc": "ROC", "ROC": "ROC", "pr": "PR", "PR": "PR", "prgain": "PRGAIN", "PRGAIN": "PRGAIN"}
_SUMMATIONS = {
    "interpolation": "interpolation",
    "Interpolation": "interpolation",
    "majoring": "majoring",
    "Majoring": "majoring",
    "minoring": "minoring",
    "Minoring": "minoring",
}
_COUNTS = ("true_positives", "false_positives", "true_negatives", "false_negatives")


class AUC(Metric):
    """Approximate AUC of the ROC (default) or PR curve, from confusion counts at thresholds.

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.AUC(num_thresholds=3)
    >>> float(m([0, 0, 1, 1], [0, 0.5, 0.3, 0.9]))
    0.75
    """

    def __init__(
        self,
        num_thresholds=200,
        curve="ROC",
        summation_method="interpolation",
        name=None,
        dtype=None,
        thresholds=None,
        multi_label=False,
        num_labels=None,
        label_weights=None,
        from_logits=False,
    ):
        if curve not in _CURVES:
            raise ValueError(
                f'Invalid AUC curve value: "{curve}". Expected values are ["PR", "ROC", "PRGAIN"]'
            )
        if summation_method not in _SUMMATIONS:
            raise ValueError(
                f'Invalid AUC summation method value: "{summation_method}". Expected values are '
                '["interpolation", "majoring", "minoring"]'
            )
        self._init_from_thresholds = thresholds is not None
        if thresholds is not None:
            self.num_thresholds = len(thresholds) + 2
            thresholds = sorted(thresholds)
            self._evenly = _evenly_spaced(np.array([0.0, *thresholds, 1.0]))
        else:
            if num_thresholds <= 1:
                raise ValueError(
                    "Argument `num_thresholds` must be an integer > 1. "
                    f"Received: num_thresholds={num_thresholds}"
                )
            self.num_thresholds = num_thresholds
            thresholds = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
            self._evenly = True
        self._thresholds = np.array([0.0 - 1e-7, *thresholds, 1.0 + 1e-7])
        self.curve, self.summation_method = _CURVES[curve], _SUMMATIONS[summation_method]
        super().__init__(name=name, dtype=dtype)
        self.multi_label, self.num_labels, self._from_logits = multi_label, num_labels, from_logits
        self.label_weights = None if label_weights is None else np.asarray(label_weights, self._dtype)
        self._built = False
        if multi_label:
            if num_labels:
                self._build([None, num_labels])
        elif num_labels:
            raise ValueError("`num_labels` is needed only when `multi_label` is True.")
        else:
            self._build(None)

    @property
    def thresholds(self) -> list:
        return list(self._thresholds)

    def _build(self, shape) -> None:
        if self.multi_label:
            if len(shape) != 2:
                raise ValueError(
                    f"`y_pred` must have rank 2 when `multi_label=True`. Found rank {len(shape)}. "
                    f"Full shape received for `y_pred`: {shape}"
                )
            self._num_labels = shape[1]
            variable_shape = (self.num_thresholds, self._num_labels)
        else:
            variable_shape = (self.num_thresholds,)
        for name in _COUNTS:
            setattr(self, name, self.add_variable(shape=variable_shape, initializer="zeros", name=name))
        self._built = True

    @stateful
    def update_state(self, y_true, y_pred, sample_weight=None):
        if not self._built:
            self._build(tuple(convert_to_tensor(y_pred).shape))
        y_pred = jax.nn.sigmoid(array(y_pred)) if self._from_logits else y_pred
        counts = dict(zip(("tp", "fp", "tn", "fn"), (getattr(self, n) for n in _COUNTS), strict=True))
        update_confusion_matrix(
            self,
            counts,
            y_true,
            y_pred,
            self._thresholds,
            self._evenly,
            sample_weight=sample_weight,
            multi_label=self.multi_label,
            label_weights=None if self.multi_label else self.label_weights,
        )

    def _by_label(self, terms):
        if not self.multi_label:
            return jnp.sum(terms)
        by_label = jnp.sum(terms, axis=0)
        if self.label_weights is None:
            return jnp.mean(by_label)
        return divide_no_nan(jnp.sum(by_label * self.label_weights), jnp.sum(self.label_weights))

    def _interpolate_pr_auc(self, tp, fp, fn):
        dtp = tp[:-1] - tp[1:]
        p = tp + fp
        dp = p[:-1] - p[1:]
        slope = divide_no_nan(dtp, jnp.maximum(dp, 0))
        intercept = tp[1:] - slope * p[1:]
        ratio = jnp.where(
            (p[:-1] > 0) & (p[1:] > 0), divide_no_nan(p[:-1], jnp.maximum(p[1:], 0)), jnp.ones_like(p[1:])
        )
        increment = divide_no_nan(slope * (dtp + intercept * jnp.log(ratio)), jnp.maximum(tp[1:] + fn[1:], 0))
        return self._by_label(increment)

    @x64.enabled
    def result(self):
        tp, fp, tn, fn = (read(getattr(self, n)) for n in _COUNTS)
        if self.curve == "PR" and self.summation_method == "interpolation":
            return convert_to_tensor(self._interpolate_pr_auc(tp, fp, fn))
        recall = divide_no_nan(tp, tp + fn)
        if self.curve == "ROC":
            x, y = divide_no_nan(fp, fp + tn), recall
        elif self.curve == "PR":
            x, y = recall, divide_no_nan(tp, tp + fp)
        else:  # PRGAIN
            scale = divide_no_nan(tp + fn, tn + fp)
            recall_gain = jnp.where(tp == 0, 0.0, 1.0 - scale * divide_no_nan(fn, tp))
            precision_gain = jnp.where(tp == 0, 1.0, 1.0 - scale * divide_no_nan(fp, tp))
            x, y = jnp.maximum(recall_gain, 0.0), precision_gain
        if self.summation_method == "interpolation":
            heights = (y[:-1] + y[1:]) / 2.0
        elif self.summation_method == "minoring":
            heights = jnp.minimum(y[:-1], y[1:])
        else:
            heights = jnp.maximum(y[:-1], y[1:])
        return convert_to_tensor(self._by_label((x[:-1] - x[1:]) * heights))

    def reset_state(self) -> None:
        if self._built:
            super().reset_state()

    def get_config(self):
        config = {
            **super().get_config(),
            "num_thresholds": self.num_thresholds,
            "curve": self.curve,
            "summation_method": self.summation_method,
            "multi_label": self.multi_label,
            "num_labels": self.num_labels,
            "from_logits": self._from_logits,
            "label_weights": None if self.label_weights is None else self.label_weights.tolist(),
        }
        if self._init_from_thresholds:
            config["thresholds"] = self.thresholds[1:-1]
        return config
