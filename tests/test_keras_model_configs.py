"""Model configs as Keras 3.15 writes and reads them (issue 26): ``to_json``/``model_from_json``,
``Model.from_config``/``Sequential.from_config`` (registered custom activations, L1/L2
regularizer configs), subclassed models' auto configs and ``clone_model``. The programs of
keras_config_programs.py run on tapejax's keras and must give what they give on Keras 3.15
(keras_config_reference.py, written by scripts/keras_config_reference_tf.py).
"""

from __future__ import annotations

import numpy as np
import pytest
from keras_config_programs import PROGRAMS
from keras_config_reference import REFERENCE

import tapejax as tf


def _same(got, want, path=""):
    if isinstance(want, dict):
        # Keras 3.15's layers write ``quantization_config: None``; tapejax's leave it out (the
        # layer configs are pinned by the layer tests).
        want = {k: v for k, v in want.items() if not (k == "quantization_config" and v is None)}
        assert sorted(got) == sorted(want), f"{path}: {sorted(got)} != {sorted(want)}"
        for key in want:
            _same(got[key], want[key], f"{path}/{key}")
    elif isinstance(want, list) and any(isinstance(w, (list, dict, str)) or w is None for w in want):
        assert isinstance(got, list) and len(got) == len(want), f"{path}: {got} != {want}"
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            _same(g, w, f"{path}[{i}]")
    elif isinstance(want, float) or (isinstance(want, list) and want):
        np.testing.assert_allclose(
            np.asarray(got, np.float64), np.asarray(want), rtol=1e-5, atol=1e-7, err_msg=path
        )
    else:
        assert got == want, f"{path}: {got!r} != {want!r}"


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_program_gives_keras_results(name):
    _same(PROGRAMS[name](tf.keras), REFERENCE[name], name)


def test_config_errors():
    class Needs(tf.keras.Model):
        def __init__(self, units):
            super().__init__()
            self.units = units

    with pytest.raises(NotImplementedError, match="Object Needs was created by passing\nnon-serializable"):
        Needs(2).get_config()
    with pytest.raises(
        TypeError, match="Unable to revive model from config. When overriding the `get_config"
    ):
        Needs.from_config({"units": 2, "bogus": 1})
    with pytest.raises(TypeError, match="Could not locate function 'nowhere'. Make sure custom classes"):
        tf.keras.activations.get({"class_name": "function", "config": "nowhere"})
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    with pytest.raises(ValueError, match="Unexpected keyword argument\\(s\\): \\('bogus',\\)"):
        tf.keras.models.clone_model(model, bogus=1)
    with pytest.raises(ValueError, match="`call_function` argument is not supported with Sequential models."):
        tf.keras.models.clone_model(model, call_function=lambda layer, *a: layer(*a))
    with pytest.raises(ValueError, match="Argument `input_tensors` must be a KerasTensor. Received invalid"):
        tf.keras.models.clone_model(model, input_tensors=np.ones((1, 3)))
    with pytest.raises(ValueError, match="Argument `input_tensors` must contain a single tensor."):
        tf.keras.models.clone_model(model, input_tensors=[tf.keras.Input((3,)), tf.keras.Input((3,))])
    with pytest.raises(ValueError, match="Expected `clone_function` argument to be a callable. Received"):
        tf.keras.models.clone_model(model, clone_function=3)

    class Sub(tf.keras.Model):
        def call(self, x):
            return x

    with pytest.raises(
        ValueError, match="Arguments `clone_function` and `input_tensors` are only supported for"
    ):
        tf.keras.models.clone_model(Sub(), clone_function=lambda layer: layer)
    with pytest.raises(ValueError, match="Argument `call_function` is only supported for Functional models."):
        tf.keras.models.clone_model(Sub(), call_function=lambda layer, *a: layer(*a))
    inputs = tf.keras.Input((3,))
    functional = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))
    with pytest.raises(
        ValueError, match="All entries in `input_tensors` must be KerasTensors. Received invalid"
    ):
        tf.keras.models.clone_model(functional, input_tensors=np.ones((1, 3)))
    with pytest.raises(ValueError, match="`input_tensors` must have the same structure as model.input"):
        tf.keras.models.clone_model(functional, input_tensors=[tf.keras.Input((3,)), tf.keras.Input((3,))])


def test_call_function_and_recursive_cloning():
    inner = tf.keras.Sequential(
        [tf.keras.Input((3,)), tf.keras.layers.Dense(3, name="inner_d")], name="inner"
    )
    inputs = tf.keras.Input((3,))
    model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, name="head")(inner(inputs)))
    calls = []

    def call_function(layer, *args, **kwargs):
        calls.append(layer.name)
        return layer(*args, **kwargs)

    clone = tf.keras.models.clone_model(model, call_function=call_function, recursive=True)
    assert calls == ["inner", "head"]
    assert clone.layers[1] is not inner and clone.layers[1].layers[0] is not inner.layers[0]
    assert clone(np.ones((2, 3), np.float32)).shape == (2, 1)
