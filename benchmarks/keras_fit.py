"""One ``fit`` epoch of small Keras models: tapejax vs a hand-written ``jax.jit`` loop (vs TF).

Three workloads, each with the same data in memory on every side (numpy), the same batches and
Adam on sparse softmax cross-entropy:

- ``mlp``: Dense 64 relu -> Dense 10 on 4096 x 32, batches of 64, no shuffling;
- ``cnn``: Conv2D 8 relu -> MaxPooling2D -> Conv2D 16 relu -> Flatten -> Dense 10 on 1024
  16x16x1 images, batches of 64, no shuffling;
- ``data``: the MLP fed by a ``tf.data`` pipeline (``from_tensor_slices`` -> ``shuffle(1024)``
  -> ``map`` (a scale and shift) -> ``batch(64)`` -> ``prefetch(AUTOTUNE)``), through ``fit``
  and through a custom loop over the dataset calling a ``tapejax.function`` step; the jax.jit
  side shuffles indices with numpy, gathers each batch and applies the map inside its step.

The hand-written loop is what a JAX user writes: one jitted step taking and returning the
parameter and Adam-state pytrees. Steady epochs only (the first, with compilation, is left
out); the median of ``--rounds`` epochs, interleaved twice. TensorFlow's ``fit`` is timed too
when a Python with TensorFlow is given (``--tf-python``), in its own process.

Usage: python benchmarks/keras_fit.py [--workload mlp|cnn|data] [--rounds 7] [--hidden 64]
       [--batch 64] [--tf-python PYTHON]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

import numpy as np

try:
    import jax
    import jax.numpy as jnp
except ImportError:  # the TensorFlow side runs in a Python that may have no JAX
    jax = jnp = None

N, D, C = 4096, 32, 10
H, BATCH = 64, 64  # --hidden, --batch
X = np.random.default_rng(0).normal(size=(N, D)).astype(np.float32)
Y = (np.abs(X[:, :C]).argmax(axis=1)).astype(np.int32)
N_IMG, SIDE = 1024, 16
IMAGES = np.random.default_rng(1).normal(size=(N_IMG, SIDE, SIDE, 1)).astype(np.float32)
IMAGE_Y = (np.abs(IMAGES[:, 0, :C, 0]).argmax(axis=1)).astype(np.int32)
SHUFFLE_BUFFER = 1024


def data_of(workload: str):
    return (IMAGES, IMAGE_Y) if workload == "cnn" else (X, Y)


def keras_model(tf, workload: str, steps_per_execution: int = 1):
    layers = tf.keras.layers
    if workload == "cnn":
        body = [
            tf.keras.Input((SIDE, SIDE, 1)),
            layers.Conv2D(8, 3, activation="relu"),
            layers.MaxPooling2D(2),
            layers.Conv2D(16, 3, activation="relu"),
            layers.Flatten(),
        ]
    else:
        body = [tf.keras.Input((D,)), layers.Dense(H, activation="relu")]
    model = tf.keras.Sequential([*body, layers.Dense(C)])
    model.compile(
        optimizer=tf.keras.optimizers.Adam(1e-3),
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        steps_per_execution=steps_per_execution,
    )
    return model


def pipeline(tf):
    """The ``data`` workload's ``tf.data`` pipeline."""
    ds = tf.data.Dataset.from_tensor_slices((X, Y)).shuffle(SHUFFLE_BUFFER, seed=0)
    return ds.map(lambda x, y: (x * 0.5 + 0.1, y)).batch(BATCH).prefetch(tf.data.AUTOTUNE)


def timed(epoch, rounds: int) -> list:
    """``epoch()`` once to compile, then ``rounds`` timed runs."""
    epoch()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        epoch()
        times.append(time.perf_counter() - start)
    return times


def keras_epoch_times(tf, rounds: int, workload: str = "mlp", steps_per_execution: int = 1) -> list:
    model = keras_model(tf, workload, steps_per_execution)
    if workload == "data":
        ds = pipeline(tf)
        return timed(lambda: model.fit(ds, epochs=1, verbose=0), rounds)
    x, y = data_of(workload)
    return timed(lambda: model.fit(x, y, batch_size=BATCH, epochs=1, shuffle=False, verbose=0), rounds)


def custom_loop_times(tf, rounds: int) -> list:
    """The ``data`` workload through a custom loop: ``for x, y in ds: step(x, y)``."""
    model = keras_model(tf, "data")
    loss_fn, optimizer = model.loss, model.optimizer
    ds = pipeline(tf)

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        optimizer.apply_gradients(
            zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables, strict=True)
        )
        return loss

    def epoch():
        for x, y in ds:
            loss = step(x, y)
        float(loss)

    return timed(epoch, rounds)


def jax_params(workload: str) -> dict:
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    if workload == "cnn":
        flat = ((SIDE - 2) // 2 - 2) ** 2 * 16
        return {
            "c1": jax.random.normal(k1, (3, 3, 1, 8)) * 0.1,
            "cb1": jnp.zeros(8),
            "c2": jax.random.normal(k2, (3, 3, 8, 16)) * 0.1,
            "cb2": jnp.zeros(16),
            "w": jax.random.normal(k3, (flat, C)) * 0.1,
            "b": jnp.zeros(C),
        }
    return {
        "w1": jax.random.normal(k1, (D, H)) * 0.1,
        "b1": jnp.zeros(H),
        "w2": jax.random.normal(k2, (H, C)) * 0.1,
        "b2": jnp.zeros(C),
    }


def jax_logits(workload: str, p, x):
    if workload != "cnn":
        if workload == "data":
            x = x * 0.5 + 0.1  # the pipeline's map, inside the step
        return jax.nn.relu(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]

    def conv(x, w, b):
        return jax.nn.relu(
            jax.lax.conv_general_dilated(x, w, (1, 1), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC"))
            + b
        )

    x = conv(x, p["c1"], p["cb1"])
    x = jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    x = conv(x, p["c2"], p["cb2"])
    return x.reshape(x.shape[0], -1) @ p["w"] + p["b"]


def jax_epoch_times(rounds: int, workload: str = "mlp") -> list:
    params = jax_params(workload)
    zeros = jax.tree_util.tree_map(jnp.zeros_like, params)
    state = [params, (zeros, zeros, jnp.zeros((), jnp.int32))]

    def loss_fn(p, x, y):
        logits = jax_logits(workload, p, x)
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))

    @jax.jit
    def step(p, s, x, y):
        loss, g = jax.value_and_grad(loss_fn)(p, x, y)
        m, v, t = s
        t = t + 1
        m = jax.tree_util.tree_map(lambda m, g: m + (g - m) * 0.1, m, g)
        v = jax.tree_util.tree_map(lambda v, g: v + (g * g - v) * 0.001, v, g)
        lr = 1e-3 * jnp.sqrt(1 - 0.999**t) / (1 - 0.9**t)
        p = jax.tree_util.tree_map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + 1e-7), p, m, v)
        return p, (m, v, t), loss

    x_all, y_all = data_of(workload)
    rng = np.random.default_rng(0)

    def epoch():
        p, s = state
        order = rng.permutation(len(x_all)) if workload == "data" else None
        for i in range(0, len(x_all), BATCH):
            if order is None:
                x, y = x_all[i : i + BATCH], y_all[i : i + BATCH]
            else:
                x, y = x_all[order[i : i + BATCH]], y_all[order[i : i + BATCH]]
            p, s, loss = step(p, s, x, y)
        loss.block_until_ready()
        state[:] = [p, s]

    return timed(epoch, rounds)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--workload", choices=("mlp", "cnn", "data"), default="mlp")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--tf-python", default=None)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--tf-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    global H, BATCH
    H, BATCH = args.hidden, args.batch
    workload = args.workload
    if args.tf_only:  # the TensorFlow side, in its own process
        import tensorflow as tf  # noqa: PLC0415

        print(statistics.median(keras_epoch_times(tf, args.rounds, workload)))
        return
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import tapejax  # noqa: PLC0415

    rows = {}
    for _ in range(2):  # interleaved, twice: the medians of both rounds
        rows.setdefault("jax.jit loop (limit)", []).extend(jax_epoch_times(args.rounds, workload))
        rows.setdefault("tapejax fit", []).extend(keras_epoch_times(tapejax, args.rounds, workload))
        if workload == "data":
            rows.setdefault("tapejax custom loop over the Dataset", []).extend(
                custom_loop_times(tapejax, args.rounds)
            )
        else:
            rows.setdefault("tapejax fit, steps_per_execution=8", []).extend(
                keras_epoch_times(tapejax, args.rounds, workload, steps_per_execution=8)
            )
    if args.tf_python:
        out = subprocess.run(
            [
                args.tf_python,
                __file__,
                "--tf-only",
                "--rounds",
                str(args.rounds),
                "--hidden",
                str(H),
                "--batch",
                str(BATCH),
                "--workload",
                workload,
            ],
            capture_output=True,
            text=True,
            env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"),
            check=True,
        )
        rows["TF fit"] = [float(out.stdout.strip().splitlines()[-1])]
    limit = statistics.median(rows["jax.jit loop (limit)"])
    steps = len(data_of(workload)[0]) // BATCH
    title = {"mlp": f"MLP {D}-{H}-{C}", "cnn": f"CNN {SIDE}x{SIDE}x1", "data": f"tf.data -> MLP {D}-{H}-{C}"}
    print(f"| fit epoch, {title[workload]}, {steps} steps of {BATCH} | median | vs jax.jit |")
    print("|---|---|---|")
    for name, times in rows.items():
        median = statistics.median(times)
        print(
            f"| {name} | {median * 1e3:.1f} ms ({median / steps * 1e6:.0f} us/step) | {median / limit:.2f}x |"
        )


if __name__ == "__main__":
    main()
