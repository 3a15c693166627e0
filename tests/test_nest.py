"""tf.nest (tapejax/nest.py): the structures GradientTape takes, as TF's tf.nest handles them."""

import collections

import pytest

import tapejax as tf


def test_flatten_sorts_dict_keys_and_treats_non_containers_as_leaves():
    t = tf.constant(1.0)
    assert tf.nest.flatten({"b": [1, (2, 3)], "a": t})[0] is t
    assert tf.nest.flatten({"b": [1, (2, 3)], "a": 0}) == [0, 1, 2, 3]
    assert tf.nest.flatten(None) == [None]
    assert tf.nest.flatten(5) == [5]
    assert tf.nest.is_nested([1]) and tf.nest.is_nested({}) and not tf.nest.is_nested(t)


def test_pack_sequence_as_keeps_containers_and_dict_order():
    point = collections.namedtuple("Point", "x y")
    packed = tf.nest.pack_sequence_as({"z": point(0, 0), "a": [0]}, [1, 2, 3])
    assert packed == {"z": point(2, 3), "a": [1]}
    assert list(packed) == ["z", "a"]


def test_map_structure_over_several_structures_and_gradients():
    v = {"w": tf.Variable(2.0), "b": tf.Variable(1.0)}
    with tf.GradientTape() as tape:
        y = v["w"] ** 2 + 3.0 * v["b"]
    grads = tape.gradient(y, v)
    steps = tf.nest.map_structure(lambda var, g: (var - 0.5 * g).numpy(), v, grads)
    assert steps == {"w": 0.0, "b": -0.5}


def test_structure_errors():
    with pytest.raises(
        ValueError,
        match=r"The two structures don't have the same nested structure.*"
        r"tf.nest.assert_same_structure compares the containers",
    ):
        tf.nest.assert_same_structure([1, 2], [1, [2]])
    with pytest.raises(
        ValueError,
        match=r"Could not pack sequence. Structure had 2 atoms, but "
        r"flat_sequence had 3 items. tf.nest.pack_sequence_as needs",
    ):
        tf.nest.pack_sequence_as([0, 0], [1, 2, 3])
    with pytest.raises(ValueError, match="The two structures don't have the same nested structure"):
        tf.nest.map_structure(lambda a, b: a, {"a": 1}, {"b": 1})
    with pytest.raises(ValueError, match="tf.nest.map_structure needs at least one structure"):
        tf.nest.map_structure(lambda: 0)


def test_tensor_shape_with_unknown_dimensions():
    s = tf.TensorShape([None, 3])
    assert str(s) == "(None, 3)" and repr(s) == "TensorShape([None, 3])"
    assert s.as_list() == [None, 3] and s.rank == 2 and s[0] is None
    assert s.num_elements() is None and not s.is_fully_defined()
    assert s.is_compatible_with([2, 3]) and tf.TensorShape([2, 3]).is_compatible_with(s)
    assert not s.is_compatible_with([2, 4])
    assert s.merge_with([2, None]) == [2, 3]
    with pytest.raises(
        ValueError,
        match=r"Shapes \(None, 3\) and \(2, 4\) are not compatible; "
        r"TensorShape.merge_with needs",
    ):
        s.merge_with([2, 4])
