"""Keras' legacy HDF5 whole-model files: ``model.save('m.h5')`` and ``load_model('m.h5')`` (issue 11).

``tests/data/keras_functional_tf221.h5`` was written by TensorFlow 2.21 (Keras 3.15): Dense 'd1'
(relu), BatchNormalization 'bn', Dense 'd2' on a 3-feature input, weights set to
``cos(arange(size) * 0.37 + i) * 0.4`` (+1 for the sixth), compiled with Adam(0.01), 'mse' and
['mae'], trained two epochs (batch 4, no shuffle). ``keras_sequential_tf221.h5``: an uncompiled
Sequential with one Dense(2, kernel 'ones'). The expected numbers were printed by TF for the model
it saved. (TF 2.21 cannot load that compiled file back itself: its legacy loader fails on the
'mse' loss; files written here load in TF with ``compile=False`` and give the same predictions,
checked by hand with the scratch TF install.)
"""

from __future__ import annotations

import json
import pathlib

import h5py
import numpy as np
import pytest

import tapejax as tf

DATA = pathlib.Path(__file__).parent / "data"
X = np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3)
Y = X[:, :1] * 0.5 - X[:, 2:]


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


def _model():
    inp = tf.keras.Input((3,), name="x")
    h = tf.keras.layers.Dense(4, activation="relu", name="d1")(inp)
    h = tf.keras.layers.BatchNormalization(name="bn")(h)
    model = tf.keras.Model(inp, tf.keras.layers.Dense(1, name="d2")(h))
    model.set_weights(
        [
            np.cos(np.arange(w.size) * 0.37 + i).reshape(w.shape).astype("float32") * 0.4
            + (1.0 if i == 5 else 0.0)
            for i, w in enumerate(model.get_weights())
        ]
    )
    model.compile(tf.keras.optimizers.Adam(0.01), "mse", metrics=["mae"])
    return model


def test_files_written_by_tensorflow_load_and_keep_training():
    model = tf.keras.models.load_model(DATA / "keras_functional_tf221.h5")
    np.testing.assert_allclose(
        model.predict(X, verbose=0).ravel(),
        [
            -0.1488684117794037,
            -0.14801263809204102,
            -0.14991390705108643,
            -0.1518152952194214,
            -0.15371662378311157,
            -0.1563294529914856,
            -0.15907615423202515,
            -0.16182291507720947,
        ],
        rtol=1e-5,  # Dense, BatchNormalization, Dense: XLA's float32 sums vs TF's (Eigen)
    )
    assert int(model.optimizer.iterations.numpy()) == 4  # Adam's state came back with the weights
    history = model.fit(X, Y, epochs=1, batch_size=4, verbose=0, shuffle=False).history
    np.testing.assert_allclose(
        [history["loss"][0], history["mae"][0]], [0.08515843749046326, 0.2656119167804718], rtol=1e-5
    )
    sequential = tf.keras.models.load_model(DATA / "keras_sequential_tf221.h5")
    assert not sequential.compiled
    np.testing.assert_allclose(
        sequential.predict(X[:2], verbose=0),
        [[-2.7391304969787598, -2.7391304969787598], [-1.95652174949646, -1.95652174949646]],
        rtol=1e-6,
    )


def test_round_trip_keeps_predictions_and_optimizer_state(tmp_path):
    model = _model()
    model.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False)
    model.save(tmp_path / "m.h5")
    loaded = tf.keras.models.load_model(tmp_path / "m.h5")
    np.testing.assert_array_equal(loaded.predict(X, verbose=0), model.predict(X, verbose=0))
    for a, b in zip(loaded.optimizer.variables, model.optimizer.variables, strict=True):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    # The next epoch is the same step for step: the optimizer state was restored, not rebuilt.
    before = model.fit(X, Y, epochs=1, batch_size=4, verbose=0, shuffle=False).history
    after = loaded.fit(X, Y, epochs=1, batch_size=4, verbose=0, shuffle=False).history
    assert after == before
    with h5py.File(tmp_path / "m.h5") as f:  # Keras' layout: config attributes, weights by layer
        config = json.loads(f.attrs["model_config"])
        assert config["class_name"] == "Functional" and "module" not in config["config"]["layers"][1]
        assert json.loads(f.attrs["training_config"])["optimizer_config"]["class_name"] == "Adam"
        assert [n.decode() for n in f["model_weights"].attrs["layer_names"]] == ["x", "d1", "bn", "d2"]
        assert [n.decode() for n in f["model_weights/bn"].attrs["weight_names"]] == [
            "bn/gamma",
            "bn/beta",
            "bn/moving_mean",
            "bn/moving_variance",
        ]
        assert f["optimizer_weights"].attrs["weight_names"][0].decode() == "adam/iteration"
    uncompiled = tf.keras.models.load_model(tmp_path / "m.h5", compile=False)
    assert not uncompiled.compiled


def test_sequential_and_uncompiled_round_trip(tmp_path):
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2, name="sd")])
    model.save(tmp_path / "s.hdf5")
    loaded = tf.keras.models.load_model(tmp_path / "s.hdf5")
    assert type(loaded) is tf.keras.Sequential and not loaded.compiled
    np.testing.assert_array_equal(loaded.predict(X, verbose=0), model.predict(X, verbose=0))


def test_legacy_file_errors(tmp_path):
    with pytest.raises(FileNotFoundError):
        tf.keras.models.load_model(tmp_path / "none.h5")
    model = _model()
    model.save(tmp_path / "m.h5")
    with h5py.File(tmp_path / "m.h5", "a") as f:
        del f.attrs["model_config"]
    with pytest.raises(ValueError, match="No model config found in the file at"):
        tf.keras.models.load_model(tmp_path / "m.h5")
    model.save(tmp_path / "m.h5")
    with h5py.File(tmp_path / "m.h5", "a") as f:
        f["model_weights"].attrs["layer_names"] = np.asarray([b"x", b"d1", b"d2"])
    with pytest.raises(
        ValueError,
        match="Layer count mismatch when loading weights from file. Model "
        "expected 3 layers, found 2 saved layers.",
    ):
        tf.keras.models.load_model(tmp_path / "m.h5")
    model.save(tmp_path / "m.h5")
    with h5py.File(tmp_path / "m.h5", "a") as f:
        f["model_weights/d2"].attrs["weight_names"] = np.asarray([b"d2/kernel"])
    with pytest.raises(
        ValueError,
        match=r"Weight count mismatch for layer #2 \(named d2 in the current "
        r"model, d2 in the save file\). Layer expects 2 weight\(s\)",
    ):
        tf.keras.models.load_model(tmp_path / "m.h5")
    model.save(tmp_path / "m.h5")
    with h5py.File(tmp_path / "m.h5", "a") as f:
        del f["model_weights/d2/d2/bias"]
        f["model_weights/d2/d2"].create_dataset("bias", data=np.zeros(3, "float32"))
    with pytest.raises(
        ValueError,
        match=r"Shape mismatch in layer #2 \(named d2\)for weight d2/bias. Weight "
        r"expects shape \(1,\). Received saved weight with shape \(3,\)",
    ):
        tf.keras.models.load_model(tmp_path / "m.h5")
