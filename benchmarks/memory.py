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
    import jax
    from workloads import JAX_WORKLOADS, TAPE_WORKLOADS

    import tapejax

    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if variant == "jax.jit (limit)":
        step = JAX_WORKLOADS["W2 MLP step"]()
    elif variant == "tapejax eager":
        step = TAPE_WORKLOADS["W2 MLP step"](tapejax)
    else:
        step = tapejax.function(TAPE_WORKLOADS["W2 MLP step"](tapejax))
    for _ in range(100):
        out = step()
    jax.block_until_ready(out._value if isinstance(out, tapejax.Tensor) else out)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"{peak / 1024:.1f} {(peak - base) / 1024:.1f}")


def main() -> None:
    rows = []
    for variant in VARIANTS:
        out = subprocess.run([sys.executable, __file__, "--child", variant], capture_output=True, text=True,
                             check=True).stdout.split()
        rows.append((variant, float(out[0]), float(out[1])))
    limit = rows[0][2]
    print("| W2 variant | peak RSS (MiB) | growth during the steps (MiB) | growth / limit |")
    print("|---|---|---|---|")
    for variant, peak, growth in rows:
        print(f"| {variant} | {peak:.0f} | {growth:.0f} | {growth / limit:.2f}x |")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        _child(sys.argv[2])
    else:
        main()
