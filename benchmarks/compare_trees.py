"""Two source trees of tapejax side by side in one run: recording cost per op and every W/L
workload, for checking that a change (a refactor) made nothing slower.

Each tree runs in its own worker process (its ``tapejax`` first on the path, the workloads of
this file's ``benchmarks/``); the driver interleaves them round by round, alternating which
goes first, so both see the same machine load. Per step it reports the main thread's CPU time
(``time.thread_time``, which a loaded machine disturbs little: time spent waiting for a core is
not counted) and the wall time, each the minimum over rounds.

Usage: python benchmarks/compare_trees.py OLD_TREE NEW_TREE [--rounds 9] [--only W1,rec]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


# -- recording cost per op: one recorded op on a tape that grows, a fresh tape every 200 ops ----
def _recording(tf, kind: str):
    x = tf.constant([1.0, 2.0, 3.0])
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    w = tf.constant([[0.5], [0.25]])
    ops = {
        "mul": lambda: x * x,
        "mul by a Python float": lambda: x * 1.001,
        "sin": lambda: tf.sin(x),
        "matmul of a Variable": lambda: tf.matmul(v, w),
        "add of a Variable": lambda: v + v,
    }
    op, per_tape = ops[kind], 200

    def step():
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            for _ in range(per_tape):
                op()

    return step, per_tape


RECORDING = ("mul", "mul by a Python float", "sin", "matmul of a Variable", "add of a Variable")


def _steps(tf, only):
    from workloads import TAPE_WORKLOADS  # noqa: PLC0415 (the worker's, after its path is set)

    steps = {}
    for kind in RECORDING:
        steps[f"rec {kind}"] = _recording(tf, kind)
    for name, make in TAPE_WORKLOADS.items():
        steps[name] = (make(tf), 1)
    return {k: v for k, v in steps.items() if not only or any(k.startswith(p) for p in only)}


def _block(result):
    import jax  # noqa: PLC0415 (the driver never imports JAX or tapejax)

    import tapejax  # noqa: PLC0415

    for leaf in jax.tree_util.tree_leaves(result, is_leaf=lambda x: hasattr(x, "numpy") or x is None):
        if isinstance(leaf, (tapejax.Tensor, tapejax.Variable)):
            leaf.numpy()
        elif isinstance(leaf, jax.Array):
            leaf.block_until_ready()


def worker(only) -> None:
    """Reads ``name reps`` lines; answers each with the per-op CPU and wall seconds."""
    sys.path.insert(1, HERE)
    import tapejax  # noqa: PLC0415 (the tree's: PYTHONPATH is set by the driver)

    steps = _steps(tapejax, only)
    for step, _ in steps.values():  # compile and warm every structure
        for _ in range(3):
            _block(step())
    print(json.dumps({"names": list(steps), "file": tapejax.__file__}), flush=True)
    for line in sys.stdin:
        index, reps = line.split()
        step, per = list(steps.values())[int(index)]
        c0, w0 = time.thread_time(), time.perf_counter()
        for _ in range(int(reps)):
            _block(step())
        cpu, wall = time.thread_time() - c0, time.perf_counter() - w0
        print(json.dumps([cpu / int(reps) / per, wall / int(reps) / per]), flush=True)


def _start(tree: str, only: str):
    env = dict(
        os.environ, PYTHONPATH=os.path.abspath(tree), JAX_PLATFORMS=os.environ.get("JAX_PLATFORMS", "cpu")
    )
    proc = subprocess.Popen(
        [sys.executable, os.path.abspath(__file__), "--worker", "--only", only],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        cwd=os.path.abspath(tree),
    )
    hello = json.loads(proc.stdout.readline())
    return proc, hello


def _ask(proc, name: str, reps: int):
    proc.stdin.write(f"{_NAMES.index(name)} {reps}\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


_NAMES: list = []  # the steps, in the workers' order


def _fmt(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms" if seconds >= 1e-3 else f"{seconds * 1e6:.2f} µs"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("old", nargs="?")
    parser.add_argument("new", nargs="?")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--budget", type=float, default=0.05, help="seconds per measurement")
    parser.add_argument("--only", default="", help="comma-separated name prefixes (W1,rec)")
    parser.add_argument("--worker", action="store_true")
    args = parser.parse_args()
    only = [p for p in args.only.split(",") if p]
    if args.worker:
        worker(only)
        return
    workers = [_start(args.old, args.only), _start(args.new, args.only)]
    for label, (_, hello) in zip(("old", "new"), workers, strict=True):
        print(f"{label}: {hello['file']}", file=sys.stderr)
    names = workers[0][1]["names"]
    assert workers[1][1]["names"] == names, "the two trees run different steps"
    _NAMES[:] = names
    reps = {}
    for name in names:
        cpu, wall = _ask(workers[0][0], name, 1)
        reps[name] = max(1, min(500, int(args.budget / max(wall * _steps_per(name), 1e-7))))
    best = {name: [[float("inf")] * 2, [float("inf")] * 2] for name in names}
    for r in range(args.rounds):
        for name in names:
            order = (0, 1) if r % 2 == 0 else (1, 0)
            for k in order:
                cpu, wall = _ask(workers[k][0], name, reps[name])
                best[name][k] = [min(best[name][k][0], cpu), min(best[name][k][1], wall)]
    for proc, _ in workers:
        proc.stdin.close()
        proc.wait()
    print("| step | old CPU | new CPU | new/old | old wall | new wall | new/old |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        (oc, ow), (nc, nw) = best[name]
        unit = " per op" if name.startswith("rec ") else ""
        print(
            f"| {name}{unit} | {_fmt(oc)} | {_fmt(nc)} | {nc / oc:.2f} | {_fmt(ow)} | {_fmt(nw)} | {nw / ow:.2f} |"
        )


def _steps_per(name: str) -> int:
    return 200 if name.startswith("rec ") else 1


if __name__ == "__main__":
    main()
