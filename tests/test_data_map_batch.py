"""``map`` then ``batch`` fused into one vectorized call per batch (``tapejax/data/_map_batch.py``):
the same elements as mapping one element at a time, and functions whose per-element runs can be
seen (``tf.print``, random ops, ``tf.py_function``, Variables) still run per element."""

from __future__ import annotations

import contextlib
import io

import numpy as np
import pytest

import tapejax as tf
from tapejax.data import _map_batch

D = tf.data.Dataset
X = np.sin(np.arange(10 * 6, dtype=np.float32) * 0.7).reshape(10, 6)
Y = np.arange(10, dtype=np.int64)
W = np.cos(np.arange(6 * 3, dtype=np.float32)).reshape(6, 3)


def pure(x, y):
    h = tf.tanh(x * 3.0) * 2.0 + tf.exp(x) - tf.math.log1p(tf.abs(x)) / tf.sigmoid(x)
    return {"h": h, "s": tf.reduce_max(x) + tf.cast(y, tf.float32), "y": y * 3}


def _batches(ds):
    return [{k: v.numpy() for k, v in b.items()} for b in ds]


@pytest.mark.parametrize("drop", [False, True])
def test_fused_batches_equal_per_element_batches(drop):
    source = D.from_tensor_slices((X, Y))
    fused = _batches(source.map(pure).batch(4, drop_remainder=drop))
    per_element = _batches(source.map(pure).prefetch(1).batch(4, drop_remainder=drop))  # not fused
    assert [b["y"].tolist() for b in fused] == ([[0, 3, 6, 9], [12, 15, 18, 21]] + [[24, 27]] * (not drop))
    for a, b in zip(fused, per_element, strict=True):
        for key in a:
            assert a[key].dtype == b[key].dtype
            np.testing.assert_array_equal(a[key], b[key])
    x = X[:4].astype(np.float64)
    expected = np.tanh(x * 3) * 2 + np.exp(x) - np.log1p(np.abs(x)) * (1 + np.exp(-x))
    np.testing.assert_allclose(fused[0]["h"], expected, rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(fused[1]["s"], X[4:8].max(axis=1) + Y[4:8].astype(np.float32))


def test_pure_functions_are_vectorized_and_others_are_not():
    fn = D.from_tensor_slices((X, Y)).map(pure)._stage.fn
    chunk = [(X[i], Y[i]) for i in range(3)]
    assert _map_batch.vectorized(fn, chunk) is not None
    noisy = D.from_tensor_slices((X, Y)).map(lambda x, y: (tf.print(y, output_stream=io.StringIO()), x)[1])
    assert _map_batch.vectorized(noisy._stage.fn, chunk) is None
    random = D.from_tensor_slices((X, Y)).map(lambda x, y: x + tf.random.uniform([]))
    assert _map_batch.vectorized(random._stage.fn, chunk) is None
    summing = D.from_tensor_slices((X, Y)).map(lambda x, y: tf.linalg.matvec(W, x, transpose_a=True))
    assert _map_batch.vectorized(summing._stage.fn, chunk) is None  # batched, the sums' order may change


def test_visible_per_element_runs_are_kept():
    out = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()):
        ds = D.range(5).map(lambda x: (tf.print("elem", x, output_stream=out), x * 2)[1]).batch(2)
        assert [b.tolist() for b in ds.as_numpy_iterator()] == [[0, 2], [4, 6], [8]]
    assert out.getvalue() == "".join(f"elem {i}\n" for i in range(5))
    values = next(iter(D.range(4).map(lambda x: tf.random.uniform([])).batch(4))).numpy()
    assert len(set(values.tolist())) == 4
    calls = []
    counted = D.range(3).map(lambda x: tf.py_function(lambda v: calls.append(1) or v, [x], tf.int64))
    calls.clear()  # map() itself may have run it to find the output spec
    assert next(iter(counted.batch(3))).numpy().tolist() == [0, 1, 2] and len(calls) == 3
    v = tf.Variable(0, dtype=tf.int64)
    assert next(iter(D.range(3).map(v.assign_add).batch(3))).numpy().tolist() == [0, 1, 3]


def test_elements_of_different_shapes_take_the_per_element_path():
    ds = (
        D.from_generator(
            lambda: (np.ones(n, np.float32) for n in (2, 2, 3)),
            output_signature=tf.TensorSpec([None], tf.float32),
        )
        .map(lambda x: x * 2)
        .batch(3)
    )
    with pytest.raises(tf.errors.InvalidArgumentError, match="Cannot add tensor to the batch"):
        list(ds)
    ds = (
        D.from_generator(
            lambda: (np.ones(n, np.float32) for n in (2, 2, 3)),
            output_signature=tf.TensorSpec([None], tf.float32),
        )
        .map(lambda x: x * 2)
        .batch(2)
    )
    assert [b.tolist() for b in ds.as_numpy_iterator()] == [[[2.0, 2.0], [2.0, 2.0]], [[2.0, 2.0, 2.0]]]
