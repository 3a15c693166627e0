"""What the compile policy weighs (issue 25, ``tapejax/_core/engine/policy.py``): per gradient
structure, the first call compiled (XLA compile + run) against its runs fused and op by op.

Two kinds of structure: an actor-critic episode of ``n`` time steps (the model of
``compiles.py``'s actor-critic, sampled int indices), and MLP training steps. Each mode runs in
its own process (``--mode fused``: every structure compiled at once; ``--mode stepwise``: every
one op by op), so that one's compiled programs do not help the other. ``runs to break even``
= compile time / (op-by-op run - fused run): how many runs op by op cost one compile.

Usage: python benchmarks/policy_costs.py            (both modes, the table)
       python benchmarks/policy_costs.py --mode fused|stepwise   (one mode; prints JSON)
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np

EPISODE_STEPS = [5, 10, 20, 40]
MLPS = [([784, 512, 512, 10], 128), ([16, 64, 10], 32), ([4, 32, 32, 32, 32, 2], 8)]


def _set_mode(mode: str) -> None:
    from tapejax._core.engine import policy  # noqa: PLC0415

    class Never(policy.Sighting):
        def compile_now(self) -> bool:
            return False

    if mode == "fused":
        policy.sighting = lambda family, digest, nodes: None
    else:
        policy.sighting = lambda family, digest, nodes: Never(None, digest, nodes)


def _timed_gradient(tape, loss, variables) -> float:
    t0 = time.perf_counter()
    for g in tape.gradient(loss, variables):
        g.numpy()
    return time.perf_counter() - t0


def _episodes(tf) -> list:
    rng = np.random.default_rng(0)

    def var(*shape, scale=0.1):
        return tf.Variable((rng.standard_normal(shape) * scale).astype(np.float32))

    variables = [var(4, 128), var(128), var(128, 2), var(2), var(128, 1), var(1)]
    w1, b1, w2, b2, w3, b3 = variables
    huber = tf.keras.losses.Huber()

    def episode(n, seed):
        r = np.random.default_rng(seed)
        with tf.GradientTape() as tape:
            log_probs, values = [], []
            for _ in range(n):
                s = tf.constant(r.standard_normal((1, 4)).astype(np.float32))
                h = tf.nn.relu(tf.matmul(s, w1) + b1)
                p, v = tf.nn.softmax(tf.matmul(h, w2) + b2), tf.matmul(h, w3) + b3
                values.append(v[0, 0])
                log_probs.append(tf.math.log(p[0, r.choice(2, p=np.squeeze(p.numpy()))]))
            actor = [-lp * (float(t) - v) for t, (lp, v) in enumerate(zip(log_probs, values, strict=True))]
            critic = [huber(tf.expand_dims(v, 0), tf.expand_dims(float(t), 0)) for t, v in enumerate(values)]
            loss = sum(actor) + sum(critic)
        return _timed_gradient(tape, loss, variables)

    episode(3, 0)  # the small programs every structure shares
    episode(4, 0)
    rows = []
    for n in EPISODE_STEPS:
        first = episode(n, 0)
        rows.append(
            {
                "what": f"actor-critic episode, {n} steps",
                "first": first,
                "run": min(episode(n, s) for s in (1, 2, 3)),
            }
        )
    return rows


def _mlps(tf) -> list:
    rng = np.random.default_rng(0)
    rows = []
    for sizes, batch in MLPS:
        params = []
        for a, b in zip(sizes, sizes[1:], strict=False):
            params += [tf.Variable((rng.standard_normal((a, b)) / np.sqrt(a)).astype(np.float32))]
            params += [tf.Variable(np.zeros(b, np.float32))]
        x = tf.constant(rng.standard_normal((batch, sizes[0])).astype(np.float32))
        labels = tf.constant(np.eye(sizes[-1], dtype=np.float32)[rng.integers(0, sizes[-1], batch)])

        def step(extra, params=params, x=x, labels=labels):
            with tf.GradientTape() as tape:
                h = x
                for i in range(0, len(params), 2):
                    h = tf.matmul(h, params[i]) + params[i + 1]
                    if i < len(params) - 2:
                        h = tf.nn.relu(h)
                loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=h))
                for _ in range(extra):
                    loss = loss * 1.0001
            return _timed_gradient(tape, loss, params)

        step(0)  # the small programs every structure shares
        first = step(1)
        runs = sorted(step(1) for _ in range(15))
        rows.append({"what": f"MLP {sizes} batch {batch}", "first": first, "run": runs[len(runs) // 2]})
    return rows


def child(mode: str) -> list:
    import tapejax as tf  # noqa: PLC0415

    _set_mode(mode)
    return _episodes(tf) + _mlps(tf)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--mode", choices=["fused", "stepwise"])
    args = parser.parse_args()
    if args.mode:
        print(json.dumps(child(args.mode)))
        return
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join(
            [os.path.dirname(os.path.dirname(os.path.abspath(__file__))), os.environ.get("PYTHONPATH", "")]
        ),
    )
    out = {}
    for mode in ("fused", "stepwise"):
        cmd = [sys.executable, os.path.abspath(__file__), "--mode", mode]
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
        out[mode] = json.loads(done.stdout.strip().splitlines()[-1])
    print(
        "| structure | first call, compiled (s) | run fused (ms) | run op by op (ms) | runs to break even |"
    )
    print("|---|---|---|---|---|")
    for fused, by_op in zip(out["fused"], out["stepwise"], strict=True):
        saved = by_op["run"] - fused["run"]
        even = f"{fused['first'] / saved:.0f}" if saved > 0 else "never"
        print(
            f"| {fused['what']} | {fused['first']:.2f} | {fused['run'] * 1e3:.2f} | {by_op['run'] * 1e3:.2f} | {even} |"
        )


if __name__ == "__main__":
    main()
