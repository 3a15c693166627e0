"""Circle loss (Sun et al., 2020) on L2-normalized embeddings, as Keras 3 computes it: each
sample's positives (same label) and negatives, re-weighted by how far they are from their
optimum, through a softplus of two log-sum-exps."""

from __future__ import annotations

from ..backend.core import convert_to_tensor
from ..backend.ops import cast, creation_ops, matmul, reduce_sum, reshape, transpose, where
from ..backend.ops import math_ops as _math
from ..backend.ops import nn_ops as _nn
from .loss import Loss, LossFunctionWrapper, reduce_weighted_values
from .loss_functions import _same_rank


def circle(y_true, y_pred, ref_labels=None, ref_embeddings=None, remove_diagonal=True, gamma=80, margin=0.4):
    """One loss per sample: ``softplus(logsumexp(positives) + logsumexp(negatives))`` over the
    pairwise cosine distances of ``y_pred`` (unit-norm embeddings) to ``ref_embeddings`` (by
    default ``y_pred`` itself, then without each sample's pair with itself).

    >>> import tapejax as tf
    >>> x = tf.math.l2_normalize([[1., 0.], [0.8, 0.6], [0., 1.]], axis=1)
    >>> print(tf.keras.losses.circle([0, 0, 1], x, gamma=2.0))
    tf.Tensor([0.45184544 0.7763438  0.        ], shape=(3,), dtype=float32)
    """
    y_pred = convert_to_tensor(y_pred)
    y_true = cast(convert_to_tensor(y_true), "int32")
    refs = y_pred if ref_embeddings is None else convert_to_tensor(ref_embeddings)
    ref_labels = y_true if ref_labels is None else cast(convert_to_tensor(ref_labels), "int32")
    distances = _math.maximum(1 - matmul(y_pred, transpose(refs)), 0.0)
    positive, negative = _masks(y_true, ref_labels, remove_diagonal)
    pos_weights = _math.maximum((margin + distances) * cast(positive, distances.dtype), 0.0)
    neg_weights = _math.maximum((1 + margin - distances) * cast(negative, distances.dtype), 0.0)
    pos = -1 * gamma * pos_weights * (margin - distances)
    neg = gamma * neg_weights * (1 - margin - distances)
    lowest = float("-inf")
    p_loss = _math.reduce_logsumexp(where(positive, pos, lowest), axis=1)
    n_loss = _math.reduce_logsumexp(where(negative, neg, lowest), axis=1)
    return _nn.softplus(p_loss + n_loss)


def _masks(labels, ref_labels, remove_diagonal: bool):
    """Keras' ``build_pos_neg_masks``: same label (less the diagonal), and different label."""
    labels = reshape(labels, (-1, 1)) if len(labels.shape) == 1 else labels
    ref_labels = reshape(ref_labels, (-1, 1)) if len(ref_labels.shape) == 1 else ref_labels
    positive = _math.equal(labels, transpose(ref_labels))
    negative = _math.logical_not(positive)
    if remove_diagonal:
        n, m = labels.shape.num_elements(), ref_labels.shape.num_elements()
        positive = _math.logical_and(positive, _math.logical_not(creation_ops.eye(n, m, dtype="bool")))
    return positive, negative


class Circle(LossFunctionWrapper):
    """``circle`` as a loss object (``tf.keras.losses.Circle``). As in Keras, samples whose loss
    is 0 are masked out: ``'sum_over_batch_size'`` and ``'mean'`` average over the others."""

    def __init__(
        self,
        gamma=80.0,
        margin=0.4,
        remove_diagonal=True,
        reduction="sum_over_batch_size",
        name="circle",
        dtype=None,
    ):
        options = dict(gamma=gamma, margin=margin, remove_diagonal=remove_diagonal)
        super().__init__(circle, reduction=reduction, name=name, dtype=dtype, **options)
        self.gamma, self.margin, self.remove_diagonal = gamma, margin, remove_diagonal

    def __call__(self, y_true, y_pred, sample_weight=None):
        y_true, y_pred = (cast(convert_to_tensor(y), self._dtype) for y in (y_true, y_pred))
        losses = self.call(y_true, y_pred)
        mask = cast(_math.greater(losses, 0.0), losses.dtype)
        if self.reduction in ("mean", "sum_over_batch_size"):  # Keras' apply_mask
            total = cast(convert_to_tensor(losses.shape.num_elements()), losses.dtype)
            mask = mask * _math.divide_no_nan(total, reduce_sum(mask))
        if sample_weight is not None:
            mask, sample_weight = _same_rank(mask, cast(convert_to_tensor(sample_weight), losses.dtype))
            mask = sample_weight * mask
        return reduce_weighted_values(losses, mask, self.reduction, self._dtype)

    def get_config(self):
        return {
            **Loss.get_config(self),
            "gamma": self.gamma,
            "margin": self.margin,
            "remove_diagonal": self.remove_diagonal,
        }
