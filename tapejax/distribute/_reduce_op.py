"""``tf.distribute.ReduceOp``: how values from the replicas are combined."""

from __future__ import annotations

import enum

from .._core.values.variable_enums import VariableAggregation


class ReduceOp(enum.Enum):
    """``SUM`` or ``MEAN`` of the replicas' values (``tf.distribute.ReduceOp``).

    >>> import tapejax as tf
    >>> tf.distribute.ReduceOp("SUM")
    <ReduceOp.SUM: 'SUM'>
    """

    SUM = "SUM"
    MEAN = "MEAN"

    @staticmethod
    def from_variable_aggregation(aggregation) -> ReduceOp:
        """The ReduceOp of a ``tf.VariableAggregation`` (SUM, MEAN; ONLY_FIRST_REPLICA: MEAN)."""
        aggregation = VariableAggregation(aggregation)
        if aggregation == VariableAggregation.SUM:
            return ReduceOp.SUM
        if aggregation in (VariableAggregation.MEAN, VariableAggregation.ONLY_FIRST_REPLICA):
            return ReduceOp.MEAN
        raise ValueError(
            f"Could not convert from `tf.VariableAggregation` {aggregation} to `tf.distribute.ReduceOp` type"
        )


def as_reduce_op(reduce_op) -> ReduceOp:
    """``reduce_op`` as a ReduceOp: TF takes the enum or its name in any case ("sum"), and
    raises Python's ValueError for another name (``'MAX' is not a valid ReduceOp``)."""
    if isinstance(reduce_op, ReduceOp):
        return reduce_op
    return ReduceOp(reduce_op.upper() if isinstance(reduce_op, str) else reduce_op)
