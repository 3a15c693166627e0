"""GradientTape's recording semantics: what is watched, when it records, push/pop as TF.

Expected values were observed with TensorFlow 2.21 (CPU).
"""

from __future__ import annotations

import warnings

import pytest

import tapejax as tf
from tapejax._core.recording.state import state  # tapejax internals: the per-thread recorder stack


def _recorders():
    return state.recorders


def test_watch_records_ops_on_watched_tensors():
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
    assert g.gradient(y, x).numpy() == 6.0


def test_unwatched_constant_gets_none():
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        y = x * x
    assert g.gradient(y, x) is None


def test_watch_accepts_any_nest():
    x, y = tf.constant(1.0), tf.constant(2.0)
    v = tf.Variable(3.0, trainable=False)
    with tf.GradientTape() as g:
        g.watch({"a": x, "b": [v, (y,)]})
        z = x * y * v
    dx, dv, dy = g.gradient(z, [x, v, y])
    assert (dx.numpy(), dv.numpy(), dy.numpy()) == (6.0, 2.0, 3.0)


def test_tensor_unwatched_before_reset_is_not_a_leaf():
    # TF: an input that is not watched gets None even if it fed a recorded op.
    x, w = tf.constant(3.0), tf.Variable(1.0)
    with tf.GradientTape() as g:
        g.watch(x)
        g.reset()
        z = w * x
    assert g.gradient(z, x) is None


def test_watched_variables_in_creation_order_including_int():
    a = tf.Variable(1.0, name="a")
    b = tf.Variable(2.0, name="b")
    i = tf.Variable(3, name="i")
    n = tf.Variable(1.0, trainable=False, name="n")
    with tf.GradientTape() as g:
        y = b * a
        _ = i * 2
        _ = n * 2.0
    assert [v.name for v in g.watched_variables()] == ["a:0", "b:0", "i:0"]
    da, db, di, dn = g.gradient(y, [a, b, i, n])
    assert (da.numpy(), db.numpy(), di, dn) == (2.0, 1.0, None, None)
    # Still available after a non-persistent tape was used up.
    assert [v.name for v in g.watched_variables()] == ["a:0", "b:0", "i:0"]


def test_watch_accessed_variables_false():
    a, b = tf.Variable(1.0), tf.Variable(2.0)
    with tf.GradientTape(watch_accessed_variables=False) as g:
        g.watch(a)
        y = a * b
    da, db = g.gradient(y, [a, b])
    assert da.numpy() == 2.0 and db is None
    assert g.watched_variables() == (a,)


def test_reads_before_watch_are_not_recorded():
    a = tf.Variable(2.0)
    with tf.GradientTape(watch_accessed_variables=False) as g:
        y = a * a
        g.watch(a)
        z = y + a * a
    assert g.gradient(z, a).numpy() == 4.0


def test_watching_a_non_trainable_variable():
    n = tf.Variable(1.0, trainable=False)
    with tf.GradientTape() as g:
        g.watch(n)
        y = n * n
    assert g.gradient(y, n).numpy() == 2.0
    assert len(g.watched_variables()) == 1


def test_stop_recording():
    x = tf.constant(4.0)
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        with g.stop_recording():
            y = x**2
        z = x**2
    assert g.gradient(y, x) is None
    assert g.gradient(z, x).numpy() == 8.0


def test_stop_recording_keeps_the_tape_position():
    with tf.GradientTape() as outer, tf.GradientTape() as inner:
        before = list(_recorders())
        with outer.stop_recording():
            assert outer._tape not in _recorders()
        assert _recorders() == before
    del inner


def test_reset_forgets_recording_and_watches():
    v, w = tf.Variable(2.0), tf.Variable(1.0)
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = v * v
        g.reset()
        assert g.watched_variables() == ()
        z = y + w * x
    dv, dw, dx = g.gradient(z, [v, w, x])
    assert (dv, dw.numpy(), dx) == (None, 3.0, None)
    assert g.watched_variables() == (w,)


def test_non_persistent_gradient_inside_context_stops_recording():
    x = tf.constant(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x * x
        dy = g.gradient(y, x)
        assert not g._recording
        _ = dy * x  # not recorded; exiting is fine
    assert dy.numpy() == 6.0


def test_persistent_gradient_inside_context_warns_and_records():
    x = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        y = x * x * x
        with pytest.warns(UserWarning, match="persistent tape inside its context"):
            dy = g.gradient(y, x)
        with pytest.warns(UserWarning):
            d2y = g.gradient(dy, x)
    assert (dy.numpy(), d2y.numpy(), g.gradient(d2y, x).numpy()) == (27.0, 18.0, 6.0)


def test_multiple_tapes_in_one_with():
    x = tf.constant(3.0)
    with tf.GradientTape() as t1, tf.GradientTape() as t2:
        t1.watch(x)
        t2.watch(x)
        y = x * x
    assert t1.gradient(y, x).numpy() == 6.0
    assert t2.gradient(y, x).numpy() == 6.0


def test_tapes_exited_out_of_order():
    x = tf.constant(3.0)
    t1, t2 = tf.GradientTape(), tf.GradientTape()
    t1.__enter__()
    t1.watch(x)
    t2.__enter__()
    t2.watch(x)
    t1.__exit__(None, None, None)
    y = x * x
    t2.__exit__(None, None, None)
    assert t1.gradient(y, x) is None
    assert t2.gradient(y, x).numpy() == 6.0
    assert _recorders() == []


def test_tape_only_records_ops_touching_watched_tensors():
    x, c = tf.constant(2.0), tf.constant(5.0)
    with tf.GradientTape(persistent=True) as g:
        g.watch(x)
        _ = c * c
        y = x * c
    assert len(g._tape.nodes) == 1
    assert g.gradient(y, x).numpy() == 5.0


def test_entering_again_after_use_starts_a_new_recording():
    x = tf.constant(3.0)
    g = tf.GradientTape()
    with g:
        g.watch(x)
        y = x * x
    g.gradient(y, x)
    with g:
        g.watch(x)
        z = x * x * x
    assert g.gradient(z, x).numpy() == 27.0


def test_watch_after_exit_watches_without_recording():
    x = tf.constant(3.0)
    g = tf.GradientTape()
    with g:
        pass
    g.watch(x)
    y = x * x
    assert g.gradient(y, x) is None


def test_watch_int_tensor_warns_and_gives_none():
    i = tf.constant(3)
    with tf.GradientTape() as g:
        with pytest.warns(UserWarning, match="must be floating"):
            g.watch(i)
        y = i * i
    assert g.gradient(y, i) is None


def test_exit_after_error_in_block_pops_the_tape():
    with pytest.raises(ZeroDivisionError):
        with tf.GradientTape():
            1 / 0  # noqa: B018
    assert _recorders() == []


def test_no_warning_for_non_persistent_gradient():
    x = tf.constant(1.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = x + x
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert g.gradient(y, x).numpy() == 2.0
