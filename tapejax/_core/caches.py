"""Every cache of tapejax, in one place: what each keys on, its bound, and ``clear_caches``.

Caches only make things fast; nothing's meaning depends on them (clearing them all at any
time changes no result). Each is a :class:`BoundedCache`: an LRU map with a real bound and a
lock, registered here so that ``tapejax.clear_caches()`` empties them all. No entry holds a
Tensor: keys and values are structures (ops, static arguments, wiring, shapes and dtypes),
the functions built from them, and the device arrays of Python scalar constants.

- ``compiled``: a recorded structure and what is derived from it -> the pure function and
  its ``jax.jit`` (``MAX_COMPILED``); also an optimizer's update program, keyed by its
  structure (recording/state_update.py).
- ``op_programs``: one op, its static arguments and input shapes/dtypes (and, for its
  derivative, which inputs and outputs carry cotangents) -> its own small ``jax.jit``
  (engine/stepwise.py: structures run op by op share them) (``MAX_OP_PROGRAMS``).
- ``plans``: a tape's structure, targets and leaves (engine/plans.py) -> how to find the slice
  again by position (``MAX_PLANS``).
- ``avals``: an op, its static arguments and input shapes/dtypes (engine/deferral.py) -> its output
  shapes/dtypes (``MAX_AVALS``).
- ``scalars``: a Python scalar, its type and dtype (recording/convert.py) -> its device array
  (beside a Tensor, _ops/builders.convert_like: its device array and (shape, dtype))
  (``MAX_SCALARS``).
- ``nest_kinds``: a type (values/nest.py) -> mapping, sequence or leaf (``MAX_NEST_KINDS``).
- ``structures``: (a recording's interned prefix, one more event) (engine/structure.py) -> the
  prefix one event longer (``MAX_STRUCTURES``).
- ``interned``: a large structural key (a derivative's) -> the small object standing for it
  (``intern_key``; ``4 * MAX_COMPILED``).
- ``broadcasts``: shapes that broadcast (_ops/builders.py checked them once) -> their
  broadcast shape (``MAX_AVALS``).
- ``checked_calls``: an op's input shapes/dtypes and arguments that passed its checks once
  (_ops/linalg_ops.py's matmul) -> its static arguments (``MAX_AVALS``).

Policy, decided by measurement (issues 13, 25): a gradient's structure is compiled with
``jax.jit`` the first time it runs, as one fused program, when nothing says it will not repeat
(a training loop's step: compiled once, reused); a first step run op by op on JAX's eager
dispatch was slower (first step in a fresh process, compiled vs op by op, 2-core CPU: linear
regression 388 vs 1351 ms, W2 MLP 915 vs 2002 ms, W6 small 330 vs 2328 ms). But a structure
of a *family* that varies (one tape per episode, episodes of varying length: each structure
seen once or a few times) runs op by op until it has run ``engine/policy.py``'s ``REPEAT``
times, each op and its derivative on a program of its own per (op, shape, dtype)
(``op_programs``), shared by every later structure: compiling such a gradient costs as much
as 200-900 runs op by op (measured there; a step op by op costs 1.5-12x the fused one, the
most for small ops). A family's first structure with more than
``FIRST_STEPWISE_NODES`` nodes runs op by op once, and is compiled at its second run. The
policy counts, never times, and its memory is not a cache (``clear_caches`` keeps it), so a
program takes the same path, and prints the same numbers, on every run, with or without
clearing. A *quick* first compile (XLA:CPU without LLVM optimization,
~40% less compile time) swapped for the optimized one once compiled in the background was
tried and rejected: the two programs round float32 differently in the last bit, so a training
run's numbers depended on when the swap happened (a resumed run and a threaded run stopped
being bit-identical to the plain one).

An evicted compiled entry drops its ``jax.jit`` function (the XLA executables), so compiled
code never outlives the bound, even when a plan still refers to the entry; a later use puts
the entry back and compiles again. Compiled functions are ``disk_cache.jit``'s: their XLA
executables are also kept on disk across runs (``TAPEJAX_COMPILATION_CACHE``, disk_cache.py).
"""

from __future__ import annotations

import collections
import threading
import weakref

from . import disk_cache

MAX_COMPILED = 512
MAX_OP_PROGRAMS = 2048
MAX_PLANS = 512
MAX_AVALS = 8192
MAX_SCALARS = 4096
MAX_NEST_KINDS = 1024
MAX_STRUCTURES = 1 << 16  # about 300 bytes an entry

_ALL: list = []  # every BoundedCache, for clear_caches()


class BoundedCache:
    """A thread-safe map that keeps at most ``max_entries``, dropping the least recently used."""

    def __init__(self, name: str, max_entries: int, on_evict=None):
        self.name, self.max_entries, self._on_evict = name, max_entries, on_evict
        self._entries: collections.OrderedDict = collections.OrderedDict()
        # The map itself, for the hottest paths: ``table.get(key)`` is ``peek`` without a method
        # call (the same object for the cache's whole life: ``clear`` empties it in place).
        self.table = self._entries
        self._lock = threading.Lock()
        self.hits = self.misses = 0
        _ALL.append(self)

    def get(self, key, default=None):
        with self._lock:
            found = self._entries.get(key, _MISSING)
            if found is _MISSING:
                self.misses += 1
                return default
            self._entries.move_to_end(key)
            self.hits += 1
            return found

    def peek(self, key, default=None):
        """``get`` for the hot paths: no lock and no recency update (one dict lookup, atomic
        under the GIL), so entries found only this way age out first-in first-out."""
        return self._entries.get(key, default)

    def put(self, key, value):
        """Stores ``value`` unless another thread stored one first; returns the stored one."""
        evicted = []
        with self._lock:
            value = self._entries.setdefault(key, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                evicted.append(self._entries.popitem(last=False)[1])
        if self._on_evict is not None:
            for old in evicted:
                self._on_evict(old)
        return value

    def clear(self) -> None:
        with self._lock:
            dropped = list(self._entries.values())
            self._entries.clear()
            self.hits = self.misses = 0
        if self._on_evict is not None:
            for old in dropped:
                self._on_evict(old)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key) -> bool:
        return key in self._entries


_MISSING = object()


class Identity:
    """A cache-key element that compares by identity and keeps its object alive."""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other) -> bool:
        return isinstance(other, Identity) and other.obj is self.obj

    def __repr__(self) -> str:
        return f"Identity({self.obj!r})"


class WeakIdentity:
    """A cache-key element that compares by identity WITHOUT keeping its object alive.

    Once the object is gone the key equals nothing (not even a new object that got the same
    id), so its entries are never used again and age out of their cache.
    """

    __slots__ = ("_ref", "_id")

    def __init__(self, obj):
        self._ref, self._id = weakref.ref(obj), id(obj)

    def __hash__(self) -> int:
        return self._id

    def __eq__(self, other) -> bool:
        if not isinstance(other, WeakIdentity) or other._id != self._id:
            return False
        obj = self._ref()
        return obj is not None and other._ref() is obj


def identity_key(obj):
    """``WeakIdentity(obj)`` when ``obj`` can be weakly referenced, else ``Identity(obj)``."""
    try:
        return WeakIdentity(obj)
    except TypeError:
        return Identity(obj)


class _Entry:
    """A compiled-cache entry: the pure function of a structure, its jit, and data derived
    from the structure (``data``: e.g. a derivative's links)."""

    __slots__ = ("key", "fn", "jitted", "data", "evicted")

    def __init__(self, key, fn):
        self.key, self.fn, self.jitted, self.data, self.evicted = key, fn, None, {}, False

    def current(self):
        """The function to run now (compiled on first use)."""
        jitted = self.jitted
        if jitted is None:
            jitted = self.jitted = disk_cache.jit(self.fn, keyed=True)
            compiled.compiles += 1
        return jitted


def _drop_executables(entry: _Entry) -> None:
    entry.jitted, entry.evicted = None, True


class CompileCache(BoundedCache):
    """structure key -> (python function, its jitted version), LRU-bounded, thread-safe."""

    def __init__(self, max_entries: int = MAX_COMPILED, name: str = "compiled"):
        super().__init__(name, max_entries, on_evict=_drop_executables)
        self.compiles = 0

    def entry(self, key, build) -> _Entry:
        """The entry for ``key``, building its function with ``build()`` on a miss."""
        entry = self.get(key)
        if entry is None:
            entry = self.put(key, _Entry(key, build()))
        return entry

    def reuse(self, entry: _Entry) -> _Entry:
        """Counts a use of an entry the caller kept (a hit without the key lookup); an entry
        the cache has evicted since is put back."""
        if entry.evicted:
            entry.evicted = False
            return self.put(entry.key, entry)
        self.hits += 1
        return entry

    def function(self, key, build):
        """The function to run for ``key`` (compiled); uncached when ``key`` is None."""
        if key is None:
            return build()
        return self.entry(key, build).current()

    def clear(self) -> None:
        super().clear()
        self.compiles = 0


compiled = CompileCache()
cache = compiled  # the name the derivative and materialize code use
op_programs = CompileCache(MAX_OP_PROGRAMS, "op programs")
plans = BoundedCache("plans", MAX_PLANS)
avals = BoundedCache("avals", MAX_AVALS)
scalars = BoundedCache("scalars", MAX_SCALARS)
nest_kinds = BoundedCache("nest kinds", MAX_NEST_KINDS)
structures = BoundedCache("structures", MAX_STRUCTURES)
out_trees = BoundedCache("jax_op output structures", MAX_AVALS)
broadcasts = BoundedCache("broadcasting shape pairs", MAX_AVALS)
checked_calls = BoundedCache("checked op calls", MAX_AVALS)


class Interned:
    """A small stand-in for a large structural key (a derivative's: its whole slice), compared
    and hashed by identity, so the hot paths hash one object instead of the structure."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"<interned key at {id(self):#x}>"


interned = BoundedCache("interned keys", MAX_COMPILED * 4)


def intern_key(key):
    """The :class:`Interned` standing for ``key``: the same object for equal keys while this
    table holds it (an evicted key gets a new one: a later cache miss, never a wrong hit)."""
    found = interned.table.get(key)
    if found is None:
        found = interned.put(key, Interned())
    return found


def clear_caches() -> None:
    """Empties every cache tapejax keeps (compiled functions, slice plans, shapes, constants).

    Results never depend on the caches: the next gradient of a structure traces and compiles
    it again. Useful to free memory, or to measure a first call.

    >>> import tapejax as tf
    >>> tf.clear_caches()
    """
    for c in _ALL:
        c.clear()


def static_key(static: dict):
    """A hashable form of an op's static arguments, or None if one is unhashable."""
    if not static:
        return ()
    items = tuple(sorted(static.items()))
    try:
        hash(items)
    except TypeError:
        return None
    return items
