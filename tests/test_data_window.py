"""``Dataset.window``, ``get_next_as_optional`` and ``tf.experimental.Optional``: TF 2.21's
messages (stored literals, without TF's ``{{function_node ...}}`` prefix) and a failed call
changing nothing. Element values and specs are checked against TF by the program
``tests/tf_programs/data_windows_optional.py``."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

D = tf.data.Dataset


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"size": 0}, "Window size must be greater than zero. [Op:WindowDataset]"),
        ({"size": 2, "shift": 0}, "Window shift must be greater than zero. [Op:WindowDataset]"),
        ({"size": 2, "stride": -1}, "Window stride must be greater than zero. [Op:WindowDataset]"),
    ],
)
def test_window_argument_errors_are_tfs(kwargs, message):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        D.range(3).window(**kwargs)
    assert str(info.value) == message


def test_windows_match_a_python_reference():
    data = list(range(11))
    for size, shift, stride, drop in [(3, 2, 1, False), (4, 1, 3, True), (2, 5, 2, False), (5, 5, 1, True)]:
        ds = D.range(11).window(size, shift, stride, drop)
        got = [list(w.as_numpy_iterator()) for w in ds]
        starts = range(0, 11, shift)
        expected = [data[s : s + (size - 1) * stride + 1 : stride] for s in starts]
        expected = [w for w in expected if len(w) == size] if drop else expected
        assert got == expected, (size, shift, stride, drop)
        assert int(ds.cardinality()) == len(expected)


def test_optional_get_value_error_and_iterator_end():
    it = iter(D.from_tensor_slices(np.array([[1.0, 2.0]], np.float32)))
    first = it.get_next_as_optional()
    np.testing.assert_array_equal(first.get_value().numpy(), [1.0, 2.0])
    assert first.element_spec == tf.TensorSpec([2], tf.float32)
    end = it.get_next_as_optional()
    assert not bool(end.has_value()) and end.element_spec == tf.TensorSpec([2], tf.float32)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        end.get_value()
    assert str(info.value) == "The given optional does not have a value. [Op:OptionalGetValue]"
    assert not bool(it.get_next_as_optional().has_value())  # stays at the end
