"""JAX's 64-bit mode for tapejax's own work, and only for it.

TensorFlow keeps float64 data in float64 and has int64 tensors (``tf.argmax``'s result); JAX
holds 64-bit values only in its 64-bit mode (``jax_enable_x64``). tapejax never switches that
mode on for the process: a JAX program beside tapejax keeps its float32 defaults. Instead, each
place where tapejax makes JAX arrays or runs a JAX computation (recording an op, computing
pending values, converting data, assigning a Variable, differentiating, calling a compiled
function) runs in JAX's *thread-local* 64-bit mode, through ``enabled`` (a decorator) or
``scope`` (a context manager). Entering costs about 0.3 µs (a swap of a thread-local value);
an entry nested in another (``record`` inside an op builder) only reads the mode, ~0.1 µs.

tapejax's ops pass explicit dtypes everywhere (float32 for Python floats, as TF), so the mode
changes no tapejax result; it only lets 64-bit values exist. A 64-bit Tensor handed to plain
JAX code outside tapejax follows the process's setting (JAX truncates it to 32 bits, with its
warning, unless the user enabled 64-bit mode).
"""

from __future__ import annotations

import functools

import jax
import numpy as np

_MODE = jax.enable_x64


def enabled(fn):
    """``fn``, run in JAX's 64-bit mode (restored afterwards, also on error)."""

    @functools.wraps(fn)
    def in_x64(*args, **kwargs):
        if _MODE.value:  # already on (an outer tapejax entry, or the user's global setting)
            return fn(*args, **kwargs)
        previous = _MODE.swap_local(True)
        try:
            return fn(*args, **kwargs)
        finally:
            _MODE.set_local(previous)

    return in_x64


class scope:  # noqa: N801 (used as a context manager, like jax.enable_x64)
    """``with scope():`` runs its body in JAX's 64-bit mode."""

    __slots__ = ("_previous",)

    def __enter__(self):
        self._previous = _MODE.swap_local(True)
        return self

    def __exit__(self, *exc):
        _MODE.set_local(self._previous)
        return False


def for_user_code(arrays):
    """A context manager for running a user's JAX function on ``arrays`` from inside tapejax:
    the process's own 64-bit setting (so the function computes what it computes outside
    tapejax, e.g. Python floats as float32), unless an input is 64-bit and needs the mode."""
    wide = bool(_MODE.get_global()) or any(getattr(a, "dtype", None) in _WIDE for a in arrays)
    return _MODE(wide)


_WIDE = frozenset(np.dtype(n) for n in ("float64", "int64", "uint64", "complex128"))
