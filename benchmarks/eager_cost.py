"""The eager tape's own cost per step on the µs-sized workloads, in measures that a loaded
machine disturbs little: Python function calls per step (exact) and the main thread's CPU
time per step (``time.thread_time``: time spent waiting for a core is not counted; the
minimum over rounds). Wall-clock ratios to ``jax.jit`` are ``run.py``'s; on a shared 2-core
machine they move by 2-5x with the other processes' load, these by ~10-20%.

Usage: python benchmarks/eager_cost.py [--rounds 15]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from run import TINY, _block  # noqa: E402
from workloads import TAPE_WORKLOADS  # noqa: E402

import tapejax  # noqa: E402


def python_calls(step) -> tuple[int, int]:
    """(Python calls, C calls) made by one call of ``step``."""
    counts = [0, 0]

    def profile(frame, event, arg):
        if event == "call":
            counts[0] += 1
        elif event == "c_call":
            counts[1] += 1

    sys.setprofile(profile)
    try:
        step()
    finally:
        sys.setprofile(None)
    return counts[0], counts[1]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    steps = {name: TAPE_WORKLOADS[name](tapejax) for name in TINY}
    for step in steps.values():
        for _ in range(20):
            _block(step())
    cpu = {name: [] for name in steps}
    for _ in range(args.rounds):
        for name, step in steps.items():
            t0 = time.thread_time()
            for _ in range(50):
                _block(step())
            cpu[name].append((time.thread_time() - t0) / 50)
    print("| workload | Python calls / C calls per step | main-thread CPU per step (min) |")
    print("|---|---|---|")
    for name, step in steps.items():
        py, c = python_calls(step)
        print(f"| {name} | {py} / {c} | {min(cpu[name]) * 1e6:.0f} µs |")


if __name__ == "__main__":
    main()
