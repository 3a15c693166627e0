"""``tf.nn.ctc_loss`` (dense labels), ``collapse_repeated`` and ``ctc_unique_labels`` (issue 21).

TF's numbers were computed with TensorFlow 2.21 (CPU) on logits ``2 * tf_fingerprints.data``:
the losses, and the fingerprint and the sum of absolute values of the logits' gradient of
``sum(loss * cos(0.3 * k))``.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from op_checks import check_many
from tf_fingerprints import data, fingerprint, weights

import tapejax as tf
from tapejax.errors import InvalidArgumentError

nn = tf.nn

CASES = {
    "basic": ([[1, 2, 2], [3, 0, 0]], (6, 2, 5), [3, 1], [6, 4], {}),
    "blank_last": ([[1, 2, 2], [3, 0, 0]], (6, 2, 5), [3, 1], [6, 4], {"blank_index": -1}),
    "batch_major": (
        [[1, 2, 2, 1], [3, 3, 0, 0], [2, 0, 0, 0]],
        (3, 8, 6),
        [4, 2, 1],
        [8, 5, 7],
        {"logits_time_major": False},
    ),
    "empty_label": ([[0, 0], [2, 1]], (5, 2, 4), [0, 2], [5, 5], {}),
}

# TensorFlow 2.21: (losses, fingerprint of the logits' gradient, sum of its absolute values)
TF_CTC = {
    "basic": ([6.09611, 4.57952], -0.43858, 10.7088),
    "blank_last": ([9.99188, 1.55174], 0.1835, 9.65405),
    "batch_major": ([14.68582, 5.65949, 15.3234], -1.85602, 23.18947),
    "empty_label": ([13.43161, 3.15913], 0.02861, 11.85296),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_loss_and_gradient_match_tf(name):
    labels, shape, label_length, logit_length, options = CASES[name]
    logits = tf.constant(data(shape, 0) * 2)
    with tf.GradientTape() as tape:
        tape.watch(logits)
        loss = nn.ctc_loss(tf.constant(labels), logits, label_length, logit_length, **options)
        total = tf.reduce_sum(loss * weights(loss.shape))
    grad = tape.gradient(total, logits).numpy()
    values, print_, size = TF_CTC[name]
    assert loss.dtype == tf.float32
    np.testing.assert_allclose(loss, values, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose([fingerprint(grad), np.abs(grad).sum()], [print_, size], rtol=1e-4, atol=2e-4)


def _ctc_by_enumeration(logits, label, steps):
    """-log of the summed probability of every frame labelling that collapses to ``label``
    (blank 0): the definition, by brute force over all 3**steps paths of 3 classes."""
    logp = jax.nn.log_softmax(logits[:steps], axis=-1)
    total = []
    for path in np.ndindex(*([logits.shape[-1]] * steps)):
        merged = [c for i, c in enumerate(path) if i == 0 or c != path[i - 1]]
        if [c for c in merged if c != 0] == label:
            total.append(sum(logp[t, c] for t, c in enumerate(path)))
    return -jax.scipy.special.logsumexp(jnp.stack(total))


def test_gradient_matches_the_definition_and_finite_differences():
    logits = data((4, 1, 3), 1)
    check_many(
        [
            (
                lambda v: nn.ctc_loss([[1, 2]], v, [2], [4]),
                lambda v: _ctc_by_enumeration(v[:, 0], [1, 2], 4)[None],
            ),
            (
                lambda v: nn.ctc_loss([[1, 1]], v, [2], [3]),
                lambda v: _ctc_by_enumeration(v[:, 0], [1, 1], 3)[None],
            ),
        ],
        logits,
    )


def test_float64_function_and_jit():
    logits = data((6, 2, 5), 0).astype(np.float64)
    eager = nn.ctc_loss([[1, 2, 2], [3, 0, 0]], logits, [3, 1], [6, 4])
    assert eager.dtype == tf.float64
    f = tf.function(lambda v: nn.ctc_loss([[1, 2, 2], [3, 0, 0]], v, [3, 1], [6, 4]))
    np.testing.assert_allclose(f(logits), eager, rtol=1e-12)
    jitted = jax.jit(lambda v: nn.ctc_loss([[1, 2, 2], [3, 0, 0]], tf.constant(v), [3, 1], [6, 4])._value)
    np.testing.assert_allclose(jitted(data((6, 2, 5), 0)), eager, rtol=1e-5)


def test_collapse_repeated_and_unique_labels_are_tfs():
    labels, lengths = nn.collapse_repeated(
        tf.constant([[1, 1, 2, 2, 1], [1, 2, 3, 4, 5], [3, 3, 3, 0, 0]]), [5, 5, 3]
    )
    assert labels.numpy().tolist() == [[1, 2, 1, 0, 0], [1, 2, 3, 4, 5], [3, 0, 0, 0, 0]]
    assert lengths.numpy().tolist() == [3, 5, 1] and lengths.dtype == tf.int32
    labels, lengths = nn.collapse_repeated(
        tf.constant([[1, 1, 2, 2, 1], [1, 1, 3, 3, 5]]), tf.constant([4, 4])
    )
    assert labels.numpy().tolist() == [[1, 2], [1, 3]] and lengths.numpy().tolist() == [2, 2]
    traced = tf.function(lambda v: nn.collapse_repeated(v, [4, 4]))(
        tf.constant([[1, 1, 2, 2, 1], [1, 1, 3, 3, 5]])
    )
    assert traced[0].numpy().tolist() == [
        [1, 2, 0, 0, 0],
        [1, 3, 0, 0, 0],
    ]  # full width: TF's is unknown there
    unique, index = nn.ctc_unique_labels(tf.constant([[3, 4, 4, 3], [1, 1, 2, 0]]))
    assert unique.dtype == tf.int64 and index.dtype == tf.int32
    assert unique.numpy().tolist() == [[3, 4, 0, 0], [1, 2, 0, 0]]
    assert index.numpy().tolist() == [[0, 1, 1, 0], [0, 0, 1, 2]]


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: nn.ctc_loss([[1, 2]], tf.ones((3, 5)), [2], [3]),
            InvalidArgumentError,
            r"ctc_loss takes logits of rank 3 and labels of rank 2, got shapes \(3, 5\) and \(1, 2\)",
        ),
        (
            lambda: nn.ctc_loss([[1, 2]], tf.ones((3, 2, 5)), [2], [3]),
            InvalidArgumentError,
            r"ctc_loss: logits have a batch of 2, labels 1, label_length \[1\] and logit_length \[1\]",
        ),
        (
            lambda: nn.ctc_loss([[1.0, 2.0]], tf.ones((3, 1, 5)), [2], [3]),
            InvalidArgumentError,
            r"Value for attr 'Tlabels' of float is not in the list of allowed values: int32, int64",
        ),
        (
            lambda: nn.ctc_loss([[1, 2]], tf.ones((3, 1, 5)), None, [3]),
            ValueError,
            r"ctc_loss needs label_length with dense labels \(tapejax has no SparseTensor labels\)",
        ),
    ],
)
def test_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()
