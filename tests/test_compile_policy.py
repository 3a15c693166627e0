"""Structures that do not repeat, and values that are not structure (issue 25).

A gradient's structure is compiled as one fused program once it has shown it repeats
(``tapejax/_core/engine/policy.py``); until then it runs op by op on small programs per op and
shape (``engine/stepwise.py``). Both give the same numbers to float rounding, and which one
runs depends on counts only, so a program prints the same bits on every run. Python ints used
as indices and slice starts are inputs of the recorded op, not part of its structure.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf
from tapejax._core import caches
from tapejax._core.engine import policy, stepwise

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RTOL = 2e-5  # float32, several ops: op by op and fused round differently in the last bits


class _OpByOp(policy.Sighting):
    """A sighting that never compiles: every gradient runs op by op."""

    def compile_now(self) -> bool:
        return False


@pytest.fixture
def op_by_op(monkeypatch):
    """Every gradient structure seen in the test runs op by op (the plans that remember
    structures seen before are cleared first)."""
    tf.clear_caches()
    monkeypatch.setattr(policy, "sighting", lambda family, digest, nodes: _OpByOp(None, digest, nodes))
    yield
    tf.clear_caches()


@pytest.fixture
def runs(monkeypatch):
    """Per gradient call, whether it ran op by op."""
    seen = []
    real = stepwise.vjp

    def spy(*args, **kwargs):
        seen.append(True)
        return real(*args, **kwargs)

    monkeypatch.setattr(stepwise, "vjp", spy)

    def ran_op_by_op(fn):
        before = len(seen)
        out = fn()
        return out, len(seen) > before

    return ran_op_by_op


# -- an episode: one tape, a Python loop of varying length, sampled int indices -----------------
# Families are the process's: each test uses its own number of actions (its own shapes), so
# that it starts its own family; episodes have 5 steps or more, so that their first 32
# recorded events (the family's anchor) are the same.
RNG = np.random.default_rng(3)
STATES = RNG.standard_normal((12, 1, 5)).astype(np.float32)


def _weights(k):
    rng = np.random.default_rng(k)
    return (rng.standard_normal((5, k)) * 0.5).astype(np.float32), np.linspace(-0.1, 0.1, k).astype(
        np.float32
    )


def _episode(w, b, actions):
    with tf.GradientTape() as tape:
        losses = []
        for t, a in enumerate(actions):
            probs = tf.nn.softmax(tf.matmul(STATES[t], w) + b)
            losses.append(-tf.math.log(probs[0, a]) * (t + 1.5))
        loss = tf.add_n(losses)
    grads = tape.gradient(loss, [w, b])
    return [g.numpy() for g in grads], loss.numpy()


def _jax_episode(k, actions):
    def loss(w, b):
        total = 0.0
        for t, a in enumerate(actions):
            probs = jax.nn.softmax(STATES[t] @ w + b)
            total = total - jnp.log(probs[0, a]) * (t + 1.5)
        return total

    w0, b0 = _weights(k)
    return jax.grad(loss, argnums=(0, 1))(w0, b0), loss(w0, b0)


def _numpy_loss(w, b, actions):
    total = 0.0
    for t, a in enumerate(actions):
        z = STATES[t].astype(np.float64) @ w + b
        probs = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
        total -= np.log(probs[0, a]) * (t + 1.5)
    return total


def _close(got, want, rtol=RTOL):
    for g, w in zip(got, want, strict=True):
        np.testing.assert_allclose(g, np.asarray(w), rtol=rtol, atol=1e-6)


def test_op_by_op_agrees_with_jax_and_finite_differences(op_by_op, runs):
    w0, b0 = _weights(3)
    w, b = tf.Variable(w0), tf.Variable(b0)
    actions = [0, 2, 1, 1, 0]
    (grads, loss), by_op = runs(lambda: _episode(w, b, actions))
    assert by_op
    want, want_loss = _jax_episode(3, actions)
    _close(grads, want)
    np.testing.assert_allclose(loss, want_loss, rtol=RTOL)
    eps = 1e-3  # central differences in float64 along the gradient of w
    direction = grads[0] / np.linalg.norm(grads[0])
    plus = _numpy_loss(w0 + eps * direction, b0, actions)
    minus = _numpy_loss(w0 - eps * direction, b0, actions)
    np.testing.assert_allclose((plus - minus) / (2 * eps), np.sum(grads[0] * direction), rtol=1e-4)


def test_op_by_op_and_fused_agree_with_jax(monkeypatch, runs):
    monkeypatch.setattr(policy, "REPEAT", 2)
    w0, b0 = _weights(4)
    w, b = tf.Variable(w0), tf.Variable(b0)
    _episode(w, b, [1, 1, 1, 1, 1])  # the family's first structure (compiled at once)
    first = [2, 0, 1, 3, 3, 2]
    second = [1, 3, 0, 0, 2, 1]
    (op_grads, _), first_by_op = runs(lambda: _episode(w, b, first))  # another: op by op
    (fused_grads, _), second_by_op = runs(lambda: _episode(w, b, second))  # its 2nd run: compiled
    assert first_by_op and not second_by_op
    # The indices differ, the structure does not: each is JAX's gradient of its own loss.
    _close(op_grads, _jax_episode(4, first)[0])
    _close(fused_grads, _jax_episode(4, second)[0])


def test_the_same_structure_op_by_op_and_fused_agree_within_rtol(monkeypatch, runs):
    monkeypatch.setattr(policy, "REPEAT", 2)
    w0, b0 = _weights(5)
    w, b = tf.Variable(w0), tf.Variable(b0)
    _episode(w, b, [0, 0, 0, 0, 0])
    by_op_result, by_op = runs(lambda: _episode(w, b, [2, 1, 4, 3, 0, 1]))
    fused_result, fused_by_op = runs(lambda: _episode(w, b, [2, 1, 4, 3, 0, 1]))
    assert by_op and not fused_by_op
    _close(by_op_result[0], fused_result[0], rtol=1e-5)
    np.testing.assert_allclose(by_op_result[1], fused_result[1], rtol=1e-5)


def test_a_repeating_tape_compiles_its_fused_program_once_and_reuses_it(runs):
    x, y = tf.Variable(np.full((7, 3), 3.0, np.float32)), tf.Variable(np.full((7, 3), 4.0, np.float32))
    compiles, by_op = [], []
    for _ in range(5):
        before = caches.compiled.compiles
        with tf.GradientTape() as tape:
            z = tf.reduce_sum(x * x + y * y)
        grads, ran_by_op = runs(lambda tape=tape, z=z: tape.gradient(z, [x, y]))
        np.testing.assert_array_equal(grads[0].numpy(), np.full((7, 3), 6.0))
        np.testing.assert_array_equal(grads[1].numpy(), np.full((7, 3), 8.0))
        compiles.append(caches.compiled.compiles - before)
        by_op.append(ran_by_op)
    assert compiles == [1, 0, 0, 0, 0] and by_op == [False] * 5


def test_a_varying_family_runs_op_by_op_until_a_structure_keeps_coming_back(monkeypatch, runs):
    monkeypatch.setattr(policy, "REPEAT", 3)
    w, b = (tf.Variable(a) for a in _weights(6))
    by_op = []
    for n in [5, 6, 6, 7, 6, 6, 5]:
        _, ran = runs(lambda n=n: _episode(w, b, [t % 3 for t in range(n)]))
        by_op.append(ran)
    # 5: the family's first (compiled at once); 6: runs 1, 2 op by op, run 3 compiles it;
    # 7: op by op; 5 again: compiled already.
    assert by_op == [False, True, True, True, False, False, False]


def test_a_large_first_structure_runs_op_by_op_once_then_compiles(monkeypatch, runs):
    monkeypatch.setattr(policy, "FIRST_STEPWISE_NODES", 5)
    w, b = (tf.Variable(a) for a in _weights(7))
    by_op = [runs(lambda: _episode(w, b, [1, 0, 2]))[1] for _ in range(3)]
    assert by_op == [True, False, False]


def test_an_index_is_an_input_not_part_of_the_structure():
    w0, _ = _weights(8)
    w = tf.Variable(w0)
    before = caches.compiled.compiles
    for a in [0, 2, 1, -1, -3]:
        with tf.GradientTape() as tape:
            probs = tf.nn.softmax(tf.matmul(STATES[0], w))
            loss = -tf.math.log(probs[0, a])
        g = tape.gradient(loss, w).numpy()
        want = jax.grad(lambda w, a=a: -jnp.log(jax.nn.softmax(STATES[0] @ w)[0, a]))(w0)
        np.testing.assert_allclose(g, want, rtol=RTOL, atol=1e-7)
    assert caches.compiled.compiles - before == 1  # one program for every index


def test_a_slice_start_is_an_input_and_its_length_is_structure():
    x = tf.Variable(np.arange(10.0, dtype=np.float32))
    before = caches.compiled.compiles
    for start in range(6):
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(x[start : start + 3] ** 2)
        np.testing.assert_array_equal(y.numpy(), np.sum(np.arange(start, start + 3.0) ** 2))
        want = np.zeros(10, np.float32)
        want[start : start + 3] = 2 * np.arange(start, start + 3.0)
        np.testing.assert_array_equal(tape.gradient(y, x).numpy(), want)
    assert caches.compiled.compiles - before <= 2  # the gradient, and the value read (one each)


@pytest.mark.parametrize(
    "key",
    [
        (0, 1),
        (-1, slice(1, 3)),
        (Ellipsis, 2),
        (None, 1, slice(None, None, 2)),
        (slice(-2, None), Ellipsis, -1),
        (slice(None, None, -1), 0),
        (1, slice(4, 9)),
    ],
)
def test_indexing_with_inputs_gives_numpys_values_and_jaxs_gradients(key):
    x = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4)
    v = tf.Variable(x)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v[key] * v[key])
    np.testing.assert_array_equal(v[key].numpy(), x[key])
    np.testing.assert_array_equal(tape.gradient(y, v).numpy(), jax.grad(lambda a: jnp.sum(a[key] ** 2))(x))


def test_op_by_op_gradient_of_a_leaf_computed_from_another_leaf(op_by_op, runs):
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        tape.watch(y)
        z = tf.reduce_sum(y * 3.0 + tf.sin(x))
    (gx, gy), by_op = runs(lambda: tape.gradient(z, [x, y]))
    assert by_op
    np.testing.assert_allclose(gy.numpy(), [3.0, 3.0])
    np.testing.assert_allclose(gx.numpy(), 6.0 * np.array([1.0, 2.0]) + np.cos([1.0, 2.0]), rtol=1e-5)


def test_op_by_op_complex_output_gradients_and_direct_sources(op_by_op, runs):
    c = tf.constant([1.0 + 2.0j, -0.5 + 0.25j], dtype=tf.complex64)
    v = tf.Variable([0.5, -1.5])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(c)
        y = tf.reduce_sum(tf.math.real(c * tf.math.conj(c)) * 2.0)
        h = v * v
        k = tf.exp(h)
    (gc,), by_op = runs(lambda: tape.gradient(y, [c]))
    assert by_op
    np.testing.assert_allclose(gc.numpy(), [4.0 + 8.0j, -2.0 + 1.0j], rtol=1e-5)  # TF 2.21's: 4c
    g = tape.gradient(k, v, output_gradients=tf.constant([1.0, 10.0]))
    np.testing.assert_allclose(g.numpy(), [1.2840254, -284.63208], rtol=1e-5)  # TF 2.21's
    np.testing.assert_allclose(h.numpy(), [0.25, 2.25])  # a value filled in by the op by op run
    assert tape.gradient(v, v).numpy().tolist() == [1.0, 1.0]  # a direct source


def test_op_by_op_second_derivative_through_an_inner_gradient(op_by_op):
    x = tf.Variable([0.3, -0.7, 1.1])
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = tf.reduce_sum(tf.sin(x) * x**2)
        g = inner.gradient(y, x)
        s = tf.reduce_sum(g * g)
    h = outer.gradient(s, x).numpy()
    f = lambda a: jnp.sum(jax.grad(lambda b: jnp.sum(jnp.sin(b) * b**2))(a) ** 2)
    np.testing.assert_allclose(h, jax.grad(f)(np.array([0.3, -0.7, 1.1], np.float32)), rtol=RTOL)


def test_inside_a_function_the_gradient_is_traced_not_run_op_by_op(op_by_op, runs):
    w = tf.Variable([1.0, 2.0])

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(w * w * w)
        return tape.gradient(loss, w)

    g, by_op = runs(step)
    assert not by_op
    np.testing.assert_allclose(g.numpy(), [3.0, 12.0])


_PROGRAM = textwrap.dedent(
    """
    import sys
    import numpy as np
    import tapejax as tf
    from tapejax._core.engine import stepwise

    by_op = []
    real = stepwise.vjp
    stepwise.vjp = lambda *args: by_op.append(1) or real(*args)
    clear = sys.argv[1] == "clear"
    rng = np.random.default_rng(0)
    states = rng.standard_normal((12, 1, 4)).astype(np.float32)
    w = tf.Variable(rng.standard_normal((4, 2)).astype(np.float32))
    for n in [7, 9, 8, 9, 7, 10, 9, 8]:
        with tf.GradientTape() as tape:
            losses = []
            for t in range(n):
                p = tf.nn.softmax(tf.matmul(states[t], w))
                losses.append(-tf.math.log(p[0, int(rng.integers(0, 2))]) * float(t + 1))
            loss = tf.add_n(losses)
        g = tape.gradient(loss, w)
        w.assign_sub(0.1 * g)
        print(loss.numpy().tobytes().hex(), g.numpy().tobytes().hex())
        if clear:
            tf.clear_caches()
    print(w.numpy().tobytes().hex(), "op by op:", len(by_op))
    """
)


def _run_program(mode: str) -> str:
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run(
        [sys.executable, "-c", _PROGRAM, mode],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=600,
    )
    return out.stdout


def test_a_program_prints_the_same_bits_on_every_run_and_clearing_caches_changes_none():
    first = _run_program("keep")
    assert len(first.splitlines()) == 9 and first.endswith("op by op: 6\n")  # 7 steps: the first, compiled
    assert _run_program("keep") == first
    assert _run_program("clear") == first
