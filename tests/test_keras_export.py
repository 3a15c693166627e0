"""``Model.export``: a SavedModel whose ``serve`` endpoint (and ``serving_default`` signature)
runs ``model(x, training=False)``, printed as Keras 3 prints it (TF 2.21's text stored, with the
capture ids, which are memory addresses, masked); also nested ``input_signature``s, which the
export of a model with several inputs needs."""

from __future__ import annotations

import contextlib
import io
import re

import numpy as np
import pytest

import tapejax as tf

TF_TWO_INPUTS = """Saved artifact at '{path}'. The following endpoints are available:

* Endpoint 'serve'
  args_0 (POSITIONAL_ONLY): List[TensorSpec(shape=(None, 4), dtype=tf.float32, name='a'), \
TensorSpec(shape=(None, 2), dtype=tf.float32, name='b')]
Output Type:
  TensorSpec(shape=(None, 6), dtype=tf.float32, name=None)
Captures:
  None
"""
TF_SUBCLASSED = """Saved artifact at '{path}'. The following endpoints are available:

* Endpoint 'serve'
  args_0 (POSITIONAL_ONLY): TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)
Output Type:
  TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)
Captures:
  ID: TensorSpec(shape=(), dtype=tf.resource, name=None)
  ID: TensorSpec(shape=(), dtype=tf.resource, name=None)
"""


def _printed(fn) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn()
    return re.sub(r"^  \d+:", "  ID:", out.getvalue(), flags=re.M)


class Sub(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d = tf.keras.layers.Dense(2)

    def call(self, x, training=None):
        return self.d(x)


def test_sequential_export_serves_what_predict_computes(tmp_path):
    tf.keras.backend.clear_session()
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, activation="tanh")])
    model.export(str(tmp_path / "m"), verbose=False)
    loaded = tf.saved_model.load(str(tmp_path / "m"))
    x = np.linspace(-1, 1, 15, dtype=np.float32).reshape(5, 3)
    np.testing.assert_allclose(loaded.serve(x).numpy(), model.predict(x, verbose=0), rtol=1e-6)
    assert list(loaded.signatures) == ["serving_default"]
    out = loaded.signatures["serving_default"](tf.constant(x[:2]))
    np.testing.assert_allclose(out["output_0"].numpy(), model.predict(x[:2], verbose=0), rtol=1e-6)
    with pytest.raises(TypeError, match=r"^The signature takes the arguments \[.*\], got 2 positional"):
        loaded.signatures["serving_default"](x, x)


def test_two_inputs_and_subclassed_print_as_keras(tmp_path):
    tf.keras.backend.clear_session()
    a, b = tf.keras.Input((4,), name="a"), tf.keras.Input((2,), name="b")
    model = tf.keras.Model([a, b], tf.keras.layers.Concatenate()([a, b]))
    path = str(tmp_path / "two")
    assert _printed(lambda: model.export(path)) == TF_TWO_INPUTS.format(path=path)
    served = tf.saved_model.load(path).serve([np.ones((2, 4), np.float32), np.zeros((2, 2), np.float32)])
    np.testing.assert_array_equal(served.numpy(), np.concatenate([np.ones((2, 4)), np.zeros((2, 2))], 1))

    sub = Sub()
    with pytest.raises(ValueError, match="^The model provided has not yet been built. It must be built"):
        sub.export(str(tmp_path / "unbuilt"))
    sub(np.ones((1, 3), np.float32))
    path = str(tmp_path / "sub")
    assert _printed(lambda: sub.export(path)) == TF_SUBCLASSED.format(path=path)
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    np.testing.assert_allclose(tf.saved_model.load(path).serve(x).numpy(), sub(x).numpy(), rtol=1e-6)
    with pytest.raises(ValueError, match=r"^Unrecognized format=bogus\. Supported formats are: \["):
        sub.export(path, format="bogus")
    with pytest.raises(NotImplementedError, match=r"^Model.export\(format='onnx'\) is not supported"):
        sub.export(path, format="onnx")

    class Built(tf.keras.Model):  # its own build(): tapejax does not see the shape it was built for
        def build(self, input_shape):
            self.d = tf.keras.layers.Dense(2)
            self.d.build(input_shape)
            self.built = True

        def call(self, x):
            return self.d(x)

    built = Built()
    built.build((None, 3))
    with pytest.raises(ValueError, match=r"^The model's input shape is not known"):
        built.export(str(tmp_path / "built"))
    signature = [tf.TensorSpec([None, 3], tf.float32)]
    built.export(str(tmp_path / "built"), verbose=False, input_signature=signature)
    assert tf.saved_model.load(str(tmp_path / "built")).serve(x).shape == (4, 2)


def test_nested_input_signatures_bind_name_and_save(tmp_path):
    signature = [
        [tf.TensorSpec([None], tf.float32, name="a"), tf.TensorSpec([None], tf.float32)],
        {"k": tf.TensorSpec([2], tf.int32)},
    ]

    class M(tf.Module):
        @tf.function(input_signature=signature)
        def f(self, pair, d):
            total = tf.cast(tf.reduce_sum(d["k"]), tf.float32)
            return tf.reduce_sum(pair[0]) * tf.reduce_sum(pair[1]) + total

    m = M()
    concrete = m.f.get_concrete_function()
    args, _ = concrete.structured_input_signature  # TF: a given name is kept, others from the path
    assert [s.name for s in args[0]] == ["a", "pair_1"] and args[1]["k"].name == "d_k"
    assert (
        "pair (POSITIONAL_OR_KEYWORD): List[TensorSpec(shape=(None,), dtype=tf.float32, name='a'), "
        "TensorSpec(shape=(None,), dtype=tf.float32, name=None)]" in concrete.pretty_printed_signature()
    )
    value = m.f((tf.constant([1.0, 2.0]), [3.0]), {"k": [1, 2]})
    assert float(value) == 12.0
    with pytest.raises(TypeError, match=r"does not match the structure of"):
        m.f(tf.constant([1.0]), {"k": [1, 2]})
    tf.saved_model.save(m, str(tmp_path / "nested"))
    loaded = tf.saved_model.load(str(tmp_path / "nested"))
    assert float(loaded.f([tf.constant([1.0, 2.0, 3.0]), tf.constant([1.0])], {"k": [0, 5]})) == 11.0


def test_none_dimensions_joined_by_an_op_trace_once():
    # The op needs the two None dimensions equal: traced once with them joined, as TF traces
    # once; a concrete function exists for the signature, as in TF.
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([None], tf.float32)])
    def add(x, y):
        return x + y

    np.testing.assert_array_equal(add(tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])).numpy(), [4.0, 6.0])
    np.testing.assert_array_equal(
        add(tf.constant([1.0, 2.0, 3.0]), tf.constant([3.0, 4.0, 5.0])).numpy(), [4, 6, 8]
    )
    assert add.get_concrete_function() is not None and add.experimental_get_tracing_count() == 1

    # Dimensions at different axes that an op needs equal: no one trace for every size.
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32), tf.TensorSpec([2, None], tf.float32)])
    def across(x, y):
        return x + y[0]

    np.testing.assert_array_equal(across(tf.ones([3]), tf.ones([2, 3])).numpy(), [2.0, 2.0, 2.0])
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"its own symbolic size \(JAX shape"):
        across.get_concrete_function()
