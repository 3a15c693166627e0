"""Connectionist temporal classification: ``tf.nn.ctc_loss`` (dense labels),
``tf.nn.collapse_repeated`` and ``tf.nn.ctc_unique_labels``.

``ctc_loss`` is the forward (alpha) recursion over the blank-interleaved labels in log space,
a ``lax.scan`` over time, as TF's dense implementation; its gradient is JAX's of that
recursion (TF's is the same derivative, ``softmax - posterior``, zero past each
``logit_length``). Impossible alignments are scored with ``log(0)`` floored at -1e5 per frame
(TF floors differently: such a loss is large in both, not equal).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.values.access import is_symbolic_tensor, value_of
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.tensor import Tensor
from ..array_ops import cast, transpose
from ..builders import check_dtype

_LOG_ZERO = -1e5


def _ctc(labels, logits, label_length, logit_length, *, blank):
    logp = jax.nn.log_softmax(logits, axis=-1)  # [batch, time, classes]
    batch, steps, _ = logp.shape
    ext = jnp.full((batch, 2 * labels.shape[1] + 1), blank, labels.dtype).at[:, 1::2].set(labels)
    skip = jnp.zeros(ext.shape, bool).at[:, 2:].set((ext[:, 2:] != blank) & (ext[:, 2:] != ext[:, :-2]))
    emit = jnp.take_along_axis(logp, jnp.broadcast_to(ext[:, None, :], (batch, steps, ext.shape[1])), axis=2)
    floor = jnp.asarray(_LOG_ZERO, logp.dtype)
    alpha = jnp.full(ext.shape, floor).at[:, :2].set(emit[:, 0, :2])

    def step(alpha, t):
        one = jnp.concatenate([jnp.full((batch, 1), floor), alpha[:, :-1]], axis=1)
        two = jnp.concatenate([jnp.full((batch, 2), floor), alpha[:, :-2]], axis=1)
        new = jnp.logaddexp(jnp.logaddexp(alpha, one), jnp.where(skip, two, floor)) + emit[:, t]
        return jnp.where((t < logit_length)[:, None], new, alpha), None

    alpha, _ = jax.lax.scan(step, alpha, jnp.arange(1, steps))
    end = (2 * label_length)[:, None].astype(jnp.int32)
    last = jnp.take_along_axis(alpha, end, axis=1)[:, 0]
    before = jnp.take_along_axis(alpha, jnp.maximum(end - 1, 0), axis=1)[:, 0]
    return -jnp.logaddexp(last, jnp.where(label_length > 0, before, floor))


_CTC = Op("CTCLoss", _ctc)


def ctc_loss(
    labels,
    logits,
    label_length,
    logit_length,
    logits_time_major=True,
    unique=None,
    blank_index=None,
    name=None,
) -> Tensor:
    """The negative log probability of each ``labels`` row (dense ``[batch, max_label_length]``,
    its first ``label_length`` entries) under ``logits`` (``[time, batch, classes]``, or batch
    first with ``logits_time_major=False``; unnormalized, the first ``logit_length`` frames),
    summed over the alignments CTC allows (``tf.nn.ctc_loss``). ``blank_index`` is 0 by default;
    negative counts from the end. ``unique`` (a speed-up in TF) is not needed.

    >>> import tapejax as tf
    >>> loss = tf.nn.ctc_loss([[1]], tf.zeros((2, 1, 2)), label_length=[1], logit_length=[2])
    >>> round(float(loss[0]), 5)  # -log(3/4): three of the four paths read "1"
    0.28768
    """
    if label_length is None:
        raise ValueError(
            "ctc_loss needs label_length with dense labels (tapejax has no SparseTensor labels): "
            "pass the number of real labels of each row."
        )
    logits = convert_to_tensor(logits)
    check_dtype("CTCLoss", ("float32", "float64"), logits)
    labels = convert_to_tensor(labels)
    check_dtype("CTCLoss", ("int32", "int64"), labels, attr="Tlabels")
    if logits.ndim != 3 or labels.ndim != 2:
        raise InvalidArgumentError(
            f"ctc_loss takes logits of rank 3 and labels of rank 2, got shapes {logits.shape} and "
            f"{labels.shape} [Op:CTCLoss]. Pass logits [time, batch, classes] (or [batch, time, "
            "classes] with logits_time_major=False) and labels [batch, max_label_length]."
        )
    if logits_time_major:
        logits = transpose(logits, (1, 0, 2))
    label_length, logit_length = (cast(convert_to_tensor(t), "int32") for t in (label_length, logit_length))
    batch = logits.shape[0]
    if labels.shape[0] != batch or label_length.shape != (batch,) or logit_length.shape != (batch,):
        raise InvalidArgumentError(
            f"ctc_loss: logits have a batch of {batch}, labels {labels.shape[0]}, label_length "
            f"{list(label_length.shape)} and logit_length {list(logit_length.shape)} [Op:CTCLoss]. "
            "Give each one row per example."
        )
    blank = 0 if blank_index is None else int(blank_index) % logits.shape[-1]
    return record(_CTC, (labels, logits, label_length, logit_length), {"blank": blank})


def _collapse(labels, seq_length):
    steps = jnp.arange(labels.shape[1])
    repeated = jnp.concatenate(
        [jnp.zeros((labels.shape[0], 1), bool), labels[:, 1:] == labels[:, :-1]], axis=1
    )
    keep = (steps[None] < seq_length[:, None]) & ~repeated
    position = jnp.where(keep, jnp.cumsum(keep, axis=1) - 1, labels.shape[1])
    rows = jnp.broadcast_to(jnp.arange(labels.shape[0])[:, None], labels.shape)
    out = jnp.zeros_like(labels).at[rows, position].set(labels, mode="drop")
    return out, jnp.sum(keep, axis=1).astype(seq_length.dtype)


_COLLAPSE = Op("CollapseRepeated", _collapse, differentiable=False, multiple_results=True)


def collapse_repeated(labels, seq_length, name=None):
    """Each row's first ``seq_length`` labels with runs of a repeated label merged into one,
    padded with 0 to the longest result, and the new lengths (``tf.nn.collapse_repeated``).

    The width depends on the values; inside ``tf.function`` (where TF's is unknown, ``None``)
    the rows keep their full width.
    """
    labels, seq_length = convert_to_tensor(labels), convert_to_tensor(seq_length)
    collapsed, lengths = record(_COLLAPSE, (labels, seq_length))
    if is_symbolic_tensor(lengths):
        return collapsed, lengths
    width = int(np.max(np.asarray(value_of(lengths)), initial=0))
    return collapsed[:, :width], lengths


def _unique_labels(labels):
    def row(r):
        first = jnp.argmax(r[:, None] == r[None, :], axis=1)  # where each value first appears
        is_first = first == jnp.arange(r.shape[0])
        rank = jnp.cumsum(is_first) - 1
        unique = jnp.zeros(r.shape, jnp.int64).at[jnp.where(is_first, rank, r.shape[0])].set(r, mode="drop")
        return unique, rank[first].astype(jnp.int32)

    return jax.vmap(row)(labels)


_UNIQUE = Op("CTCUniqueLabels", _unique_labels, differentiable=False, multiple_results=True)


def ctc_unique_labels(labels, name=None):
    """Per row of ``labels``, its distinct values in order of first appearance (int64, padded
    with 0) and each label's index among them (int32) (``tf.nn.ctc_unique_labels``)."""
    unique, index = record(_UNIQUE, (convert_to_tensor(labels),))
    return [unique, index]
