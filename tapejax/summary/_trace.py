"""``tf.summary.trace_on``/``trace_off``/``trace_export`` and ``tf.summary.graph``.

TF collects the GraphDefs of the ``tf.function`` calls it runs while a trace is on and writes
them for TensorBoard's Graphs dashboard. A tapejax function is a JAX program, not a TF graph,
so there is no GraphDef to collect: the trace functions keep TF's states and errors, and
``trace_export`` writes nothing (TensorBoard shows no op graph). ``graph`` writes what it is
given when that is a GraphDef (anything with ``SerializeToString``, or an object with
``as_graph_def()``), as TF does.
"""

from __future__ import annotations

import threading
import warnings

from .._core.recording.convert import constant
from .._core.recording.state import jax_is_tracing
from . import _events
from ._state import recording_condition, state
from ._write import checked_step

_lock = threading.Lock()
_trace = {"on": False}


def trace_on(graph=True, profiler=False, profiler_outdir=None) -> None:
    """``tf.summary.trace_on``: starts a trace (``graph``, ``profiler`` accepted; nothing is
    collected, see the module's docstring)."""
    if jax_is_tracing():
        warnings.warn("Cannot enable trace inside a tf.function.", stacklevel=2)
        return
    with _lock:
        if _trace["on"]:
            warnings.warn("Trace already enabled", stacklevel=2)
            return
        _trace["on"] = True


def trace_off() -> None:
    """``tf.summary.trace_off``: stops the trace, if one is on."""
    with _lock:
        _trace["on"] = False


def trace_export(name, step=None, profiler_outdir=None) -> None:
    """``tf.summary.trace_export``: stops the trace; TF writes the graphs it collected, tapejax
    has none to write (TF's errors are kept: no trace on, a bad step)."""
    if step is not None:
        checked_step(step)
    if jax_is_tracing():
        warnings.warn("Cannot export trace inside a tf.function.", stacklevel=2)
        return
    with _lock:
        if not _trace["on"]:
            raise ValueError("Must enable trace before export through tf.summary.trace_on.")
    trace_off()


def graph(graph_data):
    """``tf.summary.graph``: writes a GraphDef (``graph_data.as_graph_def()`` or a proto) to the
    default writer at step 0; False without one or while ``record_if`` does not hold."""
    if jax_is_tracing():
        raise ValueError("graph() cannot be invoked inside a graph context.")
    writer = state.writer
    if writer is None:
        return constant(False)
    if recording_condition() is False:
        return constant(False)
    if hasattr(graph_data, "as_graph_def"):
        graph_data = graph_data.as_graph_def()
    if not hasattr(graph_data, "SerializeToString"):
        raise ValueError(
            "Argument 'graph_data' is not tf.Graph or tf.compat.v1.GraphDef. "
            f"Received graph_data={graph_data} of type {type(graph_data).__name__}."
        )
    writer.write_event(_events.graph_event(graph_data.SerializeToString()))
    return constant(True)
