"""Bad input to ``keras.ops`` and ``keras.random``: Keras 3's exception classes and messages
(checked against Keras 3.15 under TF 2.21), each listed in docs/errors.md."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

ops = tf.keras.ops
X = tf.constant([[1.0, 2.0], [3.0, 4.0]])


def test_core_errors():
    with pytest.raises(TypeError, match="`f` should be a callable. Received: f=1"):
        ops.scan(1, 0.0, X)
    with pytest.raises(
        ValueError, match="`unroll` must be an positive integer or boolean. Received: unroll=0"
    ):
        ops.scan(lambda c, x: (c, x), 0.0, X, unroll=0)
    with pytest.raises(ValueError, match="Got no `xs` to scan over and `length` not provided."):
        ops.scan(lambda c, x: (c, x), 0.0)
    with pytest.raises(TypeError, match="`f` should be a callable"):
        ops.associative_scan(None, X)
    with pytest.raises(ValueError, match=r"associative_scan must have the same first dimension. \(saw:"):
        ops.associative_scan(lambda a, b: a, (tf.ones(2), tf.ones(3)))
    with pytest.raises(ValueError, match="Unsupported reduction: div"):
        ops.scatter_update(X, [[0, 0]], [1.0], reduction="div")


def test_math_errors():
    with pytest.raises(
        ValueError, match="Argument `segment_ids` should be an 1-D vector, got shape: 2. Consider"
    ):
        ops.segment_sum(X, tf.constant([[0, 1]]))
    with pytest.raises(
        ValueError, match="Argument `segment_ids` and `data` should have same leading dimension"
    ):
        ops.segment_sum(X, tf.constant([0, 1, 1]))
    with pytest.raises(ValueError, match="Argument `num_segments` cannot be set when sorted is True"):
        ops.segment_max(X, tf.constant([0, 1]), num_segments=2, sorted=True)
    with pytest.raises(ValueError, match="`cdist` inputs must have rank >= 2"):
        ops.cdist(tf.ones(2), X)
    with pytest.raises(ValueError, match="Last dimension of inputs to `cdist` must match"):
        ops.cdist(X, tf.ones((2, 3)))
    with pytest.raises(
        ValueError, match="Input `x` should be a tuple of two tensors - real and imaginary.Received"
    ):
        ops.fft(X)
    with pytest.raises(ValueError, match="Both the real and imaginary parts should have the same shape"):
        ops.fft((X, tf.ones(2)))
    with pytest.raises(ValueError, match="At least one tensor in input `x` is not of type float"):
        ops.fft((tf.ones(2, tf.int32), tf.ones(2, tf.int32)))
    with pytest.raises(TypeError, match="Invalid input type. Expected `float32` or `float64`"):
        ops.stft(tf.ones(16, tf.float16), 4, 2, 4)
    with pytest.raises(ValueError, match="`fft_length` must equal or larger than `sequence_length`"):
        ops.stft(tf.ones(16), 8, 2, 4)
    with pytest.raises(
        ValueError, match='If a string is passed to `window`, it must be one of `"hann"`, `"hamming"`'
    ):
        ops.stft(tf.ones(16), 4, 2, 4, window="box")
    with pytest.raises(ValueError, match=r"The shape of `window` must be equal to \[sequence_length\]"):
        ops.stft(tf.ones(16), 4, 2, 4, window=np.ones(3, "float32"))
    with pytest.raises(ValueError, match=r"Last dimension of input must be size 2 \(real and imaginary\)"):
        ops.view_as_complex(tf.ones((2, 3)))


def test_linalg_errors():
    with pytest.raises(ValueError, match="Expected input to have rank >= 2. Received input with shape"):
        ops.linalg.inv(tf.ones(3))
    with pytest.raises(ValueError, match="Expected a square matrix. Received non-square input with shape"):
        ops.linalg.det(tf.ones((2, 3)))
    with pytest.raises(ValueError, match=r"All `axis` values must be in the range \[-ndim, ndim\)"):
        ops.linalg.norm(X, axis=2)
    with pytest.raises(ValueError, match="Invalid `ord` argument for vector norm. Received: ord=fro"):
        ops.linalg.norm(X, ord="fro", axis=0)
    with pytest.raises(ValueError, match="Invalid `ord` argument for matrix norm. Received: ord=3"):
        ops.linalg.norm(X, ord=3)
    with pytest.raises(ValueError, match="Invalid axis values. Received: axis="):
        ops.linalg.norm(tf.ones((2, 2, 2)))
    with pytest.raises(ValueError, match="`mode` argument value not supported"):
        ops.linalg.qr(X, mode="full")
    with pytest.raises(ValueError, match="Leading dimensions of input arrays must match"):
        ops.linalg.lstsq(X, tf.ones(3))
    with pytest.raises(TypeError, match="3-dimensional array given. Array must be two-dimensional"):
        ops.linalg.lstsq(tf.ones((2, 2, 2)), tf.ones(2))


def test_nn_errors():
    with pytest.raises(ValueError, match="axis size must be divisible by 2. Received: x.shape="):
        ops.nn.glu(tf.ones((2, 3)))


def test_random_errors():
    with pytest.raises(ValueError, match="`logits` should be a 2-dimensional tensor with shape"):
        tf.keras.random.categorical(tf.ones(3), 2)
    with pytest.raises(ValueError, match="If you are looking to generate a random integer tensor"):
        tf.keras.random.uniform((2,), dtype="int32")
    with pytest.raises(ValueError, match="If you are looking to generate a random float tensor"):
        tf.keras.random.randint((2,), 0, 2, dtype="float32")
