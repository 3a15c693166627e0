"""Generalized cross-entropy (Zhang & Sabuncu, 2018), robust to noisy labels, as Keras 3
computes it: ``(1 - p**q) / q`` of the probability ``p`` given to the integer label."""

from __future__ import annotations

from ..backend.core import convert_to_tensor
from ..backend.ops import cast, one_hot, reduce_sum
from ..backend.ops import math_ops as _math
from .loss import Loss, LossFunctionWrapper


def categorical_generalized_cross_entropy(y_true, y_pred, q):
    """``(1 - p**q) / q`` with ``p`` the probability ``y_pred`` gives to the integer label
    ``y_true``.

    >>> import tapejax as tf
    >>> print(tf.keras.losses.categorical_generalized_cross_entropy([1, 0], [[0.2, 0.8], [0.6, 0.4]], q=0.5))
    tf.Tensor([0.21114564 0.45080662], shape=(2,), dtype=float32)
    """
    y_pred = convert_to_tensor(y_pred)
    labels = one_hot(cast(convert_to_tensor(y_true), "int32"), y_pred.shape[-1], dtype=y_pred.dtype)
    p = reduce_sum(y_pred * labels, axis=-1)
    return (1 - _math.pow(p, q)) / q


class CategoricalGeneralizedCrossEntropy(LossFunctionWrapper):
    """``categorical_generalized_cross_entropy`` as a loss object, ``q`` in (0, 1)
    (``tf.keras.losses.CategoricalGeneralizedCrossEntropy``)."""

    def __init__(
        self, q=0.5, reduction="sum_over_batch_size", name="categorical_generalized_cross_entropy", dtype=None
    ):
        if not 0 < q < 1:
            raise ValueError("q must be in the interval (0, 1)")
        super().__init__(
            categorical_generalized_cross_entropy, reduction=reduction, name=name, dtype=dtype, q=q
        )
        self.q = q

    def get_config(self):
        return {**Loss.get_config(self), "q": self.q}
