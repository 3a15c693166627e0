"""Latency benchmarks (issue 13): what a person feels before the steady state.

- ``fresh_process``: a small training loop's import, first step and steady step, each
  framework in a fresh process (``python benchmarks/latency.py --fresh`` runs one).
- ``changing_shapes``: eager loops whose shapes change every step: an MLP training step over
  20 batch sizes, and a Python-loop RNN over sequences of 20 lengths; the time per step on the
  first pass over the sizes (each new) and on the second (each seen once).

Each takes the TF-API module (tapejax, or TensorFlow when installed) and runs the same source.
Usage: python benchmarks/latency.py [--fresh tapejax|tensorflow WORKLOAD]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

RNG = np.random.default_rng(0)
FRESH_WORKLOADS = ("linear regression (4 params)", "MLP 32-64-10")


def _linreg(tf):
    w, b = tf.Variable(np.array([[0.1], [0.2], [0.3]], np.float32)), tf.Variable(0.0)
    x = tf.constant(RNG.standard_normal((32, 3)).astype(np.float32))
    y = tf.constant(RNG.standard_normal((32, 1)).astype(np.float32))

    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((tf.matmul(x, w) + b - y) ** 2)
        gw, gb = tape.gradient(loss, [w, b])
        w.assign_sub(0.1 * gw)
        b.assign_sub(0.1 * gb)
        return loss

    return step


def _mlp_params(tf, sizes):
    return [tf.Variable(v) for a, b in zip(sizes, sizes[1:], strict=False)
            for v in ((RNG.standard_normal((a, b)) / np.sqrt(a)).astype(np.float32), np.zeros(b, np.float32))]


def _mlp_step(tf, params):
    def step(x, labels):
        with tf.GradientTape() as tape:
            h = tf.nn.relu(tf.matmul(x, params[0]) + params[1])
            logits = tf.matmul(h, params[2]) + params[3]
            loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))
        grads = tape.gradient(loss, params)
        for p, g in zip(params, grads, strict=True):
            p.assign_sub(0.05 * g)
        return loss

    return step


def _batch(tf, n, width=32):
    x = tf.constant(RNG.standard_normal((n, width)).astype(np.float32))
    return x, tf.constant(np.eye(10, dtype=np.float32)[RNG.integers(0, 10, n)])


def _small_mlp(tf):
    step = _mlp_step(tf, _mlp_params(tf, [32, 64, 10]))
    x, labels = _batch(tf, 64)
    return lambda: step(x, labels)


def _fresh_child(module: str, name: str) -> None:
    """Runs in the fresh process: prints import, first step and steady step times (JSON)."""
    t0 = time.perf_counter()
    tf = __import__(module)
    imported = time.perf_counter() - t0
    step = {"linear regression (4 params)": _linreg, "MLP 32-64-10": _small_mlp}[name](tf)
    times = []
    for _ in range(21):
        t0 = time.perf_counter()
        float(step())
        times.append(time.perf_counter() - t0)
    print(json.dumps({"import_s": imported, "first_s": times[0], "second_s": times[1],
                      "steady_s": statistics.median(times[5:])}))


def fresh_process(modules, name: str, repeats: int = 3) -> dict:
    """Per module, the median over ``repeats`` fresh processes of each time (interleaved)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    runs = {m: [] for m in modules}
    for _ in range(repeats):
        for m in modules:
            out = subprocess.run([sys.executable, os.path.abspath(__file__), "--fresh", m, name],
                                 capture_output=True, text=True, check=True, env=env)
            runs[m].append(json.loads(out.stdout.strip().splitlines()[-1]))
    return {m: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for m, rs in runs.items()}


# -- shapes that change every step ------------------------------------------------------------
BATCHES = [int(n) for n in RNG.permutation(np.arange(8, 168, 8))]  # 20 sizes, shuffled
LENGTHS = [int(n) for n in RNG.permutation(np.arange(5, 25))]  # 20 sequence lengths


def _varying_batch(tf):
    step = _mlp_step(tf, _mlp_params(tf, [32, 64, 10]))
    data = [_batch(tf, n) for n in BATCHES]
    return [lambda d=d: step(*d) for d in data]


def _rnn(tf, units=16, features=8, batch=4):
    kernel = tf.Variable((RNG.standard_normal((features, units)) / 3).astype(np.float32))
    recurrent = tf.Variable((RNG.standard_normal((units, units)) / 4).astype(np.float32))
    bias = tf.Variable(np.zeros(units, np.float32))
    params = [kernel, recurrent, bias]

    def step(xs):
        with tf.GradientTape() as tape:
            h = tf.zeros([batch, units])
            for t in range(xs.shape[0]):  # a Python loop: one more op per time step
                h = tf.tanh(tf.matmul(xs[t], kernel) + tf.matmul(h, recurrent) + bias)
            loss = tf.reduce_mean(h * h)
        grads = tape.gradient(loss, params)
        for p, g in zip(params, grads, strict=True):
            p.assign_sub(0.1 * g)
        return loss

    data = [tf.constant(RNG.standard_normal((n, batch, features)).astype(np.float32)) for n in LENGTHS]
    return [lambda xs=xs: step(xs) for xs in data]


CHANGING = {"MLP step, 20 batch sizes": _varying_batch, "Python-loop RNN, 20 lengths": _rnn}


def changing_shapes(tf, name: str) -> dict:
    """Mean time per step over the first pass (every shape new) and the second pass."""
    steps = CHANGING[name](tf)
    out = {}
    for label in ("first_pass_s", "second_pass_s"):
        t0 = time.perf_counter()
        for step in steps:
            float(step())
        out[label] = (time.perf_counter() - t0) / len(steps)
    return out


def _fmt(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.0f} µs"


def tables(tf_module) -> str:
    """The Markdown sections for RESULTS.md (TF columns when TensorFlow is importable)."""
    import tapejax  # noqa: PLC0415 - the benchmark's subject, imported once the harness is up

    modules = ["tapejax"] + (["tensorflow"] if tf_module is not None else [])
    lines = ["| workload | " + " | ".join(f"{m} import | {m} first step | {m} 2nd step | {m} steady"
                                          for m in modules) + " | first step vs TF |",
             "|---|" + "---|" * (4 * len(modules) + 1)]
    for name in FRESH_WORKLOADS:
        res = fresh_process(modules, name)
        cells = [_fmt(res[m][k]) for m in modules for k in ("import_s", "first_s", "second_s", "steady_s")]
        ratio = (f"{res['tapejax']['first_s'] / res['tensorflow']['first_s']:.2f}x"
                 if tf_module is not None else "n/a")
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {ratio} |")
    fresh = "\n".join(lines)
    frameworks = {"tapejax eager": tapejax} | ({"TF eager": tf_module} if tf_module is not None else {})
    lines = ["| workload | " + " | ".join(f"{f} 1st pass / step | {f} 2nd pass / step" for f in frameworks)
             + " | 1st pass vs TF |", "|---|" + "---|" * (2 * len(frameworks) + 1)]
    for name in CHANGING:
        res = {f: changing_shapes(m, name) for f, m in frameworks.items()}
        cells = [_fmt(res[f][k]) for f in frameworks for k in ("first_pass_s", "second_pass_s")]
        ratio = (f"{res['tapejax eager']['first_pass_s'] / res['TF eager']['first_pass_s']:.2f}x"
                 if tf_module is not None else "n/a")
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {ratio} |")
    return ("\n## First step in a fresh process\n\nEach framework in its own fresh process "
            "(median of 3, interleaved): the import, the first training step (tracing and "
            "compiles included), the second, and the median of steps 6-21.\n\n" + fresh +
            "\n\n## Changing shapes\n\nEager training loops whose shapes change every step "
            f"(batch sizes {BATCHES[:4]}..., sequence lengths {LENGTHS[:4]}...): time per step "
            "over the first pass (every shape new) and over the second.\n\n"
            + "\n".join(lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--fresh":
        sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        _fresh_child(sys.argv[2], sys.argv[3])
    else:
        try:
            import tensorflow  # noqa: PLC0415 - optional, for the TF columns
        except ImportError:
            tensorflow = None
        print(tables(tensorflow))
