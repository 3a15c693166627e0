"""Per-call cost of tf.debugging assertions inside tapejax.function (issue 14).

The same step with no assertion, one ``assert_positive`` and three assertions, called
interleaved round by round; prints the median time per call of each (and the extra cost over
the plain step). A function without assertions is compiled without ``checkify``, so it pays
nothing; one with assertions runs the checkified program and reads its error flag back.

Usage: python benchmarks/asserts.py [--rounds 15] [--calls 200]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import tapejax as tf  # noqa: E402


def _steps(v):
    def plain(x):
        v.assign_add(tf.reduce_sum(x) * 1e-6)
        return tf.tanh(x) * 2.0

    def one(x):
        tf.debugging.assert_positive(x)
        return plain(x)

    def three(x):
        tf.debugging.assert_positive(x)
        tf.debugging.assert_less(x, 1e6)
        tf.debugging.Assert(tf.reduce_all(tf.math.is_finite(x)), [x])
        return plain(x)

    return {"no assert": tf.function(plain), "1 assert": tf.function(one), "3 asserts": tf.function(three)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args()
    for size in (16, 1_000_000):
        x = tf.ones([size])
        steps = _steps(tf.Variable(0.0))
        times: dict = {name: [] for name in steps}
        for f in steps.values():
            f(x).numpy()  # trace and compile
        for _ in range(args.rounds):
            for name, f in steps.items():
                start = time.perf_counter()
                for _ in range(args.calls):
                    y = f(x)
                y.numpy()
                times[name].append((time.perf_counter() - start) / args.calls * 1e6)
        base = statistics.median(times["no assert"])
        for name, t in times.items():
            median = statistics.median(t)
            print(f"x of {size:>9} floats, {name:<10}: {median:8.1f} us/call  (+{median - base:6.1f} us)")


if __name__ == "__main__":
    main()
