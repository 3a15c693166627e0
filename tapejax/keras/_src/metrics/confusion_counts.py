"""``TruePositives``, ``FalsePositives``, ``TrueNegatives``, ``FalseNegatives``
(``tf.keras.metrics``): one weighted count per threshold, as Keras 3 accumulates them."""

from __future__ import annotations

from ..backend.core import convert_to_tensor, read, x64
from .confusion_metrics import _evenly_spaced, _thresholds, update_confusion_matrix
from .metric import Metric
from .metrics_utils import stateful


class _ConditionCount(Metric):
    _condition = ""  # 'tp', 'fp', 'tn' or 'fn'

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.thresholds = _thresholds(thresholds, 0.5)
        self._evenly = _evenly_spaced(self.thresholds)
        self.accumulator = self.add_variable(
            shape=(len(self.thresholds),), initializer="zeros", name="accumulator"
        )

    @stateful
    def update_state(self, y_true, y_pred, sample_weight=None):
        counts = {self._condition: self.accumulator}
        update_confusion_matrix(
            self, counts, y_true, y_pred, self.thresholds, self._evenly, sample_weight=sample_weight
        )

    @x64.enabled
    def result(self):
        counts = read(self.accumulator)
        return convert_to_tensor(counts[0] if len(self.thresholds) == 1 else counts)

    def get_config(self):
        return {**super().get_config(), "thresholds": self.init_thresholds}


class TruePositives(_ConditionCount):
    """The weighted number of positives predicted above each threshold (0.5 by default).

    >>> import tapejax as tf
    >>> m = tf.keras.metrics.TruePositives()
    >>> float(m([0, 1, 1, 1], [1, 0, 1, 1]))
    2.0
    """

    _condition = "tp"


class FalsePositives(_ConditionCount):
    """The weighted number of negatives predicted above each threshold (0.5 by default)."""

    _condition = "fp"


class TrueNegatives(_ConditionCount):
    """The weighted number of negatives predicted at or below each threshold."""

    _condition = "tn"


class FalseNegatives(_ConditionCount):
    """The weighted number of positives predicted at or below each threshold."""

    _condition = "fn"
