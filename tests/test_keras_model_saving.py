"""Whole-model saving: ``model.save('x.keras')`` and ``tf.keras.models.load_model`` (issue 11).

Round trips here, and files written by TensorFlow 2.21 (Keras 3.15), stored in ``tests/data``
(``keras_functional_tf221.keras``: two inputs, a shared Dense, a nested Sequential with
BatchNormalization, compiled with Adam and trained two epochs; ``keras_subclassed_tf221.keras``:
a registered subclassed model). The expected predictions and the loss of one more epoch (Adam's
state restored) were printed by TF after loading the same files. Files written here load in TF
2.21 with the same predictions (checked by hand with the scratch TF install, not in tests).
"""

from __future__ import annotations

import json
import pathlib
import zipfile

import numpy as np
import pytest

import tapejax as tf

DATA = pathlib.Path(__file__).parent / "data"
X = np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3)


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


@tf.keras.saving.register_keras_serializable(package="MyPkg")
class Sub(tf.keras.Model):
    def __init__(self, units=2, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.d = tf.keras.layers.Dense(units)

    def call(self, x, training=None):
        return self.d(x)

    def get_config(self):
        return {**super().get_config(), "units": self.units}


def test_sequential_round_trip_keeps_predictions_and_optimizer_state(tmp_path):
    model = tf.keras.Sequential(
        [tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)]
    )
    model.compile(tf.keras.optimizers.Adam(0.01), "mse", metrics=["mae"])
    model.fit(X, X[:, :1], epochs=2, verbose=0)
    model.save(tmp_path / "m.keras")
    with zipfile.ZipFile(tmp_path / "m.keras") as archive:
        assert sorted(archive.namelist()) == ["config.json", "metadata.json", "model.weights.h5"]
        config = json.loads(archive.read("config.json"))
    assert config["class_name"] == "Sequential" and config["compile_config"]["loss"] == "mse"
    assert [layer["class_name"] for layer in config["config"]["layers"]] == ["InputLayer", "Dense", "Dense"]
    loaded = tf.keras.models.load_model(tmp_path / "m.keras")
    np.testing.assert_array_equal(loaded.predict(X, verbose=0), model.predict(X, verbose=0))
    assert int(loaded.optimizer.iterations.numpy()) == 2 and loaded.optimizer.learning_rate.numpy() == 0.01
    # Training goes on from the same state: the same numbers, bit for bit.
    expected = model.fit(X, X[:, :1], epochs=1, shuffle=False, verbose=0).history
    assert loaded.fit(X, X[:, :1], epochs=1, shuffle=False, verbose=0).history == expected


def test_functional_and_subclassed_round_trips(tmp_path):
    a, b = tf.keras.Input((3,), name="a"), tf.keras.Input((3,), name="b")
    shared = tf.keras.layers.Dense(2, name="shared")
    inner = tf.keras.Sequential(
        [tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="relu")], name="inner"
    )
    merged = tf.keras.layers.Concatenate()([shared(a), shared(b), inner(a)])
    model = tf.keras.Model([a, b], tf.keras.layers.Dense(1, name="out")(merged))
    model.save(tmp_path / "f.keras")
    loaded = tf.keras.models.load_model(tmp_path / "f.keras")
    assert [layer.name for layer in loaded.layers] == ["a", "b", "shared", "inner", "concatenate", "out"]
    assert len(loaded.weights) == 6  # the shared layer's weights once
    np.testing.assert_array_equal(
        loaded.predict([X, X[::-1]], verbose=0), model.predict([X, X[::-1]], verbose=0)
    )

    sub = Sub(3)
    sub(X)
    sub.save(tmp_path / "s.keras")
    loaded = tf.keras.models.load_model(tmp_path / "s.keras")
    assert type(loaded) is Sub and loaded.units == 3
    np.testing.assert_array_equal(loaded.predict(X, verbose=0), sub.predict(X, verbose=0))


def test_files_written_by_tensorflow_load():
    model = tf.keras.models.load_model(DATA / "keras_functional_tf221.keras")
    np.testing.assert_allclose(
        model.predict([X, X[::-1]], verbose=0).ravel(),
        [-0.043404, 0.128592, 0.300588, 0.491283, 0.688146, 0.88501, 1.081873, 1.278737],
        atol=2e-6,
    )
    history = model.fit([X, X[::-1]], X[:, :1], epochs=1, verbose=0, batch_size=4, shuffle=False).history
    np.testing.assert_allclose(
        [history["loss"][0], history["mae"][0]], [0.5121003985404968, 0.6845299601554871], rtol=2e-6
    )
    sub = tf.keras.models.load_model(DATA / "keras_subclassed_tf221.keras")
    assert type(sub) is Sub
    np.testing.assert_allclose(
        sub.predict(X, verbose=0)[:2].ravel(),
        [0.38666, 0.42659, 0.265888, 0.385569, 0.426166, 0.266331],
        atol=2e-6,
    )


def test_save_and_load_errors(tmp_path):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    with pytest.raises(ValueError, match="Invalid filepath extension for saving"):
        model.save(tmp_path / "m.txt")
    with pytest.raises(ValueError, match="File not found: filepath="):
        tf.keras.models.load_model(tmp_path / "none.keras")
    with pytest.raises(ValueError, match="File format not supported: filepath="):
        tf.keras.models.load_model(tmp_path / "m.txt")
    model.save(tmp_path / "m.keras")
    with zipfile.ZipFile(tmp_path / "m.keras") as archive:
        config = json.loads(archive.read("config.json"))
        weights = archive.read("model.weights.h5")
    config["config"]["layers"][1]["class_name"] = "Unknown"
    with zipfile.ZipFile(tmp_path / "u.keras", "w") as archive:
        archive.writestr("config.json", json.dumps(config))
        archive.writestr("model.weights.h5", weights)
    with pytest.raises(TypeError, match="Could not locate class 'Unknown'"):
        tf.keras.models.load_model(tmp_path / "u.keras")
    with pytest.raises(ValueError, match="Cannot register a class that does not have a get_config"):
        tf.keras.saving.register_keras_serializable()(type("NoConfig", (), {}))
