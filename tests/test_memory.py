"""Memory: tapes free what they recorded, dropped tensors are freed, the compile cache is
bounded, and a long eager training loop keeps its resident memory flat."""

from __future__ import annotations

import contextlib
import gc
import json
import subprocess
import sys
import weakref

import numpy as np

import tapejax as tf
from tapejax._core import caches as _compile


@contextlib.contextmanager
def _refcounting_only():
    """Frees happen by reference counting alone: a reference cycle would keep them alive."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def test_a_non_persistent_tape_frees_its_recording_after_gradient():
    x = tf.constant([1.0, 2.0])
    with _refcounting_only():
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x * x
            z = tf.reduce_sum(tf.sin(y))
        alive = weakref.ref(y)
        grad = tape.gradient(z, x)
        del y, z
        # The tape object is still alive; the graph it recorded is not.
        assert alive() is None
        assert tape is not None
    np.testing.assert_allclose(grad.numpy(), 2 * np.array([1.0, 2.0]) * np.cos([1.0, 4.0]), rtol=1e-6)


def test_a_persistent_tape_keeps_its_recording_until_it_is_dropped():
    x = tf.constant(3.0)
    with _refcounting_only():
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = x * x
        alive = weakref.ref(y)
        del y
        assert alive() is not None  # the tape needs it for its next gradient
        del tape
    # y was never computed: a deferred tensor and the recorded node that will compute it refer
    # to each other until then, so Python's cycle collector (not reference counting) frees them.
    gc.collect()
    assert alive() is None


def test_tensors_created_under_a_tape_are_freed_when_dropped():
    x, c = tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])
    with _refcounting_only():
        with tf.GradientTape() as tape:
            tape.watch(x)
            unrecorded = c * c  # touches nothing the tape watches: not recorded
            alive_unrecorded = weakref.ref(unrecorded)
            del unrecorded
            assert alive_unrecorded() is None
            y = x * c
            alive_recorded = weakref.ref(y)
            loss = tf.reduce_sum(y)
        del y
        tape.gradient(loss, x)
        del loss
        assert alive_recorded() is None
    # A tape exited without a gradient frees everything once the user drops it (by the cycle
    # collector: see test_a_persistent_tape_keeps_its_recording_until_it_is_dropped).
    with tf.GradientTape() as unused:
        unused.watch(x)
        y = x * x
    alive = weakref.ref(y)
    del y, unused
    gc.collect()
    assert alive() is None


def test_the_compile_cache_is_bounded_with_distinct_structures():
    saved = _compile.cache.max_entries
    _compile.cache.clear()
    _compile.cache.max_entries = 8
    try:
        for n in range(1, 25):  # 24 distinct structures: shapes 1..24
            x = tf.constant(np.ones(n, np.float32))
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = tf.reduce_sum(tf.sin(x) * x)
            assert tape.gradient(y, x).shape == (n,)
            assert len(_compile.cache) <= 8
        assert len(_compile.cache) == 8
        assert _compile.cache.misses >= 24
    finally:
        _compile.cache.max_entries = saved
        _compile.cache.clear()


_SOAK = r"""
import json, sys, time
import numpy as np

def rss_kb():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))

steps, warm, leak_bytes = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
if leak_bytes:  # the harness's own check: a deliberate leak, no tapejax
    kept = []
    def step():
        kept.append(bytearray(leak_bytes))
else:
    import tapejax as tf
    rng = np.random.default_rng(0)
    x = tf.constant(rng.normal(size=(8, 4)).astype(np.float32))
    t = tf.constant(rng.normal(size=(8, 1)).astype(np.float32))
    w1 = tf.Variable(rng.normal(size=(4, 8)).astype(np.float32) * 0.1)
    b1 = tf.Variable(np.zeros(8, np.float32))
    w2 = tf.Variable(rng.normal(size=(8, 1)).astype(np.float32) * 0.1)
    params = [w1, b1, w2]
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((tf.nn.relu(x @ w1 + b1) @ w2 - t) ** 2)
        for v, g in zip(params, tape.gradient(loss, params)):
            v.assign_sub(0.01 * g)

for _ in range(warm):
    step()
before, start = rss_kb(), time.perf_counter()
for _ in range(steps):
    step()
print(json.dumps({"growth_kb": rss_kb() - before, "seconds": time.perf_counter() - start}))
"""

# 10,000 steps may grow RSS by at most 4 MB (0.4 KB per step): a leak of 1 KB per step (10 MB)
# fails, and so does a leaked 8x4 float32 tensor per step (128 B of data plus its Python and
# JAX objects, well over 400 B). Measured: about 0.25 MB of growth in 10,000 steps.
_STEPS, _WARM_UP, _LIMIT_KB = 10_000, 500, 4096


def _soak(leak_bytes: int = 0) -> dict:
    run = subprocess.run(
        [sys.executable, "-c", _SOAK, str(_STEPS), str(_WARM_UP), str(leak_bytes)],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_soak_harness_sees_a_one_kilobyte_per_step_leak():
    assert _soak(leak_bytes=1024)["growth_kb"] > _LIMIT_KB


def test_ten_thousand_eager_training_steps_keep_resident_memory_flat():
    """GradientTape, gradient and assign_sub on a small MLP, 10,000 times after a warm-up.

    The warm-up compiles the step's structures and fills the caches; after it, resident memory
    may only grow by allocator noise. Runs in a fresh process, so nothing else moves its RSS.
    """
    result = _soak()
    assert result["growth_kb"] < _LIMIT_KB, result
