"""Peak resident memory of the W2 training step (MLP 784-512-512-10, batch 128): tapejax eager,
tapejax.function and hand-written jitted JAX, each in its own fresh process (100 steps).

Usage: python benchmarks/memory.py
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANTS = ("jax.jit (limit)", "tapejax eager", "tapejax.function")


def _child(variant: str) -> None:
    sys.path.insert(0, os.path.dirname(HERE))
    sys.path.insert(0, HERE)
    # Imported here, in the child process, after sys.path is set up and before the peak is read.
    import jax  # noqa: PLC0415 - see above
    from workloads import JAX_WORKLOADS, TAPE_WORKLOADS  # noqa: PLC0415

    import tapejax  # noqa: PLC0415

    base = _peak_kib()
    if variant == "jax.jit (limit)":
        step = JAX_WORKLOADS["W2 MLP step"]()
    elif variant == "tapejax eager":
        step = TAPE_WORKLOADS["W2 MLP step"](tapejax)
    else:
        step = tapejax.function(TAPE_WORKLOADS["W2 MLP step"](tapejax))
    for _ in range(100):
        out = step()
    jax.block_until_ready(out._value if isinstance(out, tapejax.Tensor) else out)
    peak = _peak_kib()
    print(f"{peak / 1024:.1f} {(peak - base) / 1024:.1f}")


def _peak_kib() -> int:
    """This process's peak resident memory (KiB). Linux's VmHWM starts afresh with the new
    program; ru_maxrss may carry the peak of the process that started this one."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def table() -> str:
    """The W2 peak-memory table (each variant in a fresh process); the target is growth within
    1.5x of the hand-written JAX step's."""
    rows = []
    for variant in VARIANTS:
        out = subprocess.run(
            [sys.executable, __file__, "--child", variant], capture_output=True, text=True, check=True
        ).stdout.split()
        rows.append((variant, float(out[0]), float(out[1])))
    limit = rows[0][2]
    lines = [
        "| W2 variant | peak RSS (MiB) | growth during the steps (MiB) | growth / limit (target <= 1.5x) |",
        "|---|---|---|---|",
    ]
    for variant, peak, growth in rows:
        ratio = f"{growth / limit:.2f}x" if limit > 0 else "n/a (no growth measured for the limit)"
        lines.append(f"| {variant} | {peak:.0f} | {growth:.0f} | {ratio} |")
    return "\n".join(lines)


def main() -> None:
    print(table())


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        _child(sys.argv[2])
    else:
        main()
