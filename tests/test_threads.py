"""Tapes are per thread, as in TF: a tape never records ops run by another thread."""

from __future__ import annotations

import threading

import numpy as np

import tapejax as tf


def _run_in_thread(fn):
    out = {}

    def target():
        try:
            out["result"] = fn()
        except BaseException as e:  # noqa: BLE001 - re-raised in the caller
            out["error"] = e

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in out:
        raise out["error"]
    return out["result"]


def test_ops_in_another_thread_are_not_recorded():
    x = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y_other = _run_in_thread(lambda: x * x)
        y_here = x * x
    assert g.gradient(y_other, x) is None
    assert g.gradient(y_here, x).numpy() == 6.0


def test_each_thread_has_its_own_tapes():
    results = []
    barrier = threading.Barrier(2)

    def work(scale):
        v = tf.Variable(float(scale))
        with tf.GradientTape() as g:
            barrier.wait()
            y = v * v * v
            barrier.wait()
        results.append((scale, g.gradient(y, v).numpy(), len(g.watched_variables())))

    threads = [threading.Thread(target=work, args=(s,)) for s in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [(1, 3.0, 1), (2, 12.0, 1)]


def _train(x, t, lr, steps, barrier=None):
    """A small MLP trained with GradientTape and assign_sub; the inputs are only read."""
    rng = np.random.default_rng(0)
    w1 = tf.Variable(rng.normal(size=(3, 4)).astype(np.float32))
    w2 = tf.Variable(rng.normal(size=(4, 1)).astype(np.float32))
    losses = []
    for _ in range(steps):
        if barrier is not None:
            barrier.wait()  # every thread is inside the same step: their ops interleave
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean((tf.tanh(x @ w1) @ w2 - t) ** 2)
        grads = tape.gradient(loss, [w1, w2])
        assert len(tape.watched_variables()) == 2  # its own Variables only
        for v, g in zip([w1, w2], grads, strict=True):
            v.assign_sub(lr * g)
        losses.append(float(loss))
    return losses, w1.numpy(), w2.numpy()


def test_threads_training_on_shared_inputs_get_the_results_they_get_alone():
    rng = np.random.default_rng(1)
    x = tf.constant(rng.normal(size=(16, 3)).astype(np.float32))
    t = tf.constant(rng.normal(size=(16, 1)).astype(np.float32))
    x_before, t_before = x.numpy().copy(), t.numpy().copy()
    rates, steps = [0.01, 0.05, 0.1, 0.2], 30
    alone = [_train(x, t, lr, steps) for lr in rates]
    barrier = threading.Barrier(len(rates))
    together = [None] * len(rates)

    def work(i):
        together[i] = _train(x, t, rates[i], steps, barrier)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(rates))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    for (losses_a, *weights_a), (losses_t, *weights_t) in zip(alone, together, strict=True):
        np.testing.assert_array_equal(losses_t, losses_a)
        for a, b in zip(weights_a, weights_t, strict=True):
            np.testing.assert_array_equal(b, a)
    np.testing.assert_array_equal(x.numpy(), x_before)
    np.testing.assert_array_equal(t.numpy(), t_before)
