"""The CTC loss (``tf.keras.losses.ctc``/``CTC``), as Keras 3 computes it on TF's
``tf.nn.ctc_loss``: dense integer labels padded with 0 (also the blank), batch-major logits."""

from __future__ import annotations

from ..backend.core import convert_to_tensor
from ..backend.ops import cast, ctc_loss, fill, reduce_sum
from ..backend.ops import math_ops as _math
from .loss import Loss, LossFunctionWrapper


def ctc(y_true, y_pred):
    """The CTC loss of each label row (``(batch, max_length)``, 0-padded) under the logits
    ``y_pred`` (``(batch, time, classes)``, class 0 the blank).

    >>> import tapejax as tf
    >>> loss = tf.keras.losses.ctc([[1, 2]], [[[0., 1., 0.], [0., 0., 1.], [1., 0., 0.]]])
    >>> print(loss.numpy().round(6))
    [1.13059]
    """
    y_true, y_pred = convert_to_tensor(y_true), convert_to_tensor(y_pred)
    if len(y_true.shape) != 2:
        raise ValueError(
            "Targets `y_true` are expected to be a tensor of shape `(batch_size, max_length)` in "
            f"integer format. Received: y_true.shape={tuple(y_true.shape)}"
        )
    if len(y_pred.shape) != 3:
        raise ValueError(
            "Logits `y_pred` are expected to be a tensor of shape `(batch_size, max_length, "
            f"num_classes)`. Received: y_pred.shape={tuple(y_pred.shape)}"
        )
    labels = cast(y_true, "int32")
    label_length = cast(reduce_sum(cast(_math.not_equal(labels, 0), "int32"), axis=-1), "int32")
    logit_length = fill([y_pred.shape[0]], y_pred.shape[1])
    logits = y_pred if y_pred.dtype.name in ("float32",) else cast(y_pred, "float32")
    loss = ctc_loss(labels, logits, label_length, logit_length, logits_time_major=False, blank_index=0)
    return cast(loss, y_pred.dtype if y_pred.dtype.name == "float64" else "float32")


class CTC(LossFunctionWrapper):
    """``ctc`` as a loss object (``tf.keras.losses.CTC``)."""

    def __init__(self, reduction="sum_over_batch_size", name="ctc", dtype=None):
        super().__init__(ctc, reduction=reduction, name=name, dtype=dtype)

    def get_config(self):
        return Loss.get_config(self)
