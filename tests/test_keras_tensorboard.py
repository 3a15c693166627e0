"""keras.callbacks.TensorBoard: the files Keras 3 writes under TF 2.21 for the same fit.

The expected tags, steps and values were read back (with TensorBoard's reader) from what TF
2.21's Keras wrote for this program in the scratch TF venv.
"""

from __future__ import annotations

import glob
import os
import re

import numpy as np
import pytest
from event_reading import event_files, plugin_tags, summaries

import tapejax as tf
from tapejax.summary._state import state

# TF 2.21's numbers: the epochs' logs, the evaluation afterwards, and with update_freq=2 the
# running logs after training batches 2, 4 and 6.
LOSS, MAE = [0.4175703227519989, 0.12475540488958359], [0.5342593193054199, 0.28104284405708313]
VAL_LOSS, VAL_MAE = [0.16140472888946533, 0.03489842265844345], [0.37605994939804077, 0.17520539462566376]
EVALUATED = [0.03245634585618973, 0.16261351108551025]
BATCHES = {2: (0.43426114, 0.5107511), 4: (0.2575969, 0.49849576), 6: (0.124755405, 0.28104284)}
# Each weight's histogram per epoch: (min, max, {bucket: count}).
HISTOGRAMS = {
    (0, "sequential/d1/kernel"): (
        -0.7141646146774292,
        0.5765685439109802,
        {0: 1, 13: 1, 17: 1, 20: 1, 24: 1, 29: 1},
    ),
    (0, "sequential/d1/bias"): (-0.08324767649173737, 0.18050946295261383, {0: 1, 19: 1, 29: 1}),
    (0, "sequential/d2/kernel"): (-0.8305976390838623, 0.9363948702812195, {0: 1, 25: 1, 29: 1}),
    (0, "sequential/d2/bias"): (0.07931486517190933, 0.07931486517190933, {29: 1}),
    (1, "sequential/d1/kernel"): (
        -0.7779608964920044,
        0.6172813773155212,
        {0: 1, 14: 1, 16: 1, 18: 1, 23: 1, 29: 1},
    ),
    (1, "sequential/d1/bias"): (-0.11962691694498062, 0.2844563126564026, {0: 1, 18: 1, 29: 1}),
    (1, "sequential/d2/kernel"): (-0.8567808270454407, 0.9927584528923035, {0: 1, 24: 1, 29: 1}),
    (1, "sequential/d2/bias"): (0.1314729005098343, 0.1314729005098343, {29: 1}),
}
IMAGES = {
    (0, "sequential/d1/kernel"): [b"3", b"2", [[10, 0, 43], [85, 147, 0]]],
    (0, "sequential/d1/bias"): [b"1", b"3", [[0], [23], [46]]],
    (0, "sequential/d2/kernel"): [b"1", b"3", [[167], [0], [239]]],
    (1, "sequential/d1/kernel"): [b"3", b"2", [[2, 0, 24], [76, 157, 0]]],
    (1, "sequential/d1/bias"): [b"1", b"3", [[0], [33], [72]]],
    (1, "sequential/d2/kernel"): [b"1", b"3", [[163], [0], [253]]],
}


@pytest.fixture(autouse=True)
def _no_default_writer():
    state.writer = state.step = None
    yield
    state.writer = state.step = None


def _model():
    model = tf.keras.Sequential(
        [
            tf.keras.Input((2,)),
            tf.keras.layers.Dense(3, activation="relu", name="d1"),
            tf.keras.layers.Dense(1, name="d2"),
        ],
        name="sequential",  # (TF's first model's name; tags hold it)
    )
    model.set_weights(
        [
            np.array([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]], np.float32),
            np.zeros(3, np.float32),
            np.array([[0.7], [-0.8], [0.9]], np.float32),
            np.zeros(1, np.float32),
        ]
    )
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
    return model


def _fit(log_dir, **options):
    x = np.linspace(-1, 1, 24, dtype=np.float32).reshape(12, 2)
    y = (x @ np.array([[1.0], [-2.0]], np.float32) + 0.5).astype(np.float32)
    model = _model()
    board = tf.keras.callbacks.TensorBoard(str(log_dir), **options)
    with (
        pytest.warns(UserWarning, match="Model failed to serialize as JSON")
        if not hasattr(model, "to_json")
        else _nothing()
    ):
        model.fit(
            x,
            y,
            batch_size=4,
            epochs=2,
            validation_data=(x[:8], y[:8]),
            callbacks=[board],
            verbose=0,
            shuffle=False,
        )
        model.evaluate(x, y, batch_size=4, verbose=0, callbacks=[board])
    return model


class _nothing:  # noqa: N801
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def _by_file(logdir) -> list[list]:
    """Each event file's summaries, in the order the files were made."""
    return [summaries(path) for path in sorted(event_files(str(logdir)), key=_made)]


def _made(path: str) -> tuple:
    # events.out.tfevents.<seconds>.<host>.<pid>.<writer number>.v2
    parts = os.path.basename(path).split(".")
    return int(parts[3]), int(parts[-2])


def _check_keras_graph(rows, model):
    # Keras writes the model's JSON config at step 0 under "keras" (TensorBoard's conceptual
    # graph) when the model has to_json; otherwise it warns and writes nothing (as Keras does).
    if hasattr(model, "to_json"):
        assert rows[0][:2] == (0, "keras") and rows[0][2].tolist() == [model.to_json().encode()]
        return rows[1:]
    return rows


def test_fit_writes_what_keras_writes_each_epoch(tmp_path):
    model = _fit(tmp_path, histogram_freq=1, write_images=True)
    assert sorted(os.listdir(tmp_path)) == ["train", "validation"]
    train, evaluate_train = (_check_keras_graph(rows, model) for rows in _by_file(tmp_path / "train"))
    assert evaluate_train == []  # evaluate's set_model makes a new train file (its graph only)
    expected_tags = []
    for epoch in range(2):
        expected_tags += [(epoch, "epoch_loss"), (epoch, "epoch_mae"), (epoch, "epoch_learning_rate")]
        for weight in ("d1/kernel", "d1/bias", "d2/kernel", "d2/bias"):
            expected_tags.append((epoch, f"sequential/{weight}/histogram"))
            if weight != "d2/bias":  # a 1-element weight squeezes to a scalar: no image
                expected_tags.append((epoch, f"sequential/{weight}/image"))
    assert [(step, tag) for step, tag, _ in train] == expected_tags
    scalars = {(step, tag): value for step, tag, value in train if tag.startswith("epoch_")}
    for epoch in range(2):
        np.testing.assert_allclose(scalars[epoch, "epoch_loss"], LOSS[epoch], rtol=1e-5)
        np.testing.assert_allclose(scalars[epoch, "epoch_mae"], MAE[epoch], rtol=1e-5)
        assert scalars[epoch, "epoch_learning_rate"] == np.float32(0.1)
    for step, tag, value in train:
        name = tag.rsplit("/", 1)[0]
        if tag.endswith("/histogram"):
            low, high, counts = HISTOGRAMS[step, name]
            np.testing.assert_allclose([value[0, 0], value[-1, 1]], [low, high], rtol=1e-5)
            assert {i: c for i, c in enumerate(value[:, 2]) if c} == counts
        elif tag.endswith("/image"):
            assert value == IMAGES[step, name]
    validation, evaluation = _by_file(tmp_path / "validation")
    assert [(step, tag) for step, tag, _ in validation] == [
        (3, "evaluation_loss_vs_iterations"), (3, "evaluation_mae_vs_iterations"), (0, "epoch_loss"), (0, "epoch_mae"),
        (6, "evaluation_loss_vs_iterations"), (6, "evaluation_mae_vs_iterations"), (1, "epoch_loss"), (1, "epoch_mae"),
    ]  # fmt: skip
    np.testing.assert_allclose(
        [v for _, _, v in validation],
        [VAL_LOSS[0], VAL_MAE[0], VAL_LOSS[0], VAL_MAE[0], VAL_LOSS[1], VAL_MAE[1], VAL_LOSS[1], VAL_MAE[1]],
        rtol=1e-5,
    )
    assert [(step, tag) for step, tag, _ in evaluation] == [
        (6, "evaluation_loss_vs_iterations"),
        (6, "evaluation_mae_vs_iterations"),
    ]
    np.testing.assert_allclose([v for _, _, v in evaluation], EVALUATED, rtol=1e-5)
    tags = plugin_tags(str(tmp_path / "train"))
    assert "epoch_loss" in tags["scalars"] and "sequential/d1/kernel/histogram" in tags["histograms"]
    assert "sequential/d1/kernel/image" in tags["images"]


def test_update_freq_writes_batch_logs_and_records_only_on_its_steps(tmp_path):
    model = _fit(tmp_path, histogram_freq=1, update_freq=2)
    train, _ = (_check_keras_graph(rows, model) for rows in _by_file(tmp_path / "train"))
    # Keras' record_if(step % 2 == 0) still holds at the epoch's end: epoch 0 ends at batch 3,
    # so its epoch logs and histograms are not recorded (TF writes the same).
    assert [(step, tag) for step, tag, _ in train] == [
        (2, "batch_loss"), (2, "batch_mae"), (4, "batch_loss"), (4, "batch_mae"), (6, "batch_loss"), (6, "batch_mae"),
        (1, "epoch_loss"), (1, "epoch_mae"), (1, "epoch_learning_rate"),
        (1, "sequential/d1/kernel/histogram"), (1, "sequential/d1/bias/histogram"),
        (1, "sequential/d2/kernel/histogram"), (1, "sequential/d2/bias/histogram"),
    ]  # fmt: skip
    batches = [v for _, tag, v in train if tag.startswith("batch_")]
    np.testing.assert_allclose(batches, [v for step in (2, 4, 6) for v in BATCHES[step]], rtol=1e-5)
    validation, evaluation = _by_file(tmp_path / "validation")
    assert [(step, tag) for step, tag, _ in validation] == [
        (3, "evaluation_loss_vs_iterations"), (3, "evaluation_mae_vs_iterations"),
        (6, "evaluation_loss_vs_iterations"), (6, "evaluation_mae_vs_iterations"),
        (1, "epoch_loss"), (1, "epoch_mae"),
    ]  # fmt: skip
    assert evaluation == []  # evaluate's last test batch is 7: not a multiple of 2


def test_steps_per_second_profile_and_embeddings(tmp_path):
    x = np.arange(12, dtype=np.int32).reshape(6, 2) % 5
    model = tf.keras.Sequential(
        [
            tf.keras.Input((2,)),
            tf.keras.layers.Embedding(5, 3, name="emb"),
            tf.keras.layers.Flatten(),
            tf.keras.layers.Dense(1),
        ]
    )
    model.compile("sgd", "mse")
    board = tf.keras.callbacks.TensorBoard(
        str(tmp_path),
        write_graph=False,
        write_steps_per_second=True,
        update_freq="batch",
        profile_batch=2,
        embeddings_freq=1,
        embeddings_metadata={"emb": "labels.tsv"},
    )
    model.fit(x, np.ones((6, 1), np.float32), batch_size=2, epochs=1, verbose=0, callbacks=[board])
    train = _by_file(tmp_path / "train")[0]
    assert [(s, t) for s, t, _ in train if t == "batch_steps_per_second"] == [
        (1, "batch_steps_per_second"),
        (2, "batch_steps_per_second"),
        (3, "batch_steps_per_second"),
    ]
    assert [t for _, t, _ in train if t.startswith("epoch_")] == [
        "epoch_loss",
        "epoch_learning_rate",
        "epoch_steps_per_second",
    ]
    assert all(v > 0 for _, t, v in train if "steps_per_second" in t)
    with open(tmp_path / "projector_config.pbtxt") as f:
        assert f.read() == (
            "embeddings {\n"
            '  tensor_name: "layer_with_weights-0/embeddings/.ATTRIBUTES/VARIABLE_VALUE"\n'
            '  metadata_path: "labels.tsv"\n'
            "}\n"
        )
    assert os.path.exists(tmp_path / "train" / "keras_embedding.ckpt-0.weights.h5")
    assert glob.glob(str(tmp_path / "train" / "plugins" / "profile" / "*" / "*.xplane.pb"))


def test_bad_arguments_give_keras_errors(tmp_path):
    for bad in (-1, (3, 1), "1,2,3", 1.5):
        with pytest.raises(
            ValueError, match="profile_batch must be a non-negative integer or 2-tuple of positive"
        ):
            tf.keras.callbacks.TensorBoard(str(tmp_path), profile_batch=bad)
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Embedding(5, 3, name="emb")])
    board = tf.keras.callbacks.TensorBoard(
        str(tmp_path), write_graph=False, embeddings_freq=1, embeddings_metadata={"other": "x.tsv"}
    )
    with pytest.raises(
        ValueError, match="Unrecognized `Embedding` layer names passed to `keras.callbacks.TensorBoard`"
    ):
        board.set_model(model)


def test_a_model_without_json_is_warned_about_and_skipped(tmp_path):
    class Sequential(tf.keras.Sequential):  # Keras writes the graph of Sequential and Functional models
        def to_json(self):
            raise ValueError("no json here")

    model = Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    board = tf.keras.callbacks.TensorBoard(str(tmp_path))
    with pytest.warns(
        UserWarning, match=re.escape("Model failed to serialize as JSON. Ignoring... no json here")
    ):
        board.set_model(model)
    assert summaries(str(tmp_path / "train")) == []
