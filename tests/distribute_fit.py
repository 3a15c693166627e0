"""Keras ``fit``/``evaluate``/``predict`` of a model built and compiled in a strategy's scope:
the program run by test_distribute.py (tapejax, 8 simulated CPUs) and, for its stored numbers,
by TensorFlow 2.21 (8 logical CPUs). ``tf`` is passed in, so the same code runs under both."""

from __future__ import annotations

import numpy as np

X = ((np.arange(64 * 5, dtype=np.float32).reshape(64, 5) * 7) % 11 - 5) / 5
Y = np.stack([np.sin(X.sum(1)), np.cos(X[:, 0] - X[:, 1]), X[:, 2] * X[:, 3]], axis=1).astype(np.float32)
LABELS = (np.arange(64) % 3).astype(np.int32)
W = [
    ((np.arange(40, dtype=np.float32).reshape(5, 8) * 5) % 9 - 4) / 10,
    (np.arange(8, dtype=np.float32) - 4) / 20,
    ((np.arange(24, dtype=np.float32).reshape(8, 3) * 3) % 7 - 3) / 6,
    np.zeros(3, np.float32),
]


def run(tf, strategy) -> dict:
    """fit (3 epochs, Adam, validation data), evaluate and predict; plain Python numbers."""
    with strategy.scope():
        model = tf.keras.Sequential(
            [tf.keras.Input((5,)), tf.keras.layers.Dense(8, activation="tanh"), tf.keras.layers.Dense(3)]
        )
        model.set_weights(W)
        model.compile(optimizer=tf.keras.optimizers.Adam(0.05), loss="mse", metrics=["mae"])
    history = model.fit(
        X, Y, batch_size=16, epochs=3, shuffle=False, verbose=0, validation_data=(X[:32], Y[:32])
    )
    dataset = tf.data.Dataset.from_tensor_slices((X, Y)).batch(32)
    evaluated = model.evaluate(dataset, verbose=0)
    predicted = model.predict(X[:40], batch_size=8, verbose=0)
    with strategy.scope():
        classifier = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(3)])
        classifier.set_weights([W[0][:, :3], W[3]])
        classifier.compile(
            optimizer=tf.keras.optimizers.SGD(0.1),
            loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            metrics=["accuracy"],
        )
    classified = classifier.fit(X, LABELS, batch_size=32, epochs=2, shuffle=False, verbose=0)
    return {
        "history": {k: [float(v) for v in vs] for k, vs in history.history.items()},
        "evaluate": [float(v) for v in evaluated],
        "predict": np.asarray(predicted).tolist(),
        "kernel": np.asarray(model.layers[0].kernel).tolist(),
        "classifier": {k: [float(v) for v in vs] for k, vs in classified.history.items()},
    }


def uneven(tf, strategy) -> list:
    """fit with batches the 8 replicas do not divide (12 rows, a last batch of 4): its losses."""
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(3)])
        model.set_weights([W[0][:, :3], W[3]])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
    return model.fit(X, Y, batch_size=12, epochs=2, shuffle=False, verbose=0).history["loss"]


def placement(tf, strategy) -> dict:
    """Where fit left a model's weights, optimizer slots and metric states (tapejax only)."""
    import jax  # noqa: PLC0415

    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(3)])
        model.compile(optimizer="adam", loss="mse", metrics=["mae"])
    model.fit(X, Y, batch_size=16, epochs=1, verbose=0)
    arrays = {
        "kernel": model.layers[0].kernel,
        "slot": model.optimizer.variables[-1],
        "metric": model.metrics[-1].variables[0],
    }
    found = {}
    for name, variable in arrays.items():
        sharding = jax.numpy.asarray(variable).sharding
        found[name] = [len(sharding.device_set), sharding.is_fully_replicated]
    return found


def outside_scope(tf, strategy) -> list:
    """A model built outside the scope, compiled inside: [class name, message]."""
    model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(3)])
    with strategy.scope():
        model.compile(optimizer="sgd", loss="mse")
    before = [w.tolist() for w in model.get_weights()]
    try:
        model.fit(X, Y, batch_size=16, verbose=0)
    except Exception as e:  # noqa: BLE001 - the class and message are what is checked
        return [type(e).__name__, str(e), before == [w.tolist() for w in model.get_weights()]]
    return [None, None, None]


def main() -> None:
    import json  # noqa: PLC0415
    import sys  # noqa: PLC0415

    import tapejax as tf  # noqa: PLC0415

    mirrored, one = tf.distribute.MirroredStrategy(), tf.distribute.get_strategy()
    out = {
        "replicas": mirrored.num_replicas_in_sync,
        "one": run(tf, one),
        "mirrored": run(tf, mirrored),
        "uneven": {"one": uneven(tf, one), "mirrored": uneven(tf, mirrored)},
        "placement": placement(tf, mirrored),
        "outside_scope": outside_scope(tf, mirrored),
    }
    sys.stdout.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main()
