"""TF's enums of how a distribution strategy keeps a Variable's replicas
(``tf.VariableSynchronization``) and combines their updates (``tf.VariableAggregation``)."""

from __future__ import annotations

import enum


class VariableSynchronization(enum.Enum):
    """When replicas' values are synchronized (``tf.VariableSynchronization``)."""

    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class VariableAggregation(enum.Enum):
    """How replicas' updates of a Variable are combined (``tf.VariableAggregation``)."""

    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3
