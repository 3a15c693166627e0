"""Latency benchmarks (issue 13): what a person feels before the steady state.

- ``fresh_process``: a small training loop's import, first step and steady step, each
  variant in a fresh process (``python benchmarks/latency.py --fresh VARIANT WORKLOAD`` runs
  one): tapejax eager, tapejax with JAX's persistent compilation cache filled by an earlier
  run, tapejax.function, the same loop hand-written in ``jax.jit`` JAX (the limit), TF eager
  and tf.function.
- ``changing_shapes``: eager loops whose shapes change every step: an MLP training step over
  20 batch sizes, and a Python-loop RNN over sequences of 20 lengths; the time per step on the
  first pass over the sizes (each new) and on the second (each seen once); the hand-written
  ``jax.jit`` loops beside them.

The tapejax and TF variants run the same TF-API source (TensorFlow when installed).
Usage: python benchmarks/latency.py [--fresh VARIANT WORKLOAD]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
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


def _mlp_arrays(sizes):
    """An MLP's weights and biases (numpy), for the TF-API and the hand-written loops alike."""
    return [
        v
        for a, b in zip(sizes, sizes[1:], strict=False)
        for v in ((RNG.standard_normal((a, b)) / np.sqrt(a)).astype(np.float32), np.zeros(b, np.float32))
    ]


def _batch_arrays(n, width=32):
    """A batch of inputs and one-hot labels over 10 classes (numpy)."""
    return (
        RNG.standard_normal((n, width)).astype(np.float32),
        np.eye(10, dtype=np.float32)[RNG.integers(0, 10, n)],
    )


def _mlp_params(tf, sizes):
    return [tf.Variable(v) for v in _mlp_arrays(sizes)]


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
    return tuple(tf.constant(a) for a in _batch_arrays(n, width))


def _small_mlp(tf):
    step = _mlp_step(tf, _mlp_params(tf, [32, 64, 10]))
    x, labels = _batch(tf, 64)
    return lambda: step(x, labels)


# -- the same loops hand-written in JAX (the limit): one jax.jit per step ---------------------------
def _jax_mlp_step():
    import jax  # noqa: PLC0415 - imported in the child process, timed with the first step
    import jax.numpy as jnp  # noqa: PLC0415

    def loss(params, x, labels):
        h = jax.nn.relu(x @ params[0] + params[1])
        logits = h @ params[2] + params[3]
        return jnp.mean(-jnp.sum(labels * jax.nn.log_softmax(logits), axis=-1))

    @jax.jit
    def step(params, x, labels):
        value, grads = jax.value_and_grad(loss)(params, x, labels)
        return [p - 0.05 * g for p, g in zip(params, grads, strict=True)], value

    return step


def _jax_runner(step, params, *data):
    """A zero-argument step over mutable ``params`` (as the TF-API loops' Variables)."""

    def run():
        params[:], value = step(params, *data)
        return value

    return run


def _jax_linreg():
    import jax  # noqa: PLC0415 - see _jax_mlp_step
    import jax.numpy as jnp  # noqa: PLC0415

    params = [jnp.asarray(np.array([[0.1], [0.2], [0.3]], np.float32)), jnp.asarray(np.float32(0.0))]
    x = jnp.asarray(RNG.standard_normal((32, 3)).astype(np.float32))
    y = jnp.asarray(RNG.standard_normal((32, 1)).astype(np.float32))

    @jax.jit
    def step(params, x, y):
        value, grads = jax.value_and_grad(lambda p: jnp.mean((x @ p[0] + p[1] - y) ** 2))(params)
        return [p - 0.1 * g for p, g in zip(params, grads, strict=True)], value

    return _jax_runner(step, params, x, y)


def _jax_params(sizes):
    import jax.numpy as jnp  # noqa: PLC0415 - see _jax_mlp_step

    return [jnp.asarray(v) for v in _mlp_arrays(sizes)]


def _jax_batch(n, width=32):
    import jax.numpy as jnp  # noqa: PLC0415 - see _jax_mlp_step

    return tuple(jnp.asarray(a) for a in _batch_arrays(n, width))


def _jax_small_mlp():
    return _jax_runner(_jax_mlp_step(), _jax_params([32, 64, 10]), *_jax_batch(64))


# A fresh-process variant: the module its step is written against, and its environment.
# "tapejax, warm JAX cache" runs with JAX's persistent compilation cache (README, Speed) in a
# directory an earlier run of the same workload filled.
FRESH_VARIANTS = {
    "jax.jit (limit)": "jax",
    "tapejax eager": "tapejax",
    "tapejax eager, warm JAX cache": "tapejax",
    "tapejax.function": "tapejax.function",
    "TF eager": "tensorflow",
    "tf.function": "tensorflow.function",
}
_CACHE_ENV = {
    "JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS": "0",
    "JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES": "0",
}


def _fresh_child(module: str, name: str) -> None:
    """Runs in the fresh process: prints import, first step and steady step times (JSON)."""
    module, _, compiled = module.partition(".")  # "tapejax.function": the step in tf.function
    t0 = time.perf_counter()
    tf = __import__(module)
    imported = time.perf_counter() - t0
    if module == "jax":
        step = {"linear regression (4 params)": _jax_linreg, "MLP 32-64-10": _jax_small_mlp}[name]()
    else:
        step = {"linear regression (4 params)": _linreg, "MLP 32-64-10": _small_mlp}[name](tf)
        if compiled:
            step = tf.function(step)
    times = []
    for _ in range(21):
        t0 = time.perf_counter()
        float(step())
        times.append(time.perf_counter() - t0)
    print(
        json.dumps(
            {
                "import_s": imported,
                "first_s": times[0],
                "second_s": times[1],
                "steady_s": statistics.median(times[5:]),
            }
        )
    )


def fresh_process(variants, name: str, repeats: int = 3) -> dict:
    """Per variant, the median over ``repeats`` fresh processes of each time (interleaved)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    env = {k: v for k, v in env.items() if not k.startswith("JAX_COMPILATION_CACHE")}
    env["TAPEJAX_COMPILATION_CACHE"] = "0"  # every child compiles (compiles.py --cache: tapejax's)
    with tempfile.TemporaryDirectory() as cache:
        envs = {
            v: env | ({"JAX_COMPILATION_CACHE_DIR": cache} | _CACHE_ENV if "cache" in v else {})
            for v in variants
        }

        def run(variant):
            cmd = [sys.executable, os.path.abspath(__file__), "--fresh", FRESH_VARIANTS[variant], name]
            out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=envs[variant])
            return json.loads(out.stdout.strip().splitlines()[-1])

        for v in variants:  # fills the persistent cache (and warms the disk for every variant)
            run(v)
        runs = {v: [] for v in variants}
        for _ in range(repeats):
            for v in variants:
                runs[v].append(run(v))
    return {v: {k: statistics.median(r[k] for r in rs) for k in rs[0]} for v, rs in runs.items()}


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


def _jax_varying_batch():
    step, params = _jax_mlp_step(), _jax_params([32, 64, 10])
    return [_jax_runner(step, params, *_jax_batch(n)) for n in BATCHES]


def _jax_rnn(units=16, features=8, batch=4):
    import jax  # noqa: PLC0415 - see _jax_mlp_step
    import jax.numpy as jnp  # noqa: PLC0415

    params = [
        jnp.asarray((RNG.standard_normal((features, units)) / 3).astype(np.float32)),
        jnp.asarray((RNG.standard_normal((units, units)) / 4).astype(np.float32)),
        jnp.zeros(units, np.float32),
    ]

    def loss(params, xs):
        kernel, recurrent, bias = params
        h = jnp.zeros((batch, units), np.float32)
        for t in range(xs.shape[0]):  # unrolled, as the eager loop: one program per length
            h = jnp.tanh(xs[t] @ kernel + h @ recurrent + bias)
        return jnp.mean(h * h)

    @jax.jit
    def step(params, xs):
        value, grads = jax.value_and_grad(loss)(params, xs)
        return [p - 0.1 * g for p, g in zip(params, grads, strict=True)], value

    data = [jnp.asarray(RNG.standard_normal((n, batch, features)).astype(np.float32)) for n in LENGTHS]
    return [_jax_runner(step, params, xs) for xs in data]


CHANGING = {"MLP step, 20 batch sizes": _varying_batch, "Python-loop RNN, 20 lengths": _rnn}
JAX_CHANGING = {"MLP step, 20 batch sizes": _jax_varying_batch, "Python-loop RNN, 20 lengths": _jax_rnn}


def changing_shapes(tf, name: str) -> dict:
    """Mean time per step over the first pass (every shape new) and the second pass;
    ``tf`` None: the hand-written jax.jit loop."""
    steps = JAX_CHANGING[name]() if tf is None else CHANGING[name](tf)
    out = {}
    for label in ("first_pass_s", "second_pass_s"):
        t0 = time.perf_counter()
        for step in steps:
            float(step())
        out[label] = (time.perf_counter() - t0) / len(steps)
    return out


def _fmt(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.0f} µs"


def _ratio(res: dict, ours: str, theirs: str, key: str) -> str:
    return f"{res[ours][key] / res[theirs][key]:.2f}x" if theirs in res else "n/a"


def tables(tf_module) -> str:
    """The Markdown sections for RESULTS.md (TF rows when TensorFlow is importable)."""
    import tapejax  # noqa: PLC0415 - the benchmark's subject, imported once the harness is up

    variants = [v for v in FRESH_VARIANTS if tf_module is not None or "tensorflow" not in FRESH_VARIANTS[v]]
    lines = [
        "| workload | variant | import | first step | 2nd step | steady step "
        "| first step / jax.jit's | first step / TF eager's |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name in FRESH_WORKLOADS:
        res = fresh_process(variants, name)
        for v in variants:
            cells = [_fmt(res[v][k]) for k in ("import_s", "first_s", "second_s", "steady_s")]
            lines.append(
                f"| {name} | {v} | " + " | ".join(cells) + " | "
                f"{_ratio(res, v, 'jax.jit (limit)', 'first_s')} | "
                f"{_ratio(res, v, 'TF eager', 'first_s')} |"
            )
    fresh = "\n".join(lines)
    frameworks = {"jax.jit (limit)": None, "tapejax eager": tapejax} | (
        {"TF eager": tf_module} if tf_module is not None else {}
    )
    lines = [
        "| workload | variant | 1st pass / step | 2nd pass / step | 1st pass / jax.jit's "
        "| 1st pass / TF eager's |",
        "|---|---|---|---|---|---|",
    ]
    for name in CHANGING:
        res = {f: changing_shapes(m, name) for f, m in frameworks.items()}
        for f in frameworks:
            cells = [_fmt(res[f][k]) for k in ("first_pass_s", "second_pass_s")]
            lines.append(
                f"| {name} | {f} | " + " | ".join(cells) + " | "
                f"{_ratio(res, f, 'jax.jit (limit)', 'first_pass_s')} | "
                f"{_ratio(res, f, 'TF eager', 'first_pass_s')} |"
            )
    return (
        "\n## First step in a fresh process\n\nEach variant in its own fresh process "
        "(median of 3, interleaved, after one unmeasured run of each): the import, the first "
        "training step (tracing and compiles included), the second, and the median of steps "
        '6-21. "warm JAX cache": JAX\'s persistent compilation cache switched on by '
        "environment variables (README, Speed) in a directory the unmeasured run filled.\n\n"
        + fresh
        + "\n\n## Changing shapes\n\nEager training loops whose shapes change every "
        f"step (batch sizes {BATCHES[:4]}..., sequence lengths {LENGTHS[:4]}...): time per step "
        "over the first pass (every shape new) and over the second; the hand-written "
        "`jax.jit` loops compile once per shape too.\n\n" + "\n".join(lines) + "\n"
    )


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--fresh":
        sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        _fresh_child(sys.argv[2], sys.argv[3])
    else:
        try:
            import tensorflow  # noqa: PLC0415 - optional, for the TF rows
        except ImportError:
            tensorflow = None
        print(tables(tensorflow))
