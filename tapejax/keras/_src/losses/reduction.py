"""``keras.losses.Reduction``: Keras 2's names of the reductions, kept by Keras 3 (legacy)."""

from __future__ import annotations


class Reduction:
    """The reduction names Keras 2 had (``Reduction.SUM`` is ``'sum'``), as Keras 3 keeps them.

    >>> import tapejax as tf
    >>> tf.keras.losses.Reduction.all()
    ('auto', 'none', 'sum', 'sum_over_batch_size')
    """

    AUTO = "auto"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls) -> tuple:
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key) -> None:
        if key not in cls.all():
            raise ValueError(f'Invalid Reduction Key: {key}. Expected keys are "{cls.all()}"')
