"""Batches gathered from arrays at once: ``from_tensor_slices`` -> [``shuffle``] -> [``map``] ->
``batch`` cuts each batch with one numpy gather (``TensorSlices.rows``), the shuffle buffer
running on row numbers. The batches, and their order, are the ones the per-element path gives
(a ``take`` in between keeps a pipeline on that path)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

import tapejax as tf

D = tf.data.Dataset
N = 23
X = np.sin(np.arange(N * 3, dtype=np.float32) * 0.7).reshape(N, 3)
Y = np.arange(N, dtype=np.int64)


def _numpy(ds) -> list:
    return [tf.nest.map_structure(lambda t: t.numpy(), b) for b in ds]


def _assert_same(a: list, b: list) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        for u, v in zip(tf.nest.flatten(x), tf.nest.flatten(y), strict=True):
            assert u.dtype == v.dtype and u.shape == v.shape
            np.testing.assert_array_equal(u, v)


def _pure(x, y):
    return tf.tanh(x) * 2.0 + 1.0, y * 3


def _accumulating(x, y):  # reduce_sum is never vectorized (see _map_batch): per element
    return tf.reduce_sum(x), y


@pytest.mark.parametrize("drop", [False, True])
@pytest.mark.parametrize("fn", [None, _pure, _accumulating])
@pytest.mark.parametrize("buffer", [1, 5, 64])
def test_gathered_batches_are_the_per_element_ones(drop, fn, buffer):
    def pipeline(per_element: bool):
        ds = D.from_tensor_slices((X, Y)).shuffle(buffer, seed=4)
        ds = ds.take(N) if per_element else ds  # take has no rows: the per-element path
        ds = ds.map(fn) if fn is not None else ds
        return ds.batch(5, drop_remainder=drop)

    gathered, per_element = pipeline(False), pipeline(True)
    assert gathered._stage.gathers_rows() and not per_element._stage.gathers_rows()
    for _ in range(2):  # two passes: each reshuffles, the same way on both paths
        a, b = _numpy(gathered), _numpy(per_element)
        _assert_same(a, b)
    assert len(a) == (N // 5 if drop else -(-N // 5))
    ys = np.concatenate([y for _, y in a]) // (3 if fn is _pure else 1)
    assert sorted(ys.tolist()) == list(range(N // 5 * 5 if drop else N)) or drop


def test_dict_elements_and_scalar_components():
    ds = D.from_tensor_slices({"a": X, "label": Y.astype(np.int32)}).shuffle(8, seed=1).batch(4)
    batches = _numpy(ds)
    assert list(batches[0]) == ["a", "label"]
    assert batches[0]["a"].shape == (4, 3) and batches[0]["label"].shape == (4,)
    assert batches[0]["label"].dtype == np.int32
    for b in batches:
        np.testing.assert_array_equal(b["a"], X[b["label"]])
    assert sorted(np.concatenate([b["label"] for b in batches]).tolist()) == list(range(N))


def test_prefetch_of_gathered_batches_makes_them_on_demand():
    ds = D.from_tensor_slices((X, Y)).shuffle(8, seed=2, reshuffle_each_iteration=False)
    ds = ds.map(_pure).batch(4)
    before = threading.active_count()
    it = iter(ds.prefetch(tf.data.AUTOTUNE))
    first = next(it)
    assert threading.active_count() == before  # no producer thread
    _assert_same([first, *it], _numpy(ds))
    # A pipeline with per-element work keeps its prefetch thread.
    it = iter(ds.unbatch().prefetch(2))
    next(it)
    assert threading.active_count() == before + 1


def test_fit_over_gathered_batches_equals_fit_over_their_tensors():
    def model():
        tf.keras.backend.clear_session()
        m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
        m.set_weights([np.full((3, 2), 0.2, np.float32), np.zeros(2, np.float32)])
        m.compile(tf.keras.optimizers.SGD(0.1), "sparse_categorical_crossentropy")
        return m

    ds = D.from_tensor_slices((X, (Y % 2).astype(np.int32)))
    ds = ds.shuffle(N, seed=3, reshuffle_each_iteration=False).batch(4)
    a, b = model(), model()
    a.fit(ds, epochs=1, verbose=0)
    b.fit(iter([(x, y) for x, y in ds]), epochs=1, verbose=0)  # the same batches, as Tensors
    for u, v in zip(a.get_weights(), b.get_weights(), strict=True):
        np.testing.assert_array_equal(u, v)
