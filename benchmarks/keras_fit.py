"""One ``fit`` epoch of a small Keras MLP: tapejax vs a hand-written ``jax.jit`` loop (vs TF).

The same model (Dense 64 relu -> Dense 10, sparse softmax cross-entropy, Adam), the same data
in memory (numpy, 4096 x 32, batches of 64, no shuffling), the same per-batch slicing. The
hand-written loop is what a JAX user writes: one jitted step taking and returning the
parameter and Adam-state pytrees. Steady epochs only (the first, with compilation, is left
out); the median of ``--rounds`` epochs. TensorFlow's ``fit`` is timed too when a Python with
TensorFlow is given (``--tf-python``), in its own process.

Usage: python benchmarks/keras_fit.py [--rounds 7] [--hidden 64] [--batch 64] [--tf-python PYTHON]
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


def keras_model(tf, steps_per_execution: int = 1):
    model = tf.keras.Sequential([tf.keras.Input((D,)), tf.keras.layers.Dense(H, activation="relu"),
                                 tf.keras.layers.Dense(C)])
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-3),
                  loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
                  steps_per_execution=steps_per_execution)
    return model


def keras_epoch_times(tf, rounds: int, steps_per_execution: int = 1) -> list:
    model = keras_model(tf, steps_per_execution)
    model.fit(X, Y, batch_size=BATCH, epochs=1, shuffle=False, verbose=0)  # compiles
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        model.fit(X, Y, batch_size=BATCH, epochs=1, shuffle=False, verbose=0)
        times.append(time.perf_counter() - start)
    return times


def jax_epoch_times(rounds: int) -> list:
    key = jax.random.PRNGKey(0)
    k1, k2 = jax.random.split(key)
    params = {"w1": jax.random.normal(k1, (D, H)) * 0.1, "b1": jnp.zeros(H),
              "w2": jax.random.normal(k2, (H, C)) * 0.1, "b2": jnp.zeros(C)}
    state = (jax.tree_util.tree_map(jnp.zeros_like, params), jax.tree_util.tree_map(jnp.zeros_like, params),
             jnp.zeros((), jnp.int32))

    def loss_fn(p, x, y):
        logits = jax.nn.relu(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))

    @jax.jit
    def step(p, s, x, y):
        loss, g = jax.value_and_grad(loss_fn)(p, x, y)
        m, v, t = s
        t = t + 1
        m = jax.tree_util.tree_map(lambda m, g: m + (g - m) * 0.1, m, g)
        v = jax.tree_util.tree_map(lambda v, g: v + (g * g - v) * 0.001, v, g)
        lr = 1e-3 * jnp.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t)
        p = jax.tree_util.tree_map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + 1e-7), p, m, v)
        return p, (m, v, t), loss

    def epoch(p, s):
        for i in range(0, N, BATCH):
            p, s, loss = step(p, s, X[i:i + BATCH], Y[i:i + BATCH])
        loss.block_until_ready()
        return p, s

    params, state = epoch(params, state)
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        params, state = epoch(params, state)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--tf-python", default=None)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--tf-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    global H, BATCH
    H, BATCH = args.hidden, args.batch
    if args.tf_only:  # the TensorFlow side, in its own process
        import tensorflow as tf  # noqa: PLC0415

        print(statistics.median(keras_epoch_times(tf, args.rounds)))
        return
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    import tapejax  # noqa: PLC0415

    rows = {}
    for _ in range(2):  # interleaved, twice: the medians of both rounds
        rows.setdefault("jax.jit loop (limit)", []).extend(jax_epoch_times(args.rounds))
        rows.setdefault("tapejax fit", []).extend(keras_epoch_times(tapejax, args.rounds))
        rows.setdefault("tapejax fit, steps_per_execution=8", []).extend(
            keras_epoch_times(tapejax, args.rounds, steps_per_execution=8))
    if args.tf_python:
        out = subprocess.run([args.tf_python, __file__, "--tf-only", "--rounds", str(args.rounds),
                              "--hidden", str(H), "--batch", str(BATCH)],
                             capture_output=True, text=True, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"),
                             check=True)
        rows["TF fit"] = [float(out.stdout.strip().splitlines()[-1])]
    limit = statistics.median(rows["jax.jit loop (limit)"])
    print(f"| fit epoch, MLP {D}-{H}-{C}, {N // BATCH} steps of {BATCH} | median | vs jax.jit |")
    print("|---|---|---|")
    for name, times in rows.items():
        median = statistics.median(times)
        print(f"| {name} | {median * 1e3:.1f} ms ({median / (N // BATCH) * 1e6:.0f} us/step) | "
              f"{median / limit:.2f}x |")


if __name__ == "__main__":
    main()
