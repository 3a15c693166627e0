"""The base of callbacks that watch a logged value (EarlyStopping, ModelCheckpoint, ReduceLROnPlateau)."""

from __future__ import annotations

import operator
import warnings

from .callback import Callback


class _MonitorCallback(Callback):
    """Keras' MonitorCallback: which way the monitored value improves, and by how much."""

    def __init__(self, monitor="val_loss", mode="auto", baseline=None, min_delta=0):
        super().__init__()
        if mode not in ("auto", "min", "max"):
            warnings.warn(
                f"{type(self).__name__} mode '{mode}' is unknown, fallback to auto mode.", stacklevel=3
            )
            mode = "auto"
        self.monitor, self.mode, self.best = monitor, mode, baseline
        self.min_delta = abs(min_delta)
        self.monitor_op = None

    def _set_monitor_op(self) -> None:
        name = self.monitor.removeprefix("val_")
        if self.mode != "auto":
            self.monitor_op = operator.lt if self.mode == "min" else operator.gt
        elif name == "loss" or name.endswith("_loss") or _named(name, _DOWN_METRICS):
            self.monitor_op = operator.lt
        elif _named(name, _UP_METRICS):
            self.monitor_op = operator.gt
        else:
            raise ValueError(
                f"{type(self).__name__} callback received monitor={self.monitor}, but Keras isn't able "
                "to automatically determine whether that metric should be maximized or minimized. Pass "
                "`mode='max'` in order to monitor based on the highest metric value, or pass "
                "`mode='min'` in order to use the lowest value."
            )
        if self.monitor_op is operator.lt:
            self.min_delta *= -1

    def _is_improvement(self, value, reference) -> bool:
        return reference is None or self.monitor_op(value - self.min_delta, reference)


def _named(name: str, metrics: tuple) -> bool:
    """``name`` is one of ``metrics``, or one of them for an output (``out1_accuracy``)."""
    return name in metrics or name.endswith(tuple("_" + m for m in metrics))


# Metrics whose larger values are better / worse (Keras reads each metric's ``_direction``).
_UP_METRICS = (
    "accuracy",
    "acc",
    "binary_accuracy",
    "categorical_accuracy",
    "sparse_categorical_accuracy",
    "auc",
    "precision",
    "recall",
    "top_k_categorical_accuracy",
    "sparse_top_k_categorical_accuracy",
    "f1_score",
    "fbeta_score",
    "r2_score",
    "io_u",
    "binary_io_u",
    "mean_io_u",
    "one_hot_io_u",
    "one_hot_mean_io_u",
    "cosine_similarity",
    "pearson_correlation",
    "concordance_correlation",
    "precision_at_recall",
    "recall_at_precision",
    "sensitivity_at_specificity",
    "specificity_at_sensitivity",
)
_DOWN_METRICS = ("mae", "mse", "mean_absolute_error", "mean_squared_error", "crossentropy")
