"""tf.keras.Model (subclassed, functional), Sequential and the training entry points.

Every expected number and text here was printed by TensorFlow 2.21 (Keras 3.15) for the same
code with the same starting weights (``set_weights`` of the values ``_weights`` makes; TF's
random initializers draw other numbers than JAX's). Float32 results differ from TF's in the
last digits (XLA vs Eigen sum in other orders, and which order XLA takes depends on the CPU),
compounded over the training steps before each number, hence ``rtol=1e-5``.
"""

from __future__ import annotations

import contextlib
import io
import re

import h5py
import numpy as np
import pytest
from keras_summaries import (
    FUNCTIONAL,
    FUNCTIONAL_CHAIN,
    SEQUENTIAL,
    SEQUENTIAL_CALLED,
    SEQUENTIAL_INPUT_SHAPE,
    SUBCLASS_BUILT,
    SUBCLASS_UNBUILT,
)

import tapejax as tf

RTOL = 1e-5


@pytest.fixture(autouse=True)
def _fresh_names(monkeypatch):
    tf.keras.backend.clear_session()  # layer names count from 0, as in TF's fresh process
    monkeypatch.setenv("COLUMNS", "80")  # Keras sizes summary() to the terminal; TF's ran in 80


def _weights(shapes):
    values = [
        np.sin(np.arange(int(np.prod(s)), dtype=np.float32) * 0.7 + i) * 0.5 for i, s in enumerate(shapes)
    ]
    return [v.reshape(s).astype(np.float32) for v, s in zip(values, shapes, strict=True)]


def _printed(fn, *args, **kwargs):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = fn(*args, **kwargs)
    return out.getvalue(), result


X1 = np.linspace(-1, 1, 24, dtype=np.float32).reshape(8, 3)
Y1 = (X1 @ np.array([[0.5], [-1.0], [2.0]], np.float32) + 0.3).astype(np.float32)


class MLP(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(4, activation="relu")
        self.out = tf.keras.layers.Dense(1)

    def call(self, inputs, training=None):
        return self.out(self.hidden(inputs))


def _mlp():
    model = MLP()
    model(X1[:1])
    model.set_weights(_weights([w.shape for w in model.get_weights()]))
    return model


def test_subclassed_model_tracks_layers_and_builds_lazily():
    model = MLP()
    assert model.name == "mlp" and not model.built
    assert [layer.name for layer in model.layers] == ["dense", "dense_1"]
    assert _printed(model.summary)[0] == SUBCLASS_UNBUILT
    model(X1[:1])
    assert _printed(model.summary)[0] == SUBCLASS_BUILT
    assert [v.path for v in model.weights] == [
        "mlp/dense/kernel",
        "mlp/dense/bias",
        "mlp/dense_1/kernel",
        "mlp/dense_1/bias",
    ]
    assert model.count_params() == 21 and len(model.trainable_variables) == 4
    assert model.non_trainable_variables == []


def test_subclassed_fit_evaluate_predict_match_tensorflow():
    model = _mlp()
    model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
    history = model.fit(X1, Y1, batch_size=4, epochs=3, shuffle=False, verbose=0)
    assert type(history).__name__ == "History" and history.epoch == [0, 1, 2]
    assert history.params == {"verbose": 0, "epochs": 3, "steps": 2}
    assert list(history.history) == ["loss", "mae"]
    np.testing.assert_allclose(
        history.history["loss"], [1.2495702505111694, 0.8081744909286499, 0.5144434571266174], rtol=RTOL
    )
    np.testing.assert_allclose(
        history.history["mae"], [0.9735547304153442, 0.8108147382736206, 0.6469658613204956], rtol=RTOL
    )
    np.testing.assert_allclose(
        model.evaluate(X1, Y1, verbose=0), [0.30010706186294556, 0.449069082736969], rtol=RTOL
    )
    logs = model.evaluate(X1, Y1, verbose=0, return_dict=True)
    assert list(logs) == ["loss", "mae"] and all(type(v) is float for v in logs.values())
    predicted = model.predict(X1, verbose=0, batch_size=3)
    assert isinstance(predicted, np.ndarray) and predicted.shape == (8, 1)
    np.testing.assert_allclose(
        predicted.ravel(),
        [0.15531543, 0.17443067, 0.3339516, 0.52793926, 0.7219269, 0.91591454, 1.1099023, 1.30389],
        rtol=RTOL,
    )
    # The *_on_batch calls report that batch alone.
    np.testing.assert_allclose(
        model.train_on_batch(X1, Y1), [0.30010706186294556, 0.449069082736969], rtol=RTOL
    )
    np.testing.assert_allclose(
        model.test_on_batch(X1, Y1), [0.26360225677490234, 0.41605257987976074], rtol=RTOL
    )
    logs = model.train_on_batch(X1, Y1, return_dict=True)
    np.testing.assert_allclose(
        [logs["loss"], logs["mae"]], [0.26360225677490234, 0.41605257987976074], rtol=RTOL
    )
    np.testing.assert_allclose(model.predict_on_batch(X1[:2]).ravel(), [0.07018411, 0.076987], rtol=RTOL)
    assert model.metrics_names == ["loss", "compile_metrics"]
    assert int(model.optimizer.iterations.numpy()) == 8


def test_train_step_is_one_compiled_function_traced_once_per_signature():
    model = _mlp()
    model.compile(optimizer="adam", loss="mse")
    model.fit(X1, Y1, batch_size=4, epochs=2, verbose=0)
    step = model._sliced_train_function  # arrays: the compiled step cuts its batch itself
    traces = step.experimental_get_tracing_count()
    model.fit(X1, Y1, batch_size=4, epochs=3, verbose=0)
    assert step.experimental_get_tracing_count() == traces  # no retrace
    model.fit(X1, Y1, batch_size=3, epochs=1, verbose=0)  # batches of 3 and a last one of 2
    assert len(step._traces) == 3
    # An iterable of batches goes through the compiled train_step(batch) instead.
    model.fit(iter([(X1[:4], Y1[:4])] * 3), verbose=0)
    assert len(model.train_function.compiled._traces) == 1


def test_shuffled_fit_sees_every_sample_once_per_epoch():
    # With a zero learning rate the weights stay put, so an epoch's loss is the mean over the
    # samples it saw: the full mean only if each sample came exactly once.
    model = _mlp()
    model.compile(tf.keras.optimizers.SGD(0.0), "mse")
    full = model.evaluate(X1, Y1, verbose=0)
    for seed in range(3):
        np.random.seed(seed)
        loss = model.fit(X1, Y1, batch_size=3, epochs=2, shuffle=True, verbose=0).history["loss"]
        np.testing.assert_allclose(loss, [full, full], rtol=1e-6)


X2 = np.linspace(-1, 1, 40, dtype=np.float32).reshape(10, 4)
Y2 = (np.arange(10) % 3).astype(np.int32)


def _sequential():
    model = tf.keras.Sequential(
        [tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(5, activation="relu"), tf.keras.layers.Dense(3)]
    )
    model.set_weights(_weights([w.shape for w in model.get_weights()]))
    model.compile(
        optimizer=tf.keras.optimizers.Adam(0.05),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )
    return model


BAR = "\x1b[32m" + "━" * 20 + "\x1b[0m\x1b[37m\x1b[0m"  # a full progress bar


def _mask_times(text: str) -> str:
    text = re.sub(r"\d+(ms|us|s)/step", "T/step", text)
    return re.sub(r"(\x1b\[1m)?\d+s(\x1b\[0m)? ", "Ts ", re.sub(r" - \d+s - ", " - Ts - ", text))


def test_sequential_fit_with_validation_split_matches_tensorflow():
    model = _sequential()
    assert model.name == "sequential" and model.built
    assert model.input_shape == (None, 4) and model.output_shape == (None, 3)
    assert _printed(model.summary)[0] == SEQUENTIAL
    printed, history = _printed(
        model.fit, X2, Y2, batch_size=4, epochs=2, shuffle=False, verbose=2, validation_split=0.2
    )
    assert _mask_times(printed) == _mask_times(
        "Epoch 1/2\n2/2 - 1s - 479ms/step - accuracy: 0.3750 - loss: 1.1166 - val_accuracy: 0.5000 - "
        "val_loss: 1.0697\nEpoch 2/2\n2/2 - 0s - 67ms/step - accuracy: 0.3750 - loss: 1.0838 - "
        "val_accuracy: 0.5000 - val_loss: 1.1449\n"
    )
    expected = {
        "accuracy": [0.375, 0.375],
        "loss": [1.1165993213653564, 1.0838491916656494],
        "val_accuracy": [0.5, 0.5],
        "val_loss": [1.0697202682495117, 1.1448781490325928],
    }
    assert list(history.history) == list(expected)
    for key, values in expected.items():
        np.testing.assert_allclose(history.history[key], values, rtol=RTOL)
    printed, history = _printed(
        model.fit, X2, Y2, batch_size=4, epochs=2, shuffle=False, verbose=1, validation_data=(X2[:4], Y2[:4])
    )
    # The bar is redrawn in place; its last state each epoch is what stays on screen.
    last = [line.rsplit("\r", 1)[-1] for line in printed.split("\n")[:-1]]
    assert _mask_times("\n".join(last)) == _mask_times(
        f"Epoch 1/2\n\x1b[1m3/3\x1b[0m {BAR} \x1b[1m1s\x1b[0m 39ms/step - accuracy: 0.3000 - loss: 1.1081 - "
        f"val_accuracy: 0.2500 - val_loss: 1.0882\nEpoch 2/2\n\x1b[1m3/3\x1b[0m {BAR} \x1b[1m0s\x1b[0m "
        "26ms/step - accuracy: 0.4000 - loss: 1.0936 - val_accuracy: 0.2500 - val_loss: 1.0819"
    )
    np.testing.assert_allclose(history.history["loss"], [1.1080691814422607, 1.093565821647644], rtol=RTOL)
    np.testing.assert_allclose(
        history.history["val_loss"], [1.0881845951080322, 1.0819416046142578], rtol=RTOL
    )
    np.testing.assert_allclose(history.history["accuracy"], [0.3, 0.4], rtol=RTOL)
    model.fit(X2, Y2, batch_size=4, epochs=1, shuffle=False, verbose=0)
    printed, result = _printed(model.evaluate, X2, Y2)
    np.testing.assert_allclose(result, [1.0716608762741089, 0.4000000059604645], rtol=RTOL)
    assert printed.rsplit("\r", 1)[-1].endswith(" - accuracy: 0.4000 - loss: 1.0717\n")
    assert _printed(model.predict, X2)[1].shape == (10, 3)


def test_sequential_building():
    with pytest.warns(UserWarning, match="Do not pass an `input_shape`/`input_dim` argument to a layer"):
        first = tf.keras.layers.Dense(2, input_shape=(3,), name="dense_2")
    model = tf.keras.Sequential(name="sequential_1")
    model.add(first)
    model.add(tf.keras.layers.Dense(1, name="dense_3"))
    assert model.built and len(model.layers) == 2 and len(model.weights) == 4
    assert _printed(model.summary)[0] == SEQUENTIAL_INPUT_SHAPE
    model.pop()
    assert len(model.layers) == 1 and model.output_shape == (None, 2)
    lazy = tf.keras.Sequential(
        [tf.keras.layers.Dense(2, name="dense_4"), tf.keras.layers.Dense(1, name="dense_5")], name="seq3"
    )
    assert not lazy.built and lazy.weights == []
    lazy(np.zeros((2, 5), np.float32))
    assert _printed(lazy.summary)[0] == SEQUENTIAL_CALLED
    with pytest.raises(TypeError, match="There are no layers in the model."):
        tf.keras.Sequential().pop()


X3 = np.cos(np.arange(16, dtype=np.float32)).reshape(8, 2)
Y3A = (X1.sum(1, keepdims=True) * 0.5).astype(np.float32)
Y3B = (X3[:, :1] - X1[:, :1]).astype(np.float32)


class Sum2(tf.keras.layers.Layer):
    def call(self, inputs):
        a, b = inputs
        return a + b


def _functional():
    a = tf.keras.Input(shape=(3,), name="a")
    b = tf.keras.Input(shape=(2,), name="b")
    h = tf.keras.layers.Dense(4, activation="tanh")(a)
    g = tf.keras.layers.Dense(4)(b)
    s = Sum2()([h, g])
    o1 = tf.keras.layers.Dense(1, name="out1")(s)
    o2 = tf.keras.layers.Dense(1, name="out2")(s)
    model = tf.keras.Model(inputs=[a, b], outputs=[o1, o2])
    model.set_weights(_weights([w.shape for w in model.get_weights()]))
    return model, (a, s)


def test_functional_model_with_two_inputs_and_two_outputs_matches_tensorflow(tmp_path):
    model, (a, s) = _functional()
    assert repr(a) == "<KerasTensor shape=(None, 3), dtype=float32, sparse=False, ragged=False, name=a>"
    assert repr(s) == (
        "<KerasTensor shape=(None, 4), dtype=float32, sparse=False, ragged=False, name=keras_tensor_2>"
    )
    assert type(model).__name__ == "Functional" and model.name == "functional"
    assert [layer.name for layer in model.layers] == ["a", "b", "dense", "dense_1", "sum2", "out1", "out2"]
    assert _printed(model.summary)[0] == FUNCTIONAL
    assert [v.path for v in model.weights] == [
        "dense/kernel",
        "dense/bias",
        "dense_1/kernel",
        "dense_1/bias",
        "out1/kernel",
        "out1/bias",
        "out2/kernel",
        "out2/bias",
    ]
    model.compile(optimizer="sgd", loss=["mse", "mae"])
    printed, history = _printed(
        model.fit, [X1, X3], [Y3A, Y3B], batch_size=4, epochs=2, shuffle=False, verbose=2
    )
    assert _mask_times(printed) == _mask_times(
        "Epoch 1/2\n2/2 - 1s - 391ms/step - loss: 2.4757 - out1_loss: 1.5253 - out2_loss: 0.9504\nEpoch 2/2\n"
        "2/2 - 0s - 52ms/step - loss: 2.3546 - out1_loss: 1.4144 - out2_loss: 0.9402\n"
    )
    np.testing.assert_allclose(history.history["loss"], [2.475706100463867, 2.3545684814453125], rtol=RTOL)
    np.testing.assert_allclose(
        history.history["out1_loss"], [1.525295376777649, 1.4144116640090942], rtol=RTOL
    )
    np.testing.assert_allclose(
        history.history["out2_loss"], [0.9504105448722839, 0.9401569366455078], rtol=RTOL
    )
    np.testing.assert_allclose(
        model.evaluate([X1, X3], [Y3A, Y3B], verbose=0),
        [2.225940704345703, 1.299048900604248, 0.9268918037414551],
        rtol=RTOL,
    )
    predicted = model.predict([X1, X3], verbose=0)
    assert isinstance(predicted, list) and [p.shape for p in predicted] == [(8, 1), (8, 1)]
    np.testing.assert_allclose(predicted[0][:2].ravel(), [-0.39643705, -0.6732577], rtol=RTOL)
    np.testing.assert_allclose(predicted[1][:2].ravel(), [-0.5263981, -0.2558425], rtol=RTOL)
    # Inputs and targets by name; metrics per output.
    model.compile(optimizer="adam", loss={"out1": "mse", "out2": "mse"}, metrics={"out1": ["mae"]})
    history = model.fit({"a": X1, "b": X3}, {"out1": Y3A, "out2": Y3B}, batch_size=8, epochs=2, verbose=0)
    expected = {
        "loss": [2.768202781677246, 2.7521471977233887],
        "out1_loss": [1.299048900604248, 1.2904250621795654],
        "out1_mae": [0.9433550238609314, 0.9408776760101318],
        "out2_loss": [1.469153881072998, 1.4617222547531128],
    }
    assert list(history.history) == list(expected)
    for key, values in expected.items():
        np.testing.assert_allclose(history.history[key], values, rtol=RTOL)
    # The weights file has Keras 3's layout, so TensorFlow's Keras reads it (and we read its files).
    path = tmp_path / "f.weights.h5"
    model.save_weights(path)
    found = []
    with h5py.File(path) as f:
        f.visititems(lambda name, obj: found.append((name, obj.shape)) if hasattr(obj, "shape") else None)
    kernels = [
        (f"layers/{name}/vars/{i}", shape)
        for name, shapes in [
            ("dense", [(3, 4), (4,)]),
            ("dense_1", [(2, 4), (4,)]),
            ("dense_2", [(4, 1), (1,)]),
            ("dense_3", [(4, 1), (1,)]),
        ]
        for i, shape in enumerate(shapes)
    ]
    slots = [
        (f"optimizer/vars/{i}", s)
        for i, s in enumerate(
            [
                (),
                (),
                (3, 4),
                (3, 4),
                (4,),
                (4,),
                (2, 4),
                (2, 4),
                (4,),
                (4,),
                (4, 1),
                (4, 1),
                (1,),
                (1,),
                (4, 1),
                (4, 1),
                (1,),
                (1,),
            ]
        )
    ]
    assert sorted(found) == sorted(kernels + slots)


def test_functional_chain_summary_and_single_io():
    tf.keras.backend.clear_session()
    _functional()  # names as in TF's script: this model is the second of its kind
    i = tf.keras.Input((3,))
    model = tf.keras.Model(i, tf.keras.layers.Dense(2)(i))
    assert model.name == "functional_1"
    assert [layer.name for layer in model.layers] == ["input_layer", "dense_2"]
    assert model(np.ones((1, 3), np.float32)).shape == (1, 2)
    assert _printed(model.summary)[0] == FUNCTIONAL_CHAIN


def test_save_and_load_weights_round_trip(tmp_path):
    model = _mlp()
    model.compile(optimizer="adam", loss="mse")
    model.fit(X1, Y1, epochs=2, verbose=0)
    path = tmp_path / "m.weights.h5"
    model.save_weights(path)
    with h5py.File(path) as f:
        # Keras' walk: attributes by name, ``layers`` before ``out`` (which it already saved there).
        assert sorted(f["hidden/vars"]) == ["0", "1"] and sorted(f["layers/dense_1/vars"]) == ["0", "1"]
    fresh = MLP()
    fresh(X1[:1])
    fresh.load_weights(path)
    for a, b in zip(model.get_weights(), fresh.get_weights(), strict=True):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(model.predict(X1, verbose=0), fresh.predict(X1, verbose=0))
    with pytest.raises(
        ValueError, match=re.escape("The filename must end in `.weights.h5`. Received: filepath=m.h5")
    ):
        model.save_weights("m.h5")
    other = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    before = other.get_weights()
    with pytest.raises(ValueError, match="expected 2 variables, but received 0 variables"):
        other.load_weights(path)
    for a, b in zip(before, other.get_weights(), strict=True):  # a failed load changes nothing
        np.testing.assert_array_equal(a, b)


def test_fit_on_an_iterable_of_batches():
    class Batches:  # what a tf.data.Dataset of (x, y) batches gives fit
        def __iter__(self):
            return iter([(X1[:4], Y1[:4]), (X1[4:], Y1[4:])])

        def __len__(self):
            return 2

    model = tf.keras.Sequential(
        [tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)]
    )
    model.set_weights(_weights([w.shape for w in model.get_weights()]))
    model.compile(tf.keras.optimizers.SGD(0.1), "mse")
    history = model.fit(Batches(), epochs=2, verbose=0)
    assert history.params == {"verbose": 0, "epochs": 2, "steps": 2}
    np.testing.assert_allclose(history.history["loss"], [1.24957, 0.808174], rtol=5e-6)


def test_callbacks_match_tensorflow(tmp_path):
    def make(lr):
        model = tf.keras.Sequential(
            [tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)]
        )
        model.set_weights(_weights([w.shape for w in model.get_weights()]))
        model.compile(tf.keras.optimizers.SGD(lr), "mse")
        return model

    model = make(0.5)
    stopper = tf.keras.callbacks.EarlyStopping(
        monitor="loss", patience=1, restore_best_weights=True, verbose=1
    )
    seen = []
    logger = tf.keras.callbacks.LambdaCallback(
        on_epoch_end=lambda e, logs: seen.append((e, round(logs["loss"], 5)))
    )
    printed, history = _printed(
        model.fit, X1, Y1, batch_size=4, epochs=30, shuffle=False, verbose=0, callbacks=[stopper, logger]
    )
    assert printed == "Epoch 2: early stopping\nRestoring model weights from the end of the best epoch: 1.\n"
    assert history.epoch == [0, 1] and [round(v, 5) for v in history.history["loss"]] == [2.52644, 2.89263]
    assert (stopper.stopped_epoch, stopper.best_epoch, seen[-1]) == (1, 0, (1, 2.89263))
    np.testing.assert_allclose(model.evaluate(X1, Y1, verbose=0), 3.084009885787964, rtol=RTOL)
    model = make(0.001)
    model.compile("adam", "mse")
    pattern = str(tmp_path / "ck-{epoch:02d}.weights.h5")
    checkpoint = tf.keras.callbacks.ModelCheckpoint(
        pattern, save_weights_only=True, monitor="loss", save_best_only=True, verbose=1
    )
    printed, _ = _printed(model.fit, X1, Y1, epochs=2, verbose=0, callbacks=[checkpoint], shuffle=False)
    first, second = (pattern.format(epoch=e) for e in (1, 2))
    assert printed == (
        f"\nEpoch 1: loss improved from None to 1.03833, saving model to {first}\n\n"
        f"Epoch 1: finished saving model to {first}\n\nEpoch 2: loss improved from 1.03833 to "
        f"1.03236, saving model to {second}\n\nEpoch 2: finished saving model to {second}\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ck-01.weights.h5", "ck-02.weights.h5"]
    with pytest.raises(
        ValueError,
        match=re.escape(
            "When using `save_weights_only=True` in `ModelCheckpoint`, the filepath provided must end in "
            "`.weights.h5` (Keras weights format). Received: filepath=/tmp/a.h5"
        ),
    ):
        tf.keras.callbacks.ModelCheckpoint("/tmp/a.h5", save_weights_only=True)


def test_model_errors():
    model = _mlp()
    with pytest.raises(ValueError, match=re.escape("You must call `compile()` before using the model.")):
        model.fit(X1, Y1)
    with pytest.raises(ValueError, match=re.escape("Output with path `` is not connected to `inputs`")):
        tf.keras.Model(inputs=tf.keras.Input((2,)), outputs=tf.keras.layers.Dense(1)(tf.keras.Input((2,))))
    with pytest.raises(ValueError, match="A KerasTensor cannot be used as input to a TensorFlow function"):
        tf.nn.relu(tf.keras.Input((2,)))
    with pytest.raises(ValueError, match="All layers added to a Sequential model should have unique names"):
        tf.keras.Sequential([tf.keras.layers.Dense(1, name="d"), tf.keras.layers.Dense(1, name="d")])


def test_compile_and_data_errors():
    model = _mlp()
    for kwargs, error, match in [
        ({"optimizer": "nope"}, ValueError, "Could not interpret optimizer identifier: nope"),
        ({"optimizer": "sgd", "loss": "nope"}, ValueError, "Could not interpret loss identifier: nope"),
    ]:
        with pytest.raises(error, match=re.escape(match)):
            model.compile(**kwargs)
    message = "Expected `metrics` argument to be a list, tuple, or dict. Received instead: metrics=mae"
    with pytest.raises(ValueError, match=re.escape(message + " of type <class 'str'>")):
        model.compile("sgd", "mse", metrics="mae")  # Keras 3 checks it in compile
    with pytest.raises(ValueError, match=re.escape("You must call `compile()` before using the model.")):
        model.fit(X1, Y1, verbose=0)  # the failed compile left the model uncompiled
    model.compile("sgd", "mse", metrics=["nope"])
    with pytest.raises(ValueError, match="Could not interpret metric identifier: nope"):
        model.fit(X1, Y1, verbose=0)
    model.compile("sgd")
    with pytest.raises(ValueError, match=re.escape("No loss to compute. Provide a `loss` argument in")):
        model.fit(X1, Y1, verbose=0)
    model.compile("sgd", "mse")
    with pytest.raises(ValueError, match="You cannot `class_weight` and `sample_weight` at the same time."):
        model.fit(X1, Y1, sample_weight=np.ones(8), class_weight={0: 1.0}, verbose=0)
    with pytest.raises(ValueError, match="Arguments not recognized"):
        model.evaluate(X1, Y1, verbose=0, bogus=1)
    with pytest.raises(ValueError, match="`validation_split` is only supported for tensors or NumPy arrays"):
        model.fit(iter([(X1, Y1)]), validation_split=0.5, verbose=0)
    with pytest.raises(ValueError, match="The `batch_size` argument must not be specified"):
        model.fit(iter([(X1, Y1)]), batch_size=2, verbose=0)


def test_functional_and_sequential_errors():
    model, _ = _functional()
    with pytest.raises(ValueError, match="Missing data for input 'b'. You passed a data dictionary"):
        model({"a": X1})
    with pytest.raises(ValueError, match="Functional model expects 2 inputs, but it received 3 input"):
        model([X1, X3, X3])
    model.compile("sgd", loss={"nope": "mse"})
    with pytest.raises(ValueError, match=r"In the dict argument `loss`, keys \['nope'\] do not match"):
        model.fit([X1, X3], [Y3A, Y3B], verbose=0)
    model.compile("sgd", loss=["mse"])
    with pytest.raises(ValueError, match="it should have as many entries as the model has outputs"):
        model.fit([X1, X3], [Y3A, Y3B], verbose=0)
    with pytest.raises(ValueError, match="No such layer: zz. Existing layers are:"):
        model.get_layer("zz")
    with pytest.raises(ValueError, match="Was asked to retrieve layer at index 9 but model only has 7"):
        model.get_layer(index=9)
    with pytest.raises(ValueError, match="must be KerasTensors"):
        tf.keras.Model(inputs=tf.keras.Input((2,)), outputs=[1.0])
    with pytest.raises(NotImplementedError, match="does not have a `call\\(\\)` method implemented."):
        tf.keras.Model()(X1)
    with pytest.raises(ValueError, match="You cannot pass both `shape` and `batch_shape` at the same time."):
        tf.keras.Input(shape=(2,), batch_shape=(None, 2))
    with pytest.raises(ValueError, match="You must pass a `shape` argument."):
        tf.keras.Input()
    with pytest.raises(NotImplementedError, match="sparse and ragged inputs are not supported"):
        tf.keras.Input((2,), sparse=True)
    with pytest.raises(NotImplementedError, match="`tensor` and `optional` are not supported"):
        tf.keras.Input((2,), optional=True)
    with pytest.raises(ValueError, match="You cannot convert it to a NumPy array."):
        np.asarray(tf.keras.Input((2,)))
    with pytest.raises(ValueError, match="Only instances of `keras.Layer` can be added to a Sequential"):
        tf.keras.Sequential([lambda x: x])
    seq = tf.keras.Sequential([tf.keras.Input((2,))])
    with pytest.raises(ValueError, match="has already been configured to use input shape"):
        seq.add(tf.keras.Input((3,)))
    lazy = tf.keras.Sequential([tf.keras.layers.Dense(1)])
    with pytest.raises(AttributeError, match="has no defined input shape yet."):
        _ = lazy.input_shape
    with pytest.raises(AttributeError, match="has no defined outputs yet."):
        _ = lazy.output_shape


def test_callback_and_weights_file_errors(tmp_path):
    with pytest.warns(UserWarning, match="EarlyStopping mode 'up' is unknown, fallback to auto mode."):
        tf.keras.callbacks.EarlyStopping(mode="up")
    with pytest.raises(
        ValueError, match="Unrecognized save_freq: batch. Expected save_freq are 'epoch' or integer"
    ):
        tf.keras.callbacks.ModelCheckpoint("a.weights.h5", save_weights_only=True, save_freq="batch")
    with pytest.raises(
        ValueError, match=r"The filepath provided must end in `.keras` \(Keras model format\)."
    ):
        tf.keras.callbacks.ModelCheckpoint("a.ckpt")
    model = _mlp()
    model.compile("sgd", "mse")
    odd = tf.keras.callbacks.EarlyStopping(monitor="odd")
    with pytest.raises(ValueError, match="callback received monitor=odd, but Keras isn't able to"):
        model.fit(X1, Y1, verbose=0, callbacks=[odd])
    with pytest.warns(UserWarning, match="conditioned on metric `val_loss` which is not available."):
        model.fit(X1, Y1, verbose=0, callbacks=[tf.keras.callbacks.EarlyStopping()])
    best = tf.keras.callbacks.ModelCheckpoint(
        str(tmp_path / "b.weights.h5"), save_weights_only=True, save_best_only=True
    )
    with pytest.warns(UserWarning, match="Can save best model only with val_loss available."):
        model.fit(X1, Y1, verbose=0, callbacks=[best])
    path = tmp_path / "m.weights.h5"
    model.save_weights(path)
    with pytest.raises(FileExistsError, match="exists and overwrite=False."):
        model.save_weights(path, overwrite=False)
    wider = MLP()
    wider(np.zeros((1, 5), np.float32))
    with pytest.raises(ValueError, match="The shape of the target variable and the shape of the target"):
        wider.load_weights(path)


def test_an_unbuilt_model_called_in_a_function_with_a_none_batch_traces_once():
    # TF 2.21: tracing count 2 (the first call creates the Variables: TF traces it twice), the
    # Python code runs twice, and no batch size traces again; the model is built for a None batch.
    model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)])
    runs = []

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def predict(x):
        runs.append(1)
        return model(x)

    xs = [np.arange(b * 3, dtype=np.float32).reshape(b, 3) / 10.0 for b in (2, 5, 7)]
    outs = [predict(tf.constant(x)) for x in xs]
    assert [tuple(o.shape) for o in outs] == [(2, 1), (5, 1), (7, 1)]
    assert predict.experimental_get_tracing_count() == 2 and len(runs) == 2  # TF 2.21
    assert [tuple(w.shape) for w in model.weights] == [(3, 4), (4,), (4, 1), (1,)]
    for x, out in zip(xs, outs, strict=True):
        np.testing.assert_allclose(out.numpy(), model(tf.constant(x)).numpy(), rtol=1e-6)

    layer = tf.keras.layers.Dense(3)  # an unknown last axis: Dense needs it, so a trace per shape

    @tf.function(input_signature=[tf.TensorSpec([None, None], tf.float32)])
    def dense(x):
        return layer(x)

    assert tuple(dense(tf.ones([2, 4])).shape) == (2, 3) and tuple(dense(tf.ones([3, 4])).shape) == (3, 3)
