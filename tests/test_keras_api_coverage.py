"""TF 2.21's public ``tf.keras`` names (Keras 3.15) per module: how many tapejax has (issue 26).

``tests/data/keras315_api_names.json`` is ``dir()`` of each ``tf.keras`` module in TF 2.21
(public names, sub-modules left out), written once from the scratch TF venv. The test fails when
a module's coverage falls below its floor: the floors only go up, to 95% (issue 26's bar) as
names are added. ``python tests/test_keras_api_coverage.py`` prints the missing names.
"""

from __future__ import annotations

import json
import os

import pytest

import tapejax

NAMES = json.load(open(os.path.join(os.path.dirname(__file__), "data", "keras315_api_names.json")))

# The share of each module's names tapejax has, at least (raised as names are added).
FLOORS = {
    "keras.activations": 1.0,
    "keras.applications": 1.0,
    "keras.backend": 1.0,
    "keras.callbacks": 0.93,
    "keras.config": 1.0,
    "keras.constraints": 1.0,
    "keras.datasets": 1.0,
    "keras.distribution": 0.0,
    "keras.dtype_policies": 1.0,
    "keras.initializers": 0.92,
    "keras.layers": 0.715,
    "keras.losses": 1.0,
    "keras.metrics": 1.0,
    "keras.mixed_precision": 1.0,
    "keras.models": 1.0,
    "keras.ops": 1.0,
    "keras.ops.image": 1.0,
    "keras.ops.linalg": 1.0,
    "keras.ops.nn": 1.0,
    "keras.ops.numpy": 1.0,
    "keras.optimizers": 0.85,
    "keras.optimizers.schedules": 1.0,
    "keras.preprocessing": 1.0,
    "keras.preprocessing.image": 1.0,
    "keras.preprocessing.sequence": 1.0,
    "keras.quantizers": 0.0,
    "keras.random": 1.0,
    "keras.regularizers": 1.0,
    "keras.saving": 0.92,
    "keras.tree": 1.0,
    "keras.utils": 1.0,
}


def _module(path: str):
    module = tapejax
    for part in path.split("."):
        module = getattr(module, part, None)
        if module is None:
            return None
    return module


def missing(path: str) -> list[str]:
    """TF's names in the keras module ``path`` (``"keras.layers"``) that tapejax lacks."""
    module = _module(path)
    if module is None:
        return list(NAMES[path])
    return [name for name in NAMES[path] if not hasattr(module, name)]


@pytest.mark.parametrize("path", sorted(NAMES))
def test_coverage_at_least_the_floor(path):
    lacking = missing(path)
    share = 1 - len(lacking) / max(len(NAMES[path]), 1)
    assert share >= FLOORS[path], f"{path}: {share:.0%} of TF's names; missing: {lacking}"


def test_every_module_has_a_floor():
    assert set(FLOORS) == set(NAMES)


if __name__ == "__main__":
    for path in sorted(NAMES):
        lacking = missing(path)
        print(f"{path}: {len(NAMES[path]) - len(lacking)}/{len(NAMES[path])}; missing: {' '.join(lacking)}")
