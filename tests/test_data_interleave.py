"""tf.data ``flat_map``, ``interleave`` and ``Options`` (issue 11): the element orders were
printed by TensorFlow 2.21 for the same pipelines."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

D = tf.data.Dataset


def _values(ds) -> list:
    return [int(v) for v in ds.as_numpy_iterator()]


def test_flat_map_and_interleave_orders_match_tensorflow():
    ds = D.range(1, 6)
    flat = ds.flat_map(lambda x: D.from_tensors(x).repeat(x))
    assert _values(flat) == [1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5]
    assert _values(ds.interleave(lambda x: D.from_tensors(x).repeat(6), cycle_length=2, block_length=4)) == [
        1,
        1,
        1,
        1,
        2,
        2,
        2,
        2,
        1,
        1,
        2,
        2,
        3,
        3,
        3,
        3,
        4,
        4,
        4,
        4,
        3,
        3,
        4,
        4,
        5,
        5,
        5,
        5,
        5,
        5,
    ]
    parallel = ds.interleave(
        lambda x: D.range(x * 10, x * 10 + x),
        cycle_length=3,
        block_length=2,
        num_parallel_calls=tf.data.AUTOTUNE,
    )
    assert _values(parallel) == [10, 20, 21, 30, 31, 40, 41, 32, 42, 43, 50, 51, 52, 53, 54]
    assert _values(ds.interleave(D.range, cycle_length=2)) == [0, 0, 1, 0, 1, 0, 2, 1, 2, 0, 3, 1, 2, 3, 4]
    assert int(parallel.cardinality()) == tf.data.UNKNOWN_CARDINALITY


def test_flat_map_of_dict_elements():
    pairs = D.from_tensor_slices({"a": np.arange(4), "b": np.arange(4.0)}).flat_map(
        lambda e: D.from_tensor_slices({"a": tf.stack([e["a"], e["a"]]), "b": tf.stack([e["b"], -e["b"]])})
    )
    assert str(pairs.element_spec) == (
        "{'a': TensorSpec(shape=(), dtype=tf.int64, name=None), "
        "'b': TensorSpec(shape=(), dtype=tf.float64, name=None)}"
    )
    assert [(int(e["a"]), float(e["b"])) for e in pairs] == [
        (0, 0.0),
        (0, -0.0),
        (1, 1.0),
        (1, -1.0),
        (2, 2.0),
        (2, -2.0),
        (3, 3.0),
        (3, -3.0),
    ]


def test_options():
    options = tf.data.Options()
    options.deterministic = False
    options.threading.private_threadpool_size = 2
    options.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.OFF
    ds = D.range(3).with_options(options)
    assert ds.options().deterministic is False and ds.options().threading.private_threadpool_size == 2
    assert ds.options().experimental_distribute.auto_shard_policy == tf.data.experimental.AutoShardPolicy.OFF
    assert _values(ds) == [0, 1, 2] and D.range(3).options() == tf.data.Options()


def test_errors():
    with pytest.raises(TypeError, match=r"The function passed to `flat_map\(\)` must return a `tf.data"):
        D.range(3).flat_map(lambda x: x)
    with pytest.raises(ValueError, match="cycle_length must be > 0 and block_length must be > 0"):
        D.range(3).interleave(D.range, cycle_length=2, block_length=0)
