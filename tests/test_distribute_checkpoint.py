"""tf.train.Checkpoint under tf.distribute: a model and its optimizer saved with 8 replicas
(a subprocess with 8 simulated CPU devices, ``distribute_checkpoint.py``) restore with 2
replicas, with 8, and in this one-device process, values unchanged, and training continues
with the same losses everywhere."""

from __future__ import annotations

import sys
from pathlib import Path

import jax
import numpy as np
import pytest
from multidevice import run_script

import tapejax as tf

sys.path.insert(0, str(Path(__file__).parent))
import distribute_checkpoint as program  # noqa: E402

TOL = {"rtol": 1e-5, "atol": 1e-6}  # float32; the replicas' sums add in another order


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> dict:
    return run_script("distribute_checkpoint.py", str(tmp_path_factory.mktemp("checkpoint")), devices=8)


@pytest.mark.parametrize("name", ["two", "two_deferred", "eight"])
def test_saved_with_eight_replicas_restores_with_two_and_eight(run, name):
    assert run["saved"]["devices"] == [8] and len(run["saved"]["values"]) == 14
    assert run[name]["devices"] == [2 if name.startswith("two") else 8]
    assert run[name]["values"] == run["saved"]["values"]  # bit-identical
    np.testing.assert_allclose(run["continued"][f"restored_{name}"], run["continued"]["eight"], **TOL)


def test_saved_with_eight_replicas_restores_in_one_process_with_one_device(run):
    model, optimizer = program.model_and_optimizer(tf.distribute.get_strategy(), build=False)
    status = tf.train.Checkpoint(model=model, optimizer=optimizer).restore(run["path"])
    model.build((None, 4))
    optimizer.build(model.trainable_variables)
    status.assert_existing_objects_matched()
    restored = program.state(model, optimizer)
    assert restored["devices"] == [1] and jax.device_count() == 1
    assert restored["values"] == run["saved"]["values"]
    np.testing.assert_allclose(program.continued(model), run["continued"]["eight"], **TOL)
