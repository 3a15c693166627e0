"""How keras steps outside the recorders: one recorded op over a JAX function (``Op``,
``record``), code run with recording paused (state updates), assignments undone when a
step fails, and the run-time checks a compiled step reads."""

from __future__ import annotations

from ...._core.recording.purify import no_recording, undo_assignments_on_error, variables_as
from ...._core.recording.record import Op, record
from ...._core.recording.runtime_check import deferred

__all__ = ["Op", "deferred", "no_recording", "record", "undo_assignments_on_error", "variables_as"]
