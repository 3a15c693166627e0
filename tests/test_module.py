"""tapejax.Module: names, and the variables/submodules TF finds, in TF's order.

The expected orders were taken from TensorFlow 2.21 on the same module definitions.
"""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf


class Sub(tf.Module):
    def __init__(self, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(1.0, name="sub_w")
        self.z = tf.Variable(2.0, name="sub_z", trainable=False)


class Mixed(tf.Module):
    def __init__(self):
        super().__init__()
        self.b = tf.Variable(3.0, name="b")
        self.a = [tf.Variable(4.0, name="a0"), Sub(name="s1")]
        self.c = {"y": tf.Variable(5.0, name="cy"), "x": Sub(name="s2")}
        self.d = (tf.Variable(7.0, name="d0"),)
        self._e = tf.Variable(8.0, name="e")
        self.B = tf.Variable(9.0, name="Bcap")


def names(objs):
    return [o.name for o in objs]


def test_default_name_is_snake_case_of_class():
    class MyModule(tf.Module):
        pass

    class HTTPThing(tf.Module):
        pass

    assert MyModule().name == "my_module"
    assert MyModule().name == "my_module"  # tf.Module does not make names unique
    assert HTTPThing().name == "http_thing"
    assert tf.Module().name == "module"
    assert tf.Module(name="given").name == "given"


def test_invalid_name_raises():
    with pytest.raises(ValueError, match="'bad name' is not a valid module name. Module names must be valid"):
        tf.Module(name="bad name")


def test_own_leaves_first_attributes_sorted_containers_flattened():
    m = Mixed()
    # Uppercase sorts before '_', '_' before lowercase; dict keys sorted; sub-modules after.
    assert names(m.variables) == [
        "Bcap:0",
        "e:0",
        "a0:0",
        "b:0",
        "cy:0",
        "d0:0",
        "sub_w:0",
        "sub_z:0",
        "sub_w:0",
        "sub_z:0",
    ]
    assert names(m.trainable_variables) == [
        "Bcap:0",
        "e:0",
        "a0:0",
        "b:0",
        "cy:0",
        "d0:0",
        "sub_w:0",
        "sub_w:0",
    ]
    assert names(m.non_trainable_variables) == ["sub_z:0", "sub_z:0"]
    assert names(m.submodules) == ["s1", "s2"]
    assert all(isinstance(seq, tuple) for seq in (m.variables, m.trainable_variables, m.submodules))


def test_issue_example_variable_then_list_of_variable_and_module():
    class M(tf.Module):
        def __init__(self):
            super().__init__()
            self.b = tf.Variable(1.0, name="b")
            self.a = [tf.Variable(2.0, name="a0"), Sub(name="inner")]

    m = M()
    assert names(m.variables) == ["a0:0", "b:0", "sub_w:0", "sub_z:0"]
    assert names(m.submodules) == ["inner"]


def test_shared_objects_are_reported_once():
    class Shared(tf.Module):
        def __init__(self):
            super().__init__()
            v = tf.Variable(1.0, name="shared")
            self.p = self.q = v
            s = Sub()
            self.s1 = self.s2 = s

    m = Shared()
    assert names(m.variables) == ["shared:0", "sub_w:0", "sub_z:0"]
    assert names(m.submodules) == ["sub"]


def test_nested_submodules_after_direct_ones():
    class Deep(tf.Module):
        def __init__(self, name=None):
            super().__init__(name=name)
            self.inner = Sub(name="deep_inner")

    class Outer(tf.Module):
        def __init__(self):
            super().__init__()
            self.a = Deep(name="deepA")
            self.b = Sub(name="subB")

    assert names(Outer().submodules) == ["deepA", "subB", "deep_inner"]


def test_cycles_terminate():
    a, b = tf.Module(name="a"), tf.Module(name="b")
    a.child, b.child = b, a
    a.v = tf.Variable(1.0, name="v")
    assert names(a.submodules) == ["b"]
    assert names(a.variables) == ["v:0"]


def test_dict_with_unsortable_keys_raises():
    m = tf.Module()
    m.d = {"a": tf.Variable(1.0), 1: tf.Variable(2.0)}
    with pytest.raises(ValueError, match="dicts must have sortable keys"):
        m.variables  # noqa: B018


def test_module_finds_keras_layer_weights_in_keras_order():
    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.layers = [tf.keras.layers.Dense(3), tf.keras.layers.BatchNormalization()]
            self.scale = tf.Variable(2.0, name="scale")

        def __call__(self, x, training=False):
            return self.layers[1](self.layers[0](x), training=training) * self.scale

    m = Model()
    x = tf.constant(np.arange(8.0, dtype=np.float32).reshape(4, 2))
    m(x)
    assert names(m.variables) == [
        "scale:0",
        "kernel",
        "bias",
        "gamma",
        "beta",
        "moving_mean",
        "moving_variance",
    ]
    assert names(m.trainable_variables) == ["scale:0", "kernel", "bias", "gamma", "beta"]
    assert names(m.non_trainable_variables) == ["moving_mean", "moving_variance"]
    assert m.submodules == tuple(m.layers)

    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(m(x))
    grads = tape.gradient(loss, m.trainable_variables)
    assert all(g is not None for g in grads)
    assert [tuple(g.shape) for g in grads] == [(), (2, 3), (3,), (3,), (3,)]


def test_name_scope_and_with_name_scope():
    class M(tf.Module):
        @tf.Module.with_name_scope
        def __call__(self, x):
            return x * 2

    m = M()
    with m.name_scope as scope:
        assert scope == "m/"
    assert m.name_scope.name == "m/"
    assert m(3) == 6
