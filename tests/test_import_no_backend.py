"""``import tapejax`` starts no JAX backend and changes no JAX config value (a fresh process):
``jax.distributed.initialize`` can run after it. The global random generator is created on
first use, also when that use is inside a ``tf.function``, and seeded numbers are unchanged."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parent.parent

PROGRAM = """
import json
import jax
from jax._src import xla_bridge

before = dict(jax.config.values)
import tapejax as tf

out = {
    "started": xla_bridge.backends_are_initialized(),
    "changed": sorted(k for k, v in jax.config.values.items() if before.get(k, "?") != v),
}

@tf.function
def draw():
    return tf.random.uniform([3])

first, second = draw().numpy(), draw().numpy()  # the generator is created in the first trace
out["calls_differ"] = bool((first != second).any())
out["traces"] = draw.experimental_get_tracing_count()
tf.random.set_seed(7)
out["seeded"] = [tf.random.uniform([2], seed=3).numpy().tolist(), tf.random.uniform([2]).numpy().tolist()]

@tf.function
def again():
    return tf.random.uniform([2])

out["seeded"] += [again().numpy().tolist(), again().numpy().tolist()]
out["started_after"] = xla_bridge.backends_are_initialized()
print(json.dumps(out))
"""


def test_import_tapejax_starts_no_backend_and_changes_no_config():
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": path, "JAX_PLATFORMS": "cpu"}
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM], env=env, text=True, capture_output=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    out = json.loads(done.stdout.splitlines()[-1])
    assert out["started"] is False
    assert out["changed"] == []
    assert out["calls_differ"] and out["traces"] == 1
    assert out["started_after"] is True
    # tapejax's numbers before the generator was made lazy (commit b671ff9): unchanged
    assert out["seeded"] == [
        [0.43299567699432373, 0.5966463088989258],
        [0.6751335859298706, 0.8261764049530029],
        [0.987564206123352, 0.01973593235015869],
        [0.8428968191146851, 0.35687410831451416],
    ]
