"""TF 2.21's public names in the op namespaces (issue 21): how many tapejax has.

``tests/data/tf221_api_names.json`` is ``dir()`` of each namespace in TensorFlow 2.21 (public
names, sub-modules left out), written once from the scratch TF venv. The test walks it and
fails when a namespace's coverage falls below its floor: the floors only ever go up, to 95%
(issue 21's bar) as names are added. ``python tests/test_api_coverage.py`` prints the missing
names per namespace.
"""

from __future__ import annotations

import json
import os

import pytest

import tapejax

NAMES = json.load(open(os.path.join(os.path.dirname(__file__), "data", "tf221_api_names.json")))

# The share of each namespace's names tapejax has, at least (raised as names are added).
FLOORS = {
    "tf": 0.85,
    "tf.math": 0.99,
    "tf.nn": 0.80,
    "tf.linalg": 0.60,
    "tf.random": 0.35,
    "tf.image": 0.15,
    "tf.signal": 1.0,
    "tf.dtypes": 1.0,
    "tf.debugging": 1.0,
    "tf.errors": 1.0,
    "tf.test": 1.0,
}


def _module(path: str):
    module = tapejax
    for part in path.split(".")[1:]:
        module = getattr(module, part, None)
        if module is None:
            return None
    return module


def missing(path: str) -> list[str]:
    """TF's names in the namespace ``path`` (``"tf.math"``) that tapejax lacks."""
    module = _module(path)
    if module is None:
        return list(NAMES[path])
    return [name for name in NAMES[path] if not hasattr(module, name)]


@pytest.mark.parametrize("path", sorted(NAMES))
def test_coverage_at_least_the_floor(path):
    lacking = missing(path)
    share = 1 - len(lacking) / len(NAMES[path])
    assert share >= FLOORS[path], f"{path}: {share:.0%} of TF's names; missing: {lacking}"


def test_every_namespace_has_a_floor():
    assert set(FLOORS) == set(NAMES)


def test_the_readme_lists_the_names_still_missing():
    """README's "TF's names not yet in tapejax" is the current list (scripts/missing_names.py)."""
    import importlib.util  # noqa: PLC0415

    path = os.path.join(os.path.dirname(__file__), "..", "scripts", "missing_names.py")
    spec = importlib.util.spec_from_file_location("missing_names", path)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    readme = open(os.path.join(os.path.dirname(__file__), "..", "README.md")).read()
    assert script.readme_section(readme) == script.section(), (
        "README's list of missing names is stale: run `python scripts/missing_names.py --write`"
    )


if __name__ == "__main__":
    for path in sorted(NAMES):
        lacking = missing(path)
        print(f"{path}: {len(NAMES[path]) - len(lacking)}/{len(NAMES[path])}; missing: {' '.join(lacking)}")
