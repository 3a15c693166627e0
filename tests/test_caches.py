"""The caches (tapejax/_core/caches.py): one owner, real bounds, thread safety, clear_caches,
and no cache keeping a Tensor or a user object alive."""

from __future__ import annotations

import gc
import threading
import weakref

import numpy as np
import pytest

import tapejax as tf
from tapejax._core import caches
from tapejax.errors import InvalidArgumentError


def _collected(ref) -> bool:
    gc.collect()
    return ref() is None


def test_a_function_methods_instance_is_freed_with_its_traces():
    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable(2.0)

        @tf.function
        def __call__(self, x):
            return x * self.w

    model = Model()
    x = tf.constant(3.0)
    assert float(model(x)) == 6.0
    with tf.GradientTape() as tape:  # also recorded and differentiated through
        y = model(x)
    assert float(tape.gradient(y, model.w)) == 3.0
    alive = weakref.ref(model)
    del model, y, tape
    assert _collected(alive)
    assert not Model.__call__._bound  # the per-instance Function went with it


def test_a_function_method_is_one_function_per_instance():
    class Counter(tf.Module):
        @tf.function
        def double(self, x):
            return x * 2.0

    a, b = Counter(), Counter()
    assert a.double is a.double and a.double is not b.double
    assert float(a.double(tf.constant(1.0))) == 2.0


def test_a_custom_gradient_input_is_not_kept_by_the_caches():
    @tf.custom_gradient
    def square(x):
        return x * x, lambda dy: dy * 2.0 * x

    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = square(x)
    assert float(tape.gradient(y, x)) == 6.0
    alive = weakref.ref(x)
    del x, y, tape
    assert _collected(alive)
    # A later call with the same structure reuses the compiled derivative and is right.
    x2 = tf.constant(5.0)
    with tf.GradientTape() as tape:
        tape.watch(x2)
        y2 = square(x2)
    assert float(tape.gradient(y2, x2)) == 10.0


def test_a_custom_gradient_methods_instance_lives_while_recorded_then_goes():
    class Model:
        def __init__(self, k):
            self.k = tf.constant(k)

        @tf.custom_gradient
        def f(self, a):
            return a * self.k, lambda dy: dy * self.k * 2.0

    x = tf.constant(2.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = Model(4.0).f(x)  # the temporary instance is needed by the gradient below
    assert float(g.gradient(y, x)) == 8.0
    model = Model(3.0)
    with tf.GradientTape() as g:
        g.watch(x)
        y = model.f(x)
    assert float(g.gradient(y, x)) == 6.0  # not the first instance's compiled gradient
    alive = weakref.ref(model)
    del model, y, g
    assert _collected(alive)


def test_a_deleted_tapes_graph_is_freed():
    w = tf.Variable([1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        hidden = tf.sin(w) * w
        loss = tf.reduce_sum(hidden)
    assert tape.gradient(loss, w).shape == (2,)
    alive = [weakref.ref(hidden), weakref.ref(loss)]
    del hidden, loss, tape
    assert all(_collected(r) for r in alive)


def test_clear_caches_empties_every_cache_and_changes_no_result():
    x = tf.Variable([1.0, 2.0, 3.0])

    def grad():
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(tf.exp(x) * 2.0)
        return tape.gradient(y, x).numpy()

    before = grad()
    assert len(caches.compiled) and len(caches.avals) and len(caches.scalars)
    tf.clear_caches()
    assert all(len(c) == 0 for c in caches._ALL), [(c.name, len(c)) for c in caches._ALL]
    np.testing.assert_array_equal(grad(), before)
    np.testing.assert_allclose(before, 2.0 * np.exp([1.0, 2.0, 3.0]), rtol=1e-6)


def test_every_cache_is_bounded():
    cache = caches.BoundedCache("test", 3)
    try:
        for k in range(10):
            cache.put(k, k)
        assert len(cache) == 3 and cache.get(9) == 9 and cache.get(0) is None
    finally:
        caches._ALL.remove(cache)


def test_an_evicted_compiled_entry_drops_its_executables_and_comes_back_on_use():
    cache = caches.CompileCache(max_entries=1, name="test")
    try:
        first = cache.entry("a", lambda: lambda v: v + 1)
        assert int(first.current()(1)) == 2 and first.jitted is not None
        cache.entry("b", lambda: lambda v: v + 2)  # evicts "a"
        assert first.evicted and first.jitted is None and "a" not in cache
        assert cache.reuse(first) is first and "a" in cache and int(first.current()(1)) == 2
    finally:
        caches._ALL.remove(cache)


@pytest.mark.parametrize("bound", [2])
def test_caches_hammered_from_four_threads(bound, monkeypatch):
    # Small bounds so that entries are evicted while other threads use them.
    for cache in (caches.compiled, caches.plans, caches.avals, caches.scalars):
        monkeypatch.setattr(cache, "max_entries", bound)
    errors, results = [], {}

    def work(tid):
        try:
            for step in range(30):
                n = 1 + (step + tid) % 5  # five structures, shared by the threads
                x = tf.Variable(np.arange(n, dtype=np.float32) + tid)
                with tf.GradientTape() as tape:
                    y = tf.reduce_sum(tf.sin(x) * x * float(step % 3 + 1))
                got = tape.gradient(y, x).numpy()
                v = np.arange(n, dtype=np.float32) + tid
                want = (np.cos(v) * v + np.sin(v)) * (step % 3 + 1)
                np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
                results[tid] = step
        except Exception as e:  # noqa: BLE001 - reported below, with the thread
            errors.append((tid, e))

    threads = [threading.Thread(target=work, args=(t,)) for t in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert results == {t: 29 for t in range(4)}
    for cache in (caches.compiled, caches.plans, caches.avals, caches.scalars):
        assert len(cache) <= bound, cache.name


def test_a_bound_method_of_a_deleted_object_raises():
    class Model(tf.Module):
        @tf.function
        def f(self, x):
            return x + 1.0

    method = Model().f  # the Model is gone at once: only the method was kept
    gc.collect()
    with pytest.raises(ReferenceError, match="this is was deleted"):
        method(tf.constant(1.0))


def test_an_ops_checked_fast_path_still_raises_tfs_errors_for_other_inputs():
    # Two Tensors of one allowed dtype and shapes already checked skip the op's checks (a
    # cached fast path, with the broadcasting pairs in caches.broadcasts); anything else takes
    # them: the same calls raise TF's errors before and after the fast path is warm.
    a, b = tf.constant([1.0, 2.0, 3.0]), tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    for _ in range(2):  # the second round runs with every cache warm
        with tf.GradientTape() as tape:
            tape.watch(a)
            y = a * a + b  # (3,) * (3,), then (3,) + (2, 3): broadcast, checked once
            z = tf.sin(y)
        np.testing.assert_array_equal(
            tape.gradient(z, a).numpy(),
            np.sum(np.cos(np.array([[1.0, 2.0, 3.0]], np.float32) ** 2 + b.numpy()) * 2 * a.numpy(), 0),
        )
        with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[3\] vs. \[2\] \[Op:AddV2\]"):
            a + tf.constant([1.0, 2.0])
        with pytest.raises(InvalidArgumentError, match=r"Incompatible shapes: \[2,3\] vs. \[2\] \[Op:Mul\]"):
            b * tf.constant([1.0, 2.0])
        with pytest.raises(InvalidArgumentError, match="expected to be a float tensor but is a int32 tensor"):
            a * tf.constant([1, 2, 3])
        with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of bool is not in the list"):
            tf.constant([True]) + tf.constant([False])
        with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of int32 is not in the list"):
            tf.sin(tf.constant([1, 2]))
    assert caches.broadcasts.table.get(((3,), (2, 3))) == (2, 3)


def test_a_python_scalar_operands_cached_array_keeps_tfs_conversion_rules():
    # x * 2.0 finds the scalar's array for x's dtype in one lookup once converted: the same
    # calls give the same values and raise the same errors cold and warm, per dtype and sign.
    ints, f64 = tf.constant([1, 2]), tf.constant([1.0], tf.float64)
    for _ in range(2):  # the second round runs with the cache warm
        with pytest.raises(TypeError, match="Cannot convert 2.5 to EagerTensor of dtype int32"):
            ints * 2.5
        with pytest.raises(TypeError, match="Cannot convert 2.5 to EagerTensor of dtype int32"):
            2.5 - ints
        np.testing.assert_array_equal((ints * 3).numpy(), np.array([3, 6], np.int32))
        np.testing.assert_array_equal((10 - ints).numpy(), np.array([9, 8], np.int32))
        assert (f64 * 0.1).numpy()[0] == 0.1  # float64's 0.1, not float32's
        assert (tf.constant([1.0]) * 0.1).numpy()[0] == np.float32(0.1)
        assert (tf.constant(1.0) / -0.0).numpy() == -np.inf  # -0.0 and 0.0 are two keys
        assert (tf.constant(1.0) / 0.0).numpy() == np.inf
        # TF 2.21 wraps Python ints into narrow integer dtypes and overflows float16 to inf.
        assert (tf.constant(1, tf.uint8) + 300).numpy() == 45
        assert (tf.constant(1, tf.int8) * 200).numpy() == -56
        assert (tf.constant(1.0, tf.float16) * 1e6).numpy() == np.inf
        a = tf.Variable(2.0)
        with tf.GradientTape() as tape:
            y = 3.0 * a * a - 1.0
        assert tape.gradient(y, a).numpy() == 12.0


def test_matmuls_checked_fast_path_still_raises_tfs_errors_for_other_inputs():
    # Shapes, dtypes and flags that passed MatMul's checks once skip them (caches.checked_calls):
    # the same calls raise TF's errors and give the same values cold and warm.
    a = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3))
    w = tf.Variable(np.arange(12, dtype=np.float32).reshape(3, 4))
    for _ in range(2):  # the second round runs with the cache warm
        with tf.GradientTape() as tape:
            y = tf.matmul(a, w)
            z = tf.matmul(a, a, transpose_b=True)
        np.testing.assert_array_equal(y.numpy(), a.numpy() @ w.numpy())
        np.testing.assert_array_equal(z.numpy(), a.numpy() @ a.numpy().T)
        np.testing.assert_array_equal(
            tape.gradient(y, w).numpy(), np.repeat(a.numpy().sum(0)[:, None], 4, axis=1)
        )
        incompatible = r"Matrix size-incompatible: In\[0\]: \[2,3\], In\[1\]: \[2,3\]"
        with pytest.raises(InvalidArgumentError, match=incompatible):
            tf.matmul(a, a)
        with pytest.raises(InvalidArgumentError, match="expected to be a float tensor but is a int32 tensor"):
            tf.matmul(a, tf.constant(np.ones((3, 4), np.int32)))
        with pytest.raises(InvalidArgumentError, match="ndims must be == 2"):
            tf.matmul(tf.constant([1.0, 2.0]), tf.constant([1.0, 2.0]))
    assert (tf.matmul(a, a, transpose_b=tf.constant(True)).numpy() == z.numpy()).all()  # unhashable flag


def test_interned_keys_are_one_object_per_equal_key_until_cleared():
    key = ("Gradient", ((1, 2), "structure"), (3,))
    first = caches.intern_key(key)
    assert caches.intern_key(("Gradient", ((1, 2), "structure"), (3,))) is first
    assert caches.intern_key(("Gradient", ((1, 2), "structure"), (4,))) is not first
    assert first != caches.intern_key(("Jacobian", ((1, 2), "structure"), (3,)))
    tf.clear_caches()
    assert caches.intern_key(key) is not first  # a new object: a miss, never a wrong hit
