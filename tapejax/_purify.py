"""Run user Python code (written with tapejax ops) as a pure JAX function.

custom_gradient, recompute_grad and function all need the same thing: call the user's
function on tracer-backed Tensors, with the Variables it reads standing in as explicit
arguments, while no tape records. ``run_pure`` does exactly that.
"""

from __future__ import annotations

import contextlib

from ._state import state
from ._tensor import Tensor


@contextlib.contextmanager
def no_recording():
    """Pauses every recording tape of this thread (restored afterwards, even on error)."""
    saved = state.recorders
    state.recorders = []
    try:
        yield
    finally:
        state.recorders = saved


@contextlib.contextmanager
def variables_as(variables, values):
    """Inside, each Variable in ``variables`` reads as the matching value (a JAX array/tracer)."""
    scope = {id(v): Tensor(x) for v, x in zip(variables, values, strict=True)}
    state.variable_scopes.append(scope)
    try:
        yield scope
    finally:
        state.variable_scopes.pop()


@contextlib.contextmanager
def collect_reads():
    """Collects the distinct Variables read inside, in first-read order."""
    reads: list = []
    state.read_collectors.append(reads)
    distinct: list = []
    try:
        yield distinct
    finally:
        state.read_collectors.pop()
        seen = set()
        for v in reads:
            if id(v) not in seen:
                seen.add(id(v))
                distinct.append(v)


@contextlib.contextmanager
def undo_assignments_on_error():
    """If the block raises, every Variable assigned inside gets its previous value back."""
    log: list = []
    state.assign_logs.append(log)
    try:
        yield
    except BaseException:
        for variable, previous in reversed(log):
            variable._stored = previous
        raise
    finally:
        state.assign_logs.pop()
