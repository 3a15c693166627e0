"""``tf.summary.experimental``: the default step, ``summary_scope`` and ``write_raw_pb``.

A namespace: re-exports only."""

from ._raw import write_raw_pb
from ._state import get_step, set_step
from ._write import summary_scope

__all__ = ["get_step", "set_step", "summary_scope", "write_raw_pb"]
