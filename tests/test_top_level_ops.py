"""TF's top-level ops beyond the basics: ``tf.math.invert_permutation``, ``tf.unravel_index``,
``tf.reverse_sequence``.

Expected values, gradients and messages were observed with TensorFlow 2.21 (CPU) and are
stored as literals.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from op_checks import check_many, tape_grad

import tapejax as tf
from tapejax.errors import InvalidArgumentError


def test_invert_permutation_as_tf():
    out = tf.math.invert_permutation([3, 4, 0, 2, 1])
    assert out.dtype == tf.int32 and out.numpy().tolist() == [2, 4, 3, 0, 1]
    assert tf.math.invert_permutation(tf.constant([1, 0], tf.int64)).dtype == tf.int64
    with pytest.raises(
        InvalidArgumentError, match=r"^3 is duplicated in the input. \[Op:InvertPermutation\]"
    ):
        tf.math.invert_permutation([3, 3, 0, 2, 1])
    with pytest.raises(InvalidArgumentError, match=r"^5 is not between 0 and 5 \[Op:InvertPermutation\]"):
        tf.math.invert_permutation([3, 5, 0, 2, 1])
    with pytest.raises(InvalidArgumentError, match=r"^invert_permutation expects a 1D vector."):
        tf.math.invert_permutation([[0]])
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of float is not in the list"):
        tf.math.invert_permutation([1.0, 0])
    compiled = tf.function(tf.math.invert_permutation)
    assert compiled(tf.constant([1, 2, 0])).numpy().tolist() == [2, 0, 1]
    with pytest.raises(
        InvalidArgumentError, match=r"the input is not a permutation of 0 .. 1 \[Op:InvertPermutation\]"
    ):
        compiled(tf.constant([1, 1]))


def test_unravel_index_as_tf():
    out = tf.unravel_index([1, 5, 7], [3, 3])
    assert out.dtype == tf.int32 and out.numpy().tolist() == [[0, 1, 2], [1, 2, 1]]
    assert tf.unravel_index(5, [3, 3]).numpy().tolist() == [1, 2]
    assert tf.unravel_index([-1], [3, 3]).numpy().tolist() == [[0], [-1]]  # TF's C++ division
    assert tf.unravel_index(tf.constant([1], tf.int64), [3, 3]).dtype == tf.int64
    with pytest.raises(
        InvalidArgumentError, match=r"^index is out of bound as with dims \[Op:UnravelIndex\]"
    ):
        tf.unravel_index([9], [3, 3])
    with pytest.raises(InvalidArgumentError, match="Value for attr 'Tidx' of float is not in the list"):
        tf.unravel_index([1.0], [3, 3])
    with pytest.raises(
        InvalidArgumentError, match=r'^The indices can only be scalar or vector, got "\[1,2\]"'
    ):
        tf.unravel_index([[1, 2]], [3, 3])
    with pytest.raises(InvalidArgumentError, match=r'^The indices can only be 1-D, got "\[1,2\]"'):
        tf.unravel_index([1], [[3, 3]])
    with pytest.raises(
        InvalidArgumentError,
        match="^Input dims cannot contain a dim of zero, but dims contains zero at index 0",
    ):
        tf.unravel_index([1], [0, 3])
    compiled = tf.function(lambda i: tf.unravel_index(i, [3, 3]))
    assert compiled(tf.constant([4])).numpy().tolist() == [[1], [1]]
    with pytest.raises(InvalidArgumentError, match="^index is out of bound as with dims"):
        compiled(tf.constant([1, 10]))


X = np.arange(12.0, dtype=np.float32).reshape(3, 4)
REVERSED = [[1, 0, 2, 3], [6, 5, 4, 7], [8, 9, 10, 11]]  # TF 2.21, lengths [2, 3, 1] on axis 1


def test_reverse_sequence_as_tf():
    out = tf.reverse_sequence(X, [2, 3, 1], seq_axis=1, batch_axis=0)
    assert out.numpy().tolist() == REVERSED
    assert tf.reverse_sequence(X, tf.constant([2, 3, 1], tf.int64), seq_axis=1).numpy().tolist() == REVERSED
    assert tf.reverse_sequence(X.T, [2, 3, 1], seq_axis=0, batch_axis=1).numpy().T.tolist() == REVERSED
    weights = tf.constant(X, tf.float32)
    g = tape_grad(lambda x: tf.reduce_sum(tf.reverse_sequence(x, [2, 3, 1], seq_axis=1) * weights), X)
    assert g[0].tolist() == REVERSED  # TF 2.21: the gradient reversed back
    lengths = [2, 3, 1]

    def reference(x):
        idx = np.array([[1, 0, 2, 3], [2, 1, 0, 3], [0, 1, 2, 3]])
        return jnp.take_along_axis(x, jnp.asarray(idx), axis=1) * jnp.arange(12.0).reshape(3, 4)

    check_many([(lambda x: tf.reverse_sequence(x, lengths, seq_axis=1) * weights, reference)], X + 0.5)
    jitted = jax.jit(lambda x: jnp.asarray(tf.reverse_sequence(x, [2, 3, 1], seq_axis=1)))
    assert jitted(X).tolist() == REVERSED


def test_reverse_sequence_errors_as_tf():
    with pytest.raises(
        InvalidArgumentError, match=r"^seq_lens\(1\) > input.dims\(1\) \[Op:ReverseSequence\]"
    ):
        tf.reverse_sequence(X, [2, 5, 1], seq_axis=1, batch_axis=0)
    with pytest.raises(InvalidArgumentError, match=r"^Length of seq_lengths != input.dims\(0\), \(2 vs. 3\)"):
        tf.reverse_sequence(X, [2, 3], seq_axis=1, batch_axis=0)
    with pytest.raises(InvalidArgumentError, match=r"^batch_dim == seq_dim == 1 \[Op:ReverseSequence\]"):
        tf.reverse_sequence(X, [2, 3, 1], seq_axis=1, batch_axis=1)
    with pytest.raises(InvalidArgumentError, match=r"^seq_lens\(1\) < 0 \[Op:ReverseSequence\]"):
        tf.reverse_sequence(X, [2, -3, 1], seq_axis=1, batch_axis=0)
    with pytest.raises(InvalidArgumentError, match=r"^seq_dim must be < input rank \( 2 vs. 2\)"):
        tf.reverse_sequence(X, [2, 3, 1], seq_axis=2, batch_axis=0)
    with pytest.raises(InvalidArgumentError, match=r"^batch_dim must be < input rank \( 2 vs. 2\)"):
        tf.reverse_sequence(X, [2, 3, 1], seq_axis=1, batch_axis=2)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'Tlen' of float is not in the list"):
        tf.reverse_sequence(X, [2.0, 3, 1], seq_axis=1, batch_axis=0)
    compiled = tf.function(lambda x, n: tf.reverse_sequence(x, n, seq_axis=1))
    with pytest.raises(InvalidArgumentError, match=r"^seq_lens must be in \[0, input.dims\(1\)\]"):
        compiled(tf.constant(X), tf.constant([2, 5, 1]))
