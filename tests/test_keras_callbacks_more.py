"""ReduceLROnPlateau, LearningRateScheduler, CSVLogger, TerminateOnNaN, BackupAndRestore (issue 11).

Expected values: the same programs run with TF 2.21 (Keras 3) in a scratch install.
"""

import csv
import os

import numpy as np
import pytest

import tapejax as tf

X = np.array([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5], [-2.0, 1.0]], np.float32)
Y = np.array([[1.0], [2.0], [0.0], [-1.0]], np.float32)
W = [np.array([[0.3], [-0.2]], np.float32), np.array([0.1], np.float32)]


def _model(optimizer):
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
    model.set_weights(W)
    model.compile(optimizer, "mse")
    return model


def _fit(model, epochs, callbacks, batch_size=4, y=Y, **kwargs):
    return model.fit(
        X, y, epochs=epochs, batch_size=batch_size, shuffle=False, verbose=0, callbacks=callbacks, **kwargs
    )


def test_reduce_lr_on_plateau_messages_min_lr_and_cooldown(capsys):
    reduce = tf.keras.callbacks.ReduceLROnPlateau(
        monitor="loss", factor=0.5, patience=1, min_delta=0.5, cooldown=1, min_lr=0.02, verbose=1
    )
    history = _fit(_model(tf.keras.optimizers.SGD(0.1)), 7, [reduce])
    assert capsys.readouterr().out == (
        "\nEpoch 2: ReduceLROnPlateau reducing learning rate to 0.05000000074505806.\n"
        "\nEpoch 3: ReduceLROnPlateau reducing learning rate to 0.02500000037252903.\n"
        "\nEpoch 4: ReduceLROnPlateau reducing learning rate to 0.02.\n"
    )
    tf_lr = [
        0.10000000149011612,
        0.10000000149011612,
        0.05000000074505806,
        0.02500000037252903,
        0.019999999552965164,
        0.019999999552965164,
        0.019999999552965164,
    ]
    tf_loss = [
        0.43812498450279236,
        0.14373554289340973,
        0.10091353207826614,
        0.09294281154870987,
        0.09001632034778595,
        0.08799220621585846,
        0.08618887513875961,
    ]
    assert history.history["learning_rate"] == tf_lr
    np.testing.assert_allclose(history.history["loss"], tf_loss, rtol=1e-6)


def test_reduce_lr_on_plateau_errors():
    with pytest.raises(
        ValueError, match=r"ReduceLROnPlateau does not support a factor >= 1.0. Received factor=1"
    ):
        tf.keras.callbacks.ReduceLROnPlateau(factor=1)
    model = _model(tf.keras.optimizers.SGD(0.1))
    with pytest.warns(
        UserWarning,
        match="Learning rate reduction is conditioned on metric `val_loss` which "
        "is not available. Available metrics are: loss,learning_rate.",
    ):
        _fit(model, 1, [tf.keras.callbacks.ReduceLROnPlateau()])


def test_learning_rate_scheduler_both_forms(capsys):
    model = _model(tf.keras.optimizers.SGD(0.1))
    halve = tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr * 0.5 if epoch else lr, verbose=1)
    history = _fit(model, 3, [halve])
    assert capsys.readouterr().out == (
        "\nEpoch 1: LearningRateScheduler setting learning rate to 0.10000000149011612.\n"
        "\nEpoch 2: LearningRateScheduler setting learning rate to 0.05000000074505806.\n"
        "\nEpoch 3: LearningRateScheduler setting learning rate to 0.02500000037252903.\n"
    )
    assert history.history["learning_rate"] == [0.10000000149011612, 0.05000000074505806, 0.02500000037252903]
    np.testing.assert_allclose(
        history.history["loss"], [0.43812498450279236, 0.14373554289340973, 0.11885431408882141], rtol=1e-6
    )
    history = _fit(model, 2, [tf.keras.callbacks.LearningRateScheduler(lambda epoch: 0.1 / (1 + epoch))])
    assert history.history["learning_rate"] == [0.10000000149011612, 0.05000000074505806]
    np.testing.assert_allclose(history.history["loss"], [0.11104769259691238, 0.09001632034778595], rtol=1e-6)
    tf_weights = [[[0.5692203640937805], [-0.07078707218170166]], [0.19651202857494354]]
    for got, want in zip(model.get_weights(), tf_weights, strict=True):
        np.testing.assert_allclose(got, want, rtol=1e-6)
    with pytest.raises(ValueError, match="The output of the `schedule` function should be a float. Got: 1"):
        _fit(model, 1, [tf.keras.callbacks.LearningRateScheduler(lambda epoch: 1)])


def _rows(path):
    with open(path) as f:
        return [line.rstrip("\n") for line in f]


def _assert_rows(path, expected):
    """Same text as Keras wrote, numbers equal to float32's last digits."""
    got = _rows(path)
    assert len(got) == len(expected)
    for got_row, want_row in zip(got, expected, strict=True):
        sep = ";" if ";" in want_row else ","
        for got_cell, want_cell in zip(
            next(csv.reader([got_row], delimiter=sep)),
            next(csv.reader([want_row], delimiter=sep)),
            strict=True,
        ):
            try:
                np.testing.assert_allclose(float(got_cell), float(want_cell), rtol=1e-6)
            except ValueError:
                assert got_cell == want_cell


def test_csv_logger_writes_and_appends(tmp_path):
    path = str(tmp_path / "log.csv")
    model = _model(tf.keras.optimizers.SGD(0.1))
    _fit(model, 2, [tf.keras.callbacks.CSVLogger(path)], batch_size=2)
    first = ["epoch,loss,val_loss", "0,0.4899999797344208,NA", "1,0.11415141820907593,NA"]
    assert _rows(path) == first  # these digits are exact
    _fit(
        model,
        2,
        [tf.keras.callbacks.CSVLogger(path, separator=";", append=True)],
        batch_size=2,
        validation_data=(X, Y),
    )
    _assert_rows(
        path,
        [*first, "0;0.09959158301353455;0.07120028138160706", "1;0.08927074074745178;0.06654007732868195"],
    )
    _fit(model, 1, [tf.keras.callbacks.CSVLogger(path)], batch_size=2, validation_data=(X, Y))
    _assert_rows(path, ["epoch,loss,val_loss", "0,0.0839848741889,0.06343899667263031"])


def test_terminate_on_nan(capsys):
    y = Y.copy()
    y[3, 0] = np.nan
    model = _model(tf.keras.optimizers.SGD(0.1))
    history = _fit(model, 3, [tf.keras.callbacks.TerminateOnNaN()], batch_size=2, y=y)
    assert capsys.readouterr().out == "Batch 1: Invalid loss, terminating training\n"
    assert history.epoch == [0] and np.isnan(history.history["loss"][0])
    with pytest.raises(
        RuntimeError,
        match=r"^NaN or Inf loss encountered at batch 0. Loss value: nan. "
        r"Terminating training immediately.$",
    ):
        _fit(model, 3, [tf.keras.callbacks.TerminateOnNaN(raise_error=True)], batch_size=2, y=y)


class _Interrupt(tf.keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        if epoch == 2:
            raise RuntimeError("interrupted")


def test_backup_and_restore_resumes_an_interrupted_fit(tmp_path):
    backup_dir = str(tmp_path / "backup")
    model = _model(tf.keras.optimizers.Adam(0.05))
    with pytest.raises(RuntimeError, match="interrupted"):
        _fit(model, 4, [tf.keras.callbacks.BackupAndRestore(backup_dir), _Interrupt()], batch_size=2)
    assert sorted(os.listdir(backup_dir)) == ["latest.weights.h5", "training_metadata.json"]
    with open(os.path.join(backup_dir, "training_metadata.json")) as f:
        assert f.read() == '{"epoch": 2, "batch": 0}'
    resumed = _model(tf.keras.optimizers.Adam(0.05))  # fresh weights and optimizer: all from the backup
    history = _fit(resumed, 4, [tf.keras.callbacks.BackupAndRestore(backup_dir)], batch_size=2)
    assert history.epoch == [2, 3]
    np.testing.assert_allclose(history.history["loss"], [0.1406208872795105, 0.09955883771181107], rtol=1e-6)
    straight = _model(tf.keras.optimizers.Adam(0.05))
    _fit(straight, 4, [], batch_size=2)
    tf_weights = [[[0.5988525748252869], [-0.017960909754037857]], [0.27436983585357666]]
    for got, same, want in zip(resumed.get_weights(), straight.get_weights(), tf_weights, strict=True):
        np.testing.assert_array_equal(got, same)  # resuming is bit-identical to not stopping
        np.testing.assert_allclose(got, want, rtol=1e-6)
    assert not os.path.exists(backup_dir)  # deleted once training ended


def test_backup_and_restore_batches_and_errors(tmp_path):
    with pytest.raises(ValueError, match="^Empty `backup_dir` argument passed$"):
        tf.keras.callbacks.BackupAndRestore("")
    with pytest.raises(
        ValueError,
        match="Invalid value for argument `save_freq`. Received: save_freq=often. "
        "Expected either 'epoch' or an integer value.",
    ):
        tf.keras.callbacks.BackupAndRestore(str(tmp_path), save_freq="often")
    backup = tf.keras.callbacks.BackupAndRestore(
        str(tmp_path / "b"), save_freq=1, delete_checkpoint=False, double_checkpoint=True
    )
    _fit(_model(tf.keras.optimizers.SGD(0.1)), 1, [backup], batch_size=2)
    assert sorted(os.listdir(tmp_path / "b")) == [
        "latest.weights.h5",
        "latest.weights.h5.bkp",
        "training_metadata.json",
        "training_metadata.json.bkp",
    ]
    unbuilt = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    unbuilt.compile("sgd", "mse")
    with pytest.raises(
        ValueError,
        match="To use the BackupAndRestore callback, you model must be built before you call `fit\\(\\)`.",
    ):
        unbuilt.fit(X, Y, verbose=0, callbacks=[tf.keras.callbacks.BackupAndRestore(tmp_path / "c")])
