"""keras.callbacks RemoteMonitor (posting to a local server), SwapEMAWeights (validation with the
moving averages: numbers of TF 2.21 / Keras 3.15 stored as literals) and OrbaxCheckpoint (Keras'
ImportError without orbax-checkpoint)."""

from __future__ import annotations

import http.server
import importlib.util
import json
import threading
import urllib.parse

import numpy as np
import pytest

import tapejax as tf

X = np.linspace(-1, 1, 16, dtype="float32").reshape(8, 2)
Y = X @ np.array([[1.0], [-2.0]], "float32") + 0.5


def _model(ema=True):
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
    model.compile(tf.keras.optimizers.SGD(0.1, use_ema=ema, ema_momentum=0.5), "mse")
    return model


def test_swap_ema_weights_validates_with_the_averages_as_keras():
    model = _model()
    history = model.fit(
        X,
        Y,
        epochs=2,
        batch_size=4,
        verbose=0,
        shuffle=False,
        validation_data=(X, Y),
        callbacks=[tf.keras.callbacks.SwapEMAWeights()],
    )
    # Printed by Keras 3.15 for the same data, model and optimizer.
    np.testing.assert_allclose(history.history["loss"], [3.474606513977051, 1.6970336437225342], rtol=1e-5)
    np.testing.assert_allclose(
        history.history["val_loss"], [1.966975212097168, 1.1386289596557617], rtol=1e-5
    )
    np.testing.assert_allclose(
        model.get_weights()[0], [[0.35606545209884644], [0.38697439432144165]], rtol=1e-5
    )
    np.testing.assert_allclose(model.get_weights()[1], [0.23181754350662231], rtol=1e-5)
    loss = model.evaluate(X, Y, verbose=0, callbacks=[tf.keras.callbacks.SwapEMAWeights()])
    np.testing.assert_allclose(loss, 1.1386289596557617, rtol=1e-5)


def test_swap_ema_weights_on_epoch_and_without_ema():
    model = _model()
    history = model.fit(
        X,
        Y,
        epochs=2,
        batch_size=4,
        verbose=0,
        shuffle=False,
        callbacks=[tf.keras.callbacks.SwapEMAWeights(True)],
    )
    np.testing.assert_allclose(history.history["loss"], [3.474606513977051, 1.6970336437225342], rtol=1e-5)
    np.testing.assert_allclose(
        model.get_weights()[0], [[0.35606545209884644], [0.38697439432144165]], rtol=1e-5
    )
    model.compile(tf.keras.optimizers.SGD(0.1), "mse")
    with pytest.raises(
        ValueError, match="SwapEMAWeights must be used when `use_ema=True` is set on the optimizer."
    ):
        model.evaluate(X, Y, verbose=0, callbacks=[tf.keras.callbacks.SwapEMAWeights()])


class _Recorder(http.server.BaseHTTPRequestHandler):
    received: list = []

    def do_POST(self):  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers["Content-Length"])).decode()
        _Recorder.received.append((self.path, self.headers["Content-Type"], body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.mark.parametrize("as_json", [False, True])
def test_remote_monitor_posts_each_epoch(as_json):
    server = http.server.HTTPServer(("127.0.0.1", 0), _Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _Recorder.received = []
    try:
        root = f"http://127.0.0.1:{server.server_port}"
        monitor = tf.keras.callbacks.RemoteMonitor(root=root, send_as_json=as_json)
        model = _model()
        model.fit(X, Y, epochs=2, batch_size=4, verbose=0, shuffle=False, callbacks=[monitor])
    finally:
        server.shutdown()
        server.server_close()
    assert [r[0] for r in _Recorder.received] == ["/publish/epoch/end/"] * 2
    path, kind, body = _Recorder.received[1]
    sent = json.loads(body) if as_json else json.loads(urllib.parse.parse_qs(body)["data"][0])
    assert kind == ("application/json" if as_json else "application/x-www-form-urlencoded")
    assert sent["epoch"] == 1 and isinstance(sent["loss"], float)


def test_remote_monitor_warns_when_unreachable_and_orbax_is_missing():
    monitor = tf.keras.callbacks.RemoteMonitor(root="http://127.0.0.1:9")
    with pytest.warns(UserWarning, match="Could not reach RemoteMonitor root server at http://127.0.0.1:9"):
        monitor.on_epoch_end(0, {"loss": np.float32(1.0)})
    if importlib.util.find_spec("orbax") is None or importlib.util.find_spec("orbax.checkpoint") is None:
        error, message = ImportError, "OrbaxCheckpoint requires the 'orbax-checkpoint' package."
    else:
        error, message = (
            NotImplementedError,
            "OrbaxCheckpoint: tapejax.keras does not write Orbax checkpoints",
        )
    with pytest.raises(error, match=message):
        tf.keras.callbacks.OrbaxCheckpoint("/tmp/checkpoints")


def _fit_with(checkpoint, epochs=3, **kwargs):
    model = _model(ema=False)
    model.fit(X, Y, epochs=epochs, batch_size=2, verbose=0, shuffle=False, callbacks=[checkpoint], **kwargs)
    return model


def test_model_checkpoint_saves_whole_models_as_keras_formats_paths(tmp_path):
    pattern = str(tmp_path / "sub" / "m-{epoch:02d}-{loss:.3f}.keras")
    model = _fit_with(tf.keras.callbacks.ModelCheckpoint(pattern, monitor="loss"))
    files = sorted(p.name for p in (tmp_path / "sub").iterdir())
    assert len(files) == 3 and files[0].startswith("m-01-") and files[2].startswith("m-03-")
    loaded = tf.keras.models.load_model(tmp_path / "sub" / files[2])
    np.testing.assert_allclose(loaded.predict(X, verbose=0), model.predict(X, verbose=0), rtol=1e-6)
    assert loaded.optimizer.iterations.numpy() == model.optimizer.iterations.numpy() == 12


def test_model_checkpoint_best_only_threshold_and_batches(tmp_path):
    # save_best_only with an initial_value_threshold no epoch beats: nothing is written.
    path = tmp_path / "best.keras"
    _fit_with(
        tf.keras.callbacks.ModelCheckpoint(
            path, monitor="loss", save_best_only=True, initial_value_threshold=0.1
        )
    )
    assert not path.exists()
    best = tf.keras.callbacks.ModelCheckpoint(
        path, monitor="loss", save_best_only=True, initial_value_threshold=10.0
    )
    _fit_with(best)
    assert path.exists() and best.best < 10.0
    # save_freq=3 batches over 2 epochs of 4 batches: after batches 3, 6 (epoch 2's 2nd), as Keras counts.
    pattern = str(tmp_path / "w-{epoch}-{batch}.weights.h5")
    _fit_with(tf.keras.callbacks.ModelCheckpoint(pattern, save_weights_only=True, save_freq=3), epochs=2)
    assert sorted(p.name for p in tmp_path.glob("w-*")) == ["w-1-3.weights.h5", "w-2-2.weights.h5"]


def test_model_checkpoint_errors(tmp_path):
    with pytest.raises(KeyError, match='Failed to format this callback filepath: ".*{acc}.keras". Reason:'):
        _fit_with(tf.keras.callbacks.ModelCheckpoint(str(tmp_path / "{acc}.keras")), epochs=1)
    (tmp_path / "folder.keras").mkdir()
    with pytest.raises(OSError, match="Please specify a non-directory filepath for ModelCheckpoint."):
        _fit_with(tf.keras.callbacks.ModelCheckpoint(str(tmp_path / "folder.keras")), epochs=1)
    checkpoint = tf.keras.callbacks.ModelCheckpoint(
        str(tmp_path / "f.keras"), monitor="f1", save_best_only=True, mode="max"
    )
    checkpoint.set_model(_model())
    with pytest.warns(UserWarning, match="Can save best model only when `monitor` is a scalar value."):
        checkpoint.on_epoch_end(0, {"f1": np.array([0.5, 0.25])})
