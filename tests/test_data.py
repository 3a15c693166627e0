"""tf.data (``tapejax.data``) against TensorFlow 2.21: element values and dtypes, element_spec
and dataset reprs, cardinalities, TF's error messages, the shuffle buffer's semantics, and how
map functions run (traced once, per-element numbers). Expected values are TF's, stored as
literals (from a scratch TF 2.21 run; TF is never imported here)."""

from __future__ import annotations

import collections
import contextlib
import io
import pathlib

import numpy as np
import pytest

import tapejax as tf

D = tf.data.Dataset


def summary(element):
    """An element as TF's reference run printed it: ``(value.tolist(), dtype name)`` per tensor."""
    if isinstance(element, dict):
        return {k: summary(v) for k, v in element.items()}
    if isinstance(element, tuple):
        return tuple(summary(v) for v in element)
    assert isinstance(element, tf.Tensor)
    return (element.numpy().tolist(), element.dtype.name)


# Each dataset, and what TF 2.21 printed for it (tests/test_data_expected.txt, one line each:
# name | repr | cardinality | the first 12 elements as (value.tolist(), dtype name)).
CASES = {
    "slices_list": lambda: D.from_tensor_slices([1, 2, 3]),
    "slices_float": lambda: D.from_tensor_slices([1.0, 2.0]),
    "slices_big": lambda: D.from_tensor_slices([1, 2**40]),
    "slices_np64": lambda: D.from_tensor_slices(np.arange(3.0)),
    "slices_tuple": lambda: D.from_tensor_slices(([1, 2], [[1.0, 2.0], [3.0, 4.0]])),
    "slices_dict": lambda: D.from_tensor_slices({"b": [1, 2], "a": [True, False]}),
    "tensors": lambda: D.from_tensors([1, 2]),
    "tensors_scalar": lambda: D.from_tensors(5),
    "tensors_tuple": lambda: D.from_tensors((1, 2.0)),
    "range": lambda: D.range(5),
    "range2": lambda: D.range(2, 10, 3),
    "range_neg": lambda: D.range(5, 0, -2),
    "range_dtype": lambda: D.range(3, output_type=tf.int32),
    "zip": lambda: D.zip((D.range(3), D.from_tensor_slices([1.0, 2.0, 3.0, 4.0]))),
    "zip_args": lambda: D.zip(D.range(3), D.range(4)),
    "zip_dict": lambda: D.zip({"x": D.range(2), "y": D.range(3)}),
    "batch": lambda: D.range(7).batch(3),
    "batch_drop": lambda: D.range(7).batch(3, drop_remainder=True),
    "batch_tuple": lambda: D.from_tensor_slices(([1, 2, 3], [4.0, 5.0, 6.0])).batch(2),
    "map": lambda: D.range(4).map(lambda x: x * 2),
    "map_tuple": lambda: D.from_tensor_slices(([1, 2], [3.0, 4.0])).map(lambda a, b: (b, a)),
    "map_dict": lambda: D.from_tensor_slices({"a": [1, 2]}).map(lambda d: d["a"] + 1),
    "map_list": lambda: D.range(3).map(lambda x: [x, x + 1]),
    "map_pyfloat": lambda: D.range(3).map(lambda x: (x, 1.5, 2)),
    "map_par": lambda: D.range(5).map(lambda x: x + 1, num_parallel_calls=tf.data.AUTOTUNE),
    "filter": lambda: D.range(10).filter(lambda x: x % 3 == 0),
    "repeat": lambda: D.range(3).repeat(2),
    "repeat_inf": lambda: D.range(3).repeat(),
    "repeat0": lambda: D.range(3).repeat(0),
    "repeat_empty_inf": lambda: D.range(0).repeat(),
    "take": lambda: D.range(10).take(3),
    "take_all": lambda: D.range(10).take(-1),
    "take_inf": lambda: D.range(3).repeat().take(5),
    "skip": lambda: D.range(10).skip(7),
    "skip_all": lambda: D.range(10).skip(-1),
    "skip_inf": lambda: D.range(3).repeat().skip(2),
    "prefetch": lambda: D.range(3).prefetch(1),
    "cache": lambda: D.range(3).cache(),
    "enumerate": lambda: D.from_tensor_slices([5.0, 6.0]).enumerate(),
    "enumerate_start": lambda: D.from_tensor_slices([5.0, 6.0]).enumerate(start=3),
    "unbatch": lambda: D.from_tensor_slices([[1, 2], [3, 4]]).unbatch(),
    "unbatch_batch": lambda: D.range(5).batch(2).unbatch(),
    "padded_batch": lambda: D.range(1, 5).map(lambda x: tf.fill([x], x)).padded_batch(2),
    "padded_batch_shape": lambda: (
        D.range(1, 4)
        .map(lambda x: tf.fill([x], x))
        .padded_batch(2, padded_shapes=[4], padding_values=tf.constant(-1, tf.int64))
    ),
    "padded_batch_drop": lambda: (
        D.range(1, 4).map(lambda x: tf.fill([x], x)).padded_batch(2, drop_remainder=True)
    ),
    "filter_inf": lambda: D.range(3).repeat().filter(lambda x: x > 0),
    "batch_inf": lambda: D.range(3).repeat().batch(2),
    "gen": lambda: D.from_generator(
        lambda: iter([1, 2, 3]), output_signature=tf.TensorSpec(shape=(), dtype=tf.int32)
    ),
    "gen_tuple": lambda: D.from_generator(
        lambda: ((i, [float(i)] * i) for i in range(3)),
        output_signature=(tf.TensorSpec((), tf.int64), tf.TensorSpec((None,), tf.float32)),
    ),
    "map_after_batch": lambda: D.range(5).batch(2).map(tf.reduce_sum),
    "unbatch_filter": lambda: D.range(6).filter(lambda x: x > 1).batch(2).unbatch(),
    "batch_filter": lambda: D.range(6).filter(lambda x: x > 1).batch(2),
    "concat": lambda: D.range(2).concatenate(D.range(3)),
    "slices_empty": lambda: D.from_tensor_slices(np.zeros((0, 2), np.float32)),
    "tensors_np_f64": lambda: D.from_tensors(np.float64(1.5)),
}


def expected_lines(filename: str) -> dict:
    """TF's lines (name | repr | cardinality | elements, or ``-`` for random ones) by name."""
    return {
        line.split(" | ")[0]: line.rstrip("\n").split(" | ")[1:]
        for line in (pathlib.Path(__file__).parent / filename).open()
    }


def check_dataset(ds, expected: list) -> None:
    """``ds``'s repr, cardinality and first 12 elements against TF's line."""
    text, cardinality, elements = expected
    assert repr(ds) == text
    n = ds.cardinality()
    assert n.dtype == tf.int64 and int(n) == int(cardinality)
    if elements != "-":
        assert str([summary(e) for e in ds.take(12)]) == elements


EXPECTED = expected_lines("test_data_expected.txt")


@pytest.mark.parametrize("name", CASES)
def test_datasets_match_tensorflow(name):
    check_dataset(CASES[name](), EXPECTED[name])


def test_every_expected_line_has_its_case():
    assert set(EXPECTED) == set(CASES)


def test_element_specs_and_constants():
    spec = D.from_tensor_slices(([1, 2], {"k": [[1.0, 2.0], [3.0, 4.0]]})).batch(2).element_spec
    assert repr(spec) == (
        "(TensorSpec(shape=(None,), dtype=tf.int32, name=None), "
        "{'k': TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)})"
    )
    assert D.range(5).batch(2, drop_remainder=True).element_spec == tf.TensorSpec((2,), tf.int64)
    # A map's output spec: unknown dimensions stay unknown, known ones are found by tracing.
    assert repr(D.range(10).batch(4).map(lambda x: (x, tf.reduce_sum(x))).element_spec) == (
        "(TensorSpec(shape=(None,), dtype=tf.int64, name=None), "
        "TensorSpec(shape=(), dtype=tf.int64, name=None))"
    )
    head = D.range(10).batch(4, drop_remainder=True).map(lambda x: x[:2])
    assert head.element_spec == tf.TensorSpec((2,), tf.int64)
    images = D.from_tensor_slices(np.ones((4, 28, 28), np.uint8)).batch(2)
    assert images.map(lambda x: tf.cast(x, tf.float32) / 255.0).element_spec == tf.TensorSpec((None, 28, 28))
    # Value-dependent shapes (TF's graphs allow them; this map runs eagerly).
    ragged = D.range(1, 4).map(lambda x: tf.fill([x], x))
    assert ragged.element_spec == tf.TensorSpec((None,), tf.int64)
    assert ragged.batch(1).element_spec == tf.TensorSpec((None, None), tf.int64)
    assert repr(
        D.from_tensor_slices({"a": [1, 2], "b": [3.0, 4.0]})
        .map(lambda d: {"s": tf.cast(d["a"], tf.float32) + d["b"]})
        .element_spec
    ) == ("{'s': TensorSpec(shape=(), dtype=tf.float32, name=None)}")
    assert repr(D.from_tensor_slices(([1], [2.0])).enumerate().element_spec) == (
        "(TensorSpec(shape=(), dtype=tf.int64, name=None), (TensorSpec(shape=(), dtype=tf.int32, name=None), "
        "TensorSpec(shape=(), dtype=tf.float32, name=None)))"
    )
    assert (tf.data.AUTOTUNE, tf.data.INFINITE_CARDINALITY, tf.data.UNKNOWN_CARDINALITY) == (-1, -1, -2)
    assert (tf.data.experimental.AUTOTUNE, tf.data.experimental.INFINITE_CARDINALITY) == (-1, -1)


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda: D.range(3).repeat(2), 6),
        (lambda: D.range(3).filter(lambda x: True).repeat(), -1),
        (lambda: D.range(3).filter(lambda x: True).repeat(2), -2),
        (lambda: D.range(3).filter(lambda x: True).take(2), -2),
        (lambda: D.zip((D.range(3), D.range(3).filter(lambda x: True))), -2),
        (lambda: D.zip((D.range(3).repeat(), D.range(3).filter(lambda x: True))), -2),
        (lambda: D.zip((D.range(3).repeat(), D.range(3).repeat())), -1),
        (lambda: D.range(3).batch(2).unbatch(), -2),
        (lambda: D.range(4).batch(2, drop_remainder=True).unbatch(), 4),
        (lambda: D.range(3).repeat().batch(2).unbatch(), -1),
    ],
)
def test_cardinality_rules(make, expected):
    assert int(make().cardinality()) == expected


def test_len_where_tf_allows_it():
    assert len(D.range(3)) == 3 and len(D.range(3).repeat(0)) == 0
    with pytest.raises(TypeError, match="^The dataset is infinite.$"):
        len(D.range(3).repeat())
    with pytest.raises(TypeError, match="^The dataset length is unknown.$"):
        len(D.range(3).filter(lambda x: True))


def test_iterating_past_the_end():
    it = iter(D.range(2))
    assert [int(next(it)), int(next(it))] == [0, 1]
    with pytest.raises(StopIteration):
        next(it)
    it = iter(D.range(1))
    it.get_next()
    with pytest.raises(tf.errors.OutOfRangeError, match=r"^End of sequence \[Op:IteratorGetNext\]$"):
        it.get_next()


def test_errors_are_tensorflows():
    with pytest.raises(
        tf.errors.InvalidArgumentError,
        match=(
            r"^Cannot add tensor to the batch: number of elements does not match. Shapes are: "
            r"\[tensor\]: \[2\], \[batch\]: \[1\] \[Op:IteratorGetNext\]$"
        ),
    ):
        list(D.from_tensor_slices([1, 2, 3]).map(lambda x: tf.fill([x], x)).batch(2))
    with pytest.raises(ValueError, match="^Dimensions 2 and 3 are not compatible$"):
        D.from_tensor_slices(([1, 2], [1, 2, 3]))
    with pytest.raises(ValueError, match=r"^Unbatching a tensor is only supported for rank >= 1$"):
        D.from_tensor_slices(5)
    with pytest.raises(
        ValueError,
        match=(
            r"^Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return type "
            r"is TensorSpec\(shape=\(\), dtype=tf.int64, name=None\).$"
        ),
    ):
        D.range(3).filter(lambda x: x)
    with pytest.raises(ValueError, match="^Cannot unbatch an input with scalar components.$"):
        D.range(3).unbatch()
    with pytest.raises(
        tf.errors.DataLossError,
        match=(r"^Attempted to pad to a smaller size than the input element. \[Op:IteratorGetNext\]$"),
    ):
        list(D.range(1, 4).map(lambda x: tf.fill([x], x)).padded_batch(2, padded_shapes=[2]))
    with pytest.raises(
        tf.errors.InvalidArgumentError,
        match=(r"^buffer_size must be greater than zero or UNKNOWN_CARDINALITY \[Op:ShuffleDatasetV3\]$"),
    ):
        D.range(3).shuffle(0)
    with pytest.raises(
        TypeError,
        match=(
            "^To specify the output signature you need to provide either the "
            "`output_signature` argument or the `output_types` argument.$"
        ),
    ):
        D.from_generator(lambda: iter([1]))


def test_generator_elements_are_checked_as_tf_checks_them():
    def wrong_shape():
        yield [1, 2, 3]

    with pytest.raises(
        tf.errors.InvalidArgumentError,
        match=(
            r"^TypeError: `generator` yielded an element of shape \(3,\) where an element of shape \(2,\) "
            r"was expected. \[Op:IteratorGetNext\]$"
        ),
    ):
        list(D.from_generator(wrong_shape, output_signature=tf.TensorSpec((2,), tf.int32)))

    def wrong_structure():
        yield 1

    pair = (tf.TensorSpec((), tf.int32), tf.TensorSpec((), tf.int32))
    with pytest.raises(
        tf.errors.InvalidArgumentError,
        match=(
            r"^TypeError: `generator` yielded an element that did not match the expected structure. The "
            r"expected structure was \(tf.int32, tf.int32\), but the yielded element was 1. "
            r"\[Op:IteratorGetNext\]$"
        ),
    ):
        list(D.from_generator(wrong_structure, output_signature=pair))
    # TF converts with numpy: 1.5 yielded for an int32 spec is 1.
    rounded = D.from_generator(lambda: iter([1.5]), output_signature=tf.TensorSpec((), tf.int32))
    assert [int(x) for x in rounded] == [1]
    # The older output_types / output_shapes arguments.
    pairs = D.from_generator(lambda: iter([[1, 2]]), output_types=tf.int32, output_shapes=[2])
    assert pairs.element_spec == tf.TensorSpec((2,), tf.int32)
    assert repr(D.from_generator(lambda: iter([[1, 2]]), output_types=tf.int32).element_spec) == (
        "TensorSpec(shape=<unknown>, dtype=tf.int32, name=None)"
    )
    assert [
        x.tolist()
        for x in D.from_generator(
            lambda x: iter([[x] * 2]), output_types=tf.int32, args=(4,)
        ).as_numpy_iterator()
    ] == [[4, 4]]


def test_as_numpy_iterator_gives_numpy_scalars_and_arrays():
    values = list(D.range(3).as_numpy_iterator())
    assert values == [0, 1, 2] and all(type(v) is np.int64 for v in values)
    (batch,) = list(D.from_tensor_slices({"a": [1.0, 2.0]}).batch(2).as_numpy_iterator())
    assert list(batch) == ["a"] and batch["a"].dtype == np.float32 and batch["a"].tolist() == [1.0, 2.0]
    assert int(D.range(4).batch(2).reduce(tf.constant(0, tf.int64), lambda s, x: s + tf.reduce_sum(x))) == 6


# Shuffle: TF's buffer semantics (its random numbers are not TF's).


def test_shuffle_buffer_of_one_keeps_the_order():
    assert list(D.range(8).shuffle(1).as_numpy_iterator()) == list(range(8))


def test_shuffle_is_a_permutation_each_pass_and_reshuffles():
    ds = D.range(50).shuffle(50, seed=3)
    first, second = list(ds.as_numpy_iterator()), list(ds.as_numpy_iterator())
    assert sorted(first) == sorted(second) == list(range(50))
    assert first != second  # reshuffle_each_iteration=True: each pass has its own order
    epochs = list(D.range(50).shuffle(50, seed=3).repeat(2).as_numpy_iterator())
    assert epochs == first + second  # an epoch of repeat is a pass
    fixed = D.range(50).shuffle(50, seed=3, reshuffle_each_iteration=False)
    assert list(fixed.as_numpy_iterator()) == list(fixed.as_numpy_iterator())
    # Seeded datasets built again give the same orders.
    assert list(D.range(50).shuffle(50, seed=3).as_numpy_iterator()) == first


def test_shuffle_follows_the_global_seed_without_its_own():
    tf.random.set_seed(5)
    a = list(D.range(30).shuffle(30).as_numpy_iterator())
    tf.random.set_seed(5)
    b = list(D.range(30).shuffle(30).as_numpy_iterator())
    assert a == b and a != list(range(30))


def test_shuffle_buffer_limits_how_far_an_element_moves():
    # With a buffer of k, output i is one of the first i + k inputs; the first is among the first k.
    for seed in range(20):
        out = list(D.range(40).shuffle(4, seed=seed).as_numpy_iterator())
        assert sorted(out) == list(range(40))
        assert all(v < i + 4 for i, v in enumerate(out))
    firsts = collections.Counter(int(next(iter(D.range(40).shuffle(4, seed=s)))) for s in range(400))
    assert set(firsts) == {0, 1, 2, 3} and min(firsts.values()) > 60  # uniform over the buffer


def test_full_buffer_shuffle_is_uniform():
    counts = np.zeros((4, 4))
    for seed in range(800):
        for position, value in enumerate(D.range(4).shuffle(4, seed=seed).as_numpy_iterator()):
            counts[position, value] += 1
    assert np.all(np.abs(counts - 200) < 60), counts


# Map: traced once as TF's graph, run per element.


def test_map_traces_once_and_runs_per_element():
    out = io.StringIO()

    def f(x):
        print("tracing map")
        tf.print("elem", x, output_stream=out)
        return x + 1

    with contextlib.redirect_stdout(io.StringIO()) as printed:
        ds = D.range(3).map(f)
        assert printed.getvalue() == "tracing map\n"  # at map(), as TF traces it
        assert list(ds.as_numpy_iterator()) == [1, 2, 3]
        assert list(ds.as_numpy_iterator()) == [1, 2, 3]
    assert printed.getvalue() == "tracing map\n"
    assert out.getvalue() == "elem 0\nelem 1\nelem 2\n" * 2


def test_map_random_ops_draw_per_element():
    values = list(D.range(4).map(lambda x: tf.random.uniform([])).as_numpy_iterator())
    assert len(set(values)) == 4


def test_map_calling_conventions_and_parallel_order():
    assert list(
        D.from_tensor_slices(([1, 2], [3, 4]))
        .map(lambda a, b: a + b, num_parallel_calls=2)
        .as_numpy_iterator()
    ) == [4, 6]
    ds = D.range(200).map(lambda x: x * 2, num_parallel_calls=tf.data.AUTOTUNE)
    assert list(ds.as_numpy_iterator()) == list(range(0, 400, 2))  # deterministic order


def test_prefetch_and_cache():
    assert list(D.range(100).prefetch(tf.data.AUTOTUNE).as_numpy_iterator()) == list(range(100))

    def broken(x):
        if x == 3:
            raise ValueError("element 3")
        yield x

    ds = D.range(5).map(lambda x: x).prefetch(2)
    assert len(list(ds)) == 5
    failing = D.from_generator(
        lambda: (x for i in range(5) for x in broken(i)), output_signature=tf.TensorSpec((), tf.int64)
    ).prefetch(2)
    with pytest.raises(ValueError, match="element 3"):
        list(failing)
    calls = []
    cached = D.from_generator(
        lambda: (calls.append(1) or i for i in range(3)), output_signature=tf.TensorSpec((), tf.int64)
    ).cache()
    assert list(cached.as_numpy_iterator()) == list(cached.as_numpy_iterator()) == [0, 1, 2]
    assert len(calls) == 3  # the second pass read the cache


def test_a_function_fed_by_batches_traces_once_per_batch_shape():
    @tf.function
    def step(x, y):
        return tf.reduce_sum(x) + tf.cast(tf.reduce_sum(y), tf.float32)

    ds = D.from_tensor_slices((np.ones((10, 3), np.float32), np.arange(10))).batch(4)
    totals = [float(step(x, y)) for x, y in ds]
    assert totals == [18.0, 34.0, 23.0]
    assert step.experimental_get_tracing_count() == 2  # TF's count: the full batches, then the last one


def test_elements_are_tapejax_tensors_usable_under_a_tape():
    w = tf.Variable([[1.0], [2.0]])
    x_data, y_data = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32), np.array([1.0, 0.0], np.float32)
    ds = D.from_tensor_slices((x_data, y_data)).batch(2)
    for x, y in ds:
        assert isinstance(x, tf.Tensor) and x.dtype == tf.float32
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((tf.squeeze(tf.matmul(x, w), 1) - y) ** 2)
        g = tape.gradient(loss, w)
    # d/dw mean((xw - y)^2) = 2/n x^T (xw - y): residuals [4, 11]
    np.testing.assert_allclose(g.numpy(), [[37.0], [52.0]])


def test_less_common_errors():
    with pytest.raises(
        TypeError,
        match=(
            r"^Incompatible dataset elements:\n  TensorSpec\(shape=\(\), dtype=tf.int64, name=None\) vs.   "
            r"TensorSpec\(shape=\(\), dtype=tf.float32, name=None\)$"
        ),
    ):
        D.range(2).concatenate(D.from_tensor_slices([1.0]))

    def text():
        yield "abc"

    with pytest.raises(
        tf.errors.InvalidArgumentError,
        match=(
            "^TypeError: `generator` yielded an element that could not be converted to the expected type. "
            r"The expected type was int32, but the yielded element was abc. \[Op:IteratorGetNext\]$"
        ),
    ):
        list(D.from_generator(text, output_signature=tf.TensorSpec((), tf.int32)))
    with pytest.raises(NotImplementedError, match="tapejax caches in memory only"):
        D.range(2).cache("/tmp/cache")
    trace = tf.function(lambda x: (x[:2], 3)).get_concrete_function(tf.TensorSpec([5, 3]))
    # TF: symbolic tensors, numbers too (its repr: <tf.Tensor 'Identity_1:0' shape=() dtype=int32>)
    assert [repr(o) for o in trace.structured_outputs] == [
        "<tf.Tensor 'Identity:0' shape=(2, 3) dtype=float32>",
        "<tf.Tensor 'Identity_1:0' shape=() dtype=int32>",
    ]
