"""The functional forms converted code calls (TF's ``ag__.if_stmt``, ``for_stmt``, ...).

Each decides at run time, as TF's do: on a symbolic tensor (inside ``tapejax.function``) the
statement is staged (see staging); on anything else it runs as the Python statement it was.
"""

from __future__ import annotations

import builtins

import jax

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.state import jax_is_tracing
from ..._core.values.access import value_of
from ..._core.values.tensor import TensorLike
from ..._ops.assert_ops import Assert
from ..._ops.creation_ops import range as tf_range
from ..._ops.math_ops import logical_and, logical_not, logical_or
from ..control_flow import cond
from . import checks, staging


def _symbolic(value) -> bool:
    return isinstance(value, TensorLike) and isinstance(value_of(value), jax.core.Tracer)


def not_(value):
    return logical_not(value) if isinstance(value, TensorLike) else not value


def and_(first, second):
    a = first()
    if isinstance(a, TensorLike):
        return logical_and(a, second())
    return a and second()


def or_(first, second):
    a = first()
    if isinstance(a, TensorLike):
        return logical_or(a, second())
    return a or second()


def assert_stmt(test, message) -> None:
    """``assert test, message()`` (``message`` None: no message). On a tensor, TF's
    ``tf.debugging.Assert(test, [message()])``: checked when the function runs, failing with
    ``assertion failed: [message]`` (``[Assertion error]`` without one)."""
    if isinstance(test, TensorLike):
        data = ["Assertion error" if message is None else message()]
        Assert(checks.condition(test, "assert statement"), data)
        return
    if not test:
        raise AssertionError() if message is None else AssertionError(message())


def if_exp(test, body, orelse):
    if _symbolic(test):
        return cond(checks.condition(test, "if expression"), body, orelse)
    return body() if test else orelse()


def if_stmt(test, body, orelse, state, names):
    if _symbolic(test):
        return staging.cond(test, body, orelse, state, names)
    return body(*state) if test else orelse(*state)


def while_stmt(test, body, state, names, options):
    while True:
        go = test(*state)
        if _symbolic(go):
            bound = options.get("maximum_iterations")
            return staging.loop(body, test, state, names, maximum_iterations=bound)
        if not go:
            return state
        state = body(*state)


class SymbolicRange:
    """``range(start, limit, delta)`` with a symbolic argument: a staged counter."""

    def __init__(self, start, limit, delta):
        self.start, self.limit, self.delta = (convert_to_tensor(v) for v in (start, limit, delta))


def iterable(fn, *args, **kwargs):
    """``fn(*args)``, except that ``range``/``tf.range`` of a symbolic tensor is a SymbolicRange."""
    if (fn is builtins.range or fn is tf_range) and any(_symbolic(a) for a in (*args, *kwargs.values())):
        bound = [*args, *kwargs.values()]
        start, limit, delta = {1: [0, *bound, 1], 2: [*bound, 1]}.get(len(bound), bound)
        return SymbolicRange(start, limit, delta)
    return fn(*args, **kwargs)


def for_stmt(items, extra_test, body, state, names, options):
    if isinstance(items, SymbolicRange):
        return _range_loop(items, extra_test, body, state, names, options)
    if isinstance(items, TensorLike) and jax_is_tracing() and not staging.recording():
        return _tensor_loop(items, extra_test, body, state, names)
    for item in items:
        if extra_test is not None:
            go = extra_test(*state)
            if _symbolic(go):  # a break on a tensor: the rest of the Python loop runs under it
                state = staging.cond(go, lambda *s, item=item: body(item, *s), lambda *s: s, state, names)
                continue
            if not go:
                break
        state = body(item, *state)
    return state


def _tensor_loop(items, extra_test, body, state, names):
    """``for x in tensor``: a scan over its first dimension (TF: a while loop over its rows)."""
    values = value_of(items)
    n = values.shape[0]

    def step(i, *s):
        return (i + 1, *body(staging.row(values, i), *s))

    test = None if extra_test is None else (lambda i, *s: extra_test(*s))
    out = staging.loop(step, test, (convert_to_tensor(0), *state), ("<index>", *names), length=n)
    return out[1:]


def _range_loop(r, extra_test, body, state, names, options):
    """``for i in range(n)`` with a symbolic ``n``: a counter, staged as a while loop."""

    def step(i, *s):
        return (i + r.delta, *body(i, *s))

    def test(i, *s):
        inside = logical_and(r.delta > 0, i < r.limit)
        go = logical_or(inside, logical_and(r.delta < 0, i > r.limit))
        return go if extra_test is None else logical_and(go, extra_test(*s))

    out = staging.loop(
        step,
        test,
        (r.start, *state),
        ("<index>", *names),
        maximum_iterations=options.get("maximum_iterations"),
    )
    return out[1:]
