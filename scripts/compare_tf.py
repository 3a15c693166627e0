"""Runs the TF programs of tests/tf_programs/ with real TensorFlow and with tapejax; diffs stdout.

A development tool: TensorFlow is never a dependency of tapejax or its tests. Point it at a
Python that has TensorFlow (``--tf-python``, default ``$TF_PYTHON`` or /tmp/tfenv/bin/python).

    .venv/bin/python scripts/compare_tf.py              # diff TF vs tapejax, every program
    .venv/bin/python scripts/compare_tf.py array_ops    # only the programs named
    .venv/bin/python scripts/compare_tf.py --update     # (re)write PROGRAM.expected from TF

Each program runs in its own subprocess on both sides, so each starts from a fresh process as
a user's script does. ``tests/test_tf_programs.py`` compares tapejax with the stored
``.expected`` files, without TensorFlow.
"""

from __future__ import annotations

import argparse
import difflib
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from tf_program_runner import IMPORT, programs, same_output  # noqa: E402


def _run(cmd: list[str]) -> tuple[str, str]:
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", PYTHONHASHSEED="0")
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=600, check=False)
    err = proc.stderr.strip().splitlines()[-1] if proc.returncode else ""
    return proc.stdout, err


def run_tf(tf_python: str, program: Path) -> tuple[str, str]:
    """Runs ``program`` with real TensorFlow (its import line back to TF's): (stdout, last stderr
    line if it failed)."""
    source = program.read_text().replace(IMPORT, "import tensorflow as tf", 1)
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / program.name
        script.write_text(source)
        return _run([tf_python, str(script)])


def run_tapejax(program: Path) -> tuple[str, str]:
    """Runs ``program`` as it is (it imports tapejax): (stdout, last stderr line if it failed)."""
    return _run([sys.executable, str(program)])


def _compare(tf_python: str, program: Path) -> tuple[str, list[str]]:
    (expected, tf_err), (actual, tj_err) = run_tf(tf_python, program), run_tapejax(program)
    diff = (
        []
        if same_output(program.stem, expected, actual)
        else list(
            difflib.unified_diff(
                expected.splitlines(), actual.splitlines(), "tensorflow", "tapejax", lineterm=""
            )
        )
    )
    diff += [f"TF failed: {tf_err}"] * bool(tf_err) + [f"tapejax failed: {tj_err}"] * bool(tj_err)
    return program.stem, diff


def _update(tf_python: str, program: Path) -> tuple[str, list[str]]:
    out, err = run_tf(tf_python, program)
    if err:
        return program.stem, [f"TF failed: {err}"]
    program.with_suffix(".expected").write_text(out)
    return program.stem, []


def main() -> int:
    """Command line entry point; returns the number of programs that differ."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="program names (default: all)")
    parser.add_argument("--update", action="store_true", help="write PROGRAM.expected from TF")
    parser.add_argument("--tf-python", default=os.environ.get("TF_PYTHON", "/tmp/tfenv/bin/python"))
    parser.add_argument("-j", "--jobs", type=int, default=2)
    args = parser.parse_args()
    chosen = [p for p in programs() if not args.names or p.stem in args.names]
    task = _update if args.update else _compare
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda p: task(args.tf_python, p), chosen))
    failed = [(name, diff) for name, diff in results if diff]
    for name, diff in failed:
        print(f"== {name}", *diff, sep="\n")
    print(f"{len(chosen) - len(failed)}/{len(chosen)} programs match")
    return len(failed)


if __name__ == "__main__":
    sys.exit(main())
