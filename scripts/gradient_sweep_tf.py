"""Writes TF 2.21's Jacobians of the op sweep into tests/data/gradient_sweep_tf221.json.

Runs ``tests/gradient_sweep_cases.py`` under TensorFlow (its ``import tapejax as tf`` gets
TensorFlow) and records ``tf.test.compute_gradient`` of each case. Stored entries are kept as
they are; only cases missing from the file are computed, or those named on the command line.

A development tool, run with a TensorFlow virtualenv (never by the tests):

    /work/tfenv/bin/python scripts/gradient_sweep_tf.py            # the new cases
    /work/tfenv/bin/python scripts/gradient_sweep_tf.py math.erf   # (re)compute these
"""

from __future__ import annotations

import json
import pathlib
import sys

import tensorflow

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "gradient_sweep_tf221.json"
sys.modules["tapejax"] = tensorflow
sys.path.insert(0, str(ROOT / "tests"))

from gradient_sweep_cases import CASES  # noqa: E402


def _op(path: str):
    value = tensorflow
    for part in path.split("."):
        value = getattr(value, part)
    return value


def jacobians(name: str) -> dict:
    inputs, call = CASES[name]
    op = _op(name)
    f = op if call is None else (lambda *xs: call(op, *xs))
    theoretical, numerical = tensorflow.test.compute_gradient(f, list(inputs))
    return {
        "theoretical": [t.tolist() for t in theoretical],
        "numerical": [n.tolist() for n in numerical],
        "dtypes": [str(t.dtype) for t in theoretical],
    }


def main(names: list[str]) -> None:
    stored = json.loads(DATA.read_text())
    wanted = names or [name for name in CASES if name not in stored]
    new = {name: jacobians(name) for name in wanted}
    # the cases' order; a name no longer a case keeps its place at the end
    merged = {name: new.get(name, stored.get(name)) for name in CASES if name in new or name in stored}
    merged.update({name: value for name, value in stored.items() if name not in merged})
    DATA.write_text(json.dumps(merged))
    print(f"wrote {len(new)} of {len(merged)} entries: {', '.join(new) or 'none'}")


if __name__ == "__main__":
    main(sys.argv[1:])
