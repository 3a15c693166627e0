"""The rest of tf.data that real pipelines use (issue 11): shard, apply, take_while, unique,
scan, counter, random, choose_from_datasets, sample_from_datasets, group_by_window,
bucket_by_sequence_length, ignore_errors, rebatch, get_single_element and their
``tf.data.experimental`` forms, against TensorFlow 2.21: element values and dtypes, reprs,
cardinalities and TF's errors, stored as literals (tests/test_data_more_expected.txt, from a
scratch TF 2.21 run). Random datasets use numpy's generator: their distributions and seeding
rules are tested, not TF's numbers."""

from __future__ import annotations

import numpy as np
import pytest
from test_data import check_dataset, expected_lines, summary

import tapejax as tf

D = tf.data.Dataset
E = tf.data.experimental


def lengths(*ns):
    """A dataset of int32 vectors of ones of lengths ``ns`` (TF's run used the same generator)."""
    return D.from_generator(lambda: ([1] * n for n in ns), output_signature=tf.TensorSpec((None,), tf.int32))


CASES = {
    "shard": lambda: D.range(10).shard(3, 1),
    "shard_first": lambda: D.range(10).shard(3, 0),
    "shard_last": lambda: D.range(10).shard(3, 2),
    "shard_unknown": lambda: D.range(10).filter(lambda x: x > 2).shard(2, 0),
    "shard_inf": lambda: D.range(3).repeat().shard(2, 1),
    "apply": lambda: D.range(5).apply(lambda ds: ds.batch(2)),
    "take_while": lambda: D.range(10).take_while(lambda x: x < 4),
    "take_while_tuple": lambda: D.from_tensor_slices(([1, 2, 3], [1.0, 0.0, 1.0])).take_while(
        lambda a, b: b > 0
    ),
    "take_while_inf": lambda: D.range(3).repeat().take_while(lambda x: x < 2),
    "unique": lambda: D.from_tensor_slices([1, 2, 1, 3, 2, 5]).unique(),
    "unique_64": lambda: D.range(8).map(lambda x: x // 3).unique(),
    "scan": lambda: D.range(5).scan(tf.constant(0, tf.int64), lambda s, x: (s + x, s * 2)),
    "scan_tuple_state": lambda: D.from_tensor_slices([1.0, 2.0, 3.0]).scan(
        (0.0, 1.0), lambda s, x: ((s[0] + x, s[1] * x), (s[0], x))
    ),
    "scan_dict": lambda: D.from_tensor_slices({"a": [1, 2, 3]}).scan(
        0, lambda s, d: (s + d["a"], {"sum": s + d["a"]})
    ),
    "scan_exp": lambda: D.range(4).apply(E.scan(tf.constant(1, tf.int64), lambda s, x: (s * 2, s + x))),
    "counter": D.counter,
    "counter_step": lambda: D.counter(3, 2),
    "counter_dtype": lambda: D.counter(1, -1, dtype=tf.int32),
    "choose": lambda: D.choose_from_datasets(
        [D.range(3), D.range(10, 13)], D.from_tensor_slices(tf.constant([0, 1, 1, 0, 0, 1], tf.int64))
    ),
    "choose_stop": lambda: D.choose_from_datasets(
        [D.range(2), D.range(10, 13)], D.from_tensor_slices(tf.constant([0, 0, 0, 1], tf.int64))
    ),
    "choose_nostop": lambda: D.choose_from_datasets(
        [D.range(2), D.range(10, 13)],
        D.from_tensor_slices(tf.constant([0, 0, 0, 1], tf.int64)),
        stop_on_empty_dataset=False,
    ),
    "choose_tuple": lambda: D.choose_from_datasets(
        [D.from_tensor_slices(([1], [2.0])), D.from_tensor_slices(([3], [4.0]))], D.range(2)
    ),
    "choose_exp": lambda: E.choose_from_datasets([D.range(3), D.range(10, 13)], D.range(2).repeat(3)),
    "choose_inf": lambda: D.choose_from_datasets(
        [D.range(3).repeat(), D.range(10, 13).repeat()], D.range(2).repeat()
    ),
    "group": lambda: D.range(10).group_by_window(lambda x: x % 2, lambda k, ds: ds.batch(3), window_size=3),
    "group3": lambda: D.range(20).group_by_window(lambda x: x % 3, lambda k, ds: ds.batch(4), window_size=4),
    "group_key": lambda: D.range(7).group_by_window(
        lambda x: x % 2, lambda k, ds: ds.batch(10).map(lambda b: (k, b)), window_size=10
    ),
    "group_sizefn": lambda: D.range(12).group_by_window(
        lambda x: x % 2, lambda k, ds: ds.batch(6), window_size_func=lambda k: k + 2
    ),
    "group_order": lambda: D.from_tensor_slices([5, 3, 7, 1, 5, 8]).group_by_window(
        lambda x: tf.cast(x % 4, tf.int64), lambda k, ds: ds.batch(5), window_size=5
    ),
    "bucket": lambda: lengths(1, 5, 2, 7, 3, 4, 6, 2).bucket_by_sequence_length(
        lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2]
    ),
    "bucket_pad_boundary": lambda: lengths(1, 4, 2, 3).bucket_by_sequence_length(
        lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2], pad_to_bucket_boundary=True, padding_values=-1
    ),
    "bucket_drop": lambda: lengths(1, 5, 2, 7, 3, 4, 6, 2).bucket_by_sequence_length(
        lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2], drop_remainder=True
    ),
    "bucket_tuple": lambda: D.from_generator(
        lambda: (([1] * n, n) for n in [2, 1, 4, 3]),
        output_signature=(tf.TensorSpec((None,), tf.int32), tf.TensorSpec((), tf.int32)),
    ).bucket_by_sequence_length(lambda x, y: y, [3], [2, 2]),
    "bucket_nopad": lambda: D.range(6).bucket_by_sequence_length(
        lambda x: tf.cast(x, tf.int32), [3], [2, 3], no_padding=True
    ),
    "bucket_exp": lambda: D.range(6).apply(
        E.bucket_by_sequence_length(lambda x: tf.cast(x, tf.int32), [3], [2, 3], no_padding=True)
    ),
    "ignore_errors": lambda: (
        D.from_tensor_slices([1.0, 0.0, 2.0])
        .map(lambda x: tf.debugging.check_numerics(1.0 / x, "error"))
        .ignore_errors()
    ),
    "ignore_errors_card": lambda: D.range(3).ignore_errors(),
    "rebatch": lambda: D.range(10).batch(4).rebatch(3),
    "rebatch_drop": lambda: D.range(10).batch(4).rebatch(3, drop_remainder=True),
    "rebatch_big": lambda: D.range(10).batch(2).rebatch(5),
    "rebatch_tuple": lambda: (
        D.from_tensor_slices(([1, 2, 3, 4, 5], [[1.0], [2.0], [3.0], [4.0], [5.0]])).batch(3).rebatch(2)
    ),
    "rebatch_known": lambda: D.range(12).batch(4, drop_remainder=True).rebatch(2),
    "rebatch_inf": lambda: D.range(3).repeat().batch(2).rebatch(3),
    "rebatch_list": lambda: D.range(10).batch(4).rebatch([1, 2]),
    "shard_slices": lambda: D.from_tensor_slices(np.arange(10.0)).shard(4, 1).batch(2),
    "scan_grow": lambda: D.range(3).scan(
        tf.constant([0], tf.int64), lambda s, x: (tf.concat([s, [x]], 0), tf.reduce_sum(s))
    ),
    "scan_tuple_elem": lambda: D.from_tensor_slices(([1, 2], [3, 4])).scan(
        tf.constant(0), lambda s, x: (s + x[0], x)
    ),
    "sample_one": lambda: D.sample_from_datasets([D.range(3)]),
    "sample_zero_weight": lambda: D.sample_from_datasets(
        [D.range(3), D.range(10, 13)], weights=[0.0, 1.0], seed=1
    ),
    "choose_one": lambda: D.choose_from_datasets([D.range(3)], D.range(1).repeat(2)),
    "choose_shapes": lambda: D.choose_from_datasets([D.range(3), D.range(3).batch(2)], D.range(2)),
    "counter_exp": lambda: E.Counter(2),
    "unique_exp": lambda: D.from_tensor_slices([1, 1, 4]).apply(E.unique()),
    "take_while_exp": lambda: D.range(5).apply(E.take_while(lambda x: x < 2)),
    "ignore_exp": lambda: D.range(2).apply(E.ignore_errors()),
    "group_exp": lambda: D.range(4).apply(E.group_by_window(lambda x: x % 2, lambda k, d: d.batch(2), 2)),
    "gbw_dict": lambda: D.from_tensor_slices({"x": [1, 2, 3, 4], "y": [1.0, 2.0, 3.0, 4.0]}).group_by_window(
        lambda d: tf.cast(d["x"] % 2, tf.int64), lambda k, ds: ds.batch(4), window_size=4
    ),
    # Random: repr and cardinality only (the numbers are numpy's).
    "sample_raw": lambda: D.sample_from_datasets([D.range(3), D.range(3)], seed=1),
    "sample_inf": lambda: D.sample_from_datasets([D.range(3).repeat(), D.range(3).repeat()], seed=1),
    "random_raw": lambda: D.random(seed=4),
    "random_exp": lambda: E.RandomDataset(1),
    "sample_exp": lambda: E.sample_from_datasets([D.range(3), D.range(3)], seed=2),
}
EXPECTED = expected_lines("test_data_more_expected.txt")


@pytest.mark.parametrize("name", CASES)
def test_datasets_match_tensorflow(name):
    check_dataset(CASES[name](), EXPECTED[name])


def test_every_expected_line_has_its_case():
    assert set(EXPECTED) == set(CASES)


def test_every_listed_method_exists():
    for name in [
        "shard",
        "apply",
        "take_while",
        "get_single_element",
        "unique",
        "scan",
        "random",
        "counter",
        "sample_from_datasets",
        "choose_from_datasets",
        "group_by_window",
        "bucket_by_sequence_length",
        "ignore_errors",
        "rebatch",
    ]:
        assert hasattr(D, name), name


def test_get_single_element():
    assert summary(D.from_tensors((1, 2.0)).get_single_element()) == ((1, "int32"), (2.0, "float32"))
    assert summary(E.get_single_element(D.from_tensors(3))) == (3, "int32")
    assert int(E.cardinality(D.range(4))) == 4
    with pytest.raises(
        tf.errors.InvalidArgumentError,
        match=(r"^Dataset had more than one element. \[Op:DatasetToSingleElement\]$"),
    ):
        D.range(2).get_single_element()
    with pytest.raises(
        tf.errors.InvalidArgumentError, match=r"^Dataset was empty. \[Op:DatasetToSingleElement\]$"
    ):
        D.range(0).get_single_element()


def test_errors_are_tensorflows():
    cases = [
        (
            lambda: D.range(10).shard(3, 3),
            tf.errors.InvalidArgumentError,
            r"Index must be between 0 and 2 (currently index = 3). [Op:ShardDataset]",
        ),
        (
            lambda: D.range(10).shard(3, -1),
            tf.errors.InvalidArgumentError,
            r"Index must be between 0 and 2 (currently index = -1). [Op:ShardDataset]",
        ),
        (
            lambda: D.range(10).shard(0, 0),
            tf.errors.InvalidArgumentError,
            r"Number of shards must be greater than zero (currently num_shards = 0). [Op:ShardDataset]",
        ),
        (
            lambda: D.range(3).map(lambda x: tf.cast(x, tf.float32)).unique(),
            TypeError,
            "`tf.data.Dataset.unique` does not support type <dtype: 'float32'> -- only `tf.int32`, "
            "`tf.int64`, "
            "and `tf.string` are supported.",
        ),
        (
            lambda: D.from_tensor_slices(([1], [2])).unique(),
            tf.errors.InvalidArgumentError,
            "UniqueDataset only supports inputs with a single component. [Op:UniqueDataset]",
        ),
        (
            lambda: D.range(3).take_while(lambda x: x),
            ValueError,
            "Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor but its return type "
            "isTensorSpec(shape=(), dtype=tf.int64, name=None).",
        ),
        (
            lambda: D.range(3).group_by_window(lambda x: x, lambda k, d: d.batch(2), 2, lambda k: k),
            ValueError,
            "Either the `window_size` argument or the `window_size_func` argument must be specified.",
        ),
        (
            lambda: D.range(3).group_by_window(lambda x: x, lambda k, d: d.batch(2)),
            ValueError,
            "Either the `window_size` argument or the `window_size_func` argument must be specified.",
        ),
        (
            lambda: D.range(3).group_by_window(lambda x: x, lambda k, d: 3, 2),
            TypeError,
            "Invalid `reduce_func`. `reduce_func` must return a single `tf.data.Dataset` object but its "
            "return "
            "type is TensorSpec(shape=(), dtype=tf.int32, name=None).",
        ),
        (
            lambda: D.range(3).group_by_window(lambda x: tf.stack([x, x]), lambda k, d: d.batch(2), 2),
            ValueError,
            "Invalid `key_func`. `key_func` must return a single `tf.int64` scalar tensor but its return "
            "type is "
            "TensorSpec(shape=(2,), dtype=tf.int64, name=None).",
        ),
        (
            lambda: list(D.range(3).group_by_window(lambda x: x, lambda k, d: d.batch(2), 0)),
            tf.errors.InvalidArgumentError,
            "Window size must be greater than zero, but got 0. [Op:IteratorGetNext]",
        ),
        (
            lambda: D.range(3).scan(tf.constant(0, tf.int64), lambda s, x: (tf.cast(s, tf.int32), x)),
            TypeError,
            "Invalid `scan_func`. The element types for the new state must match the initial state. Expected "
            "<dtype: 'int64'>, got <dtype: 'int32'>.",
        ),
        (
            lambda: D.range(3).scan(tf.constant(0, tf.int64), lambda s, x: s + x),
            TypeError,
            "Invalid `scan_func`. `scan_func` should return a pair consisting of new state and the output "
            "value "
            "but its return type is TensorSpec(shape=(), dtype=tf.int64, name=None).",
        ),
        (
            lambda: D.choose_from_datasets([D.range(3)], D.from_tensor_slices([0, 0])),
            TypeError,
            "Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` tensors but "
            "are "
            "TensorSpec(shape=(), dtype=tf.int32, name=None).",
        ),
        (
            lambda: D.choose_from_datasets([D.range(3)], D.from_tensor_slices(tf.constant([[0]], tf.int64))),
            TypeError,
            "Invalid `choice_dataset`. Elements of `choice_dataset` must be scalar `tf.int64` tensors "
            "but are TensorSpec(shape=(1,), dtype=tf.int64, name=None).",
        ),
        (
            lambda: D.choose_from_datasets([], D.range(1)),
            ValueError,
            "Invalid `datasets`. `datasets` should not be empty.",
        ),
        (
            lambda: list(
                D.choose_from_datasets([D.range(3)], D.from_tensor_slices(tf.constant([0, 2], tf.int64)))
            ),
            tf.errors.InvalidArgumentError,
            "Selector index out of range: 2 >= 1 [Op:IteratorGetNext]",
        ),
        (
            lambda: D.choose_from_datasets([D.range(3), D.range(3), D.from_tensor_slices([1.0])], D.range(2)),
            TypeError,
            "Invalid `datasets`. `datasets` must have compatible element specs.\n Dataset 0 "
            "element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None).\nDataset 2 "
            "element_spec=TensorSpec(shape=(), dtype=tf.float32, name=None).",
        ),
        (
            lambda: D.choose_from_datasets([D.range(3), D.zip(D.range(3), D.range(3))], D.range(2)),
            TypeError,
            "Invalid `datasets`. `datasets` must have compatible element specs.\n Dataset 0 "
            "element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None).\nDataset 1 "
            "element_spec=(TensorSpec(shape=(), dtype=tf.int64, name=None), TensorSpec(shape=(), "
            "dtype=tf.int64, "
            "name=None)).",
        ),
        (
            lambda: D.sample_from_datasets([D.range(3), D.range(3)], weights=[1.0]),
            ValueError,
            "Invalid `weights`. `weights` should have the same length as `datasets` but got "
            "`len(weights)=1` vs. "
            "`len(datasets)=2`.",
        ),
        (
            lambda: D.sample_from_datasets([]),
            ValueError,
            "Invalid `datasets`. `datasets` should not be empty.",
        ),
        (
            lambda: D.sample_from_datasets([D.range(3), D.from_tensor_slices([1.0])]),
            TypeError,
            "Invalid `datasets`. `datasets` must have compatible element specs.\n Dataset 0 "
            "element_spec=TensorSpec(shape=(), dtype=tf.int64, name=None).\nDataset 1 "
            "element_spec=TensorSpec(shape=(), dtype=tf.float32, name=None).",
        ),
        (
            lambda: D.range(3).bucket_by_sequence_length(lambda x: x, [3], [2]),
            ValueError,
            "`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
            "`len(bucket_batch_sizes)=1` "
            "and `len(bucket_boundaries)=1`.",
        ),
        (
            lambda: D.range(6).bucket_by_sequence_length(lambda x: x, [3], [2, 3], no_padding=True),
            TypeError,
            "Input 'y' of 'LessEqual' Op has type int64 that does not match type int32 of argument 'x'.",
        ),
        (
            lambda: D.range(3).rebatch(2),
            ValueError,
            "Invalid `batch_sizes`. Expected dataset with rank of >= 1 but found a dataset with scalar "
            "elements. "
            "Fix the issue by adding the `batch` transformation to the dataset.",
        ),
        (
            lambda: D.range(3).apply(lambda d: 3),
            TypeError,
            "`transformation_func` must return a `tf.data.Dataset` object. Got <class 'int'>.",
        ),
    ]
    for make, error, message in cases:
        with pytest.raises(error) as info:
            make()
        assert str(info.value) == message


def test_less_common_errors():
    # TF: ValueError "Tensor conversion requested dtype int64 for Tensor with dtype int32: <tf.Tensor
    # 'Cast:0' shape=() dtype=int32>" (its symbolic tensor; tapejax names the spec).
    with pytest.raises(
        ValueError, match="^Tensor conversion requested dtype int64 for Tensor with dtype int32: "
    ):
        D.range(3).group_by_window(lambda x: tf.cast(x, tf.int32), lambda k, d: d.batch(2), 2)
    # TF raises InternalError ("... assertion failed: [When pad_to_bucket_boundary=True, elements must
    # have length < max(bucket_boundaries).] ...") while iterating.
    with pytest.raises(
        tf.errors.InternalError, match=r"When pad_to_bucket_boundary=True, elements must have"
    ):
        list(
            D.from_tensor_slices([1, 2, 3, 7])
            .map(lambda x: tf.fill([x], x))
            .bucket_by_sequence_length(
                lambda x: tf.shape(x)[0], [3, 5], [2, 2, 2], pad_to_bucket_boundary=True
            )
        )
    with pytest.raises(TypeError, match=r"^Invalid `scan_func`. The new state must have the initial state's"):
        D.range(3).scan((tf.constant(0, tf.int64), tf.constant(0, tf.int64)), lambda s, x: (s[0] + x, x))
    with pytest.raises(NotImplementedError, match="takes fixed weights"):
        D.sample_from_datasets([D.range(2), D.range(2)], weights=D.from_tensors([0.5, 0.5]).repeat())


def test_element_specs():
    # TF 2.21's specs (the batch and padded dims of a bucket are tensors there, so unknown).
    assert D.range(12).batch(4, drop_remainder=True).rebatch(3).element_spec == tf.TensorSpec(
        (None,), tf.int64
    )
    assert D.range(12).batch(2, drop_remainder=True).rebatch(4).element_spec == tf.TensorSpec(
        (None,), tf.int64
    )
    assert D.range(12).batch(4).rebatch(2).element_spec == tf.TensorSpec((None,), tf.int64)
    assert D.range(12).batch(4, drop_remainder=True).rebatch([2, 2]).element_spec == tf.TensorSpec(
        (2,), tf.int64
    )
    assert D.range(3).bucket_by_sequence_length(
        lambda x: tf.cast(x, tf.int32), [3], [2, 2], padded_shapes=[], drop_remainder=True
    ).element_spec == tf.TensorSpec((None,), tf.int64)
    rows = D.from_tensor_slices([[1, 2]])
    assert rows.bucket_by_sequence_length(
        tf.size, [3], [2, 2], drop_remainder=True
    ).element_spec == tf.TensorSpec((None, 2), tf.int32)
    assert rows.bucket_by_sequence_length(
        tf.size, [3], [2, 2], pad_to_bucket_boundary=True
    ).element_spec == tf.TensorSpec((None, 2), tf.int32)
    assert rows.group_by_window(
        lambda x: tf.constant(0, tf.int64), lambda k, d: d.batch(2, drop_remainder=True), 2
    ).element_spec == tf.TensorSpec((2, 2), tf.int32)
    # ignore_errors after a batch that fails: TF drops that batch ([array([0.5])]); tapejax ends there.
    failing = D.from_tensor_slices([1.0, 0.0, 2.0]).map(
        lambda x: tf.debugging.check_numerics(1.0 / x, "error")
    )
    assert [x.tolist() for x in failing.ignore_errors().as_numpy_iterator()] == [1.0, 0.5]


def test_shard_keeps_the_row_gathering_path():
    x = np.arange(20.0).reshape(10, 2)
    ds = D.from_tensor_slices(x).shard(3, 1).batch(2)
    assert ds._stage.gathers_rows()
    assert [b.tolist() for b in ds.as_numpy_iterator()] == [x[[1, 4]].tolist(), x[[7]].tolist()]
    # After a shuffle: the gathered batches hold the rows the element-by-element path gives.
    shuffled = D.from_tensor_slices(x).shuffle(10, seed=1, reshuffle_each_iteration=False).shard(2, 0)
    rows = [r.tolist() for r in shuffled.as_numpy_iterator()]
    assert len(rows) == 5 and rows != x[::2].tolist()
    assert [r for b in shuffled.batch(2).as_numpy_iterator() for r in b.tolist()] == rows


def test_scan_and_group_functions_run_per_element_under_tf_function():
    # A running mean by scan: checked against numpy's cumulative sums.
    x = np.random.default_rng(0).normal(size=20).astype(np.float32)
    means = D.from_tensor_slices(x).scan(
        (0.0, 0.0), lambda s, v: ((s[0] + v, s[1] + 1.0), (s[0] + v) / (s[1] + 1.0))
    )
    np.testing.assert_allclose(list(means.as_numpy_iterator()), np.cumsum(x) / np.arange(1, 21), rtol=1e-5)
    # group_by_window's reduce_func gets its key as an int64 scalar Tensor.
    keys = D.range(6).group_by_window(lambda v: v % 3, lambda k, d: D.from_tensors(k * 10), window_size=2)
    assert list(keys.as_numpy_iterator()) == [0, 10, 20]
