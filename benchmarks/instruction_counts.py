"""Instructions per step of small tape programs, counted with callgrind (independent of load).

``python benchmarks/instruction_counts.py <tree> [<tree> ...]`` runs each program under
``valgrind --tool=callgrind`` with N and 2N iterations, for each tapejax tree given (its
``tapejax/`` imported through PYTHONPATH), and prints the difference divided by N: the
instructions of one step, start-up cancelled. Slow (valgrind runs Python ~50x slower): use it
when the machine is too busy for timings (RESULTS.md, issue 23).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile

PROGRAMS = {
    "W1 scalar grad": (
        200,
        "x, y = tf.Variable(3.0), tf.Variable(4.0)\n"
        "for _ in range(N):\n"
        "    with tf.GradientTape() as tape:\n"
        "        z = x * x + y * y\n"
        "    tape.gradient(z, [x, y])\n",
    ),
    "three recorded ops": (
        1000,
        "x, c = tf.Variable(3.0), tf.constant(2.0)\n"
        "for _ in range(N):\n"
        "    with tf.GradientTape():\n"
        "        x * x\n"
        "        x + c\n"
        "        x * c\n",
    ),
    "empty tape": (1000, "for _ in range(N):\n    with tf.GradientTape():\n        pass\n"),
}


def count(tree: str, body: str, n: int) -> int:
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(f"import tapejax as tf\nN = {n}\n{body}")
    env = {**os.environ, "PYTHONPATH": os.path.abspath(tree)}
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, f.name],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stderr
    os.unlink(f.name)
    return int(re.search(r"Collected : (\d+)", out).group(1))


def main(trees: list[str]) -> None:
    for name, (n, body) in PROGRAMS.items():
        per_step = [(count(t, body, 2 * n) - count(t, body, n)) / n for t in trees]
        cells = " | ".join(f"{c / 1000:.1f} k" for c in per_step)
        ratio = f" | {per_step[-1] / per_step[0]:.3f}" if len(per_step) > 1 else ""
        print(f"| {name} | {cells}{ratio} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or ["."])
