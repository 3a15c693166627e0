"""tf.name_scope (tapejax/_name_scope.py) and the names it gives Variables and Modules' scopes."""

import threading

import pytest

import tapejax as tf


def test_scopes_nest_and_name_variables():
    with tf.name_scope("outer") as outer:
        with tf.name_scope("inner") as inner:
            v = tf.Variable(1.0)
        with tf.name_scope("/absolute/") as absolute:
            w = tf.Variable(1.0, name="w")
        with tf.name_scope("") as empty:
            u = tf.Variable(1.0, name="u")
    assert (outer, inner, absolute, empty) == ("outer/", "outer/inner/", "/absolute/", "")
    assert (v.name, w.name, u.name) == ("outer/inner/Variable:0", "/absolute/w:0", "u:0")
    assert tf.Variable(1.0, name="after").name == "after:0"
    with pytest.raises(ValueError, match=r"name for name_scope must be a string. tf.name_scope takes"):
        tf.name_scope(None)


def test_each_thread_has_its_own_scope():
    names = []
    with tf.name_scope("main"):
        worker = threading.Thread(target=lambda: names.append(tf.Variable(1.0, name="t").name))
        worker.start()
        worker.join()
    assert names == ["t:0"]


def test_module_scopes_and_keras_names():
    class Lazy(tf.Module):
        @tf.Module.with_name_scope
        def __call__(self, x):
            if not hasattr(self, "w"):
                self.w = tf.Variable(2.0, name="w")
            return x * self.w

    with tf.name_scope("model"):
        lazy = Lazy()
        dense = tf.keras.layers.Dense(1)
        dense.build((None, 2))
    lazy(tf.constant(1.0))
    with lazy.name_scope as scope:
        b = tf.Variable(0.0, name="b")
    assert (scope, lazy.w.name, b.name) == ("model/lazy/", "model/lazy/w:0", "model/lazy/b:0")
    assert dense.kernel.name == "kernel"  # Keras 3 variable names ignore tf.name_scope
    assert Lazy.__call__.__name__ == "__call__"
