"""MultiWorkerMirroredStrategy: 2 processes on localhost, started with TF_CONFIG (free ports,
hard timeouts), joined by jax.distributed (gloo CPU collectives): TF's custom loop agrees with
one process, and a worker that dies mid-run makes the other fail at once with JAX's error."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import tapejax as tf

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import distribute_step as step  # noqa: E402

TOL = {"rtol": 1e-5, "atol": 1e-6}  # float32; the replicas' sums add in another order


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


def _cluster(mode: str, *extra: str, dies: int = -1, timeout: int = 240) -> list:
    """Runs distribute_workers.py as workers 0 and 1; their JSON lines (None: no output)."""
    workers = [f"localhost:{_free_port()}", f"localhost:{_free_port()}"]
    root = str(HERE.parent)
    path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH")) if p)
    procs = []
    for index in range(2):
        config = {"cluster": {"worker": workers}, "task": {"type": "worker", "index": index}}
        env = {
            **os.environ,
            "TF_CONFIG": json.dumps(config),
            "TF_CONFIG_TASK_DIES": str(dies),
            "JAX_PLATFORMS": "cpu",
            "PYTHONPATH": path,
        }
        env.pop("XLA_FLAGS", None)
        procs.append(
            subprocess.Popen(
                [sys.executable, str(HERE / "distribute_workers.py"), mode, *extra],
                env=env,
                cwd=HERE,
                text=True,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
        )
    results = []
    for proc in procs:
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            for p in procs:
                p.kill()
            raise
        lines = [line for line in out.splitlines() if line.startswith("{")]
        results.append({"rc": proc.returncode, "out": json.loads(lines[-1]) if lines else None, "err": err})
    return results


@pytest.fixture(scope="module")
def trained() -> list:
    """Two workers running train's loop for 8 steps, uninterrupted."""
    return _cluster("train")


def test_two_workers_run_tfs_custom_loop_as_one_process(trained):
    one = step.train(tf.distribute.get_strategy(), True, epochs=8)
    for worker in trained:
        assert worker["rc"] == 0, worker["err"][-3000:]
        out = worker["out"]
        assert (out["processes"], out["replicas"]) == (2, 2)
        assert out["backend_before"] is False  # import tapejax started none: no restart
        for key in ("losses", "w", "b"):
            np.testing.assert_allclose(out["train"][key], one[key], **TOL)


def test_a_worker_killed_mid_run_makes_the_other_fail_at_once():
    # the survivor used JAX's devices before creating the strategy: the strategy's fallback
    # restarted the backend, keeping the Variable's value
    dead, survivor = _cluster("faulty", "early", dies=1)[::-1]
    assert dead["rc"] == 1 and dead["out"] is None
    out = survivor["out"]
    assert survivor["rc"] == 0, survivor["err"][-3000:]
    assert out["step"] == 3
    assert out["backend_before"] is True and out["early"] == 5.0
    # TF's class for a lost worker, from the collective or from the transfer that waits on it
    assert out["error"][0] == "UnavailableError"
    assert out["error"][1].startswith(
        "A worker of the cluster was lost: a collective could not reach its peer ("
    )
    assert "Gloo" in out["error"][1] and "restore the last checkpoint" in out["error"][1]
    assert out["seconds"] < 30  # no hang: the peer's closed connection is seen at once


def test_a_restart_from_the_last_checkpoint_continues_bit_identically(trained, tmp_path):
    """A worker dies before step 5; the other fails with UnavailableError; both restart, restore
    the chief's checkpoint of step 4 (written before the fault, intact) and finish the 8
    steps with the uninterrupted run's losses, weights and bias, bit for bit."""
    directory = str(tmp_path / "checkpoints")
    dead, survivor = _cluster("resumable", directory, dies=1)[::-1]
    assert dead["rc"] == 1 and dead["out"] is None
    assert survivor["rc"] == 0, survivor["err"][-3000:]
    out = survivor["out"]
    assert (out["restored"], out["start"], out["stopped"]) == (None, 0, 5)
    assert out["error"].startswith("A worker of the cluster was lost")
    uninterrupted = trained[0]["out"]["train"]
    assert out["losses"] == uninterrupted["losses"][:5]
    for worker in _cluster("resumable", directory):
        assert worker["rc"] == 0, worker["err"][-3000:]
        out = worker["out"]
        assert (out["restored"], out["start"]) == ("ckpt-2", 4)
        assert out["losses"] == uninterrupted["losses"][4:]
        assert (out["w"], out["b"]) == (uninterrupted["w"], uninterrupted["b"])


def test_cluster_errors():
    resolver = tf.distribute.cluster_resolver.SimpleClusterResolver(
        {"worker": ["localhost:1", "localhost:2"], "ps": ["localhost:3"]}, task_type="worker", task_id=0
    )
    with pytest.raises(
        ValueError, match=r"The cluster has a 'ps' job: tapejax runs MultiWorkerMirroredStrategy"
    ):
        tf.distribute.MultiWorkerMirroredStrategy(cluster_resolver=resolver)
    resolver = tf.distribute.cluster_resolver.SimpleClusterResolver(
        {"worker": ["localhost:1", "localhost:2"]}, task_type="worker", task_id=5
    )
    with pytest.raises(
        ValueError, match=r"This task \('worker', index 5\) is not a chief or worker of the cluster"
    ):
        tf.distribute.MultiWorkerMirroredStrategy(cluster_resolver=resolver)


def test_without_a_cluster_it_is_one_process():
    strategy = tf.distribute.MultiWorkerMirroredStrategy()
    assert strategy.num_replicas_in_sync == 1
    assert strategy.cluster_resolver.cluster_spec().as_dict() == {}


def test_unsupported_strategies_say_what_to_use():
    for strategy in (
        tf.distribute.ParameterServerStrategy,
        tf.distribute.experimental.ParameterServerStrategy,
    ):
        with pytest.raises(NotImplementedError, match=r"ParameterServerStrategy is not supported by tapejax"):
            strategy(tf.distribute.cluster_resolver.SimpleClusterResolver({"worker": ["localhost:1"]}))
    with pytest.raises(
        NotImplementedError, match=r"Use tf.distribute.MirroredStrategy: the same synchronous"
    ):
        tf.distribute.experimental.CentralStorageStrategy()
    for strategy in (tf.distribute.TPUStrategy, tf.distribute.experimental.TPUStrategy):
        with pytest.raises(
            ValueError, match=r"TPUStrategy needs TPU devices, and JAX's default backend here is 'cpu'"
        ):
            strategy()
    assert tf.distribute.experimental.MultiWorkerMirroredStrategy is tf.distribute.MultiWorkerMirroredStrategy
