"""Files written by tapejax itself before ``tapejax/keras`` moved into ``keras/_src`` (issue 23).

The saved format must not depend on where a class's code lives: ``.keras`` configs name each class
by the Keras module it declares, never by its Python file. These files were written by the code
as it was *before* the move (``git show`` the commit that added them), by this module itself:

    PYTHONPATH=. python tests/test_keras_pre_move_files.py   # writes tests/data/tapejax_pre_move_*, prints EXPECTED

- ``tapejax_pre_move_sequential.{keras,weights.h5,h5}``: Reshape, Conv1D, MaxPooling1D,
  BatchNormalization, Flatten, Dropout, Dense; compiled with Adam(0.01) and trained two epochs
  (the optimizer's state is in the ``.keras`` and ``.weights.h5`` files).
- ``tapejax_pre_move_functional.{keras,weights.h5}``: two inputs, Keras operations on KerasTensors
  (``a * 2.0 + 1.0``, ``activations.tanh``), a shared Dense, Concatenate, LayerNormalization, Embedding.
- ``tapejax_pre_move_subclassed.keras``: a registered subclassed model (``PreMove>Sub``).

EXPECTED holds the numbers the writing code printed for the models it saved.
"""

from __future__ import annotations

import json
import pathlib
import sys
import zipfile

import numpy as np
import pytest

import tapejax as tf

DATA = pathlib.Path(__file__).parent / "data"
X = np.linspace(-1, 1, 48, dtype=np.float32).reshape(8, 6)
IDS = (np.arange(16) % 5).reshape(8, 2)


@tf.keras.saving.register_keras_serializable(package="PreMove")
class Sub(tf.keras.Model):
    def __init__(self, units=2, **kwargs):
        super().__init__(**kwargs)
        self.units = units
        self.hidden = tf.keras.layers.Dense(4, activation="tanh")
        self.out = tf.keras.layers.Dense(units)

    def call(self, x, training=None):
        return self.out(self.hidden(x))

    def get_config(self):
        return {**super().get_config(), "units": self.units}


def _sequential():
    model = tf.keras.Sequential(
        [
            tf.keras.Input((6,)),
            tf.keras.layers.Reshape((6, 1)),
            tf.keras.layers.Conv1D(3, 2, activation="relu"),
            tf.keras.layers.MaxPooling1D(2),
            tf.keras.layers.BatchNormalization(),
            tf.keras.layers.Flatten(),
            tf.keras.layers.Dropout(0.25),
            tf.keras.layers.Dense(1),
        ]
    )
    model.compile(tf.keras.optimizers.Adam(0.01), "mse", metrics=["mae"])
    model.fit(X, X[:, :1] * 0.5, epochs=2, batch_size=4, shuffle=False, verbose=0)
    return model


def _functional():
    a, b = tf.keras.Input((6,), name="a"), tf.keras.Input((2,), name="ids", dtype="int32")
    mixed = tf.keras.activations.tanh(a * 2.0 + 1.0)
    shared = tf.keras.layers.Dense(3, name="shared")
    embedded = tf.keras.layers.Flatten()(tf.keras.layers.Embedding(5, 2, name="emb")(b))
    merged = tf.keras.layers.Concatenate()([shared(a), shared(mixed), embedded])
    out = tf.keras.layers.Dense(2, name="out")(tf.keras.layers.LayerNormalization()(merged))
    return tf.keras.Model([a, b], out)


def _subclassed():
    model = Sub(3)
    model(X)
    return model


def write_files(directory: pathlib.Path) -> dict:
    """Writes every file and returns the numbers to expect from them."""
    tf.keras.utils.set_random_seed(23)
    tf.keras.backend.clear_session()
    seq = _sequential()
    seq.save(directory / "tapejax_pre_move_sequential.keras")
    seq.save_weights(directory / "tapejax_pre_move_sequential.weights.h5")
    seq.save(directory / "tapejax_pre_move_sequential.h5")
    fun = _functional()
    fun.save(directory / "tapejax_pre_move_functional.keras")
    fun.save_weights(directory / "tapejax_pre_move_functional.weights.h5")
    sub = _subclassed()
    sub.save(directory / "tapejax_pre_move_subclassed.keras")
    return {
        "sequential": seq.predict(X, verbose=0).ravel().tolist(),
        "sequential_optimizer": [float(np.sum(v.numpy())) for v in seq.optimizer.variables],
        "functional": fun.predict([X, IDS], verbose=0).ravel().tolist(),
        "subclassed": sub.predict(X, verbose=0).ravel().tolist(),
    }


EXPECTED = {
    "sequential": [
        1.6816143989562988,
        1.2125020027160645,
        0.743389904499054,
        0.27427777647972107,
        -0.09589367359876633,
        -0.14229485392570496,
        -0.18869608640670776,
        -0.23509730398654938,
    ],
    "sequential_optimizer": [
        4.0,
        0.009999999776482582,
        -0.008949510753154755,
        0.0006581148481927812,
        0.36304566264152527,
        0.024726547300815582,
        0.5594568252563477,
        0.03435637801885605,
        -0.14304119348526,
        0.007702603004872799,
        0.6105350852012634,
        0.04432690143585205,
        -0.03402022272348404,
        0.0020617423579096794,
    ],
    "functional": [
        -1.0883800983428955,
        0.05127054452896118,
        -1.139763593673706,
        0.26723650097846985,
        -1.113830804824829,
        0.9358319044113159,
        -0.34356725215911865,
        0.9884700775146484,
        0.0023974478244781494,
        0.8326627016067505,
        0.4218768775463104,
        0.7261617183685303,
        0.7441377639770508,
        0.4776589572429657,
        0.9195563197135925,
        0.32547488808631897,
    ],
    "subclassed": [
        0.8731303215026855,
        -0.42972517013549805,
        -0.1404390186071396,
        0.6863313913345337,
        -0.3822624087333679,
        -0.13658273220062256,
        0.4559363126754761,
        -0.28882426023483276,
        -0.09828373789787292,
        0.1885475218296051,
        -0.14807914197444916,
        -0.023639123886823654,
        -0.09524034708738327,
        0.014780562371015549,
        0.06484934687614441,
        -0.3678376376628876,
        0.16141702234745026,
        0.1338842660188675,
        -0.6087009310722351,
        0.2698129415512085,
        0.16808944940567017,
        -0.8091616034507751,
        0.339742511510849,
        0.17296479642391205,
    ],
}  # printed by write_files when the files were written


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


def test_sequential_files_load_with_their_predictions_and_optimizer_state():
    model = tf.keras.models.load_model(DATA / "tapejax_pre_move_sequential.keras")
    np.testing.assert_allclose(model.predict(X, verbose=0).ravel(), EXPECTED["sequential"], rtol=1e-6)
    state = [float(np.sum(v.numpy())) for v in model.optimizer.variables]
    np.testing.assert_allclose(state, EXPECTED["sequential_optimizer"], rtol=1e-6)

    legacy = tf.keras.models.load_model(DATA / "tapejax_pre_move_sequential.h5")
    np.testing.assert_allclose(legacy.predict(X, verbose=0).ravel(), EXPECTED["sequential"], rtol=1e-6)

    tf.keras.utils.set_random_seed(1)
    fresh = _sequential()  # other weights and optimizer state until the file is read
    fresh.load_weights(DATA / "tapejax_pre_move_sequential.weights.h5")
    np.testing.assert_allclose(fresh.predict(X, verbose=0).ravel(), EXPECTED["sequential"], rtol=1e-6)
    state = [float(np.sum(v.numpy())) for v in fresh.optimizer.variables]
    np.testing.assert_allclose(state, EXPECTED["sequential_optimizer"], rtol=1e-6)


def test_functional_files_with_operations_load_with_their_predictions():
    model = tf.keras.models.load_model(DATA / "tapejax_pre_move_functional.keras")
    np.testing.assert_allclose(model.predict([X, IDS], verbose=0).ravel(), EXPECTED["functional"], rtol=1e-6)
    fresh = _functional()
    fresh.load_weights(DATA / "tapejax_pre_move_functional.weights.h5")
    np.testing.assert_allclose(fresh.predict([X, IDS], verbose=0).ravel(), EXPECTED["functional"], rtol=1e-6)


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    directory = tmp_path_factory.mktemp("today")
    write_files(directory)
    return directory


@pytest.mark.parametrize("name", ["sequential", "functional", "subclassed"])
def test_saving_today_writes_the_stored_config(written, name):
    """The same models saved by today's code give the same ``config.json``: every ``module`` and
    ``class_name`` as before, wherever the classes' code lives now. (Since issue 26 the
    VarianceScaling initializers also write Keras 3.15's ``input_axes``/``output_axes``, None
    here, optimizers Keras 3.15's ``gradient_accumulation_steps``, None here, and a functional
    model Keras' ``registered_name`` and ``build_config``: left out of the comparison.)"""
    assert _without_new_keys(_config(written / f"tapejax_pre_move_{name}.keras")) == _config(
        DATA / f"tapejax_pre_move_{name}.keras"
    )


def _without_new_keys(tree):
    if isinstance(tree, dict) and tree.get("registered_name") == "Functional":
        tree = {**tree, "registered_name": None}
        tree.pop("build_config", None)
    if isinstance(tree, dict):
        return {
            k: _without_new_keys(v)
            for k, v in tree.items()
            if not (k in ("input_axes", "output_axes", "gradient_accumulation_steps") and v is None)
        }
    if isinstance(tree, list):
        return [_without_new_keys(v) for v in tree]
    return tree


def _config(path):
    with zipfile.ZipFile(path) as archive:
        return json.loads(archive.read("config.json"))


def test_a_registered_subclassed_model_file_loads():
    model = tf.keras.models.load_model(DATA / "tapejax_pre_move_subclassed.keras")
    assert type(model) is Sub and model.units == 3
    np.testing.assert_allclose(model.predict(X, verbose=0).ravel(), EXPECTED["subclassed"], rtol=1e-6)


if __name__ == "__main__":
    found = write_files(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else DATA)
    print("EXPECTED = {")
    for key, values in found.items():
        print(f"    {key!r}: {values!r},")
    print("}")
