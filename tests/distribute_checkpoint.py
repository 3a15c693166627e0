"""Run by test_distribute_checkpoint.py with 8 simulated CPU devices: a tf.train.Checkpoint
of a model and its optimizer saved under MirroredStrategy with 8 replicas, restored with 2
(before and after the model is built) and with 8, training continued; one JSON line."""

from __future__ import annotations

import json
import sys

import jax
import numpy as np

import tapejax as tf

X = ((np.arange(32 * 4, dtype=np.float32).reshape(32, 4) * 5) % 9 - 4) / 4
Y = np.tanh(X @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32))


def model_and_optimizer(strategy, build: bool = True):
    with strategy.scope():
        model = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="tanh"), tf.keras.layers.Dense(1)])
        if build:
            model.build((None, 4))
        optimizer = tf.keras.optimizers.Adam(0.05)
        model.compile(optimizer=optimizer, loss="mse")
    return model, optimizer


def state(model, optimizer) -> dict:
    variables = [*model.weights, *optimizer.variables]
    return {
        "values": [np.asarray(v).tolist() for v in variables],
        "devices": sorted({len(jax.numpy.asarray(v).sharding.device_set) for v in variables}),
    }


def continued(model) -> list:
    batches = tf.data.Dataset.from_tensor_slices((X, Y)).batch(8)
    return model.fit(batches, epochs=2, verbose=0).history["loss"]


def main(directory: str) -> None:
    eight = tf.distribute.MirroredStrategy()
    two = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    model, optimizer = model_and_optimizer(eight)
    model.fit(X, Y, batch_size=8, epochs=1, shuffle=False, verbose=0)
    checkpoint = tf.train.Checkpoint(model=model, optimizer=optimizer)
    path = checkpoint.save(f"{directory}/eight")
    out = {"path": path, "saved": state(model, optimizer), "continued": {"eight": continued(model)}}
    for name, strategy, build in (("two", two, True), ("two_deferred", two, False), ("eight", eight, True)):
        fresh, fresh_optimizer = model_and_optimizer(strategy, build)
        status = tf.train.Checkpoint(model=fresh, optimizer=fresh_optimizer).restore(path)
        with strategy.scope():  # what waits is assigned by the build: weights, the slots
            if not build:
                fresh.build((None, 4))
            fresh_optimizer.build(fresh.trainable_variables)
        status.assert_existing_objects_matched()
        out[name] = state(fresh, fresh_optimizer)
        out["continued"][f"restored_{name}"] = continued(fresh)
    sys.stdout.write(json.dumps(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
