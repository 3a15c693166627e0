"""Run user Python code (written with tapejax ops) as a pure JAX function.

custom_gradient, recompute_grad and function all need the same thing: call the user's
function on tracer-backed Tensors, with the Variables it reads standing in as explicit
arguments, while no tape records. ``run_pure`` does exactly that.
"""

from __future__ import annotations

import contextlib

from .state import VariableScope, state
from .tensor import Tensor


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
    scope = VariableScope((id(v), Tensor(x)) for v, x in zip(variables, values, strict=True))
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


class TracedBody:
    """A JAX control-flow body (a branch, a loop step) being traced inside a function.

    ``depth``: how many Variable scopes were open when it started (Variables mapped by those
    cannot be assigned inside it); ``salts``: symbolic values that tell one run of the body
    from another (a loop's iteration count), for random draws made inside; ``on_exit``:
    callbacks run once the body's JAX call has returned (at the level that called it).
    """

    __slots__ = ("depth", "salts", "on_exit")

    def __init__(self, depth: int):
        self.depth, self.salts, self.on_exit = depth, [], []


@contextlib.contextmanager
def traced_body():
    """Marks the JAX control-flow call made inside the block (see TracedBody)."""
    body = TracedBody(len(state.variable_scopes))
    state.traced_bodies.append(body)
    try:
        yield body
    finally:
        state.traced_bodies.pop()
    for callback in body.on_exit:
        callback()
