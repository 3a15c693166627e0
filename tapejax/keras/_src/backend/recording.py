"""How keras steps outside the recorders: one recorded op over a JAX function (``Op``,
``record``), code run with recording paused (state updates), Variables assigned from one
compiled call (an optimizer's step), assignments undone when a step fails, and the run-time
checks a compiled step reads."""

from __future__ import annotations

from ...._core.caches import identity_key
from ...._core.recording.purify import no_recording, undo_assignments_on_error, variables_as
from ...._core.recording.record import Op, record
from ...._core.recording.runtime_check import deferred
from ...._core.recording.state_update import assign_computed

__all__ = [
    "Op",
    "assign_computed",
    "deferred",
    "identity_key",
    "no_recording",
    "record",
    "undo_assignments_on_error",
    "variables_as",
]
