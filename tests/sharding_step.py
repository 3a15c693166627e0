"""A data-parallel training step written with tapejax, on device meshes (see test_sharding.py).

Run as a script in a process whose JAX has 8 devices (``XLA_FLAGS=
--xla_force_host_platform_device_count=8``; JAX fixes its device count when it starts), it
trains a small two-layer network for ``STEPS`` SGD steps, with the batch split over a 1-D mesh
and the weights replicated, eagerly (GradientTape) and under ``tapejax.function``, and prints
one JSON object: per run the losses, first-step gradients, final weights and the shardings
they came back with. Imported, it gives the problem and the step for the one-device reference.
"""

from __future__ import annotations

import contextlib
import json
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding
from jax.sharding import PartitionSpec as P

import tapejax as tf
from tapejax._core.caches import cache

STEPS, LR = 3, 0.5
BATCH, FEATURES, HIDDEN, CLASSES = 32, 6, 8, 4


def problem():
    """Numpy float32 data: a batch ``x``, one-hot labels ``y`` and the initial weights."""
    rng = np.random.default_rng(0)
    x = rng.normal(size=(BATCH, FEATURES)).astype(np.float32)
    y = np.eye(CLASSES, dtype=np.float32)[rng.integers(0, CLASSES, BATCH)]
    params = [
        rng.normal(size=(FEATURES, HIDDEN)) / np.sqrt(FEATURES),
        rng.normal(size=HIDDEN) * 0.1,
        rng.normal(size=(HIDDEN, CLASSES)) / np.sqrt(HIDDEN),
        rng.normal(size=CLASSES) * 0.1,
    ]
    return x, y, [p.astype(np.float32) for p in params]


def forward(x, y, params):
    """Dense + relu, Dense, mean softmax cross-entropy: ``(loss, hidden activations)``."""
    w1, b1, w2, b2 = params
    h = tf.nn.relu(tf.matmul(x, w1) + b1)
    logits = tf.matmul(h, w2) + b2
    return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits)), h


@tf.function
def loss_and_grads(x, y, params):
    """One compiled function, called below with arrays placed in several ways."""
    with tf.GradientTape() as tape:
        tape.watch(params)
        loss, _ = forward(x, y, params)
    return loss, tape.gradient(loss, params)


def train(x, y, params, compiled: bool) -> dict:
    """``STEPS`` SGD steps from ``params`` (arrays, placed as the Variables should be) on the
    batch ``x``, ``y`` (arrays, placed). Returns Tensors: per-step losses, the first step's
    gradients, the last step's gradients and hidden activations, and the Variables."""
    variables = [tf.Variable(p) for p in params]

    def step(x, y):
        with tf.GradientTape() as tape:
            loss, h = forward(x, y, variables)
        grads = tape.gradient(loss, variables)
        for v, g in zip(variables, grads, strict=True):
            v.assign_sub(LR * g)
        return loss, grads, h

    if compiled:
        step = tf.function(step)
    x, y = tf.constant(x), tf.constant(y)
    losses, first_grads = [], None
    for _ in range(STEPS):
        loss, grads, h = step(x, y)
        losses.append(loss)
        if first_grads is None:
            first_grads = grads
    traces = step.experimental_get_tracing_count() if compiled else None
    return {
        "losses": losses,
        "grads0": first_grads,
        "grads": grads,
        "h": h,
        "variables": variables,
        "traces": traces,
    }


def derivatives(x, w) -> dict:
    """Derivatives of ``h = tanh(x @ w)`` beyond a scalar loss's gradient: the gradient of the
    non-scalar ``h``, with output_gradients, batch_jacobian, and a custom_gradient whose
    grad_fn gives None for one input (``x``, ``w``: placed arrays)."""

    @tf.custom_gradient
    def tripled(a, b):
        return a * b, lambda dy: (dy * 3.0, None)

    x, w = tf.constant(x), tf.Variable(w)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        h = tf.tanh(tf.matmul(x, w))
        c = tripled(x, tf.square(x))
    return {
        "dh_dw": tape.gradient(h, w),
        "dh_dw_weighted": tape.gradient(h, w, output_gradients=2 * tf.ones_like(h)),
        "batch_jacobian": tape.batch_jacobian(h, x),
        "custom_dx": tape.gradient(c, x),
    }


def _lists(tensors: dict) -> dict:
    return {k: t.numpy().tolist() for k, t in tensors.items()}


def _devices(t) -> int:
    return len(t._value.sharding.device_set)


def _summary(run: dict, mesh) -> dict:
    """Values as lists, and where each result lives (on ``mesh``, or one device if None)."""

    def replicated(t):
        return t._value.sharding.is_fully_replicated

    h = run["h"]._value
    batch = None if mesh is None else NamedSharding(mesh, P("data"))
    return {
        "losses": [float(t) for t in run["losses"]],
        "grads0": [t.numpy().tolist() for t in run["grads0"]],
        "weights": [v.numpy().tolist() for v in run["variables"]],
        "loss_replicated": replicated(run["losses"][-1]),
        "grads_replicated": [replicated(t) for t in run["grads"]],
        "grads_devices": [_devices(t) for t in run["grads"]],
        "weights_replicated": [replicated(v) for v in run["variables"]],
        "weights_devices": [_devices(v) for v in run["variables"]],
        "h_batch_sharded": batch is not None and h.sharding.is_equivalent_to(batch, h.ndim),
        "h_devices": _devices(run["h"]),
        "mesh_devices": 1 if mesh is None else mesh.size,
        "traces": run["traces"],
    }


def placements() -> dict:
    """name -> (mesh, whether to run under ``jax.set_mesh``): 1-D meshes named 'data' with
    jax.make_mesh's default Explicit axes (with and without the mesh context), Auto axes (XLA
    propagates shardings), and Auto axes over half of the devices (another device set)."""
    n = jax.device_count()
    explicit = jax.make_mesh((n,), ("data",))
    return {
        "explicit": (explicit, False),
        "explicit_set_mesh": (explicit, True),
        "auto": (jax.make_mesh((n,), ("data",), axis_types=(AxisType.Auto,)), False),
        "auto_half": (jax.make_mesh((n // 2,), ("data",), axis_types=(AxisType.Auto,)), False),
    }


def main(eager_only: bool) -> None:
    """Prints the JSON; ``eager_only``: only the eager training runs (TAPEJAX_DEFER=0 changes
    the forward ops only, and nothing under tapejax.function, which never defers)."""
    x, y, params = problem()
    modes = {"eager": False} if eager_only else {"eager": False, "function": True}
    out = {"device_count": jax.device_count(), "runs": {}, "derivatives": {}, "reused_function": []}
    # One device first: the sharded runs below meet structures the compile cache has seen.
    for mode, compiled in modes.items():
        run = train(jnp.asarray(x), jnp.asarray(y), [jnp.asarray(p) for p in params], compiled)
        out["runs"][f"one_device/{mode}"] = _summary(run, None)
    if not eager_only:
        out["derivatives"]["one_device"] = _lists(derivatives(jnp.asarray(x), jnp.asarray(params[0])))
        out["reused_function"].append(_reused(x, y, params, None, None))
    for name, (mesh, in_context) in placements().items():
        batch, replicated = NamedSharding(mesh, P("data")), NamedSharding(mesh, P())
        with jax.set_mesh(mesh) if in_context else contextlib.nullcontext():
            for mode, compiled in modes.items():
                hits = cache.hits
                run = train(
                    jax.device_put(x, batch),
                    jax.device_put(y, batch),
                    [jax.device_put(p, replicated) for p in params],
                    compiled,
                )
                out["runs"][f"{name}/{mode}"] = _summary(run, mesh) | {"cache_hits": cache.hits - hits}
            if not eager_only:
                found = derivatives(jax.device_put(x, batch), jax.device_put(params[0], replicated))
                out["derivatives"][name] = _lists(found) | {
                    "devices": {k: _devices(t) for k, t in found.items()},
                    "mesh_devices": mesh.size,
                }
                out["reused_function"].append(_reused(x, y, params, batch, replicated))
    # Weights created from numpy (not placed) take the placement of their first update.
    auto = placements()["auto"][0]
    for mode, compiled in modes.items():
        run = train(
            jax.device_put(x, NamedSharding(auto, P("data"))),
            jax.device_put(y, NamedSharding(auto, P("data"))),
            params,
            compiled,
        )
        out["runs"][f"auto_unplaced_weights/{mode}"] = _summary(run, auto)
    print(json.dumps(out))


def _reused(x, y, params, batch, replicated) -> dict:
    """The first step's loss and gradients from the one ``loss_and_grads`` (called before on
    one device and on the meshes before this one), on arrays placed by ``batch``/``replicated``
    (None: one device, not committed)."""
    loss, grads = loss_and_grads(
        tf.constant(jax.device_put(x, batch)),
        tf.constant(jax.device_put(y, batch)),
        [tf.constant(jax.device_put(p, replicated)) for p in params],
    )
    return {
        "loss": float(loss),
        "grads": [g.numpy().tolist() for g in grads],
        "grads_devices": [_devices(g) for g in grads],
    }


if __name__ == "__main__":
    main(eager_only="--eager-only" in sys.argv)
