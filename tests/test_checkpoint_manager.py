"""tf.train.CheckpointManager: numbering, max_to_keep, its state file, intervals, initialization.

Every expected path and list below is what TensorFlow 2.21 gave for the same calls.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import tapejax as tf


def _names(paths):
    return [None if p is None else os.path.basename(p) for p in paths]


def test_keeps_the_newest_and_deletes_the_rest(tmp_path):
    v = tf.Variable(1.0)
    ckpt = tf.train.Checkpoint(v=v)
    manager = tf.train.CheckpointManager(ckpt, tmp_path, max_to_keep=2)
    assert manager.latest_checkpoint is None and manager.checkpoints == []
    saved = []
    for _ in range(4):
        v.assign_add(1.0)
        saved.append(manager.save())
    assert _names(saved) == ["ckpt-1", "ckpt-2", "ckpt-3", "ckpt-4"]
    assert saved[0] == os.path.join(str(tmp_path), "ckpt-1")
    assert _names(manager.checkpoints) == ["ckpt-3", "ckpt-4"] and manager.latest_checkpoint == saved[-1]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "checkpoint",
        "ckpt-3.data",
        "ckpt-3.index",
        "ckpt-4.data",
        "ckpt-4.index",
    ]
    lines = [line for line in (tmp_path / "checkpoint").read_text().splitlines() if "timestamp" not in line]
    assert lines == [
        'model_checkpoint_path: "ckpt-4"',
        'all_model_checkpoint_paths: "ckpt-3"',
        'all_model_checkpoint_paths: "ckpt-4"',
    ]

    # A given number names the checkpoint; save_counter still counts the save.
    assert _names([manager.save(checkpoint_number=10)]) == ["ckpt-10"] and ckpt.save_counter.numpy() == 5

    # A new manager on the directory carries on from its state file.
    again = tf.train.CheckpointManager(ckpt, tmp_path, max_to_keep=2)
    assert _names(again.checkpoints) == ["ckpt-4", "ckpt-10"]
    v.assign(0.0)
    assert again.restore_or_initialize() == again.latest_checkpoint == tf.train.latest_checkpoint(tmp_path)
    assert v.numpy() == 5.0
    state = tf.train.get_checkpoint_state(tmp_path)
    assert _names(state.all_model_checkpoint_paths) == ["ckpt-4", "ckpt-10"]


def test_max_to_keep_none_keeps_everything(tmp_path):
    manager = tf.train.CheckpointManager(
        tf.train.Checkpoint(v=tf.Variable(1.0)), tmp_path, max_to_keep=None, checkpoint_name="model"
    )
    for _ in range(3):
        manager.save()
    assert _names(manager.checkpoints) == ["model-1", "model-2", "model-3"]
    assert len(list(tmp_path.glob("*.index"))) == 3


def test_checkpoint_interval_skips_early_steps(tmp_path):
    step = tf.Variable(0)
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    manager = tf.train.CheckpointManager(
        ckpt, tmp_path, max_to_keep=None, step_counter=step, checkpoint_interval=2, checkpoint_name="model"
    )
    out = []
    for s in range(6):
        step.assign(s)
        out.append(manager.save())
    assert _names(out) == ["model-1", None, "model-2", None, "model-3", None]
    step.assign(4)
    assert manager.save(check_interval=False) is None  # this step was saved already
    step.assign(5)
    assert _names([manager.save(check_interval=False)]) == ["model-4"]


def test_restore_or_initialize_calls_init_fn_without_a_checkpoint(tmp_path):
    calls = []
    manager = tf.train.CheckpointManager(
        tf.train.Checkpoint(), tmp_path, max_to_keep=3, init_fn=lambda: calls.append(1)
    )
    assert manager.restore_or_initialize() is None and calls == [1]


def test_argument_errors(tmp_path):
    ckpt = tf.train.Checkpoint()
    # TF 2.21's messages.
    with pytest.raises(ValueError, match=r"^Expected a positive integer or `None` for `max_to_keep`, got 0"):
        tf.train.CheckpointManager(ckpt, tmp_path, max_to_keep=0)
    with pytest.raises(
        ValueError,
        match=r"^`step_counter` should be passed if `checkpoint_interval` is not "
        r"None\.$",
    ):
        tf.train.CheckpointManager(ckpt, tmp_path, max_to_keep=1, checkpoint_interval=2)


def test_a_failed_save_changes_no_counter(tmp_path):
    ckpt = tf.train.Checkpoint(v=tf.Variable(1.0))
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    manager = tf.train.CheckpointManager(ckpt, blocker / "sub", max_to_keep=1)
    with pytest.raises(OSError):
        manager.save()
    with pytest.raises(OSError):
        ckpt.save(blocker / "sub" / "ck")
    assert ckpt.save_counter.numpy() == 0 and manager.checkpoints == []


_SHARDED = """
import sys, jax, numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
import tapejax as tf
mesh = jax.make_mesh((4,), ("x",))
split = NamedSharding(mesh, P("x"))
value = np.arange(16, dtype=np.float32).reshape(8, 2)
v = tf.Variable(jax.device_put(value, split))
path = tf.train.Checkpoint(v=v).save(sys.argv[1] + "/ck")
placed = tf.Variable(jax.device_put(np.zeros((8, 2), np.float32), split))
tf.train.Checkpoint(v=placed).restore(path).assert_consumed()
unplaced = tf.Variable(np.zeros((8, 2), np.float32))
tf.train.Checkpoint(v=unplaced).restore(path).assert_consumed()
stored = placed.value()._value
print(np.array_equal(placed.numpy(), value), np.array_equal(unplaced.numpy(), value),
      stored.sharding.is_equivalent_to(split, 2), len(stored.addressable_shards))
"""


def test_a_sharded_variable_is_restored_onto_its_sharding(tmp_path):
    env = {**os.environ, "XLA_FLAGS": "--xla_force_host_platform_device_count=4", "JAX_PLATFORMS": "cpu"}
    out = subprocess.run(
        [sys.executable, "-c", _SHARDED, str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.split() == ["True", "True", "True", "4"]
