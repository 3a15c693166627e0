"""Symbolic tensors used after their trace ended: TF's "out of scope" tensors.

A tensor computed while a ``tf.function`` traces holds a JAX tracer. Kept past the trace (in a
list, a global, an object's attribute) and used later, eagerly or in another function's trace,
JAX would raise its ``UnexpectedTracerError``; TF raises ``TypeError`` (inside another
function's trace, for a tensor of a function it called, its ``InaccessibleTensorError``, a
ValueError) with its "is out of scope" message. tapejax raises TF's message, with what to do.
"""

from __future__ import annotations

from jax.core import Tracer

from ..values.errors import InaccessibleTensorError
from .state import jax_is_tracing

try:  # JAX's trace context (no public spelling yet)
    from jax._src.core import trace_ctx as _trace_ctx
except ImportError:  # pragma: no cover - a JAX without it: no tracer is found leaked in a trace
    _trace_ctx = None

_UNKNOWN = object()


def is_leaked(value) -> bool:
    """Whether ``value`` is a tracer of a trace that has ended: any tracer when nothing traces,
    else one whose trace is neither the current one nor one it is nested in."""
    if not isinstance(value, Tracer):
        return False
    if not jax_is_tracing():
        return True
    live = _live_traces()
    return live is not None and id(getattr(value, "_trace", None)) not in live


def _live_traces() -> set | None:
    """The ids of the current JAX trace and its enclosing ones (None: JAX does not say)."""
    trace = getattr(_trace_ctx, "trace", _UNKNOWN)
    if trace is _UNKNOWN:
        return None
    live = set()
    while trace is not None:
        live.add(id(trace))
        trace = getattr(trace, "parent_trace", None)
    return live


def leaked_error(tensors, in_function: bool | None = None) -> Exception | None:
    """TF's error for the first of ``tensors`` whose value outlived its trace, or None.
    ``in_function``: whether it is used by a function's code (default: whether JAX traces)."""
    if in_function is None:
        in_function = jax_is_tracing()
    for t in tensors:
        if is_leaked(t._v):
            where = "in another function's trace" if in_function else "eagerly"
            message = (
                f"{t!r} is out of scope and cannot be used here. Use return values, explicit Python "
                "locals or TensorFlow collections to access it.\nPlease see "
                "https://www.tensorflow.org/guide/function#all_outputs_of_a_tffunction_must_be_return_values "
                f"for more information.\n\nIt is a symbolic tensor of a tf.function's trace, kept after the "
                f"trace ended (in a list, a global or an object's attribute) and used {where}: return it "
                "from the function and use the value the call returns."
            )
            return InaccessibleTensorError(message) if in_function else TypeError(message)
    return None
