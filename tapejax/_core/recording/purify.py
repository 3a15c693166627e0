"""Run user Python code (written with tapejax ops) as a pure JAX function.

custom_gradient, recompute_grad and function all need the same thing: call the user's
function on tracer-backed Tensors, with the Variables it reads standing in as explicit
arguments, while no tape records. ``run_pure`` does exactly that.
"""

from __future__ import annotations

import contextlib
import inspect
import weakref

from ..values.tensor import Tensor
from . import recorders
from .state import VariableScope, state


@contextlib.contextmanager
def no_recording():
    """Pauses every recording tape of this thread (restored afterwards, even on error)."""
    with recorders.paused():
        yield


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


class WeakMethod:
    """``fn`` bound to ``instance`` by a weak reference (a strong one if it cannot be weak).

    Decorated methods (``@tf.function``, ``@tf.custom_gradient``) are bound with it, so that
    what tapejax keeps of a call (traces, compiled code, cache keys) never keeps the instance
    alive. Two bindings of the same function to the same live instance are equal.
    """

    def __init__(self, fn, instance):
        try:
            self._ref, self.weak = weakref.ref(instance), True
        except TypeError:  # no __weakref__ slot: kept alive by its bound Function
            self._ref, self.weak = (lambda: instance), False
        self._fn, self._id = fn, id(instance)
        self.__name__ = getattr(fn, "__name__", "method")
        self.__qualname__ = getattr(fn, "__qualname__", self.__name__)
        self.__doc__ = getattr(fn, "__doc__", None)
        self.__module__ = getattr(fn, "__module__", None)
        try:
            params = list(inspect.signature(fn).parameters.values())[1:]
            self.__signature__ = inspect.Signature(params)
        except (TypeError, ValueError):
            pass

    @property
    def instance(self):
        return self._ref()

    def __call__(self, *args, **kwargs):
        instance = self._ref()
        if instance is None:
            raise ReferenceError(f"the object whose method {self.__qualname__} this is was deleted")
        return self._fn(instance, *args, **kwargs)

    def __eq__(self, other) -> bool:
        if not isinstance(other, WeakMethod) or other._fn is not self._fn or other._id != self._id:
            return False
        instance = self._ref()
        return instance is not None and other._ref() is instance

    def __hash__(self) -> int:
        return hash((id(self._fn), self._id))
