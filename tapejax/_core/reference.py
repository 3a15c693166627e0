"""The plain path: recording and autodiff with no engine, the reference the engine is tested
against.

A plain Tape (``recording/tape.py``) records ops that have run; a derivative slices the
recording (``autodiff.replay.Slice``), builds its function (``autodiff.derivatives``) and
records it as one op through ``record``, like any other: no deferral, interning, plans,
liveness, fusion or compiled cache. Slow (JAX runs the derivative op by op), and exactly the
meaning: the engine's results must equal these (``tests/test_properties.py`` runs the same
random programs through both, ``GradientTape`` under :func:`plain`).
"""

from __future__ import annotations

import contextlib
import threading

from .autodiff import derivatives as _meaning
from .autodiff.links import node_links
from .autodiff.replay import Slice
from .recording.record import Op, record
from .recording.tape import Tape

__all__ = ["Tape", "active", "batch_jacobian", "gradient", "jacobian", "mode", "plain"]


class _Mode(threading.local):
    plain = False  # per thread: whether GradientTapes created now take the plain path


mode = _Mode()  # read by GradientTape as it creates a tape (one attribute read)


def active() -> bool:
    """Whether tapes started now in this thread take the plain path (see :func:`plain`)."""
    return mode.plain


@contextlib.contextmanager
def plain():
    """Inside, the GradientTapes created in this thread record and differentiate on the plain
    path (a tape keeps the path it was created with)."""
    saved = mode.plain
    mode.plain = True
    try:
        yield
    finally:
        mode.plain = saved


def _run(derivative, sl, extra_inputs) -> list:
    """Records ``derivative`` of ``sl`` as one op; its outputs per source (None: unconnected)."""
    op = Op(
        derivative.name,
        derivative.make(()),
        multiple_results=True,
        reverse_only=sl.reverse_only,
        input_errors=False,
        links=node_links,
    )
    outs = iter(record(op, [*sl.leaves, *sl.consts, *extra_inputs]))
    return [next(outs) if c else None for c in derivative.connected]


def gradient(tape, targets, leaf_groups, output_gradients, direct=None, last_use=False):
    """``engine.gradients.gradient`` on the plain path (same arguments and results)."""
    del last_use  # nothing is pending: every value was computed when it was recorded
    direct = direct or [[] for _ in leaf_groups]
    sl = Slice(tape.nodes, targets, [t for g in leaf_groups for t in g])
    derivative = _meaning.gradient(sl, targets, leaf_groups, output_gradients, direct)
    if derivative is None:
        return [None] * len(leaf_groups)
    return _run(derivative, sl, [ct for ct in output_gradients if ct is not None])


def jacobian(tape, target, leaf_groups, last_use=False):
    """``engine.gradients.jacobian`` on the plain path."""
    del last_use
    sl = Slice(tape.nodes, [target], [t for g in leaf_groups for t in g])
    if not sl.connected:
        return [None] * len(leaf_groups)
    return _run(_meaning.jacobian(sl, target, leaf_groups), sl, ())


def batch_jacobian(tape, target, leaf_group, source_shape, last_use=False):
    """``engine.gradients.batch_jacobian`` on the plain path."""
    del last_use
    sl = Slice(tape.nodes, [target], list(leaf_group))
    if not sl.connected:
        return None
    return _run(_meaning.batch_jacobian(sl, target, leaf_group, source_shape), sl, ())[0]
