"""``tf.test.Benchmark`` and ``tf.test.benchmark_config``.

A benchmark method calls ``report_benchmark``, which logs the entry and prints it in the text
form TF prints its ``BenchmarkEntries`` proto in when no report file is requested
(``TEST_REPORT_FILE_PREFIX``; tapejax writes no proto files). ``run_op_benchmark`` times
``sess.run(op)``; eagerly that is the time to evaluate a value, so pass a ``tf.function``'s
call (a callable) to time the computation itself.
"""

from __future__ import annotations

import inspect
import logging
import numbers
import time

_logger = logging.getLogger("tapejax")


class Benchmark:
    """Base class of TF benchmarks (``tf.test.Benchmark``): methods named ``benchmark*``
    measure something and report it with ``report_benchmark``."""

    def report_benchmark(
        self, iters=None, cpu_time=None, wall_time=None, throughput=None, extras=None, name=None, metrics=None
    ) -> None:
        """Reports one measurement, named ``ClassName.method`` (or ``ClassName.name``)."""
        if extras is not None and not isinstance(extras, dict):
            raise TypeError("extras must be a dict")
        for metric in metrics if metrics is not None else []:
            for key in ("name", "value"):
                if key not in metric:
                    raise TypeError(f"metric must has a '{key}' field")
        if metrics is not None and not isinstance(metrics, list):
            raise TypeError("metrics must be a list")
        entry = {
            "name": f"{type(self).__name__}.{name or _calling_method(self)}",
            "iters": iters,
            "cpu_time": cpu_time,
            "wall_time": wall_time,
            "throughput": throughput,
        }
        _logger.info("Benchmark [%s] %s", entry["name"], {k: v for k, v in entry.items() if k != "name"})
        print(_entries_text(entry, extras or {}, metrics or []))

    def run_op_benchmark(
        self,
        sess,
        op_or_tensor,
        feed_dict=None,
        burn_iters=2,
        min_iters=10,
        name=None,
        extras=None,
        mbs=0,
        **_,
    ):
        """Runs ``op_or_tensor`` (a Tensor, or a callable such as a ``tf.function``)
        ``burn_iters`` times, then times ``min_iters`` runs and reports their median."""
        run = op_or_tensor if callable(op_or_tensor) else lambda: sess.run(op_or_tensor)
        for _ in range(burn_iters):
            run()
        deltas = []
        for _ in range(min_iters):
            start = time.time()
            run()
            deltas.append(time.time() - start)
        ordered = sorted(deltas)
        median = (ordered[len(ordered) // 2] + ordered[(len(ordered) - 1) // 2]) / 2.0 if ordered else -1
        values = {"iters": min_iters, "wall_time": median, "extras": dict(extras or {}), "name": name}
        values["throughput"] = mbs / median
        self.report_benchmark(**values)
        return values


def _calling_method(benchmark: Benchmark) -> str:
    """The outermost method of ``benchmark`` on the stack (TF's naming of entries)."""
    for frame in reversed(inspect.stack()):
        if frame.frame.f_locals.get("self") is benchmark:
            return frame.function
    raise ValueError("Unable to determine calling Benchmark class.")


def _entries_text(entry: dict, extras: dict, metrics: list) -> str:
    lines = ["entry {", f'  name: "{entry["name"]}"']
    lines += [
        f"  {k}: {v:g}" if isinstance(v, float) else f"  {k}: {v}"
        for k, v in entry.items()
        if k != "name" and v is not None
    ]
    for key, value in extras.items():
        kind = "double_value" if isinstance(value, numbers.Number) else "string_value"
        shown = f"{value:g}" if kind == "double_value" else f'"{value}"'
        lines += [f'  extras {{\n    key: "{key}"\n    value {{\n      {kind}: {shown}\n    }}\n  }}']
    for metric in metrics:
        lines += [f'  metrics {{\n    name: "{metric["name"]}"\n    value: {metric["value"]:g}\n  }}']
    return "\n".join([*lines, "}"])


def benchmark_config():
    """TF returns a ``ConfigProto`` that turns off Grappler's dependency optimizer for
    ``Session(config=...)``; tapejax has neither sessions nor Grappler: None."""
    return None
