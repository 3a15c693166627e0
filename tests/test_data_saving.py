"""Dataset.save / Dataset.load (and tf.data.experimental's), tf.data.Iterator, NumpyIterator and
ThreadingOptions, against TensorFlow 2.21 (reprs, specs, cardinalities, elements and the
missing-directory error, stored as literals from a scratch TF run). The files are tapejax's
own, not TF's snapshot format."""

from __future__ import annotations

import numpy as np
import pytest
from test_data import summary

import tapejax as tf

D = tf.data.Dataset


def test_save_and_load_round_trip_as_tensorflow(tmp_path):
    ds = D.from_tensor_slices(({"a": [1, 2, 3]}, [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    ds = ds.map(lambda x, y: (x, y * 2))
    ds.save(str(tmp_path / "s"))
    loaded = D.load(str(tmp_path / "s"))
    assert repr(loaded) == (
        "<_LoadDataset element_spec=({'a': TensorSpec(shape=(), dtype=tf.int32, "
        "name=None)}, "
        "TensorSpec(shape=(2,), dtype=tf.float32, name=None))>"
    )
    assert int(loaded.cardinality()) == 3
    assert [(x["a"].numpy().tolist(), y.numpy().tolist()) for x, y in loaded] == [
        (1, [2.0, 4.0]),
        (2, [6.0, 8.0]),
        (3, [10.0, 12.0]),
    ]
    batches = D.range(7).batch(3)
    batches.save(tmp_path / "b")
    loaded = D.load(tmp_path / "b")
    assert repr(loaded) == (
        "<_LoadDataset element_spec=TensorSpec(shape=(None,), dtype=tf.int64, name=None)>"
    )
    assert int(loaded.cardinality()) == 3
    assert [x.numpy().tolist() for x in loaded] == [[0, 1, 2], [3, 4, 5], [6]]
    D.range(10).filter(lambda x: x % 2 == 0).save(tmp_path / "f")
    evens = D.load(tmp_path / "f")
    assert int(evens.cardinality()) == 5 and list(evens.as_numpy_iterator()) == [0, 2, 4, 6, 8]  # TF: 5
    respecified = D.load(tmp_path / "b", element_spec=tf.TensorSpec((None,), tf.int64))
    assert repr(respecified) == (
        "<_LoadDataset element_spec=TensorSpec(shape=(None,), dtype=tf.int64, name=None)>"
    )


def test_load_keeps_dtypes_shapes_and_fast_batches(tmp_path):
    rng = np.random.default_rng(0)
    x, flags = rng.normal(size=(10, 2, 3)), rng.random(10) > 0.5  # float64, bool
    ds = D.from_tensor_slices((x, flags))
    tf.data.experimental.save(ds, tmp_path / "x", compression="GZIP")
    loaded = tf.data.experimental.load(tmp_path / "x")
    assert loaded.element_spec == ds.element_spec
    batches = loaded.batch(4)
    assert batches._stage.gathers_rows()  # one gather per batch, as from_tensor_slices
    got = [summary(b) for b in batches]
    assert got == [summary(b) for b in ds.batch(4)]
    np.testing.assert_array_equal(np.concatenate([b[0].numpy() for b in batches]), x)
    D.range(0).save(tmp_path / "empty")
    assert list(D.load(tmp_path / "empty")) == [] and int(D.load(tmp_path / "empty").cardinality()) == 0
    ragged = D.range(1, 4).map(lambda n: tf.fill([n], n))
    ragged.save(tmp_path / "r")
    assert [v.tolist() for v in D.load(tmp_path / "r").as_numpy_iterator()] == [[1], [2, 2], [3, 3, 3]]


def test_save_and_load_errors(tmp_path):
    missing = tmp_path / "nothere"
    # TF 2.21: NotFoundError 'tf.data snapshot element_spec file not found: <path>/dataset_spec.pb.'
    # (tapejax's spec file has its own name).
    with pytest.raises(
        tf.errors.NotFoundError,
        match=(r"^tf.data snapshot element_spec file not found: .*nothere/element_spec.json.$"),
    ):
        D.load(missing)
    # TF runs forever; tapejax refuses.
    with pytest.raises(ValueError, match="^Dataset.save of an infinite dataset would never end"):
        D.range(3).repeat().save(tmp_path / "inf")
    assert not (tmp_path / "inf").exists()


def test_iterator_classes_and_threading_options():
    assert isinstance(iter(D.range(2)), tf.data.Iterator)  # TF 2.21: True
    assert isinstance(D.range(2).as_numpy_iterator(), tf.data.NumpyIterator)
    assert type(D.range(2).as_numpy_iterator()).__name__ == "NumpyIterator"  # TF 2.21's
    options = tf.data.Options()
    threading = tf.data.ThreadingOptions()
    threading.private_threadpool_size = 4
    options.threading = threading
    assert D.range(1).with_options(options).options().threading.private_threadpool_size == 4
    assert isinstance(tf.data.Options().threading, tf.data.ThreadingOptions)
    assert tf.data.Options().threading.max_intra_op_parallelism is None


def test_snapshot_writes_the_first_full_pass_and_reads_it_after(tmp_path):
    ds = D.range(5).map(lambda x: x * 3).snapshot(str(tmp_path))
    assert repr(ds) == "<_MapDataset element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None)>"  # TF's
    assert int(ds.cardinality()) == 5  # TF's; after filter TF gives -2:
    assert int(D.range(5).filter(lambda x: x > 1).snapshot(str(tmp_path)).cardinality()) == -2
    assert list(ds.as_numpy_iterator()) == list(ds.as_numpy_iterator()) == [0, 3, 6, 9, 12]  # TF's
    calls = []

    def counted():
        return D.from_generator(
            lambda: (calls.append(i) or i for i in range(4)), output_signature=tf.TensorSpec((), tf.int64)
        ).snapshot(tmp_path / "g")

    first = counted()
    next(iter(first))  # a pass left early writes nothing
    assert not (tmp_path / "g").exists() or not any((tmp_path / "g").iterdir())
    assert list(first.as_numpy_iterator()) == [0, 1, 2, 3]
    calls.clear()
    assert list(counted().as_numpy_iterator()) == [0, 1, 2, 3] and calls == []  # read back, not run
    # Another function is another pipeline: its own directory (TF's fingerprint does the same).
    other = D.range(5).map(lambda x: x * 4).snapshot(str(tmp_path))
    assert list(other.as_numpy_iterator()) == [0, 4, 8, 12, 16]
