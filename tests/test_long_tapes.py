"""Long tapes (issue 10): the work of a gradient call does not grow with the tape beyond the
ops it replays. The structure key is interned as ops are recorded (found in O(1) at gradient
time), and the fused derivative call of a non-persistent tape computes only the pending
values that something outside the tape can still read."""

from __future__ import annotations

import gc
import threading
import weakref

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf
from tapejax._core import caches
from tapejax._core.engine import fused as _fused_run
from tapejax._core.recording.record import Op, record


class _CountingKey:
    """An op key that counts how often it is hashed or compared."""

    calls = 0

    def __hash__(self):
        _CountingKey.calls += 1
        return 12345

    def __eq__(self, other):
        _CountingKey.calls += 1
        return other is self


_COUNTED_SIN = Op("CountedSin", jnp.sin, key=_CountingKey())


def _record_chain(n: int):
    x = tf.constant(np.linspace(0.0, 1.0, 4, dtype=np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        h = x
        for _ in range(n):
            h = record(_COUNTED_SIN, [h])
    return tape, x, h


@pytest.mark.parametrize("n", [100, 10_000])
def test_finding_the_structure_key_reads_nothing_of_the_recording(n):
    tape, x, y = _record_chain(n)
    recording = tape._tape
    _CountingKey.calls = 0
    key = recording.structure_key([y], recording.leaves_of(x))
    hash(key)
    assert key == recording.structure_key([y], recording.leaves_of(x))
    assert _CountingKey.calls == 0  # the old key hashed and compared every event: n calls
    assert recording.structure.length == n + 1  # the watch, then n ops


def test_equal_recordings_reach_the_same_structure_and_different_ones_do_not():
    def structure_of(fn, value):
        x = tf.constant(value)
        with tf.GradientTape() as tape:
            tape.watch(x)
            fn(x)
        return tape._tape.structure

    base = lambda x: tf.reduce_sum(tf.sin(x) * x, axis=0)  # noqa: E731
    ones = np.ones((2, 3), np.float32)
    assert structure_of(base, ones) is structure_of(base, ones + 1)
    different = [
        structure_of(base, np.ones((3, 3), np.float32)),  # a shape
        structure_of(base, np.ones((2, 3), np.float64)),  # a dtype
        structure_of(lambda x: tf.reduce_sum(tf.cos(x) * x, axis=0), ones),  # an op
        structure_of(lambda x: tf.reduce_sum(tf.sin(x) * x, axis=1), ones),  # a static argument
        structure_of(lambda x: tf.reduce_sum(x * tf.sin(x), axis=0), ones),  # the wiring
    ]
    seen = [structure_of(base, ones), *different]
    assert len({id(s) for s in seen}) == len(seen)


def test_unhashable_static_arguments_make_a_recording_equal_to_no_other():
    unhashable = Op("Scale", lambda x, factor: x * factor[0])
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(record(unhashable, [x], {"factor": [3.0]}))
    assert tape._tape.structure is None
    assert tape._tape.structure_key([y], [x]) is None
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [3.0, 3.0])


def test_clearing_the_intern_table_never_makes_two_recordings_share_a_key(monkeypatch):
    monkeypatch.setattr(caches.structures, "max_entries", 3)  # evicted every few events
    fns = [
        lambda x: tf.reduce_sum(tf.sin(x) * x),
        lambda x: tf.reduce_sum(tf.cos(x) * x),
        lambda x: tf.reduce_sum(tf.exp(x) * x),
    ]
    grads = [
        lambda v: np.sin(v) + v * np.cos(v),
        lambda v: np.cos(v) - v * np.sin(v),
        lambda v: np.exp(v) * (1 + v),
    ]
    keys = {}
    value = np.array([0.5, 1.5], np.float32)
    for step in range(12):
        k = step % 3
        x = tf.constant(value)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = fns[k](x)
        keys.setdefault(id(tape._tape.structure), set()).add(k)
        np.testing.assert_allclose(tape.gradient(y, x).numpy(), grads[k](value), rtol=1e-5)
    assert all(len(ks) == 1 for ks in keys.values())
    assert len(caches.structures) <= 3


def test_threads_recording_different_structures_while_the_table_is_cleared(monkeypatch):
    monkeypatch.setattr(caches.structures, "max_entries", 16)
    errors = []

    def work(n):
        try:
            value = np.linspace(0.1, 1.0, n, dtype=np.float32)
            for _ in range(20):
                x = tf.constant(value)
                with tf.GradientTape() as tape:
                    tape.watch(x)
                    h = x
                    for _ in range(n):
                        h = tf.sin(h)
                    y = tf.reduce_sum(h)
                want = jax.grad(lambda v: jnp.sum(_sin_n(v, n)))(value)
                np.testing.assert_allclose(tape.gradient(y, x).numpy(), want, rtol=1e-5)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(n,)) for n in (2, 3, 4, 5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def _sin_n(v, n):
    for _ in range(n):
        v = jnp.sin(v)
    return v


def test_a_long_chain_gradient_is_right_and_its_plan_is_reused():
    def step(value):
        x = tf.constant(value)
        with tf.GradientTape() as tape:
            tape.watch(x)
            h = x
            for _ in range(20):
                h = tf.sin(h) * 1.001 + 0.01
            loss = tf.reduce_sum(h)
        return tape.gradient(loss, x).numpy()

    def ref(v):
        for _ in range(20):
            v = jnp.sin(v) * 1.001 + 0.01
        return jnp.sum(v)

    value = np.linspace(-1.0, 1.0, 8, dtype=np.float32)
    plans = len(caches.plans)
    for k in range(3):
        np.testing.assert_allclose(step(value + k), jax.grad(ref)(value + k), rtol=1e-5, atol=1e-6)
    assert len(caches.plans) <= plans + 1


# -- the fused call of a non-persistent tape computes only what can still be read ---------------
X = np.array([0.3, 0.7], np.float32)


def _reference(v):
    return jnp.sum(jnp.cos(jnp.sin(v) * 2.0) ** 2)


@pytest.fixture
def fused_outputs(monkeypatch):
    """How many pending forward values each fused derivative call computed."""
    seen = []
    fused = _fused_run.Fused._fused

    def spy(self, pending, inputs, nodes):
        seen.append(len(pending))
        return fused(self, pending, inputs, nodes)

    monkeypatch.setattr(_fused_run.Fused, "_fused", spy)
    return seen


def test_a_non_persistent_gradient_computes_only_the_values_still_held(fused_outputs):
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        a = tf.sin(x)
        b = a * 2.0
        c = tf.cos(b)
        loss = tf.reduce_sum(c**2)
    nodes = list(tape._tape.nodes)  # white box: which values were computed
    del b, c
    g = tape.gradient(loss, x)
    assert fused_outputs == [2]  # a (held) and loss (the target); not b, c, c**2
    assert [n.outputs[0]._v is not None for n in nodes] == [True, False, False, False, True]
    np.testing.assert_allclose(a.numpy(), np.sin(X), rtol=1e-6)
    np.testing.assert_allclose(loss.numpy(), _reference(X), rtol=1e-6)
    np.testing.assert_allclose(g.numpy(), jax.grad(_reference)(X), rtol=1e-5)


def test_which_values_are_held_changes_the_fused_function_not_the_results(fused_outputs):
    for held in ["a", None, "b", "a", None]:
        x = tf.constant(X)
        with tf.GradientTape() as tape:
            tape.watch(x)
            a = tf.sin(x)
            b = a * 2.0
            loss = tf.reduce_sum(tf.cos(b) ** 2)
        kept = {"a": a, "b": b}.get(held)
        del a, b
        g = tape.gradient(loss, x)
        np.testing.assert_allclose(g.numpy(), jax.grad(_reference)(X), rtol=1e-5)
        np.testing.assert_allclose(loss.numpy(), _reference(X), rtol=1e-6)
        if kept is not None:
            want = np.sin(X) if held == "a" else 2 * np.sin(X)
            np.testing.assert_allclose(kept.numpy(), want, rtol=1e-6)
    assert fused_outputs == [2, 1, 2, 2, 1]


def test_a_persistent_tape_computes_every_pending_value(fused_outputs):
    x = tf.constant(X)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.cos(tf.sin(x) * 2.0) ** 2)
    nodes = list(tape._tape.nodes)
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), jax.grad(_reference)(X), rtol=1e-5)
    assert fused_outputs == [5]
    assert all(n.outputs[0]._v is not None for n in nodes)
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), jax.grad(_reference)(X), rtol=1e-5)


def test_values_left_uncomputed_die_with_the_tape_by_reference_counting(fused_outputs):
    x = tf.constant(X)
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()  # a reference cycle would keep them alive
    try:
        with tf.GradientTape() as tape:
            tape.watch(x)
            b = tf.sin(x) * 2.0
            loss = tf.reduce_sum(tf.cos(b) ** 2)
        ref = weakref.ref(b)  # not a reader: b dies with the tape
        del b
        tape.gradient(loss, x)
        assert fused_outputs == [1]
        assert ref() is None
    finally:
        if enabled:
            gc.enable()


def test_an_unheld_value_that_a_held_pending_tensor_needs_is_computed_when_read(fused_outputs):
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        b = tf.sin(x) * 2.0
        side = tf.exp(b)  # outside the gradient's slice, still pending
        loss = tf.reduce_sum(tf.cos(b) ** 2)
    del b
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), jax.grad(_reference)(X), rtol=1e-5)
    assert fused_outputs == [1]  # the target only
    assert side._v is None
    np.testing.assert_allclose(side.numpy(), np.exp(2 * np.sin(X)), rtol=1e-6)


def test_an_outer_tape_still_differentiates_what_an_inner_one_did_not_compute(fused_outputs):
    x = tf.constant(X)
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            loss = tf.reduce_sum(tf.cos(tf.sin(x) * 2.0) ** 2)
    want = jax.grad(_reference)(X)
    np.testing.assert_allclose(inner.gradient(loss, x).numpy(), want, rtol=1e-5)
    np.testing.assert_allclose(outer.gradient(loss, x).numpy(), want, rtol=1e-5)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            loss = tf.reduce_sum(tf.cos(tf.sin(x) * 2.0) ** 2)
        g = t1.gradient(loss, x)
    hess = jax.jacfwd(jax.grad(_reference))(X)
    np.testing.assert_allclose(t2.gradient(g, x).numpy(), hess.sum(axis=0), rtol=1e-4)


def test_jacobians_of_a_non_persistent_tape_compute_only_their_target(fused_outputs):
    x = tf.constant(np.ones((3, 2), np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(tf.sin(x) * 2.0)
    np.testing.assert_allclose(
        tape.batch_jacobian(y, x).numpy()[:, 0, 0],
        2 * np.cos(np.ones(3)) * np.cos(2 * np.sin(np.ones(3))),
        rtol=1e-5,
    )
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(tf.sin(x) * 2.0)
    assert tape.jacobian(y, x).shape == (3, 2, 3, 2)
    assert fused_outputs == [1, 1]
    np.testing.assert_allclose(y.numpy(), np.sin(2 * np.sin(np.ones((3, 2)))), rtol=1e-6)


def test_a_long_recording_is_freed_by_reference_counting_alone():
    def live_tensors():
        return sum(1 for o in gc.get_objects() if type(o) is tf.Tensor)

    x = tf.Variable(np.linspace(-1.0, 1.0, 8, dtype=np.float32))
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        before = live_tensors()
        for _ in range(3):
            with tf.GradientTape() as tape:
                h = x * 1.0
                for _ in range(100):
                    h = tf.sin(h) * 1.001 + 0.01
                loss = tf.reduce_sum(h)
            g = tape.gradient(loss, x)
            del h, loss, g
        assert live_tensors() == before
    finally:
        if enabled:
            gc.enable()
