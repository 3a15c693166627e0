"""Benchmarks: tapejax eager tape, tapejax.function and hand-written jitted JAX, side by side.

All variants of every workload run in ONE process, interleaved round by round, and the
steady-state time is the median over rounds; the first call (tracing and compilation
included) is timed separately. TensorFlow columns appear when TensorFlow happens to be
installed (it is never a dependency). Writes a Markdown table to stdout and to
``benchmarks/RESULTS.md`` (with machine and versions) and a chart to ``benchmarks/chart.png``;
on an accelerator (JAX's default backend not the CPU), to ``RESULTS_GPU.md`` / ``chart_gpu.png``
(or ``_TPU``), so that the CPU table and the accelerator's live side by side.

Usage: python benchmarks/run.py [--quick] [--only W1,W5] [--rounds 7] [--no-write] [--latency]
       [--compiles]
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import os
import platform
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# tapejax's cache of compiled programs as a user has it (on), but in a new empty directory: the
# first calls measured here compile as a first run's do, on every run of the benchmarks
# (compiles.py --cache measures a cache filled by an earlier run).
_CACHE = tempfile.TemporaryDirectory(prefix="tapejax-bench-cache-")
os.environ.setdefault("TAPEJAX_COMPILATION_CACHE", _CACHE.name)

import compiles  # noqa: E402
import jax  # noqa: E402
import latency  # noqa: E402
import memory  # noqa: E402
from workloads import JAX_WORKLOADS, TAPE_WORKLOADS  # noqa: E402

import tapejax  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def _block(result):
    def sync(x):
        if isinstance(x, tapejax.Tensor):
            x._value.block_until_ready()
        elif isinstance(x, jax.Array):
            x.block_until_ready()
        elif hasattr(x, "numpy"):
            x.numpy()
        return x

    leaves = jax.tree_util.tree_leaves(result, is_leaf=lambda x: hasattr(x, "numpy") or x is None)
    for leaf in leaves:
        if leaf is not None:
            sync(leaf)
    return result


def _variants(name: str, tf_module):
    out = {
        "jax.jit (limit)": JAX_WORKLOADS[name](),
        "tapejax eager": TAPE_WORKLOADS[name](tapejax),
        "tapejax.function": tapejax.function(TAPE_WORKLOADS[name](tapejax)),
    }
    if tf_module is not None:
        out["TF eager"] = TAPE_WORKLOADS[name](tf_module)
        out["tf.function"] = tf_module.function(TAPE_WORKLOADS[name](tf_module))
    return out


def _time_calls(step, n: int) -> float:
    t0 = time.perf_counter()
    for _ in range(n):
        _block(step())
    return (time.perf_counter() - t0) / n


def measure(name: str, tf_module, rounds: int, budget: float) -> dict:
    variants = _variants(name, tf_module)
    first, reps = {}, {}
    for label, step in variants.items():
        t0 = time.perf_counter()
        _block(step())
        first[label] = time.perf_counter() - t0
        per = _time_calls(step, 2)
        reps[label] = max(1, min(2000, int(budget / max(per, 1e-7))))
    samples = {label: [] for label in variants}
    for _ in range(rounds):
        for label, step in variants.items():
            samples[label].append(_time_calls(step, reps[label]))
    return {
        label: {"first_s": first[label], "steady_s": statistics.median(samples[label])} for label in variants
    }


def _fmt_time(seconds: float) -> str:
    if seconds >= 1e-1:
        return f"{seconds * 1e3:.0f} ms"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


def table(results: dict) -> str:
    labels = list(next(iter(results.values())).keys())
    head = (
        "| workload | "
        + " | ".join(f"{lab} steady (x limit)" for lab in labels)
        + " | "
        + " | ".join(f"{lab} first call" for lab in labels)
        + " |"
    )
    lines = [head, "|" + "---|" * (1 + 2 * len(labels))]
    for name, res in results.items():
        limit = res["jax.jit (limit)"]["steady_s"]
        steady = [f"{_fmt_time(r['steady_s'])} ({r['steady_s'] / limit:.2f}x)" for r in res.values()]
        firsts = [_fmt_time(r["first_s"]) for r in res.values()]
        lines.append(f"| {name} | " + " | ".join(steady) + " | " + " | ".join(firsts) + " |")
    return "\n".join(lines)


# The targets (steady state, ratio to the limit): eager <= 5x on the dispatch-bound
# tiny workloads and <= 1.5x on the others; tapejax.function <= 1.2x everywhere; never slower
# than TensorFlow in the same mode; the first call of a new structure no slower than TF eager's.
TINY = (
    "W1 scalar grad",
    "W3 jac sigmoid(201)",
    "W4 Hessian 40x40",
    "W5 batch_jac b=7",
    "W5 full jac b=7",
    "W6 input-grad reg small",
)


def targets(results: dict) -> str:
    lines = [
        "| workload | eager (target) | function (target <= 1.2x) | eager vs TF eager "
        "| function vs tf.function | eager first call vs TF eager first call |",
        "|---|---|---|---|---|---|",
    ]
    for name, res in results.items():
        limit = res["jax.jit (limit)"]["steady_s"]
        eager = res["tapejax eager"]["steady_s"] / limit
        fn = res["tapejax.function"]["steady_s"] / limit
        bound = 5.0 if name in TINY else 1.5
        mark = lambda ok: "met" if ok else "MISSED"  # noqa: E731
        cells = [f"{eager:.2f}x (<= {bound}x: {mark(eager <= bound)})", f"{fn:.2f}x ({mark(fn <= 1.2)})"]
        for ours, theirs in (("tapejax eager", "TF eager"), ("tapejax.function", "tf.function")):
            if theirs in res:
                ratio = res[theirs]["steady_s"] / res[ours]["steady_s"]
                cells.append(f"{ratio:.1f}x faster" if ratio >= 1 else f"{1 / ratio:.2f}x slower")
            else:
                cells.append("n/a")
        if "TF eager" in res:
            ratio = res["tapejax eager"]["first_s"] / res["TF eager"]["first_s"]
            cells.append(f"{ratio:.2f}x ({mark(ratio <= 1.0)})")
        else:
            cells.append("n/a")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def chart(results: dict, path: str) -> None:
    # matplotlib is optional (the demo extras) and its backend must be chosen before pyplot loads.
    import matplotlib  # noqa: PLC0415 - see above

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415
    import numpy as np  # noqa: PLC0415

    names = list(results)
    labels = [lab for lab in next(iter(results.values())) if lab != "jax.jit (limit)"]
    fig, ax = plt.subplots(figsize=(11, 0.45 * len(names) + 2))
    height = 0.8 / len(labels)
    for k, lab in enumerate(labels):
        ratios = [results[n][lab]["steady_s"] / results[n]["jax.jit (limit)"]["steady_s"] for n in names]
        ax.barh(np.arange(len(names)) + k * height, ratios, height, label=lab)
    ax.axvline(1.0, color="k", lw=1)
    ax.set_xscale("log")
    ax.set_yticks(np.arange(len(names)) + 0.4 - height / 2, names)
    ax.invert_yaxis()
    ax.set_xlabel("steady-state time / hand-written jax.jit (log scale; 1 = the limit)")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    devices = ", ".join(sorted({d.device_kind for d in jax.devices()}))
    return f"{cpu}; {os.cpu_count()} cores; JAX devices: {devices}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fewer rounds, shorter measurements")
    parser.add_argument("--only", default="", help="comma-separated workload prefixes (e.g. W1,W5)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--no-write", action="store_true", help="print only; do not write RESULTS.md/chart")
    parser.add_argument(
        "--latency",
        action="store_true",
        help="only the latency sections (fresh-process first step, changing shapes)",
    )
    parser.add_argument(
        "--compiles",
        action="store_true",
        help="only the XLA compiles per program, each in a fresh process (benchmarks/compiles.py)",
    )
    args = parser.parse_args()
    if args.compiles:
        tf_python = sys.executable if compiles.has_tensorflow(sys.executable) else None
        results = compiles.measure(list(compiles.PROGRAMS), 10, 1, tf_python)
        print(compiles.table(results) + "\n\n" + compiles.names_table(results))
        return
    rounds, budget = (3, 0.02) if args.quick else (args.rounds, 0.1)
    try:
        tf_module = importlib.import_module("tensorflow")
    except ImportError:
        tf_module = None
    if args.latency:
        print(latency.tables(tf_module))
        return
    names = [n for n in TAPE_WORKLOADS if not args.only or any(n.startswith(p) for p in args.only.split(","))]
    results = {}
    for name in names:
        results[name] = measure(name, tf_module, rounds, budget)
        print(
            f"{name}: " + ", ".join(f"{k} {_fmt_time(v['steady_s'])}" for k, v in results[name].items()),
            flush=True,
        )
    md = table(results)
    print(md)
    if args.no_write:
        return
    backend = jax.default_backend()
    suffix = "" if backend == "cpu" else f"_{backend.upper()}"
    chart_name = f"chart{suffix.lower()}.png"
    chart(results, os.path.join(HERE, chart_name))
    memory_section = (
        ""
        if args.quick
        else (
            "\n## Memory\n\nPeak resident memory of the W2 step, 100 steps, each variant in a fresh "
            "process (`python benchmarks/memory.py`):\n\n" + memory.table() + "\n" + latency.tables(tf_module)
        )
    )
    versions = f"Python {platform.python_version()}, jax {jax.__version__}, tapejax {tapejax.__version__}"
    if tf_module is not None:
        versions += f", tensorflow {tf_module.__version__}"
    with open(os.path.join(HERE, f"RESULTS{suffix}.md"), "w") as f:
        f.write(
            f"# Benchmark results\n\nDate: {datetime.date.today()}  \nMachine: {machine()}  \n"
            f"Versions: {versions}  \nCommand: `python benchmarks/run.py"
            f"{' --quick' if args.quick else ''}`\n\n"
            "Steady state: median over rounds of the mean time per call, all variants interleaved "
            "in one process; the ratio is to hand-written `jax.jit` JAX (the limit) in the same "
            "run. First call: tracing and compilation included.\n\n" + md + f"\n\n![chart]({chart_name})\n"
            "\n## Targets\n\n" + targets(results) + "\n" + memory_section
        )


if __name__ == "__main__":
    main()
