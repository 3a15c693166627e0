"""compile's metric names, ``sample_weight``/``class_weight``/``weighted_metrics`` and
``steps_per_execution`` in ``fit``/``evaluate``/``*_on_batch`` (issue 11).

Every expected number was printed by TensorFlow 2.21 (Keras 3.15) for the same code with the
same starting weights; float32 results may differ in the last digit (XLA vs Eigen).
"""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf
from tapejax.keras._src.trainers.epoch_iterator import class_weight_to_sample_weights

# TF's numbers after a few SGD steps through tanh and two matmuls: XLA's float32 sums round
# otherwise than TF's (Eigen), which way depends on the CPU, and the steps compound it (1.1e-6
# relative seen on predict after ten steps).
RTOL = 1e-5
X = np.linspace(-1, 1, 30, dtype=np.float32).reshape(10, 3)
YC = np.array([0, 1, 2, 1, 0, 2, 2, 1, 0, 1], np.int32)
YB = (X[:, :1] > 0).astype(np.float32)
SW = np.linspace(0.5, 2.0, 10).astype(np.float32)


@pytest.fixture(autouse=True)
def _fresh_names():
    tf.keras.backend.clear_session()


def _model(units, activation=None):
    model = tf.keras.Sequential(
        [
            tf.keras.Input((3,)),
            tf.keras.layers.Dense(4, activation="tanh"),
            tf.keras.layers.Dense(units, activation=activation),
        ]
    )
    shapes = [w.shape for w in model.get_weights()]
    model.set_weights(
        [
            (np.sin(np.arange(int(np.prod(s)), dtype=np.float32) * 0.7 + i) * 0.5).reshape(s)
            for i, s in enumerate(shapes)
        ]
    )
    return model


def _check(logs, expected):
    assert sorted(logs) == sorted(expected)
    for key, value in expected.items():
        np.testing.assert_allclose(logs[key], value, rtol=RTOL, atol=1e-7, err_msg=key)


def test_compile_accepts_every_metric_kind():
    model = _model(3, "softmax")
    model.compile(
        tf.keras.optimizers.SGD(0.1),
        "sparse_categorical_crossentropy",
        metrics=["accuracy", "sparse_categorical_accuracy", tf.keras.metrics.SparseCategoricalCrossentropy()],
    )
    history = model.fit(X, YC, batch_size=4, epochs=2, shuffle=False, verbose=0)
    _check(
        history.history,
        {
            "accuracy": [0.3, 0.3],
            "loss": [1.1337581, 1.1234833],
            "sparse_categorical_accuracy": [0.3, 0.3],
            "sparse_categorical_crossentropy": [1.1337581, 1.1234833],
        },
    )
    assert [type(m).__name__ for m in model.metrics[1].metrics] == [
        "SparseCategoricalAccuracy",
        "SparseCategoricalAccuracy",
        "SparseCategoricalCrossentropy",
    ]

    model = _model(1, "sigmoid")
    model.compile(
        tf.keras.optimizers.SGD(0.5),
        "binary_crossentropy",
        metrics=[
            "accuracy",
            "AUC",
            tf.keras.metrics.Precision(),
            tf.keras.metrics.Recall(name="rec"),
            "mae",
            tf.keras.losses.binary_crossentropy,
        ],
    )
    history = model.fit(X, YB, batch_size=5, epochs=2, shuffle=False, verbose=0)
    _check(
        history.history,
        {
            "AUC": [0.0, 0.0],
            "accuracy": [0.0, 0.0],
            "binary_crossentropy": [0.8771122, 0.776428],
            "loss": [0.8771122, 0.776428],
            "mae": [0.5833763, 0.5395258],
            "precision": [0.0, 0.0],
            "rec": [0.0, 0.0],
        },
    )
    assert [type(m).__name__ for m in model.metrics[1].metrics] == [
        "BinaryAccuracy",
        "AUC",
        "Precision",
        "Recall",
        "MeanAbsoluteError",
        "MeanMetricWrapper",
    ]

    model = _model(3, "softmax")  # one-hot targets: 'acc' is categorical, 'crossentropy' too
    model.compile(tf.keras.optimizers.SGD(0.1), "crossentropy", metrics=["acc", "categorical_accuracy"])
    history = model.fit(X, np.eye(3, dtype=np.float32)[YC], batch_size=4, epochs=1, shuffle=False, verbose=0)
    _check(history.history, {"acc": [0.3], "categorical_accuracy": [0.3], "loss": [1.1337581]})
    assert type(model.metrics[1].metrics[0]).__name__ == "CategoricalAccuracy"


def test_sample_and_class_weights_match_tensorflow():
    model = _model(3, "softmax")
    model.compile(
        tf.keras.optimizers.SGD(0.1),
        "sparse_categorical_crossentropy",
        metrics=["accuracy"],
        weighted_metrics=["accuracy", "sparse_categorical_crossentropy"],
    )
    history = model.fit(X, YC, sample_weight=SW, batch_size=4, epochs=2, shuffle=False, verbose=0)
    _check(
        history.history,
        {
            "accuracy": [0.3, 0.3],
            "loss": [1.4260038, 1.4042088],
            "sparse_categorical_crossentropy": [1.1408031, 1.123367],
            "weighted_accuracy": [0.28, 0.28],
        },
    )
    _check(
        model.evaluate(X, YC, sample_weight=SW[::-1].copy(), verbose=0, return_dict=True),
        {
            "accuracy": 0.3,
            "loss": 1.3916752,
            "sparse_categorical_crossentropy": 1.1133401,
            "weighted_accuracy": 0.32,
        },
    )
    _check(
        model.train_on_batch(X, YC, sample_weight=SW, return_dict=True),
        {
            "accuracy": 0.3,
            "loss": 1.3826225,
            "sparse_categorical_crossentropy": 1.1060981,
            "weighted_accuracy": 0.28,
        },
    )
    _check(
        model.test_on_batch(X, YC, sample_weight=SW, return_dict=True),
        {
            "accuracy": 0.3,
            "loss": 1.3762043,
            "sparse_categorical_crossentropy": 1.1009635,
            "weighted_accuracy": 0.28,
        },
    )

    model = _model(3, "softmax")
    model.compile(
        tf.keras.optimizers.SGD(0.1), "sparse_categorical_crossentropy", weighted_metrics=["accuracy"]
    )
    history = model.fit(
        X, YC, class_weight={0: 1.0, 1: 3.0, 2: 0.5}, batch_size=4, epochs=2, shuffle=False, verbose=0
    )
    _check(history.history, {"accuracy": [0.1818182, 0.7878788], "loss": [1.7940325, 1.5530719]})
    _check(
        model.train_on_batch(X, YC, class_weight={0: 2.0}, return_dict=True),
        {"accuracy": 0.3076923, "loss": 1.4611151},
    )

    # class_weight on a dataset of one-hot targets: the same numbers as the sparse arrays'.
    model = _model(3, "softmax")
    model.compile(tf.keras.optimizers.SGD(0.1), "categorical_crossentropy")
    data = tf.data.Dataset.from_tensor_slices((X, np.eye(3, dtype=np.float32)[YC])).batch(4)
    history = model.fit(data, class_weight={0: 1.0, 1: 3.0, 2: 0.5}, epochs=2, verbose=0)
    _check(history.history, {"loss": [1.7940325, 1.5530719]})

    # (x, y, sample_weight) batches, and weighted validation data.
    model = _model(1)
    model.compile(tf.keras.optimizers.SGD(0.1), "mse", weighted_metrics=["mae"])
    data = tf.data.Dataset.from_tensor_slices((X, YB, SW)).batch(3)
    history = model.fit(data, epochs=2, verbose=0, validation_data=(X, YB, SW[::-1].copy()))
    _check(
        history.history,
        {
            "loss": [0.501164, 0.2873929],
            "mae": [0.5655836, 0.3964972],
            "val_loss": [0.5922989, 0.2871682],
            "val_mae": [0.5712974, 0.421122],
        },
    )

    model = _model(1)  # validation_split splits the sample weights too
    model.compile(tf.keras.optimizers.SGD(0.1), "mse", weighted_metrics=["mae"])
    history = model.fit(
        X, YB, sample_weight=SW, validation_split=0.3, batch_size=3, epochs=2, shuffle=False, verbose=0
    )
    _check(
        history.history,
        {
            "loss": [0.3446352, 0.3341487],
            "mae": [0.5301481, 0.569382],
            "val_loss": [0.2146567, 0.0490195],
            "val_mae": [0.3420581, 0.1627705],
        },
    )


def test_class_weight_errors():
    inputs = tf.keras.Input((3,))
    model = tf.keras.Model(inputs, [tf.keras.layers.Dense(1)(inputs), tf.keras.layers.Dense(1)(inputs)])
    model.compile("sgd", "mse")
    with pytest.raises(ValueError, match="`class_weight` is only supported for Models with a single output."):
        model.fit(X, [YB, YB], class_weight={0: 1.0}, verbose=0)
    assert model.optimizer.iterations.numpy() == 0


def test_class_weights_per_sample():
    weights = {0: 1.0, 1: 2.0, 2: 3.0}
    expected = np.array([1.0, 2.0, 3.0, 2.0, 1.0], np.float32)
    labels = np.array([0, 1, 2, 1, 0])
    for y in (labels, labels[:, None].astype(np.float32) + 0.2, np.eye(3)[labels]):
        np.testing.assert_array_equal(class_weight_to_sample_weights(y, weights), expected)
    np.testing.assert_array_equal(class_weight_to_sample_weights(labels, {5: 9.0}), np.ones(5, np.float32))


def test_steps_per_execution_runs_several_batches_per_call():
    model = _model(1)
    model.compile(tf.keras.optimizers.SGD(0.1), "mse", metrics=["mae"], steps_per_execution=3)
    seen = []
    callback = tf.keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: seen.append(batch))
    history = model.fit(X, YB, batch_size=2, epochs=2, shuffle=False, verbose=0, callbacks=[callback])
    _check(history.history, {"loss": [0.3370373, 0.2161773], "mae": [0.5074171, 0.4374544]})
    assert seen == [2, 5, 2, 5]  # Keras gives the callbacks every 3rd step (begin + 3 - 1)
    assert int(model.optimizer.iterations.numpy()) == 10
    assert len(model._sliced_train_function._traces) == 2  # 3 batches a call, then the last 2
    np.testing.assert_allclose(
        model.evaluate(X, YB, batch_size=2, verbose=0), [0.13322727382183075, 0.31641101837158203], rtol=RTOL
    )
    np.testing.assert_allclose(
        model.predict(X, batch_size=3, verbose=0).ravel(),
        [
            0.29207599,
            0.381522,
            0.46885699,
            0.55285698,
            0.63249898,
            0.706999,
            0.77582997,
            0.83871102,
            0.895585,
            0.94657499,
        ],
        rtol=RTOL,
    )
    seen.clear()
    history = model.fit(
        tf.data.Dataset.from_tensor_slices((X, YB)).batch(2), epochs=1, verbose=0, callbacks=[callback]
    )
    _check(history.history, {"loss": [0.1180883], "mae": [0.3092676]})
    assert seen == [2, 5] and len(model.train_function.compiled._traces) == 2  # 3 batches, then 2


def test_model_loss_is_what_compile_was_given():
    # Keras 3 keeps compile's loss argument as ``model.loss`` (None before compile), which custom
    # loops use: TF 2.21 prints None, then the Loss object itself, then 'mse'.
    model = _model(3, "softmax")
    assert model.loss is None
    loss = tf.keras.losses.SparseCategoricalCrossentropy()
    model.compile("sgd", loss)
    assert model.loss is loss
    expected = model.evaluate(X, YC, batch_size=10, verbose=0)
    np.testing.assert_allclose(float(model.loss(YC, model(X))), expected, rtol=RTOL)
    model.compile("sgd", "mse")
    assert model.loss == "mse"
