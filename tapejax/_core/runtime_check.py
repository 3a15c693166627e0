"""Runtime checks of symbolic values: TF's InvalidArgumentError from inside a ``tf.function``.

Eagerly, ops check concrete values with numpy. While ``tapejax.function`` traces, the values
are symbolic: ``check`` adds a ``jax.experimental.checkify`` check to the traced program, and the
function's compiled call (``checked``: functionalized with ``checkify``) raises the check's
message as ``InvalidArgumentError`` after running, before any Variable is written back. A
function with no check is compiled without ``checkify`` and costs nothing more.

The compiled call returns one boolean (did any check fail) beside checkify's error values, so
a passing call costs one scalar read; the error is rebuilt and formatted only when it failed.
Reading it waits for the call to finish. Keras's ``fit``/``evaluate`` loops run in
``deferred()``: a call's check is read when the checked call after the next one starts (or the
loop ends), so the device always has the next step queued while Python reads. A failed check
restores what that call and the one after it assigned and raises before a third call runs: the
Variables are as TF leaves them (as before the failed step); only code run in between (a
callback) saw the later values.
"""

from __future__ import annotations

import contextlib

import jax
import jax.numpy as jnp
from jax.experimental import checkify

from .errors import InvalidArgumentError, OpError
from .state import jax_is_tracing, state
from .summarize import Summarized

# The error class of a check's message where it is not InvalidArgumentError (``check(error=)``).
_ERROR_CLASSES: dict = {}


def check(ok, message: str, *values, error: type = InvalidArgumentError) -> None:
    """Checks ``ok`` (a symbolic boolean scalar) when the function being traced runs; ``message``
    is formatted with ``values`` when it fails: a ``{}`` field as numpy prints the value, a
    ``summarize.field`` as TF's SummarizeValue (of a tensor's first elements), and raised as
    ``error`` (a TF error class). Outside a ``tapejax.function`` trace (a JAX transformation of
    the user's own) there is no check."""
    if not state.runtime_checks:
        return
    if error is not InvalidArgumentError:
        _ERROR_CLASSES[message] = error
    state.runtime_checks[-1].append(message)
    checkify.check(ok, message, *values)


def trace_depth() -> int:
    """How many ``tapejax.function`` traces are running (nested) in this thread."""
    return len(state.runtime_checks)


def checking() -> bool:
    """Whether a ``tapejax.function`` is being traced (its checks run when it is called): TF's
    graph mode, where an assertion prints its graph form and fails when the function runs."""
    return bool(state.runtime_checks)


class _Outcome:
    """A checked call's result: ``failed`` (a boolean array) and checkify's error as leaves."""

    __slots__ = ("failed", "leaves", "tree")

    def __init__(self, failed, leaves, tree):
        self.failed, self.leaves, self.tree = failed, leaves, tree

    def raise_failed(self) -> None:
        """Raises a failed check as TF's InvalidArgumentError (reading ``failed`` waits)."""
        if not self.failed:
            return
        failed = jax.tree_util.tree_unflatten(self.tree, self.leaves).get_exception()
        template = getattr(failed, "fmt_string", None)  # a failed check (not another checkify error)
        if template is not None:
            error = _ERROR_CLASSES.get(template, InvalidArgumentError)
            raise error(template.format(*[Summarized(v) for v in failed.args]))
        text = str(failed)  # checkify appends " (`check` failed)"
        raise InvalidArgumentError(text[: text.rfind(" (`")])


def _any_failed(error):
    # Error's flags by kind (checkify keeps them in ``_pred``; its public readers are host-side).
    flags = [jnp.any(p) for p in error._pred.values()]
    return jnp.any(jnp.stack(flags)) if flags else jnp.bool_(False)


def checked(call, assigned: list):
    """``call(values, var_values) -> (outs, new_vars)`` compiled with its runtime checks: the
    returned function raises a failed check before ``assigned`` (the Variables the caller writes
    back) change, or, inside ``deferred()``, when the next checked call starts."""
    plain = jax.jit(call)
    unchecked = jax.jit(lambda values, var_values: checkify.checkify(call)(values, var_values)[1])
    tree: list = [None]  # the error's structure, known once traced

    @jax.jit
    def functionalized(values, var_values):
        error, out = checkify.checkify(call)(values, var_values)
        leaves, tree[0] = jax.tree_util.tree_flatten(error)
        return _any_failed(error), leaves, out

    def run(values, var_values):
        if state.runtime_checks:  # an outer function is tracing: its program carries the checks
            state.runtime_checks[-1].append("nested")
            return plain(values, var_values)
        if jax_is_tracing() or any(isinstance(v, jax.core.Tracer) for v in (*values, *var_values)):
            return unchecked(values, var_values)  # a JAX transformation (a tape's vjp): no check
        pending = state.deferred_checks[-1] if state.deferred_checks else None
        if pending is not None and len(pending) >= _IN_FLIGHT:
            settle(pending, _IN_FLIGHT - 1)  # the oldest call's check, before this call runs
        failed, leaves, out = functionalized(values, var_values)
        outcome = _Outcome(failed, leaves, tree[0])
        if pending is None:
            outcome.raise_failed()
        else:  # read later, with the values the call is about to overwrite
            pending.append((outcome, [(v, v._stored) for v in assigned]))
        return out

    return run


# Calls whose checks are unread inside ``deferred()``: with two, a call's check is read while the
# next one runs, so the read never waits for the device (a wait that returns costs ~100 µs more
# than the call's work on a small CPU program: the thread's wake-up).
_IN_FLIGHT = 2


@contextlib.contextmanager
def deferred():
    """Within it, a checked call's result is read when later checked calls start, or when the
    ``with`` block ends (see the module's docstring)."""
    pending: list = []  # (outcome, [(variable, value before the call)]), oldest first
    state.deferred_checks.append(pending)
    try:
        yield
    finally:
        state.deferred_checks.pop()
        settle(pending)


def settle(pending: list, keep: int = 0) -> None:
    """Reads the pending calls' checks, oldest first, until ``keep`` are left. A failed one
    raises after restoring what it and every later pending call assigned."""
    while len(pending) > keep:
        outcome, _ = pending[0]
        try:
            outcome.raise_failed()
        except OpError:
            for _, undo in reversed(pending):
                for variable, value in reversed(undo):
                    variable._stored = value
            pending.clear()
            raise
        pending.pop(0)
