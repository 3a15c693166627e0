"""tf.TensorShape's API as TF 2.21 has it: unknown rank (``TensorShape(None)``), compatibility,
merging, rank assertions, subtyping for tracing; messages and results from TF 2.21."""

from __future__ import annotations

import pickle

import pytest

import tapejax as tf

S = tf.TensorShape


def test_unknown_rank():
    unknown = S(None)
    assert repr(unknown) == "TensorShape(None)" and str(unknown) == "<unknown>"
    assert unknown.rank is None and unknown.ndims is None and unknown.dims is None
    assert unknown.num_elements() is None and not unknown.is_fully_defined() and not unknown
    assert isinstance(unknown, S) and unknown == S(None) and unknown != S([])
    assert unknown[0] is None and repr(unknown[1:]) == "TensorShape(None)"
    with pytest.raises(ValueError, match=r"^as_list\(\) is not defined on an unknown TensorShape\.$"):
        unknown.as_list()
    with pytest.raises(ValueError, match="^Cannot take the length of shape with unknown rank.$"):
        len(unknown)
    assert repr(pickle.loads(pickle.dumps(unknown))) == "TensorShape(None)"


def test_a_scalar_shape_is_true_as_in_tf():
    assert bool(S([])) is True and bool(S(None)) is False


def test_compatibility_and_merging():
    assert S([None, 3]).is_compatible_with(S(None))
    assert S([1, 2]).is_compatible_with(S([1, 2])) and not S([1, 2]).is_compatible_with([1, 2, 3])
    assert S(None).merge_with([1, 2]) == [1, 2] and S([1, None]).merge_with([None, 2]) == [1, 2]
    with pytest.raises(ValueError, match=r"^Shapes \(1, 2\) and \(1, 3\) are not compatible"):
        S([1, 2]).merge_with([1, 3])
    with pytest.raises(ValueError, match=r"^Shapes \(1, 2\) and \[1, 3\] are incompatible$"):
        S([1, 2]).assert_is_compatible_with([1, 3])
    assert S([1, 2]).assert_is_compatible_with([1, None]) is None
    assert repr(S([1, 2]).most_specific_compatible_shape(S([1, 3]))) == "TensorShape([1, None])"
    assert repr(S([1, 2]).most_specific_compatible_shape(S([1]))) == "TensorShape(None)"
    assert repr(S([1, 2]).most_specific_common_supertype([S([1, 3])])) == "TensorShape([1, None])"
    assert S([1, 2]).is_subtype_of(S([1, None])) and not S([1, None]).is_subtype_of(S([1, 2]))
    assert S([1, 2]).is_subtype_of(S(None))


def test_rank_assertions():
    with pytest.raises(ValueError, match=r"^Shape \(1, 2\) must have rank 3$"):
        S([1, 2]).assert_has_rank(3)
    with pytest.raises(ValueError, match=r"^Shapes \(1, 2\) and \(1,\) must have the same rank$"):
        S([1, 2]).assert_same_rank(S([1]))
    with pytest.raises(ValueError, match=r"^Shape \(1, None\) is not fully defined$"):
        S([1, None]).assert_is_fully_defined()
    with pytest.raises(ValueError, match=r"^Shape \(1, 2\) must have rank 3$"):
        S([1, 2]).with_rank(3)
    with pytest.raises(ValueError, match=r"^Shape \(1, 2\) must have rank at most 1$"):
        S([1, 2]).with_rank_at_most(1)
    with pytest.raises(ValueError, match=r"^Shape \(1, 2\) must have rank at least 3$"):
        S([1, 2]).with_rank_at_least(3)
    assert S([1, 2]).with_rank(2) == [1, 2] and repr(S(None).with_rank(2)) == "TensorShape([None, None])"


def test_construction_and_concatenation():
    assert repr(S(3)) == "TensorShape([3])"  # an int is a vector's shape, as in TF
    assert repr(S([1, 2]) + [3]) == "TensorShape([1, 2, 3])"
    assert repr([3] + S([1, 2])) == "TensorShape([3, 1, 2])"
    assert repr(S([1, 2]).concatenate(S(None))) == "TensorShape(None)"
    assert S([1, None]) == S([1, None]) and not (S([1, None]) != S([1, None]))
    assert list(S([1, None])) == [1, None] and S([None, 2]).num_elements() is None


def test_get_static_value():
    assert tf.get_static_value(3) == 3 and tf.get_static_value([1, 2]) == [1, 2]
    assert tf.get_static_value(tf.constant([1, 2])).tolist() == [1, 2]
    assert tf.get_static_value(tf.Variable(2.0)) is None  # as TF: a Variable may change
    seen = []

    @tf.function
    def f(x):
        seen.append((tf.get_static_value(tf.shape(x)).tolist(), tf.get_static_value(x)))
        return x

    f(tf.ones([3]))
    assert seen == [([3], None)]  # TF 2.21 prints [3] None inside the function
