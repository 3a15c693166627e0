"""Sharded arrays: a data-parallel step on 8 simulated CPU devices gives one device's numbers.

JAX fixes its device count when it starts, and this process already has one device, so the
sharded runs happen in subprocesses (``sharding_step.py``, and the README's example) started
with ``XLA_FLAGS=--xla_force_host_platform_device_count=8``. The reference is computed here,
on one device: plain JAX SGD with ``jax.value_and_grad``, checked against finite differences.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest
import sharding_step as step
from helpers import finite_difference_grad

HERE = Path(__file__).parent
TOL = {"rtol": 1e-5, "atol": 1e-6}  # float32; the sharded sums add in another order


def _start(args: list[str], **env) -> subprocess.Popen:
    """Starts ``python *args`` in a process whose JAX has 8 CPU devices."""
    env = {
        **os.environ,
        "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
        "JAX_PLATFORMS": "cpu",
        **env,
    }
    return subprocess.Popen(
        [sys.executable, *args], env=env, cwd=HERE, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def _stdout(process: subprocess.Popen) -> str:
    """Its stdout, once it has exited successfully."""
    out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err[-3000:]
    return out


@pytest.fixture(scope="module")
def scripts() -> dict:
    """The script's JSON, run twice side by side: "deferred" (ops under a tape deferred, the
    default) and "eager_ops" (TAPEJAX_DEFER=0, every op at once; eager runs only, as
    tapejax.function never defers)."""
    script = str(HERE / "sharding_step.py")
    started = {"deferred": _start([script]), "eager_ops": _start([script, "--eager-only"], TAPEJAX_DEFER="0")}
    return {name: json.loads(_stdout(p).splitlines()[-1]) for name, p in started.items()}


@pytest.fixture(scope="module")
def deferred(scripts) -> dict:
    return scripts["deferred"]


MESHES = ("one_device", "explicit", "explicit_set_mesh", "auto", "auto_half", "auto_unplaced_weights")
PLACED = MESHES[:5]  # weights placed (replicated) before training
RUNS = [("deferred", mesh, mode) for mesh in MESHES for mode in ("eager", "function")] + [
    ("eager_ops", mesh, "eager") for mesh in MESHES
]
SHARDED_RUNS = [run for run in RUNS if run[1] != "one_device"]


def _run(scripts, source, mesh, mode) -> dict:
    return scripts[source]["runs"][f"{mesh}/{mode}"]


def _loss(params, x, y):
    w1, b1, w2, b2 = params
    logits = jax.nn.relu(x @ w1 + b1) @ w2 + b2
    return jnp.mean(-jnp.sum(y * jax.nn.log_softmax(logits), axis=-1))


@pytest.fixture(scope="module")
def reference() -> dict:
    """Plain JAX on one device: per-step losses, first gradients and final weights."""
    x, y, params = step.problem()
    params = [jnp.asarray(p) for p in params]
    losses, grads0 = [], None
    for _ in range(step.STEPS):
        loss, grads = jax.value_and_grad(_loss)(params, x, y)
        losses.append(float(loss))
        grads0 = grads if grads0 is None else grads0
        params = [p - step.LR * g for p, g in zip(params, grads, strict=True)]
    return {
        "losses": losses,
        "grads0": [np.asarray(g) for g in grads0],
        "weights": [np.asarray(p) for p in params],
    }


@pytest.mark.usefixtures("x64_references")  # float64 finite differences
def test_reference_gradient_matches_finite_differences(reference):
    x, y, params = step.problem()
    wide = [p.astype(np.float64) for p in params]
    for k, g in enumerate(reference["grads0"]):

        def loss_at(v, k=k):
            return float(_loss([v if i == k else p for i, p in enumerate(wide)], x.astype(np.float64), y))

        np.testing.assert_allclose(g, finite_difference_grad(loss_at, wide[k]), rtol=1e-3, atol=1e-5)


@pytest.mark.parametrize("source", ["deferred", "eager_ops"])
def test_runs_on_8_devices(scripts, source):
    out = scripts[source]
    assert out["device_count"] == 8
    assert set(out["runs"]) == {f"{mesh}/{mode}" for s, mesh, mode in RUNS if s == source}


@pytest.mark.parametrize(("source", "mesh", "mode"), RUNS)
def test_step_gives_one_device_results(scripts, reference, source, mesh, mode):
    run = _run(scripts, source, mesh, mode)
    np.testing.assert_allclose(run["losses"], reference["losses"], **TOL)
    for key in ("grads0", "weights"):
        for got, want in zip(run[key], reference[key], strict=True):
            np.testing.assert_allclose(np.asarray(got, np.float32), want, **TOL)


@pytest.mark.parametrize(("source", "mesh", "mode"), SHARDED_RUNS)
def test_shardings(scripts, source, mesh, mode):
    """Replicated weights get replicated gradients over the whole mesh and stay replicated
    after assign_sub; the hidden activations stay split over 'data'."""
    run = _run(scripts, source, mesh, mode)
    n = run["mesh_devices"]
    assert run["loss_replicated"]
    assert run["grads_replicated"] == [True] * 4 and run["grads_devices"] == [n] * 4
    assert run["weights_replicated"] == [True] * 4 and run["weights_devices"] == [n] * 4
    assert run["h_batch_sharded"] and run["h_devices"] == n


@pytest.mark.parametrize("mesh", PLACED)
def test_function_traces_once(deferred, mesh):
    """Three calls with inputs and Variables placed alike trace the step once."""
    assert deferred["runs"][f"{mesh}/function"]["traces"] == 1


@pytest.mark.parametrize("mesh", PLACED[1:])
def test_compiled_derivatives_reused_across_shardings(deferred, mesh):
    """The eager step's derivatives, compiled for one device first, are found again for
    sharded inputs (the cache keys on structure) and give the right numbers (checked above)."""
    assert deferred["runs"][f"{mesh}/eager"]["cache_hits"] > 0


def test_one_function_called_with_several_placements(deferred, reference):
    """One tapejax.function called on one device, then on three meshes: each call gives the
    reference values, with its gradients where its inputs were."""
    calls = deferred["reused_function"]
    assert [c["grads_devices"] for c in calls] == [[1] * 4, [8] * 4, [8] * 4, [8] * 4, [4] * 4]
    for call in calls:
        np.testing.assert_allclose(call["loss"], reference["losses"][0], **TOL)
        for got, want in zip(call["grads"], reference["grads0"], strict=True):
            np.testing.assert_allclose(np.asarray(got, np.float32), want, **TOL)


@pytest.mark.parametrize("mesh", PLACED)
def test_derivatives_of_sharded_values(deferred, mesh):
    """A non-scalar target's gradient (also with output_gradients), batch_jacobian and a
    custom_gradient with a None gradient, against JAX on one device; where a mesh context
    types arrays by their sharding too (explicit_set_mesh), cotangents must match it."""
    x, _, params = step.problem()
    w = params[0]
    found = deferred["derivatives"][mesh]
    dh_dw = jax.grad(lambda w: jnp.sum(jnp.tanh(x @ w)))(w)
    want = {
        "dh_dw": dh_dw,
        "dh_dw_weighted": 2 * dh_dw,
        "batch_jacobian": jax.vmap(jax.jacrev(lambda xi: jnp.tanh(xi @ w)))(x),
        "custom_dx": np.full(x.shape, 3.0),
    }
    for key, value in want.items():
        np.testing.assert_allclose(np.asarray(found[key], np.float32), value, **TOL)
    if mesh != "one_device":
        # custom_dx (3 * the ones cotangent) depends on no sharded value: JAX puts it anywhere.
        n = found["mesh_devices"]
        assert {k: found["devices"][k] for k in ("dh_dw", "dh_dw_weighted", "batch_jacobian")} == {
            "dh_dw": n,
            "dh_dw_weighted": n,
            "batch_jacobian": n,
        }


def test_readme_scaling_out_example_runs_on_8_devices():
    readme = (HERE.parent / "README.md").read_text()
    section = readme.split("## Scaling out", 1)[1].split("### JAX's way", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    lines = _stdout(_start(["-c", code])).splitlines()
    losses = [float(line.rsplit(" ", 1)[1]) for line in lines if line.startswith("step ")]
    assert len(losses) == 3 and losses[2] < losses[0]
    assert lines[-1] == "True"
