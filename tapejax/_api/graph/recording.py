"""The recording of a traced function's whole computation, for ``tf.gradients``.

TF's ``tf.gradients(ys, xs)`` differentiates the graph a ``tf.function`` builds, from any of its
tensors to any other. A tapejax trace keeps no graph (its ops become JAX's jaxpr), so a trace
that needs one records every op its Python code runs on a :class:`GraphRecorder`, a tape that
watches everything; ``tf.gradients`` then differentiates that recording as ``GradientTape``
does its own (the plain path, ``_core/reference.py``).

Recording changes how a traced function stages control flow (a recorded ``if`` runs both
branches and selects; a tensor-bounded loop is one recorded op), so only the traces that need
it record: the first ``tf.gradients`` call of a trace that is not recording stops the trace
(:class:`RetraceWithGraph`), and the function traces again recording from its first op, and
records in its later traces too. TF has no such second run, so a function whose own code
names ``gradients`` or ``hessians`` records from its first trace (:func:`mentions_gradients`):
only a call made from a helper function costs the second run of its Python code.
"""

from __future__ import annotations

import contextlib
import inspect
import threading

from ..._core.recording import recorders
from ..._core.recording.tape import Tape
from ..._core.recording.variable import Variable

# TF's message (RuntimeError), also for tf.hessians, outside a traced function.
EAGER_MESSAGE = "tf.gradients is not supported when eager execution is enabled. Use tf.GradientTape instead."


class RetraceWithGraph(BaseException):
    """Raised by ``tf.gradients`` in a trace that does not record: the trace starts again,
    recording. A BaseException, so that user code's ``except Exception`` lets it through."""


class _Everything:
    """The ``connected`` set of a recorder that watches every tensor."""

    __slots__ = ()

    def __contains__(self, key) -> bool:
        return True

    def __setitem__(self, key, value) -> None:
        pass


class GraphRecorder(Tape):
    """A tape that records every op and every Variable read (trainable or not) while a
    function traces: TF's graph, as far as ``tf.gradients`` needs it."""

    __slots__ = ()

    def __init__(self):
        super().__init__(watch_accessed_variables=True)
        self.connected = _Everything()

    def watches_any(self, inputs) -> bool:
        return True

    def add(self, node) -> None:
        self.nodes.append(node)

    def note_read(self, variable, tensor) -> None:
        self.watched_vars.setdefault(id(variable), variable)
        self.var_reads.setdefault(id(variable), []).append(tensor)

    def leaves_of(self, source) -> list:
        if isinstance(source, Variable):
            return self.var_reads.get(id(source), [])
        return [source]


_NAMES = frozenset(("gradients", "hessians"))


def mentions_gradients(fn) -> bool:
    """Whether ``fn``'s code (or a function or lambda defined in it) names ``gradients`` or
    ``hessians`` as a global or an attribute (``tf.gradients(...)``)."""
    fn = getattr(fn, "_fn", fn)  # a method bound weakly (purify.WeakMethod)
    code = getattr(inspect.unwrap(fn), "__code__", None)
    stack = [code] if code is not None else []
    while stack:
        code = stack.pop()
        if not _NAMES.isdisjoint(code.co_names):
            return True
        stack.extend(c for c in code.co_consts if inspect.iscode(c))
    return False


class _Traces(threading.local):
    def __init__(self):
        # Per function being traced (innermost last): its GraphRecorder, or None when it does
        # not record.
        self.stack: list = []


_traces = _Traces()


@contextlib.contextmanager
def graph_recording(enabled: bool):
    """Marks a function's trace; inside, with ``enabled``, every op is recorded (see module)."""
    recorder = GraphRecorder() if enabled else None
    _traces.stack.append(recorder)
    if recorder is not None:
        recorders.start(recorder)
    try:
        yield
    finally:
        if recorder is not None:
            recorders.stop(recorder)
        _traces.stack.pop()


def current_recording() -> GraphRecorder:
    """The recording of the function being traced, for ``tf.gradients`` and ``tf.hessians``.

    Raises:
      RuntimeError: no function is being traced (TF's message for eager execution).
      RetraceWithGraph: the trace does not record yet (it starts again, recording).
    """
    if not _traces.stack:
        raise RuntimeError(EAGER_MESSAGE)
    recorder = _traces.stack[-1]
    if recorder is None:
        raise RetraceWithGraph()
    return recorder
