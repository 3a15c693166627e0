"""The legacy backend's sequence functions: ``keras.backend.rnn`` (a step function run over
time, masks and states as Keras 2 handled them) and the CTC loss and greedy decoder, with the
blank as the last class as in Keras."""

from __future__ import annotations

import numpy as np

from ..backend import tf
from ..backend.config import epsilon


def _swap_batch_time(x):
    axes = list(range(len(x.shape)))
    axes[0], axes[1] = 1, 0
    return tf.transpose(x, axes)


def _tiled(mask_t, x):
    """A ``(batch,)`` or ``(batch, 1)`` mask broadcast to ``x``'s shape."""
    mask_t = tf.reshape(mask_t, [mask_t.shape[0]] + [1] * (len(x.shape) - 1))
    return tf.math.logical_and(mask_t, tf.ones_like(x, dtype="bool"))


def _time_mask(mask, input_length, time_steps, time_major, go_backwards):
    """The ``(time, batch)`` boolean mask, in the order the steps run, or None."""
    if mask is None and tf.is_tensor(input_length):
        steps = tf.range_(time_steps)
        mask = tf.math.greater(tf.reshape(input_length, [1, -1]), tf.reshape(steps, [-1, 1]))
        time_major = True
    if mask is None:
        return None
    mask = tf.convert_to_tensor(mask)
    mask = mask if mask.dtype.name == "bool" else tf.cast(mask, "bool")
    mask = tf.reshape(mask, list(mask.shape[:2])) if len(mask.shape) == 3 else mask
    mask = mask if time_major else _swap_batch_time(mask)
    return tf.reverse(mask, [0]) if go_backwards else mask


def rnn(
    step_function,
    inputs,
    initial_states,
    go_backwards=False,
    mask=None,
    constants=None,
    unroll=False,
    input_length=None,
    time_major=False,
    zero_output_for_mask=False,
    return_all_outputs=True,
):
    """Runs ``step_function(input_t, states + constants) -> (output_t, new_states)`` over the
    time axis of ``inputs``; returns ``(last_output, outputs, new_states)``.

    Where ``mask`` (``(batch, time)``) is False a step keeps the previous states and repeats
    the previous output (zeros with ``zero_output_for_mask``). The steps run as a Python loop
    (also ``unroll=False``): traced in a ``tf.function``, one program with the steps inline.
    """
    flat_inputs = tf.nest.flatten(inputs)
    if not time_major:
        flat_inputs = [_swap_batch_time(x) for x in flat_inputs]
    time_steps = flat_inputs[0].shape[0]
    if unroll and not time_steps:
        raise ValueError("Unrolling requires a fixed number of timesteps.")
    steps = [tf.unstack(x) for x in flat_inputs]
    if go_backwards:
        steps = [s[::-1] for s in steps]
    masks = _time_mask(mask, input_length, time_steps, time_major, go_backwards)
    masks = None if masks is None else tf.unstack(masks)
    states, constants = tuple(initial_states), tuple(constants or ())
    outputs, previous = [], None
    for t in range(time_steps):
        current = tf.nest.pack_sequence_as(inputs, [s[t] for s in steps])
        output, new_states = step_function(current, states + constants)
        if masks is not None:
            kept = tf.zeros_like(output) if zero_output_for_mask or previous is None else previous
            output = tf.where(_tiled(masks[t], output), output, kept)
            flat_old, flat_new = tf.nest.flatten(states), tf.nest.flatten(new_states)
            chosen = [tf.where(_tiled(masks[t], n), n, o) for o, n in zip(flat_old, flat_new, strict=True)]
            new_states = tf.nest.pack_sequence_as(states, chosen)
        states, previous = tuple(tf.nest.flatten(new_states)), output
        outputs = [*outputs, output] if return_all_outputs else [output]
    stacked = tf.stack(outputs)
    last_output = stacked[-1]
    if not time_major:
        stacked = _swap_batch_time(stacked)
    return last_output, stacked, states


def ctc_batch_cost(y_true, y_pred, input_length, label_length):
    """The CTC loss of each batch entry, ``(batch, 1)``: ``y_pred`` are softmax outputs
    ``(batch, time, classes)`` (the blank is the last class), ``y_true`` dense labels,
    ``input_length`` and ``label_length`` ``(batch, 1)``."""
    label_length = tf.cast(tf.squeeze(label_length, axis=-1), "int32")
    input_length = tf.cast(tf.squeeze(input_length, axis=-1), "int32")
    log_probs = tf.math.log(tf.transpose(y_pred, perm=[1, 0, 2]) + epsilon())
    loss = tf.nn.ctc_loss(
        labels=tf.cast(y_true, "int32"),
        logits=log_probs,
        label_length=label_length,
        logit_length=input_length,
        logits_time_major=True,
        blank_index=-1,
    )
    return tf.expand_dims(loss, 1)


def ctc_label_dense_to_sparse(labels, label_lengths):
    """Keras returns a ``tf.SparseTensor``, which tapejax does not have."""
    raise NotImplementedError(
        "keras.backend.ctc_label_dense_to_sparse returns a tf.SparseTensor, which tapejax does "
        "not have; tapejax's tf.nn.ctc_loss and keras.backend.ctc_batch_cost take dense labels "
        "with their lengths instead."
    )


def ctc_decode(y_pred, input_length, greedy=True, beam_width=100, top_paths=1):
    """Best paths of softmax outputs ``(batch, time, classes)``: ``([decoded], log_prob)``,
    ``decoded`` ``(batch, time)`` int64 padded with -1, ``log_prob`` ``(batch, 1)`` (the
    negated sum of each step's best log probability). Greedy only (the beam search decoder
    is not in tapejax yet)."""
    if not greedy:
        raise NotImplementedError(
            "keras.backend.ctc_decode(greedy=False): tapejax has no CTC beam search decoder yet; "
            "use greedy=True."
        )
    log_probs = np.log(np.asarray(y_pred, dtype=np.float32) + np.float32(epsilon()))
    lengths = np.asarray(input_length).reshape(-1).astype(np.int64)
    batch, steps, classes = log_probs.shape
    decoded = np.full((batch, steps), -1, np.int64)
    log_prob = np.zeros((batch, 1), np.float32)
    for b in range(batch):
        best = log_probs[b, : lengths[b]].argmax(-1)
        log_prob[b, 0] = -log_probs[b, : lengths[b]].max(-1).sum()
        # merge repeats, then drop the blank (the last class), as TF's greedy decoder
        kept = [int(c) for i, c in enumerate(best) if (i == 0 or c != best[i - 1]) and c != classes - 1]
        decoded[b, : len(kept)] = kept
    return [tf.constant(decoded)], tf.constant(log_prob)
