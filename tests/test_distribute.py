"""tf.distribute on a JAX device mesh: TF's custom training loop under MirroredStrategy on 8
simulated CPU devices gives one device's numbers, a plain JAX reference's, and TF 2.21's.

JAX fixes its device count when it starts and this process has one device, so the 8-device
runs happen in a subprocess (``distribute_step.py``, bounded by a timeout) started with
``XLA_FLAGS=--xla_force_host_platform_device_count=8``. TF's numbers come from the same
program run by TensorFlow 2.21 with ``MirroredStrategy`` on 8 logical CPUs, stored here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from helpers import finite_difference_grad

import tapejax as tf

HERE = Path(__file__).parent
TOL = {"rtol": 1e-5, "atol": 1e-6}  # float32; the replicas' sums add in another order
sys.path.insert(0, str(HERE))
import distribute_step as step  # noqa: E402

# TF 2.21, MirroredStrategy over 8 logical CPUs, the program of distribute_step.train (SGD).
TF_LOSSES = [0.42168092727661133, 0.41701608896255493, 0.4126259684562683]
TF_W = [
    [-0.3544763922691345, -0.12727324664592743, 0.09340785443782806],
    [0.3923097848892212, -0.369584321975708, -0.1505098044872284],
    [0.14080341160297394, 0.37709134817123413, -0.38125184178352356],
    [-0.10068517923355103, 0.13357879221439362, 0.36127138137817383],
]
TF_B = [-0.01786009408533573, -0.011882105842232704, 0.0015373356873169541]
# ... its replica ids plus the all-reduced sum of the batch, and its reductions of arange(16).
TF_TOTAL = [-0.9999998807907104, 1.1920928955078125e-07, 1.0000001192092896, 2.0, 3.0, 4.0, 5.0, 6.0]


@pytest.fixture(scope="module")
def run() -> dict:
    root = str(HERE.parent)  # this checkout's tapejax, whichever one is installed
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
    env = {
        **os.environ,
        "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
        "JAX_PLATFORMS": "cpu",
        "PYTHONPATH": path,
    }
    done = subprocess.run(
        [sys.executable, str(HERE / "distribute_step.py")],
        env=env,
        cwd=HERE,
        text=True,
        capture_output=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def _loss(params, x, y):
    w, b = params
    per_example = jnp.mean(jnp.square(jnp.tanh(x @ w + b) - y), axis=1)
    return jnp.sum(per_example) / 16


def _jax_sgd(epochs=3):
    params = (jnp.asarray(step.W0), jnp.zeros(3, jnp.float32))
    losses = []
    for _ in range(epochs):
        loss, grads = jax.value_and_grad(_loss)(params, step.X, step.Y)
        losses.append(float(loss))
        params = tuple(p - 0.1 * g for p, g in zip(params, grads, strict=True))
    return losses, params


def test_the_reference_gradient_is_the_finite_difference():
    def loss64(w):  # numpy, float64
        per_example = np.mean(np.square(np.tanh(step.X @ w) - step.Y), axis=1)
        return np.sum(per_example) / 16

    (grad_w, _) = jax.grad(_loss)((jnp.asarray(step.W0), jnp.zeros(3, jnp.float32)), step.X, step.Y)
    numeric = finite_difference_grad(loss64, step.W0)
    np.testing.assert_allclose(grad_w, numeric, rtol=1e-4, atol=1e-6)


@pytest.mark.parametrize(
    "name", ["mirrored/function", "mirrored/eager", "one/function", "one/eager", "default/function"]
)
def test_a_custom_loop_gives_tf_and_one_device_numbers(run, name):
    result = run["runs"][name]
    assert run["replicas"] == 8
    np.testing.assert_allclose(result["losses"], TF_LOSSES, **TOL)
    np.testing.assert_allclose(result["w"], TF_W, **TOL)
    np.testing.assert_allclose(result["b"], TF_B, **TOL)
    losses, (w, b) = _jax_sgd()
    np.testing.assert_allclose(result["losses"], losses, **TOL)
    np.testing.assert_allclose(result["w"], w, **TOL)
    np.testing.assert_allclose(result["b"], b, **TOL)


def test_adam_on_eight_replicas_gives_one_devices_numbers(run):
    eight, one = run["runs"]["mirrored/adam"], run["runs"]["one/adam"]
    for key in ("losses", "w", "b"):
        np.testing.assert_allclose(eight[key], one[key], **TOL)
    assert eight["losses"][0] > eight["losses"][-1]


def test_replica_context_collectives_and_reductions_are_tfs(run):
    c = run["collectives"]
    np.testing.assert_allclose(c["total"], TF_TOTAL, rtol=1e-5, atol=1e-5)
    assert c["rows"] == [2] * 8  # each replica sees 16 / 8 rows
    assert c["gathered"] == list(range(8))
    assert (c["reduce_sum_axis0"], c["reduce_mean_axis0"]) == (120.0, 7.5)  # TF's
    assert c["reduce_mean_none"] == [7.0, 8.0]  # TF's
    assert c["gather"] == list(range(16))
    assert c["values_fn"] == list(range(8))


def test_variable_aggregations_in_replica_code_are_tfs(run):
    a = run["aggregations"]
    assert (a["mean"], a["first"], a["plain"]) == (4.5, 2.0, 2.0)  # TF 2.21's
    assert a["diverging"].startswith(
        "Variable 'Variable:0' was assigned, in the code of strategy.run, a value"
    )


def test_bad_input_on_eight_replicas(run):
    e = run["errors"]
    assert e["uneven_batch"][0] == "ValueError"
    assert e["uneven_batch"][1].startswith("A batch of 10 rows cannot be split evenly over 8 replicas.")
    assert e["outside_scope"][0] == "AssertionError"  # TF's class (its message is empty)
    assert "was not created in the scope of the distribution strategy" in e["outside_scope"][1]
    assert e["outside_unchanged"]
    assert e["mixed_scopes"][0] == "RuntimeError"
    assert e["mixed_scopes"][1].startswith("Mixing different tf.distribute.Strategy objects: ")
    assert e["reduce_plain"] == [
        "ValueError",
        "A non-DistributedValues value tf.Tensor([1. 2.], shape=(2,), dtype=float32) cannot be reduced "
        "with the given reduce op ReduceOp.SUM.",
    ]
    assert e["reduce_plain_axis"] == 24.0  # TF: the sum over the axis, times the replicas
    assert e["run_in_run"][0] == "RuntimeError"
    assert e["foreign_per_replica"][0] == "ValueError"
    assert run["aggregations"]["diverging"].endswith(
        "or apply gradients with an optimizer, which all-reduces them."
    )


# -- one device (this process) ------------------------------------------------------------
def test_default_strategy_and_contexts_are_tfs():
    assert tf.distribute.get_strategy().num_replicas_in_sync == 1
    assert not tf.distribute.has_strategy() and not tf.distribute.in_cross_replica_context()
    assert tf.distribute.get_replica_context() is not None
    strategy = tf.distribute.MirroredStrategy()
    with strategy.scope():
        assert tf.distribute.has_strategy() and tf.distribute.in_cross_replica_context()
        assert tf.distribute.get_replica_context() is None and tf.distribute.get_strategy() is strategy
    default = tf.distribute.get_strategy()
    x2, rid, cross = default.run(
        lambda x: (
            x * 2,
            tf.distribute.get_replica_context().replica_id_in_sync_group,
            tf.distribute.in_cross_replica_context(),
        ),
        args=(tf.constant(1.0),),
    )
    assert (float(x2), int(rid), cross) == (2.0, 0, False)  # TF's
    np.testing.assert_array_equal(default.reduce("SUM", tf.constant([1.0, 2.0]), axis=None), [1.0, 2.0])
    assert float(default.reduce("SUM", tf.constant([1.0, 2.0]), axis=0)) == 3.0
    assert len(default.experimental_local_results(tf.constant(1.0))) == 1


def test_input_context_batch_size_and_its_error():
    ctx = tf.distribute.InputContext(1, 0, 8)
    assert ctx.get_per_replica_batch_size(16) == 2
    with pytest.raises(
        ValueError, match=r"The `global_batch_size` 10 is not divisible by `num_replicas_in_sync` 8"
    ):
        ctx.get_per_replica_batch_size(10)


def test_reduce_op_names_and_a_bad_one():
    assert tf.distribute.ReduceOp("SUM") is tf.distribute.ReduceOp.SUM
    assert tf.distribute.get_strategy().reduce("mean", tf.constant(3.0)).numpy() == 3.0
    with pytest.raises(ValueError, match="'MAX' is not a valid ReduceOp"):
        tf.distribute.get_strategy().reduce("max", tf.constant(1.0))
    assert tf.distribute.ReduceOp.from_variable_aggregation(tf.VariableAggregation.MEAN).name == "MEAN"
    with pytest.raises(
        ValueError, match=r"Could not convert from `tf.VariableAggregation` VariableAggregation.NONE"
    ):
        tf.distribute.ReduceOp.from_variable_aggregation(tf.VariableAggregation.NONE)


def test_mixing_two_strategies_scopes_is_tfs_runtime_error():
    a, b = tf.distribute.OneDeviceStrategy("/cpu:0"), tf.distribute.OneDeviceStrategy("/cpu:0")
    with a.scope(), a.scope():  # the same strategy again is fine
        pass
    with pytest.raises(RuntimeError, match="Mixing different tf.distribute.Strategy objects"):
        with a.scope(), b.scope():
            pass
    assert not tf.distribute.has_strategy()


def test_a_cross_replica_method_in_replica_code_is_tfs_runtime_error():
    s = tf.distribute.OneDeviceStrategy("/cpu:0")
    with pytest.raises(
        RuntimeError, match=r"Method requires being in cross-replica context, use get_replica_context\(\)"
    ):
        s.run(lambda: s.run(lambda: 1.0))


def test_unknown_devices_are_value_errors():
    with pytest.raises(ValueError, match="Unknown device 'gpu0'"):
        tf.distribute.OneDeviceStrategy("gpu0")
    with pytest.raises(ValueError, match=r"Device '/cpu:5' does not exist: JAX sees 1 local CPU"):
        tf.distribute.MirroredStrategy(["/cpu:5"])
    with pytest.raises(ValueError, match="No duplicates allowed in `devices` argument"):
        tf.distribute.MirroredStrategy(["/cpu:0", "/device:CPU:0"])


def test_variables_created_in_scope_are_known_to_the_strategy():
    s = tf.distribute.OneDeviceStrategy("/cpu:0")
    with s.scope():
        v = tf.Variable(1.0)
    w = tf.Variable(1.0)
    assert s.extended.variable_created_in_scope(v) and not s.extended.variable_created_in_scope(w)
    assert float(s.run(lambda x: x * v, args=(tf.constant(3.0),))) == 3.0
