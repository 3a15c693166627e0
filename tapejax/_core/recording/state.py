"""Per-thread state: the recorders (tapes, accumulators) that are recording, and the values
that stand in for Variables while a function is traced.

Tapes are per thread, as in TensorFlow: ops run in one thread are never recorded by a tape
that another thread opened.
"""

from __future__ import annotations

import contextlib
import threading

import jax


class _ThreadState(threading.local):
    def __init__(self):
        # Recorders started (recorders.start), ordered by level, and the level under which they
        # record now; ``recorders`` is the started ones under the ceiling, innermost last (what
        # record() and Variable reads use).
        self.started: list = []
        self.floor: float = 0
        self.ceiling: float = float("inf")
        self.recorders: list = []
        # Stack of {id(variable): Tensor} maps: while a pure function is traced, a Variable
        # reads as the tracer-backed Tensor given here instead of its stored value.
        self.variable_scopes: list[dict] = []
        # Stack of lists collecting the Variables read (custom_gradient, function).
        self.read_collectors: list[list] = []
        # Stack of lists collecting (variable, previous value) for every assignment, so that a
        # call that fails can undo the assignments it made.
        self.assign_logs: list[list] = []
        # Stack of the variable-creation policies of the functions being traced (innermost
        # last): each is told of every Variable created while its function's Python code runs,
        # also by a function it calls or in an init_scope (as TF, that is the function's own).
        self.creation_guards: list = []
        # Stack of lists, one per tapejax.function being traced, told of each runtime check its
        # code adds (see runtime_check.check).
        self.runtime_checks: list = []
        # Stack of the deferred-check scopes (runtime_check.deferred): each holds the unread
        # checks of the checked calls made in it.
        self.deferred_checks: list = []
        # Stack of the JAX control-flow bodies (branches of jax.lax.cond/switch, loop bodies)
        # being traced inside a function: see purify.traced_body.
        self.traced_bodies: list = []
        # tf.debugging.enable_check_numerics: every op's float outputs checked (numerics.py).
        self.check_numerics: bool = False
        # Stack of Variable policies (innermost last): a distribution strategy's scope or one
        # replica's code (tapejax/distribute). The innermost is told of each Variable created
        # (``created``), may change the value an op reads (``read``) and the value or delta an
        # assignment writes (``assigned``): see Variable.
        self.variable_policies: list = []
        # Stack of where code runs for tf.distribute (innermost last): ``(kind, obj)`` with kind
        # "cross" (a strategy's scope or a merge_call: obj the strategy), "replica" (one
        # replica's code: obj its ReplicaContext), "global" (one step over the global batch for
        # every replica: Keras fit's) or "default" (the default strategy's scope).
        # Empty outside every strategy; ops read it for TF's loss scaling (compute_average_loss).
        self.distribution: list = []


state = _ThreadState()


class VariableScope(dict):
    """{id(variable): Tensor}: the values that stand in for Variables while a pure function is
    traced; ``used`` collects the ids of the Variables whose value the traced code touched."""

    __slots__ = ("used",)

    def __init__(self, items):
        super().__init__(items)
        self.used: set = set()


def lookup_variable(var_id: int):
    """The Tensor standing in for a Variable in the innermost scope that maps it, or None."""
    for scope in reversed(state.variable_scopes):
        tensor = scope.get(var_id)
        if tensor is not None:
            scope.used.add(var_id)
            return tensor
    return None


def scope_depth(var_id: int) -> int:
    """The index in ``state.variable_scopes`` of the innermost scope that maps the Variable, or -1."""
    scopes = state.variable_scopes
    for depth in range(len(scopes) - 1, -1, -1):
        if var_id in scopes[depth]:
            return depth
    return -1


def assign_variable(var_id: int, tensor) -> bool:
    """Rebinds a Variable in the innermost scope that maps it; False when none does."""
    for scope in reversed(state.variable_scopes):
        if var_id in scope:
            scope[var_id] = tensor
            scope.used.add(var_id)
            return True
    return False


try:  # JAX's own answer to "is a transformation tracing now?" (no public spelling yet)
    from jax._src.core import trace_state_clean as _trace_state_clean
except ImportError:  # pragma: no cover - a JAX without it: never fold constants while tracing

    def _trace_state_clean() -> bool:
        return True


def jax_is_tracing() -> bool:
    """Whether some JAX transformation (jit, grad, vmap, ...) is tracing in this thread."""
    return not _trace_state_clean()


@contextlib.contextmanager
def init_scope():
    """``tf.init_scope``: runs its block outside every function being traced and every tape.

    Variables read there give their stored values (not a traced function's symbolic ones),
    assignments change them at once, nothing is recorded, and JAX computes eagerly: what
    TensorFlow uses to initialize Variables (and Keras weights) created inside a ``tf.function``.

    >>> import tapejax as tf
    >>> v = tf.Variable(1.0)
    >>> @tf.function
    ... def f():
    ...     with tf.init_scope():
    ...         print(v.numpy())   # the stored value, even while tracing
    ...     return v + 1.0
    >>> float(f())
    1.0
    2.0
    """
    s = state
    saved = (s.variable_scopes, s.read_collectors, s.assign_logs, s.traced_bodies, s.recorders)
    s.variable_scopes, s.read_collectors, s.assign_logs, s.traced_bodies, s.recorders = [], [], [], [], []
    try:
        with jax.ensure_compile_time_eval():
            yield
    finally:
        s.variable_scopes, s.read_collectors, s.assign_logs, s.traced_bodies, s.recorders = saved
