"""Tapes are per thread, as in TF: a tape never records ops run by another thread."""

from __future__ import annotations

import threading

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
