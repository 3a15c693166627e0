"""``next(iterator)`` inside a ``tapejax.function`` on a tf.data iterator made outside it: every
call takes the next element (TF's IteratorGetNext op), past the end TF's OutOfRangeError, and an
element shape the compiled program cannot know is refused with a clear error, never frozen."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

D = tf.data.Dataset


def test_each_call_takes_the_next_element_then_out_of_range():
    v = tf.Variable(0, dtype=tf.int32)

    @tf.function
    def consume(iterator):
        x = next(iterator)
        v.assign_add(x)
        return x * 10

    iterator = iter(D.from_tensor_slices([1, 2, 3]))
    assert [int(consume(iterator)) for _ in range(3)] == [10, 20, 30]
    assert int(v) == 6
    with pytest.raises(tf.errors.OutOfRangeError, match=r"^End of sequence \[Op:IteratorGetNext\]$"):
        consume(iterator)
    assert int(v) == 6  # the failed call wrote nothing back
    assert consume.experimental_get_tracing_count() == 1


def test_several_nexts_structured_elements_and_a_closure():
    it = iter(D.range(10).batch(3, drop_remainder=True))

    @tf.function
    def two():
        a = next(it)
        return a + next(it)

    np.testing.assert_array_equal(two().numpy(), [3, 5, 7])
    with pytest.raises(tf.errors.OutOfRangeError):
        two()  # one batch left: the second next() runs out

    @tf.function
    def pair(iterator):
        x, y = next(iterator)
        return x * 2.0, y

    pairs = iter(D.from_tensor_slices(([1.0, 2.0], np.array([3, 4], np.int32))))
    first, second = pair(pairs), pair(pairs)
    assert [float(first[0]), int(first[1]), float(second[0]), int(second[1])] == [2.0, 3, 4.0, 4]
    assert second[1].dtype == tf.int32


def test_unknown_element_shapes_are_refused():
    @tf.function
    def take(iterator):
        return next(iterator)

    with pytest.raises(ValueError, match=r"unknown \(None\) dimensions.*drop_remainder=True"):
        take(iter(D.range(10).batch(3)))


def test_an_iterator_made_inside_the_function_is_iterated_while_tracing():
    @tf.function
    def total(ds):
        s = tf.constant(0, tf.int64)
        for x in ds:
            s += x
        return s

    assert int(total(D.range(5))) == 10

    @tf.function
    def first(ds):
        return next(iter(ds))

    assert int(first(D.range(3, 6))) == 3
