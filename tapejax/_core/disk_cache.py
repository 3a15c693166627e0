"""tapejax's compiled programs kept on disk, so that the second run of a script starts fast.

``jit(fn)`` is ``jax.jit(fn)`` for tapejax's own programs (the fused derivative and
materialize programs of ``caches.py``, each ``tapejax.function`` trace, its runtime-checked
call). When the cache is on, the first call with a new input signature lowers the function
(tracing it, as ``jax.jit`` does) and looks its XLA executable up in the cache directory
before compiling it; a compiled one is written there. The executable is saved with
``jax.experimental.serialize_executable`` and loaded back as the same binary, so a loaded
program computes bit-identical results to the freshly compiled one, and to ``jax.jit``'s
(the same lowering and compile options). Loading a program takes milliseconds where
compiling it takes tens to thousands (``benchmarks/compiles.py --cache off,cold,warm``).

The setting, one environment variable read whenever a new program is first called:
``TAPEJAX_COMPILATION_CACHE`` unset (or ``1``): on, in the user's cache directory
(``$XDG_CACHE_HOME/tapejax``, else ``~/.cache/tapejax``; ``~/Library/Caches/tapejax`` on
macOS; ``%LOCALAPPDATA%\\tapejax\\Cache`` on Windows); ``0`` (or off/false/no): off, every
program is ``jax.jit``'s as before; any other value: on, in that directory. JAX's own
configuration is never touched (its persistent cache stays the user's to switch on).

An entry is named by a SHA-256 of everything its executable depends on: the lowered StableHLO
text, what the compile sees besides (the backend, its version, the devices' kinds and ids, the
host CPU, ``XLA_FLAGS``, JAX's compiler settings), JAX's Python side of the executable (which
arguments it reads once unused ones are pruned, their types, shardings: two programs of one
text can differ there) and the versions of jax and jaxlib (another version's program is
another entry; old ones age out). ``disk_store.py`` keeps the entries:
a corrupt, truncated or foreign one reads as absent, and a payload that fails to load, or
loads with other output types, is dropped; either way the program is compiled and its entry
written again: a bad entry costs a compile, never a crash or another result. Writes are atomic
(processes writing the same entry at once leave one whole file) and the directory is bounded
(``disk_store.MAX_BYTES``, least recently used entries deleted first). Programs that call back
into Python (``tf.print``, ``py_function``) or hold device constants are compiled as usual and
not written.

The payload is JAX's format, a pickle: like any cache of executables, the directory must be the
user's own (it is created readable by its owner only).
"""

from __future__ import annotations

import hashlib
import operator
import os
import platform
import sys
import threading
import time
from itertools import chain

import jax

from .disk_store import Store, stats, store

ENV = "TAPEJAX_COMPILATION_CACHE"
MAX_SIGNATURES = 64  # executables kept in memory per function (the oldest dropped first)
_OFF = frozenset(("0", "off", "false", "no"))
_ON = frozenset(("", "1", "on", "true", "yes"))
_FORMAT = 1


def directory() -> str | None:
    """The cache directory the setting names, or None when the cache is off."""
    value = os.environ.get(ENV, "").strip()
    if value.lower() in _OFF:
        return None
    if value.lower() not in _ON:
        return os.path.abspath(os.path.expanduser(value))
    return default_directory()


def default_directory() -> str:
    """The platform's directory for a user's caches, with ``tapejax`` appended."""
    home = os.path.expanduser("~")
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA") or os.path.join(home, "AppData", "Local")
        return os.path.join(local, "tapejax", "Cache")
    if sys.platform == "darwin":
        return os.path.join(home, "Library", "Caches", "tapejax")
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return os.path.join(xdg if os.path.isabs(xdg) else os.path.join(home, ".cache"), "tapejax")


try:  # JAX's own answers, as jax.jit keys its programs (no public spelling yet)
    from jax._src.config import trace_context as _trace_context
    from jax._src.core import trace_state_clean as _trace_state_clean
except ImportError:  # pragma: no cover - a JAX without them: the cache stays off
    _trace_context = _trace_state_clean = None

_AVAL = operator.attrgetter("aval")
_MULTI = [None]  # several devices: the committed inputs' placement enters the signature


def jit(fn, keyed: bool = False):
    """``jax.jit(fn)``, its executables kept in the cache directory when the cache is on.

    ``keyed``: the caller keys ``fn`` by its inputs' shapes and dtypes (the engine's programs,
    one per structure), so the first signature's executable is tried first, JAX's C++ dispatch
    checking the inputs; only weak types may differ from that first call's, and the outputs'
    are then the first call's (strong: a tapejax Tensor's dtype is TF's, never weak)."""
    root = directory()
    if root is None or _trace_context is None:
        return jax.jit(fn)
    if _MULTI[0] is None:  # known once JAX's backend has started (never at import)
        _MULTI[0] = jax.device_count() > 1
    return CachedJit(fn, store(root), keyed and not _MULTI[0])


class CachedJit:
    """Called like ``jax.jit(fn)``; runs the executable compiled (or loaded) per signature.

    The signature is what ``jax.jit`` keys on: the inputs' tree, shapes, dtypes and weak types,
    JAX's tracing configuration (64-bit mode, default device, ...) and, with several devices,
    the committed inputs' placement. A call under a JAX transformation (tracers) is
    ``jax.jit``'s own."""

    __slots__ = ("jitted", "store", "calls", "keyed", "first", "_lock")

    def __init__(self, fn, store: Store, keyed: bool = False):
        self.jitted, self.store, self.calls = jax.jit(fn), store, {}
        self.keyed, self.first = keyed, None  # first: (trace context, its executable's call)
        self._lock = threading.Lock()

    def __call__(self, *args):
        if not _trace_state_clean():
            return self.jitted(*args)
        first = self.first
        if first is not None and first[0] == _trace_context():
            try:  # a keyed program: JAX's dispatch checks the inputs' shapes and dtypes
                return first[1](*args)
            except (TypeError, ValueError):  # others, or placed elsewhere: found per signature
                pass
        # The common signatures first, without a generator or a tree walk (each call of an
        # engine program pays this: about 0.5 µs for a few arrays).
        try:
            if _MULTI[0]:
                raise AttributeError  # placement is part of the signature: the full path
            if len(args) == 2 and type(args[0]) is list and type(args[1]) is list:
                # tapejax.function's (values, variables)
                signature = (_trace_context(), *map(len, args), *chain.from_iterable(map(_avals, args)))
            else:  # flat arrays: the engine's programs
                signature = (_trace_context(), *map(_AVAL, args))
        except (AttributeError, TypeError):  # numpy arrays, Python numbers, other trees
            try:
                signature = _signature(args)
            except TypeError:  # not JAX values: jax.jit's own error
                return self.jitted(*args)
        call = self.calls.get(signature)
        if call is None:
            return self._first_call(signature, args)
        try:
            return call(*args)
        except ValueError:  # an input committed to another device (a CPU array in a GPU process)
            return self.jitted(*args)  # jax.jit places the program by its inputs

    def _first_call(self, signature, args):
        compiled = load_or_compile(self.jitted.lower(*args), self.store)
        try:
            out = compiled(*args)
        except ValueError:
            return self.jitted(*args)
        # ``Compiled.__call__`` is a Python method around JAX's C++ dispatch, which its first
        # call makes (0.8 µs a call): the dispatch itself is kept.
        call = getattr(compiled, "_call", None) or compiled
        with self._lock:
            if self.keyed and self.first is None and _all_strong(args):
                self.first = (signature[0], call)
            self.calls.setdefault(signature, call)
            while len(self.calls) > MAX_SIGNATURES:
                del self.calls[next(iter(self.calls))]
        return out


def _all_strong(args) -> bool:
    return all(isinstance(a, jax.Array) and not a.weak_type for a in args)


def _avals(values: list):
    return map(_AVAL, values)


def _signature(args) -> tuple:
    leaves, tree = jax.tree_util.tree_flatten(args)
    try:
        avals = tuple(map(_AVAL, leaves))
    except AttributeError:  # numpy arrays, Python numbers
        avals = tuple(map(jax.typeof, leaves))
    placed = tuple(map(_placement, leaves)) if _MULTI[0] else ()
    return (_trace_context(), tree, avals, placed)


def _placement(x):
    return x.sharding if getattr(x, "committed", False) else None


# -- one program: its key, loaded or compiled --------------------------------------------------
def load_or_compile(lowered, store: Store):
    """The executable of ``lowered``: loaded from ``store`` when a valid entry is there, else
    compiled (and written there when it can be). Seconds spent go to ``stats``."""
    start = time.perf_counter()
    facts = _facts(lowered)
    if facts is None:
        stats["uncacheable"] += 1
        return _compiled(lowered, start)
    key = _key(lowered.as_text(), facts)
    payload = store.read(key)
    if payload is not None:
        compiled = _deserialize(payload, lowered, facts)
        if compiled is not None:
            stats["loaded"] += 1
            stats["load_s"] += time.perf_counter() - start
            return compiled
        stats["rejected"] += 1
    compiled = _compiled(lowered, start)
    start = time.perf_counter()
    try:
        from jax.experimental.serialize_executable import serialize  # noqa: PLC0415 - rarely

        payload = serialize(compiled)[0]
    except Exception:  # noqa: BLE001 - a program JAX cannot serialize: kept in memory only
        stats["uncacheable"] += 1
        return compiled
    store.write(key, payload)
    stats["write_s"] += time.perf_counter() - start
    return compiled


def _compiled(lowered, start: float):
    compiled = lowered.compile()
    stats["compiled"] += 1
    stats["compile_s"] += time.perf_counter() - start
    return compiled


def _facts(lowered):
    """``(backend, devices, description)``: what the executable depends on besides the text, or
    None when it cannot be kept (Python callbacks, effects, device constants, symbolic shapes).
    Read from JAX's lowering (no public spelling yet): a JAX without these caches nothing."""
    try:
        lowering = lowered._lowering
        args = lowering.compile_args
        if (
            args["host_callbacks"]
            or args["keepalive"]
            or args["ordered_effects"]
            or args["unordered_effects"]
            or args["pgle_profiler"] is not None
            or args["shape_poly_state"].uses_dim_vars
            or lowering.const_args
        ):
            return None
        backend, devices = args["backend"], tuple(lowering._device_list)
        described = (
            backend.platform,
            backend.platform_version,
            tuple((d.id, d.device_kind, str(getattr(d, "compute_capability", ""))) for d in devices),
            tuple(sorted(lowering._compiler_options_kvs or ())),
            tuple(lowering._donated_invars),
            *_python_side(lowered, args),
        )
    except (AttributeError, KeyError, TypeError):
        return None
    return backend, devices, described


def _python_side(lowered, args) -> tuple:
    """What the executable keeps beside XLA's binary (JAX's ``UnloadedMeshExecutable``) and
    the text does not say: two programs of one text can read different arguments (JAX prunes
    unused ones: ``kept_var_idx``), or place them otherwise."""
    return (
        str(lowered.in_tree),
        str(lowered.out_tree),
        tuple(sorted(args["kept_var_idx"])),
        repr(args["all_args_info"].in_avals),
        repr(args["global_in_avals"]),
        repr(args["global_out_avals"]),
        repr(args["in_shardings"]),
        repr(args["out_shardings"]),
        repr(args["in_layouts"]),
        repr(args["out_layouts"]),
        repr(args["intermediate_shardings"]),
        repr(args["context_mesh"]),
        repr(args["mut"]),
        args["tuple_args"],
        args["num_devices"],
        bool(args["committed"]),
    )


# JAX's settings that enter the compile options (jax/_src/compiler.py, get_compile_options).
_COMPILER_SETTINGS = (
    "jax_disable_most_optimizations",
    "jax_exec_time_optimization_effort",
    "jax_memory_fitting_effort",
    "jax_optimization_level",
    "jax_memory_fitting_level",
    "jax_enable_remat_opt_pass",
    "jax_xla_profile_version",
    "jax_use_shardy_partitioner",
)


def _key(text: str, facts) -> str:
    """The entry's name: a SHA-256 of the program and of everything its executable depends on."""
    settings = tuple(repr(getattr(jax.config, name, None)) for name in _COMPILER_SETTINGS)
    parts = (
        _FORMAT,
        jax.__version__,
        _jaxlib_version(),
        facts[2],
        _host() if facts[0].platform == "cpu" else "",
        os.environ.get("XLA_FLAGS", ""),
        os.environ.get("LIBTPU_INIT_ARGS", ""),
        settings,
    )
    digest = hashlib.sha256(repr(parts).encode())
    digest.update(text.encode())
    return digest.hexdigest()


def _jaxlib_version() -> str:
    import jaxlib  # noqa: PLC0415

    return getattr(jaxlib, "__version__", "?")


_HOST: list = []


def _host() -> str:
    """The host CPU (XLA:CPU compiles for its instruction set): a directory shared between
    machines (a network home) keeps one entry per kind of CPU."""
    if not _HOST:
        flags = ""
        try:
            with open("/proc/cpuinfo") as f:
                flags = next((line for line in f if line.startswith(("flags", "Features"))), "")
        except OSError:
            pass
        _HOST.append(f"{platform.machine()} {platform.processor()} {flags.strip()}")
    return _HOST[0]


def _deserialize(payload: bytes, lowered, facts):
    """The executable in ``payload``; None when it does not load, or when it reads other
    arguments or computes other types than ``lowered`` (never, short of a changed file)."""
    from jax.experimental.serialize_executable import deserialize_and_load  # noqa: PLC0415

    backend, devices, _ = facts
    args = lowered._lowering.compile_args
    try:
        compiled = deserialize_and_load(payload, lowered.in_tree, lowered.out_tree, backend, list(devices))
        loaded = compiled._executable
        same = (
            set(loaded._kept_var_idx) == set(args["kept_var_idx"])
            and list(loaded.in_avals) == list(args["global_in_avals"])
            and list(loaded.out_avals) == list(args["global_out_avals"])
        )
    except Exception:  # noqa: BLE001 - whatever a bad payload raises: compiled instead
        return None
    return compiled if same else None
