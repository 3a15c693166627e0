"""Long tapes (issue 10): the work of a gradient call does not grow with the tape beyond the
ops it replays. The structure key is interned as ops are recorded (found in O(1) at gradient
time), and the fused derivative call of a non-persistent tape computes only the pending
values that something outside the tape can still read."""

from __future__ import annotations

import threading

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf
from tapejax._core import replay, structure
from tapejax._core.record import Op, record


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
    monkeypatch.setattr(structure, "MAX_ENTRIES", 3)  # cleared every few events
    fns = [lambda x: tf.reduce_sum(tf.sin(x) * x), lambda x: tf.reduce_sum(tf.cos(x) * x),
           lambda x: tf.reduce_sum(tf.exp(x) * x)]
    grads = [lambda v: np.sin(v) + v * np.cos(v), lambda v: np.cos(v) - v * np.sin(v),
             lambda v: np.exp(v) * (1 + v)]
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
    assert structure.size() <= 3


def test_threads_recording_different_structures_while_the_table_is_cleared(monkeypatch):
    monkeypatch.setattr(structure, "MAX_ENTRIES", 16)
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
    plans = len(replay._PLANS)
    for k in range(3):
        np.testing.assert_allclose(step(value + k), jax.grad(ref)(value + k), rtol=1e-5, atol=1e-6)
    assert len(replay._PLANS) <= plans + 1
