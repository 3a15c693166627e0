"""Convolutions on CPU: tapejax vs hand-written ``jax.jit`` (XLA's own lowering) vs TF 2.21.

Each convolution family (Keras 3 layers: Conv1D/2D/3D strided and dilated, Conv2D/3DTranspose,
DepthwiseConv2D, SeparableConv2D, pooling) is timed forward and value + gradients (of
``sum(y**2)`` with respect to the input and every weight), each in one compiled function:
``tapejax.function`` over the Keras layer, a hand-written ``jax.jit`` of the same math with
``jax.lax``'s own convolutions (``conv_general_dilated``, ``conv_transpose``,
``feature_group_count``, ``reduce_window``), and TF's ``tf.function`` over TF's Keras layer.
Whole training steps (a DCGAN-style generator/discriminator step with two tapes, a small CNN
classifier step, a U-Net-style encoder/decoder step, Adam) are timed as ``tapejax.function``
with tapejax's lowering, the same with XLA's own (``TAPEJAX_CONV_LOWERING=xla`` while it is
traced) and ``tf.function``.

TensorFlow runs in this process when it is importable here, else in a worker process of the
Python given by ``--tf-python``; either way every variant is timed round by round, interleaved
with the others, and the median over rounds is reported (ratios are within one run).

Prints a Markdown table (RESULTS.md, "Convolutions on CPU").

Usage: python benchmarks/convs.py [--only conv2d,dcgan] [--rounds 5] [--budget 0.3]
       [--tf-python PYTHON]
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

HERE = os.path.dirname(os.path.abspath(__file__))
RNG = np.random.default_rng(0)

# name: (Keras layer class, its arguments, input shape)
FAMILIES = {
    "Conv2D 3x3 s1": ("Conv2D", {"filters": 64, "kernel_size": 3, "padding": "same"}, (32, 32, 32, 64)),
    "Conv2D 3x3 s2": (
        "Conv2D",
        {"filters": 128, "kernel_size": 3, "strides": 2, "padding": "same"},
        (32, 32, 32, 64),
    ),
    "Conv2D 4x4 s2": (
        "Conv2D",
        {"filters": 128, "kernel_size": 4, "strides": 2, "padding": "same"},
        (32, 32, 32, 64),
    ),
    "Conv2D 3x3 dilation 2": (
        "Conv2D",
        {"filters": 64, "kernel_size": 3, "dilation_rate": 2, "padding": "same"},
        (32, 32, 32, 64),
    ),
    "Conv1D 5 s2": (
        "Conv1D",
        {"filters": 64, "kernel_size": 5, "strides": 2, "padding": "same"},
        (32, 512, 64),
    ),
    "Conv3D 3 s2": (
        "Conv3D",
        {"filters": 32, "kernel_size": 3, "strides": 2, "padding": "same"},
        (8, 16, 16, 16, 16),
    ),
    "Conv2DTranspose 4x4 s2": (
        "Conv2DTranspose",
        {"filters": 128, "kernel_size": 4, "strides": 2, "padding": "same"},
        (64, 7, 7, 128),
    ),
    "Conv2DTranspose 3x3 s2": (
        "Conv2DTranspose",
        {"filters": 32, "kernel_size": 3, "strides": 2, "padding": "same"},
        (32, 16, 16, 64),
    ),
    "Conv3DTranspose 3 s2": (
        "Conv3DTranspose",
        {"filters": 16, "kernel_size": 3, "strides": 2, "padding": "same"},
        (8, 8, 8, 8, 32),
    ),
    "DepthwiseConv2D 3x3 s1": ("DepthwiseConv2D", {"kernel_size": 3, "padding": "same"}, (32, 32, 32, 64)),
    "DepthwiseConv2D 3x3 s2": (
        "DepthwiseConv2D",
        {"kernel_size": 3, "strides": 2, "padding": "same"},
        (32, 32, 32, 64),
    ),
    "SeparableConv2D 3x3": (
        "SeparableConv2D",
        {"filters": 64, "kernel_size": 3, "padding": "same"},
        (32, 32, 32, 64),
    ),
    "MaxPooling2D 2": ("MaxPooling2D", {"pool_size": 2}, (32, 32, 32, 64)),
    "AveragePooling2D 3 s2": (
        "AveragePooling2D",
        {"pool_size": 3, "strides": 2, "padding": "same"},
        (32, 32, 32, 64),
    ),
}
STEPS = ("DCGAN step", "CNN classifier step", "U-Net step")


def _family_fns(tf, name):
    """``(forward, value_and_grads)`` compiled with ``tf.function`` for TF or tapejax."""
    cls, kwargs, shape = FAMILIES[name]
    layer = getattr(tf.keras.layers, cls)(**kwargs)
    x = tf.constant(np.random.default_rng(1).normal(size=shape).astype(np.float32))
    layer(x)

    @tf.function
    def forward(x):
        return layer(x)

    @tf.function
    def value_and_grads(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = layer(x)
            loss = tf.reduce_sum(y * y)
        return y, tape.gradient(loss, [x, *layer.trainable_variables])

    return x, forward, value_and_grads, [w.numpy() for w in layer.trainable_variables]


def _dcgan(tf):
    layers, batch, latent = tf.keras.layers, 32, 64
    generator = tf.keras.Sequential(
        [
            tf.keras.Input((latent,)),
            layers.Dense(8 * 8 * 128),
            layers.Reshape((8, 8, 128)),
            layers.Conv2DTranspose(128, 4, strides=2, padding="same"),
            layers.LeakyReLU(0.2),
            layers.Conv2DTranspose(64, 4, strides=2, padding="same"),
            layers.LeakyReLU(0.2),
            layers.Conv2D(3, 5, padding="same", activation="sigmoid"),
        ]
    )
    discriminator = tf.keras.Sequential(
        [
            tf.keras.Input((32, 32, 3)),
            layers.Conv2D(64, 4, strides=2, padding="same"),
            layers.LeakyReLU(0.2),
            layers.Conv2D(128, 4, strides=2, padding="same"),
            layers.LeakyReLU(0.2),
            layers.Flatten(),
            layers.Dense(1),
        ]
    )
    d_opt, g_opt = tf.keras.optimizers.Adam(1e-4), tf.keras.optimizers.Adam(1e-4)
    bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)
    rng = np.random.default_rng(2)
    real = tf.constant(rng.uniform(size=(batch, 32, 32, 3)).astype(np.float32))
    noise = tf.constant(rng.normal(size=(batch, latent)).astype(np.float32))

    @tf.function
    def step(real, noise):  # keras.io's DCGAN train_step: the discriminator, then the generator
        fake = generator(noise)
        images = tf.concat([fake, real], axis=0)
        labels = tf.concat([tf.ones((batch, 1)), tf.zeros((batch, 1))], axis=0)
        with tf.GradientTape() as tape:
            d_loss = bce(labels, discriminator(images))
        d_opt.apply_gradients(
            zip(
                tape.gradient(d_loss, discriminator.trainable_weights),
                discriminator.trainable_weights,
                strict=True,
            )
        )
        with tf.GradientTape() as tape:
            g_loss = bce(tf.zeros((batch, 1)), discriminator(generator(noise)))
        g_opt.apply_gradients(
            zip(tape.gradient(g_loss, generator.trainable_weights), generator.trainable_weights, strict=True)
        )
        return d_loss, g_loss

    return lambda: step(real, noise)


def _cnn(tf):
    layers = tf.keras.layers
    model = tf.keras.Sequential(
        [
            tf.keras.Input((28, 28, 1)),
            layers.Conv2D(32, 3, activation="relu"),
            layers.MaxPooling2D(2),
            layers.Conv2D(64, 3, activation="relu"),
            layers.MaxPooling2D(2),
            layers.Flatten(),
            layers.Dense(10),
        ]
    )
    opt = tf.keras.optimizers.Adam(1e-3)
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    rng = np.random.default_rng(3)
    x = tf.constant(rng.uniform(size=(64, 28, 28, 1)).astype(np.float32))
    y = tf.constant(rng.integers(0, 10, size=(64,)).astype(np.int32))

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x))
        opt.apply_gradients(
            zip(tape.gradient(loss, model.trainable_weights), model.trainable_weights, strict=True)
        )
        return loss

    return lambda: step(x, y)


def _unet(tf):
    layers = tf.keras.layers
    inputs = tf.keras.Input((64, 64, 3))
    e1 = layers.Conv2D(16, 3, padding="same", activation="relu")(inputs)
    e2 = layers.Conv2D(32, 3, strides=2, padding="same", activation="relu")(e1)
    e3 = layers.Conv2D(64, 3, strides=2, padding="same", activation="relu")(e2)
    d2 = layers.Conv2DTranspose(32, 3, strides=2, padding="same", activation="relu")(e3)
    d2 = layers.Concatenate()([d2, e2])
    d1 = layers.Conv2DTranspose(16, 3, strides=2, padding="same", activation="relu")(d2)
    d1 = layers.Concatenate()([d1, e1])
    model = tf.keras.Model(inputs, layers.Conv2D(1, 1)(d1))
    opt = tf.keras.optimizers.Adam(1e-3)
    rng = np.random.default_rng(4)
    x = tf.constant(rng.uniform(size=(16, 64, 64, 3)).astype(np.float32))
    target = tf.constant(rng.uniform(size=(16, 64, 64, 1)).astype(np.float32))

    @tf.function
    def step(x, target):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - target))
        opt.apply_gradients(
            zip(tape.gradient(loss, model.trainable_weights), model.trainable_weights, strict=True)
        )
        return loss

    return lambda: step(x, target)


_STEP_BUILDERS = {"DCGAN step": _dcgan, "CNN classifier step": _cnn, "U-Net step": _unet}


def _sync(result):
    for leaf in _leaves(result):
        np.asarray(leaf)  # waits for the value (a TF or tapejax Tensor, or a jax.Array)
    return result


def _leaves(x):
    if isinstance(x, (list, tuple)):
        return [leaf for item in x for leaf in _leaves(item)]
    return [x]


def tf_variants(tf, names) -> dict:
    """``{(workload, variant): zero-argument callable}`` for TF (or tapejax as ``tf``)."""
    out = {}
    for name in names:
        if name in FAMILIES:
            x, forward, value_and_grads, _ = _family_fns(tf, name)
            out[(name, "forward")] = lambda f=forward, x=x: f(x)
            out[(name, "value+grad")] = lambda f=value_and_grads, x=x: f(x)
        else:
            out[(name, "step")] = _STEP_BUILDERS[name](tf)
    return out


# --- hand-written JAX (XLA's own lowering) -----------------------------------------------


def jax_variants(names, weights) -> dict:
    import jax  # noqa: PLC0415 - the TF worker process has no JAX

    out = {}
    for name in names:
        if name not in FAMILIES:
            continue
        cls, kwargs, shape = FAMILIES[name]
        fn = _jax_layer(cls, kwargs, len(shape) - 2)
        x = np.random.default_rng(1).normal(size=shape).astype(np.float32)
        params = [np.asarray(w) for w in weights[name]]

        def value_and_grads(x, params, fn=fn):
            y, pullback = jax.vjp(fn, x, params)
            return y, pullback(2 * y)  # the gradient of sum(y**2)

        forward, vg = jax.jit(fn), jax.jit(value_and_grads)
        out[(name, "forward")] = lambda f=forward, x=x, p=params: f(x, p)
        out[(name, "value+grad")] = lambda f=vg, x=x, p=params: f(x, p)
    return out


def _jax_layer(cls, kwargs, n):
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415

    sp = "DHW"[-n:]
    numbers = (f"N{sp}C", f"{sp}IO", f"N{sp}C")
    as_tuple = lambda v: tuple(v) if isinstance(v, (list, tuple)) else (v,) * n  # noqa: E731
    strides = as_tuple(kwargs.get("strides", 1))
    padding = kwargs.get("padding", "valid").upper()
    dilation = as_tuple(kwargs.get("dilation_rate", 1))
    lax = jax.lax
    if cls.startswith("Conv") and "Transpose" in cls:
        return lambda x, p: (
            lax.conv_transpose(
                x,
                p[0],
                strides,
                padding,
                rhs_dilation=dilation,
                dimension_numbers=numbers,
                transpose_kernel=True,
            )
            + p[1]
        )
    if cls.startswith("Conv"):
        return lambda x, p: (
            lax.conv_general_dilated(
                x, p[0], strides, padding, rhs_dilation=dilation, dimension_numbers=numbers
            )
            + p[1]
        )

    def depthwise(x, k):
        k = k.reshape(*k.shape[:-2], 1, -1)
        return lax.conv_general_dilated(
            x,
            k,
            strides,
            padding,
            rhs_dilation=dilation,
            dimension_numbers=numbers,
            feature_group_count=x.shape[-1],
        )

    if cls.startswith("Depthwise"):
        return lambda x, p: depthwise(x, p[0]) + p[1]
    if cls.startswith("Separable"):
        return lambda x, p: (
            lax.conv_general_dilated(depthwise(x, p[0]), p[1], (1,) * n, "VALID", dimension_numbers=numbers)
            + p[2]
        )
    window = (1, *as_tuple(kwargs["pool_size"]), 1)
    steps = (1, *as_tuple(kwargs.get("strides") or kwargs["pool_size"]), 1)
    if cls.startswith("Max"):
        return lambda x, p: lax.reduce_window(x, -jnp.inf, lax.max, window, steps, padding)
    return lambda x, p: (
        lax.reduce_window(x, 0.0, lax.add, window, steps, padding)
        / lax.reduce_window(jnp.ones_like(x), 0.0, lax.add, window, steps, padding)
    )


def tapejax_xla_variants(tapejax, names) -> dict:
    """The whole steps with tapejax, convolutions left to XLA's own lowering."""
    os.environ["TAPEJAX_CONV_LOWERING"] = "xla"
    try:
        steps = {key: fn for key, fn in tf_variants(tapejax, [n for n in names if n in STEPS]).items()}
        for fn in steps.values():
            _sync(fn())  # traced (and compiled) while the switch is on
    finally:
        del os.environ["TAPEJAX_CONV_LOWERING"]
    return steps


# --- timing --------------------------------------------------------------------------------


def _time(fn, reps: int) -> float:
    t0 = time.perf_counter()
    for _ in range(reps):
        _sync(fn())
    return (time.perf_counter() - t0) / reps


def _reps(fn, budget: float) -> int:
    _sync(fn())
    return max(1, int(budget / max(_time(fn, 1), 1e-6)))


class _Worker:
    """TensorFlow in another Python: builds the same workloads, times one on request."""

    def __init__(self, python: str, names, budget: float):
        cmd = [
            python,
            os.path.abspath(__file__),
            "--tf-worker",
            "--only",
            ",".join(names),
            "--budget",
            str(budget),
        ]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.keys = [tuple(k) for k in json.loads(self._line())]

    def _line(self) -> str:
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the TensorFlow worker exited; run it alone to see why")
            if line.startswith("@"):
                return line[1:]

    def time(self, key) -> float:
        self.proc.stdin.write(json.dumps(key) + "\n")
        self.proc.stdin.flush()
        return float(self._line())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def _tf_worker(names, budget: float) -> None:
    import tensorflow as tf  # noqa: PLC0415

    variants = tf_variants(tf, names)
    reps = {key: _reps(fn, budget) for key, fn in variants.items()}
    print("@" + json.dumps(list(variants)), flush=True)
    for line in sys.stdin:
        key = tuple(json.loads(line))
        print(f"@{_time(variants[key], reps[key])}", flush=True)


def measure(names, rounds: int, budget: float, tf_python: str | None) -> dict:
    """``{(workload, mode): {variant: median seconds}}``."""
    sys.path.insert(0, os.path.dirname(HERE))
    import tapejax  # noqa: PLC0415

    timers = {}
    # XLA's lowering first, compiled, then tapejax's caches emptied: the derivative programs
    # cached by structure must not be shared between the two lowerings
    for key, fn in tapejax_xla_variants(tapejax, names).items():
        timers[(key, "tapejax, XLA's lowering")] = fn
    tapejax.clear_caches()
    for key, fn in tf_variants(tapejax, names).items():
        _sync(fn())
        timers[(key, "tapejax")] = fn
    weights = {n: _family_fns(tapejax, n)[3] for n in names if n in FAMILIES}
    for key, fn in jax_variants(names, weights).items():
        timers[(key, "jax.jit (XLA's lowering)")] = fn
    reps = {k: _reps(fn, budget) for k, fn in timers.items()}
    worker = None
    try:
        import tensorflow as tf  # noqa: PLC0415

        for key, fn in tf_variants(tf, names).items():
            timers[(key, "TF 2.21")] = fn
            reps[(key, "TF 2.21")] = _reps(fn, budget)
    except ImportError:
        if tf_python:
            worker = _Worker(tf_python, names, budget)
    samples = {k: [] for k in timers}
    if worker:
        samples.update({(tuple(k), "TF 2.21"): [] for k in worker.keys})
    for _ in range(rounds):
        for k, values in samples.items():
            fn = timers.get(k)
            values.append(_time(fn, reps[k]) if fn else worker.time(list(k[0])))
    if worker:
        worker.close()
    results = {}
    for (key, variant), values in samples.items():
        results.setdefault(key, {})[variant] = statistics.median(values)
    return results


def _fmt(seconds: float) -> str:
    return f"{seconds * 1e3:.0f} ms" if seconds >= 0.1 else f"{seconds * 1e3:.1f} ms"


VARIANTS = ("tapejax", "jax.jit (XLA's lowering)", "tapejax, XLA's lowering", "TF 2.21")


def table(results: dict) -> str:
    lines = [
        "| workload | mode | tapejax | jax.jit, XLA's lowering | tapejax, XLA's lowering | TF 2.21 "
        "| tapejax / XLA's | tapejax / TF |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (name, mode), res in results.items():
        cells = [_fmt(res[v]) if v in res else "—" for v in VARIANTS]
        native = res.get("jax.jit (XLA's lowering)", res.get("tapejax, XLA's lowering"))
        ours = res["tapejax"]
        vs_native = f"{ours / native:.2f}x" if native else "—"
        vs_tf = f"{ours / res['TF 2.21']:.2f}x" if "TF 2.21" in res else "—"
        lines.append(f"| {name} | {mode} | " + " | ".join(cells) + f" | {vs_native} | {vs_tf} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", default="", help="comma-separated workload name prefixes")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--budget", type=float, default=0.3, help="seconds per variant per round")
    parser.add_argument("--tf-python", default=None, help="a Python with TensorFlow, if not this one")
    parser.add_argument("--tf-worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    every = [*FAMILIES, *STEPS]
    prefixes = [p for p in args.only.split(",") if p]
    names = [n for n in every if not prefixes or any(n.lower().startswith(p.lower()) for p in prefixes)]
    if args.tf_worker:
        _tf_worker(names, args.budget)
        return
    print(table(measure(names, args.rounds, args.budget, args.tf_python)))


if __name__ == "__main__":
    main()
