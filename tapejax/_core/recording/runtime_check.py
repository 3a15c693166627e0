"""Runtime checks of symbolic values: TF's InvalidArgumentError from inside a ``tf.function``.

Eagerly, ops check concrete values with numpy. While ``tapejax.function`` traces, the values
are symbolic: ``check`` adds a ``jax.experimental.checkify`` check to the traced program, and the
function's compiled call (``checked``: functionalized with ``checkify``) raises the check's
message as ``InvalidArgumentError`` after running, before any Variable is written back. A
function with no check is compiled without ``checkify`` and costs nothing more.

The compiled call returns one boolean (did any check fail) beside checkify's error values, so
a passing call costs one scalar read; the error is rebuilt and formatted only when it failed.
A call whose check fails keeps the old value of every Variable it assigns (a ``jnp.where`` in
the program), so reading the flag can wait. Keras's ``fit``/``evaluate`` loops run in
``deferred()``: the flag is passed on to the next call (once one failed, every later call keeps
the values too) and read every few calls and when the loop ends, so the steps never wait for
the device. The Variables end as TF leaves them, as before the failed step; only the code run
in between (callbacks of the few steps after it) saw those steps' outputs.
"""

from __future__ import annotations

import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import checkify

from .. import disk_cache
from ..values.errors import InvalidArgumentError
from ..values.summarize import Summarized
from .state import jax_is_tracing, state

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


def checked(call, assigned_at: list):
    """``call(values, var_values) -> (outs, new_vars)`` compiled with its runtime checks;
    ``assigned_at[j]`` is the position in ``var_values`` of the Variable ``new_vars[j]`` is
    written to. A call whose check fails gives every such Variable its old value back inside the
    program (``jnp.where``), and raises; inside ``deferred()`` the raise comes later, and every
    call after the failed one keeps the values too (a sticky flag passed from call to call)."""
    plain = jax.jit(call)
    unchecked = jax.jit(lambda values, var_values: checkify.checkify(call)(values, var_values)[1])
    tree: list = [None]  # the error's structure, known once traced

    @disk_cache.jit
    def functionalized(values, var_values, failed_before):
        error, (outs, new_vars) = checkify.checkify(call)(values, var_values)
        leaves, tree[0] = jax.tree_util.tree_flatten(error)
        failed = _any_failed(error)
        keep_old = failed | failed_before
        kept = [jnp.where(keep_old, var_values[i], new) for i, new in zip(assigned_at, new_vars, strict=True)]
        return failed, keep_old, leaves, (outs, kept)

    def run(values, var_values):
        if state.runtime_checks:  # an outer function is tracing: its program carries the checks
            state.runtime_checks[-1].append("nested")
            return plain(values, var_values)
        if jax_is_tracing():
            return unchecked(values, var_values)  # a JAX transformation (a tape's vjp): no check
        scope = state.deferred_checks[-1] if state.deferred_checks else None
        before = np.False_ if scope is None or scope.failed is None else scope.failed
        failed, scope_failed, leaves, out = functionalized(values, var_values, before)
        outcome = _Outcome(failed, leaves, tree[0])
        if scope is None:
            outcome.raise_failed()
        else:
            scope.add(outcome, scope_failed)
        return out

    return run


class _Deferred:
    """The checks of the calls made in one ``deferred()`` scope, unread."""

    # Read every this many calls (each read waits for the calls before it, ~10-20 µs even when
    # they are done): after a failed check, at most this many calls more run, changing nothing.
    READ_EVERY = 8

    def __init__(self):
        self.failed = None  # has any call failed (a device scalar, the last call's)
        self.outcomes: list = []

    def add(self, outcome: _Outcome, failed) -> None:
        self.failed = failed
        self.outcomes.append(outcome)
        if len(self.outcomes) >= self.READ_EVERY:
            self.settle()

    def settle(self) -> None:
        """Raises the first failed check of the calls since the last read."""
        outcomes, self.outcomes = self.outcomes, []
        if self.failed is not None and self.failed:
            for outcome in outcomes:
                outcome.raise_failed()


@contextlib.contextmanager
def deferred():
    """Within it, checked calls raise their failed checks a few calls later, or when the
    ``with`` block ends (see the module's docstring)."""
    scope = _Deferred()
    state.deferred_checks.append(scope)
    try:
        yield
    finally:
        state.deferred_checks.pop()
        scope.settle()
