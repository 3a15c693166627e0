"""A data-parallel training step on N simulated CPU devices: TF's custom loop under
``tf.distribute.MirroredStrategy`` (tapejax) vs the same step hand-written with ``jax.sharding``.

The model is an MLP (Dense 256 relu -> Dense 10 on 64 features, mean squared error on one-hot
targets, SGD 0.1); the global batch (256 rows) is split over the replicas. tapejax: the TF
tutorial's ``strategy.run(replica_step)`` with ``tf.nn.compute_average_loss`` and a
GradientTape, ``strategy.reduce`` of the losses, in one ``tf.function``; the batch distributed
once by ``experimental_distribute_dataset``. JAX: parameters replicated and the batch split
with ``NamedSharding`` over a 1-D mesh, one ``jax.jit`` step returning the new parameters and the
loss. Both read the loss back after every step (XLA's CPU collectives over simulated devices
can miss their rendezvous when many steps are queued on 2 cores: an abort after 40 s); the
median (and the best) over ``--rounds`` rounds of ``--steps`` steps, the two sides
interleaved. Each N runs in its own process (JAX fixes its device count when it starts:
``XLA_FLAGS=--xla_force_host_platform_device_count=N``).

Usage: python benchmarks/distribute_step.py [--devices 2 4 8] [--rounds 9] [--steps 50]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

BATCH, D, H, C = 256, 64, 256, 10
RNG = np.random.default_rng(0)
X = RNG.normal(size=(BATCH, D)).astype(np.float32)
Y = np.eye(C, dtype=np.float32)[RNG.integers(0, C, BATCH)]
W1 = (RNG.normal(size=(D, H)) / np.sqrt(D)).astype(np.float32)
W2 = (RNG.normal(size=(H, C)) / np.sqrt(H)).astype(np.float32)
LR = 0.1


def tapejax_step():
    import tapejax as tf  # noqa: PLC0415

    strategy = tf.distribute.MirroredStrategy()
    with strategy.scope():
        w1, b1 = tf.Variable(W1), tf.Variable(np.zeros(H, np.float32))
        w2, b2 = tf.Variable(W2), tf.Variable(np.zeros(C, np.float32))
        opt = tf.keras.optimizers.SGD(LR)
    variables = [w1, b1, w2, b2]
    batch = next(
        iter(
            strategy.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((X, Y)).batch(BATCH))
        )
    )

    def replica_step(x, y):
        with tf.GradientTape() as tape:
            pred = tf.nn.relu(x @ w1 + b1) @ w2 + b2
            per_example = tf.reduce_mean(tf.square(pred - y), axis=1)
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=BATCH)
        opt.apply_gradients(zip(tape.gradient(loss, variables), variables, strict=True))
        return loss

    @tf.function
    def step(x, y):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica_step, args=(x, y)), axis=None)

    def run(steps: int) -> float:
        for _ in range(steps):
            loss = float(step(*batch))
        return loss

    return run, strategy.num_replicas_in_sync


def jax_step():
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415
    from jax.sharding import NamedSharding  # noqa: PLC0415
    from jax.sharding import PartitionSpec as P  # noqa: PLC0415

    mesh = jax.sharding.Mesh(np.array(jax.devices()), ("data",))
    replicated, split = NamedSharding(mesh, P()), NamedSharding(mesh, P("data"))
    params = jax.device_put(
        {"w1": W1, "b1": np.zeros(H, np.float32), "w2": W2, "b2": np.zeros(C, np.float32)}, replicated
    )
    x, y = jax.device_put(X, split), jax.device_put(Y, split)

    def loss_fn(p, x, y):
        pred = jax.nn.relu(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]
        return jnp.mean(jnp.square(pred - y))

    @jax.jit
    def step(p, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(p, x, y)
        return jax.tree_util.tree_map(lambda a, g: a - LR * g, p, grads), loss

    state = {"params": params}

    def run(steps: int) -> float:
        for _ in range(steps):
            state["params"], loss = step(state["params"], x, y)
            loss = float(loss)
        return loss

    return run


def child(rounds: int, steps: int) -> dict:
    ours, replicas = tapejax_step()
    theirs = jax_step()
    ours(3), theirs(3)  # compiled, warm
    times = {"tapejax": [], "jax": []}
    for _ in range(rounds):
        for name, run in (("tapejax", ours), ("jax", theirs)):
            start = time.perf_counter()
            run(steps)
            times[name].append((time.perf_counter() - start) / steps)
    best = {f"{k}_best": min(v) for k, v in times.items()}
    return {"replicas": replicas, **{k: statistics.median(v) for k, v in times.items()}, **best}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--devices", type=int, nargs="+", default=[2, 4, 8])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.rounds, args.steps)))
        return
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    print("| devices | jax.sharding step (limit) | tapejax MirroredStrategy step (x limit) | best rounds |")
    print("|---|---|---|---|")
    for n in args.devices:
        env = {
            **os.environ,
            "XLA_FLAGS": f"--xla_force_host_platform_device_count={n}",
            "JAX_PLATFORMS": "cpu",
            "PYTHONPATH": os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p),
        }
        command = [
            sys.executable,
            __file__,
            "--child",
            "--rounds",
            str(args.rounds),
            "--steps",
            str(args.steps),
        ]
        done = subprocess.run(command, env=env, text=True, capture_output=True, check=True)
        out = json.loads(done.stdout.splitlines()[-1])
        assert out["replicas"] == n
        ratio, best = out["tapejax"] / out["jax"], out["tapejax_best"] / out["jax_best"]
        print(
            f"| {n} | {out['jax'] * 1e6:.0f} µs | {out['tapejax'] * 1e6:.0f} µs ({ratio:.2f}x) | {best:.2f}x |"
        )


if __name__ == "__main__":
    main()
