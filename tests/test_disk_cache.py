"""The persistent cache of compiled programs (tapejax/_core/disk_cache.py, disk_store.py).

It never changes a result: the same programs give bit-identical values with the cache off,
cold (compiling and writing) and warm (loading), in this process and in fresh ones; corrupt,
truncated, foreign and stale entries are passed over and rewritten; processes writing the same
entries at once leave valid ones; the directory stays within its bound. The suite itself runs
with the cache off (conftest.py): each test here turns it on in a temporary directory.
"""

from __future__ import annotations

import contextlib
import io
import os
import pathlib
import subprocess
import sys
import threading

import jax
import numpy as np
import pytest

import tapejax as tf
from tapejax._core import disk_cache, disk_store

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """The cache on, in an empty temporary directory, with tapejax's programs forgotten (new
    ones are made with the setting), and its counters at zero."""
    directory = tmp_path / "cache"
    monkeypatch.setenv(disk_cache.ENV, str(directory))
    monkeypatch.setattr(disk_store, "stats", dict.fromkeys(disk_store.stats, 0))
    monkeypatch.setattr(disk_cache, "stats", disk_store.stats)
    tf.clear_caches()
    yield directory
    tf.clear_caches()  # no later test runs a program kept from here


def _stats():
    return disk_store.stats


def _fresh():
    """Forgets tapejax's compiled programs and zeroes the counters (a 'new run')."""
    tf.clear_caches()
    for k in disk_store.stats:
        disk_store.stats[k] = 0


def programs(checked: bool = False, keras: bool = True) -> list:
    """Values of tapejax's kinds of compiled program, as bytes (bit-identity): a fused eager
    gradient (with materialize), a second derivative (the inner derivative replayed under
    JAX's trace), a tf.function assigning a Variable with numpy and tensor inputs, two Keras
    fit epochs (``keras``) and, when ``checked``, a function with a runtime check (checkify
    numbers its checks per process: traced again in the same process, it is another program)."""
    rng = np.random.default_rng(0)
    x = tf.constant(rng.standard_normal((16, 8)).astype(np.float32))
    w = tf.Variable(rng.standard_normal((8, 4)).astype(np.float32))
    out = []
    for _ in range(2):
        with tf.GradientTape() as tape:
            y = tf.tanh(tf.matmul(x, w))
            loss = tf.reduce_mean(y * y)
        g = tape.gradient(loss, w)
        w.assign_sub(0.1 * g)
        out += [loss, g, y]
    s = tf.constant(0.7)
    with tf.GradientTape() as outer:
        outer.watch(s)
        with tf.GradientTape() as inner:
            inner.watch(s)
            z = tf.sin(s) * tf.exp(s)
        dz = inner.gradient(z, s)
    out += [dz, outer.gradient(dz, s)]

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.sin(tf.matmul(x, w)))
        w.assign_sub(0.01 * tape.gradient(loss, w))
        return loss

    out += [step(x), step(rng.standard_normal((16, 8)).astype(np.float32)), w.value()]

    @tf.function
    def positive_root(v):
        tf.debugging.assert_positive(v)
        return tf.sqrt(v) * 2.0

    if checked:
        out.append(positive_root(tf.constant([1.0, 4.0])))
    if not keras:
        return _as_bytes(out)
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu"), tf.keras.layers.Dense(1)])
    model.compile(optimizer="adam", loss="mse")
    data = rng.standard_normal((32, 4)).astype(np.float32), rng.standard_normal((32, 1)).astype(np.float32)
    model.fit(*data, epochs=2, batch_size=8, verbose=0)
    return _as_bytes(out + model.weights)


def _as_bytes(values) -> list:
    return [(np.asarray(v).dtype.str, np.asarray(v).shape, np.asarray(v).tobytes()) for v in values]


def _entries(directory) -> list:
    return sorted(pathlib.Path(directory).glob("*.xla"))


def test_results_are_bit_identical_off_cold_and_warm(cache, monkeypatch):
    monkeypatch.setenv(disk_cache.ENV, "0")
    _fresh()
    off = programs()
    assert _stats()["compiled"] == 0 and not cache.exists()  # off: jax.jit's own path

    monkeypatch.setenv(disk_cache.ENV, str(cache))
    _fresh()
    cold = programs()
    # Every program compiled is written (one the run made twice, the same text, is loaded)
    written, n = _stats()["written"], _stats()["compiled"] + _stats()["loaded"]
    assert written >= 4 and written == _stats()["compiled"] and len(_entries(cache)) == written

    _fresh()
    warm = programs()
    assert _stats()["loaded"] == n and _stats()["compiled"] == 0
    assert cold == off and warm == off


def _corrupt_all(directory, kinds) -> int:
    """Spoils every entry, each in one of the ways ``kinds`` names (in turn)."""
    entries = _entries(directory)
    other = entries[0].read_bytes()
    for i, path in enumerate(entries):
        data, key, how = path.read_bytes(), path.stem, kinds[i % len(kinds)]
        path.write_bytes(
            {
                "garbage": os.urandom(len(data)),
                "truncated": data[: len(data) // 2],
                "empty": b"",
                "flipped": data[:-1] + bytes([data[-1] ^ 1]),
                "foreign": other if path != entries[0] else entries[1].read_bytes(),
                "other format": b"X" + data[1:],
                # a valid header around a payload that is no executable: fails to load
                "bad payload": disk_store.pack(key, b"\x80\x04not an executable"),
            }[how]
        )
    return len(entries)


@pytest.mark.parametrize(
    "kinds", [("garbage", "truncated", "empty", "flipped"), ("foreign", "other format", "bad payload")]
)
def test_corrupt_entries_are_passed_over_and_rewritten(cache, kinds):
    reference = programs()
    uses = _stats()["compiled"] + _stats()["loaded"]
    n = _corrupt_all(cache, kinds)
    assert n >= len(kinds)
    _fresh()
    assert programs() == reference
    # each corrupt entry is passed over once, compiled and written again (then loaded if the
    # run makes the same program again)
    assert _stats()["rejected"] == n and _stats()["compiled"] == n and _stats()["written"] == n
    for path in _entries(cache):  # every entry whole again
        assert disk_store.unpack(path.read_bytes(), path.stem) is not None
    _fresh()
    assert programs() == reference and _stats()["loaded"] == uses and _stats()["compiled"] == 0


def test_an_entry_of_another_jax_version_is_not_used(cache, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(jax, "__version__", "0.0.1")
        reference = programs()
    old = set(_entries(cache))
    _fresh()
    assert programs() == reference
    # every program compiled again and written beside the old entries (a program the run
    # makes twice is loaded the second time, from the new entry)
    assert _stats()["compiled"] == _stats()["written"] == len(old) and _stats()["rejected"] == 0
    assert len(set(_entries(cache)) - old) == len(old)


def test_the_setting(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    for off in ("0", "off", "False", "no"):
        monkeypatch.setenv(disk_cache.ENV, off)
        assert disk_cache.directory() is None
        assert not isinstance(disk_cache.jit(lambda v: v), disk_cache.CachedJit)
    for on in ("", "1", "on", "true"):
        monkeypatch.setenv(disk_cache.ENV, on)
        expected = str(tmp_path / "xdg" / "tapejax") if sys.platform.startswith("linux") else None
        assert disk_cache.directory() == (expected or disk_cache.default_directory())
    monkeypatch.delenv(disk_cache.ENV)
    assert disk_cache.directory() == disk_cache.default_directory()
    monkeypatch.setenv(disk_cache.ENV, str(tmp_path / "mine"))
    assert disk_cache.directory() == str(tmp_path / "mine")
    assert isinstance(disk_cache.jit(lambda v: v), disk_cache.CachedJit)
    assert not (tmp_path / "xdg").exists()  # nothing written before a program is compiled


def test_an_unwritable_directory_changes_nothing(cache, monkeypatch):
    reference = programs()
    blocked = cache.parent / "a file"
    blocked.write_bytes(b"")
    monkeypatch.setenv(disk_cache.ENV, str(blocked / "cache"))
    _fresh()
    assert programs() == reference
    assert _stats()["io_errors"] > 0 and _stats()["written"] == 0


def test_a_program_calling_python_runs_and_is_not_written(cache):
    @tf.function
    def shout(v):
        tf.print("value:", v)
        return v * 2.0

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
        assert float(shout(tf.constant(3.0))) == 6.0
    assert "value: 3" in printed.getvalue()
    assert _stats()["uncacheable"] == 1 and _stats()["written"] == 0


def _store_with(directory, sizes) -> disk_store.Store:
    store = disk_store.Store(str(directory))
    for i, size in enumerate(sizes):
        store.write(f"{i:064x}", b"x" * size)
        os.utime(store.path(f"{i:064x}"), (1000.0 + i, 1000.0 + i))  # written in this order
    return store


def test_the_directory_keeps_the_most_recently_used_entries_within_its_bound(tmp_path, monkeypatch):
    entry = disk_store.pack("0" * 64, b"x" * 1000)
    monkeypatch.setattr(disk_store, "MAX_BYTES", 4 * len(entry))
    store = _store_with(tmp_path, [1000] * 4)  # at the bound
    assert len(_entries(tmp_path)) == 4
    assert store.read(f"{0:064x}") is not None  # the oldest, used again: now the newest
    store.write(f"{9:064x}", b"x" * 1000)  # past the bound: down to 3/4 of it
    names = {p.stem for p in _entries(tmp_path)}
    assert names == {f"{0:064x}", f"{3:064x}", f"{9:064x}"}
    assert sum(p.stat().st_size for p in _entries(tmp_path)) <= disk_store.MAX_BYTES


def test_a_dead_writers_temporary_file_is_removed(tmp_path):
    store = _store_with(tmp_path, [10])
    old, new = tmp_path / "a.xla.1.2.3.tmp", tmp_path / "b.xla.1.2.3.tmp"
    old.write_bytes(b"half"), new.write_bytes(b"half")
    os.utime(old, (1.0, 1.0))
    store.evict()
    assert not old.exists() and new.exists()


def test_threads_writing_one_entry_leave_it_whole(tmp_path):
    store, key = disk_store.Store(str(tmp_path)), "ab" * 32
    payloads = [bytes([i]) * (50_000 + i) for i in range(8)]
    threads = [threading.Thread(target=store.write, args=(key, p)) for p in payloads]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.read(key) in payloads
    assert [p.name for p in tmp_path.iterdir()] == [key + ".xla"]  # no temporary file left


_SCRIPT = """
import hashlib, sys
sys.path.insert(0, {tests!r})
from test_disk_cache import programs
from tapejax._core import disk_store
digest = hashlib.sha256(repr(programs(checked=True, keras=False)).encode()).hexdigest()
print(digest, disk_store.stats["loaded"], disk_store.stats["compiled"], disk_store.stats["written"])
"""


def _spawn(directory: str):
    env = {**os.environ, disk_cache.ENV: directory, "PYTHONPATH": str(ROOT), "JAX_PLATFORMS": "cpu"}
    code = _SCRIPT.format(tests=str(ROOT / "tests"))
    return subprocess.Popen(
        [sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _result(process) -> list:
    out, err = process.communicate(timeout=600)
    assert process.returncode == 0, err[-3000:]
    digest, loaded, compiled, written = out.split()[-4:]
    return [digest, int(loaded), int(compiled), int(written)]


def test_fresh_processes_writing_at_once_then_loading_compute_the_same(tmp_path):
    directory = str(tmp_path / "cache")
    cold = [_result(p) for p in [_spawn(directory), _spawn(directory)]]  # at the same time
    warm = _result(_spawn(directory))
    off = _result(_spawn("0"))
    assert {r[0] for r in cold + [warm, off]} == {off[0]}  # bit-identical results
    # between them they compiled every program (one may load what the other wrote first)
    assert all(r[3] == r[2] and r[1] + r[2] >= 4 for r in cold)
    assert warm[2:] == [0, 0] and warm[1] >= cold[0][2]  # the second run loads them all
    for path in _entries(directory):
        assert disk_store.unpack(path.read_bytes(), path.stem) is not None


def test_a_cached_function_is_called_as_jax_jit_is(cache):
    """Per signature, as jax.jit keys it: weak types, containers, numpy and Python inputs, the
    64-bit mode; and under a JAX transformation it is jax.jit's own."""

    def f(a, b):
        return jax.tree_util.tree_map(lambda u, v: u * 2 + v, a, b), jax.tree_util.tree_map(
            lambda v: v - 1, b
        )

    cached, jitted = disk_cache.jit(f), jax.jit(f)
    assert isinstance(cached, disk_cache.CachedJit)
    strong, weak = jax.numpy.float32(1.5) * jax.numpy.ones(3), jax.numpy.asarray(1.5)
    calls = [
        (strong, strong),
        (strong, jax.numpy.asarray(np.float32(1.5))),
        (strong, weak),  # weak-typed, else the same: another signature, weak outputs as jax.jit's
        (np.arange(3, dtype=np.float32), 2.0),
        ([strong], [weak]),
        ((strong,), (weak,)),
        (np.arange(3, dtype=np.int32), np.int32(4)),
    ]
    for args in calls + calls:  # again: from the programs kept in memory
        got, want = cached(*args), jitted(*args)
        for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want), strict=True):
            assert g.dtype == w.dtype and g.weak_type == w.weak_type and np.array_equal(g, w)
    with jax.enable_x64(True):  # the 64-bit mode is part of the signature (Python floats: f64)
        assert cached(np.float64(1.0), 2.0)[0].dtype == np.float64
    assert cached(np.float32(1.0), 2.0)[0].dtype == np.float32
    grad = jax.grad(lambda v: cached(v, v)[0].sum())(strong)  # tracers: jax.jit's own call
    assert np.array_equal(grad, jax.grad(lambda v: jitted(v, v)[0].sum())(strong))
    # each signature once (the tuples' program is the lists': loaded from its entry)
    assert _stats()["compiled"] + _stats()["loaded"] == len(calls) + 2


def test_a_keyed_program_tries_its_first_executable_and_finds_others_per_signature(cache):
    """The engine's programs (keyed by their inputs' shapes and dtypes): the first call's
    executable runs first; other shapes or dtypes, the 64-bit mode and tracers still get their
    own program, as jax.jit's; a weak-typed input of the first call's dtype gets its strong
    outputs (a tapejax Tensor's dtype is never weak)."""

    def f(a, b):
        return a * 2 + b, jax.numpy.arange(3)

    keyed, jitted = disk_cache.jit(f, keyed=True), jax.jit(f)
    assert isinstance(keyed, disk_cache.CachedJit) and keyed.first is None
    one, two = jax.numpy.ones(3, np.float32), jax.numpy.full(3, 2.0, np.float32)
    assert np.array_equal(keyed(one, two)[0], jitted(one, two)[0]) and keyed.first is not None
    for args in [
        (two, one),
        (jax.numpy.ones(4), jax.numpy.ones(4)),
        (one.astype(np.int32), one.astype(np.int32)),
    ]:
        got, want = keyed(*args), jitted(*args)
        for g, w in zip(got, want, strict=True):
            assert g.dtype == w.dtype and g.shape == w.shape and np.array_equal(g, w)
    weak = jax.lax.full((3,), 1.5)  # weak-typed float32
    assert weak.weak_type
    got = keyed(weak, one)[0]
    assert not got.weak_type and got.dtype == np.float32 and np.array_equal(got, jitted(weak, one)[0])
    with jax.enable_x64(True):  # another trace context: arange is int64 there, as jax.jit's
        assert keyed(one, two)[1].dtype == np.int64
    assert keyed(one, two)[1].dtype == np.int32
    grad = jax.grad(lambda v: keyed(v, v)[0].sum())(one)  # tracers: jax.jit's own call
    assert np.array_equal(grad, np.full(3, 3.0, np.float32))
    first_weak = disk_cache.jit(f, keyed=True)
    first_weak(weak, one)
    assert first_weak.first is None  # a weak first call: every call keyed by its signature


def test_programs_with_one_text_that_read_other_inputs_are_other_entries(cache):
    """JAX prunes unused inputs before lowering: two programs can have the same StableHLO text
    and read different arguments (which ones is the executable's Python side, kept_var_idx)."""
    first = disk_cache.jit(lambda a, b, c: a * 2 + c)
    second = disk_cache.jit(lambda a, b, c: a * 2 + b)
    x, y, z = (jax.numpy.full(3, v, np.float32) for v in (1.0, 10.0, 100.0))
    assert first.jitted.lower(x, y, z).as_text() == second.jitted.lower(x, y, z).as_text()
    assert float(first(x, y, z)[0]) == 102.0
    assert float(second(x, y, z)[0]) == 12.0
    assert _stats()["compiled"] == 2 and _stats()["loaded"] == 0
