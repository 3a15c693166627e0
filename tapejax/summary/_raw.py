"""``tf.summary.experimental.write_raw_pb``: serialized ``Summary`` protos written as they are."""

from __future__ import annotations

import numpy as np

from . import _events
from ._write import record_events, tensor_input


def write_raw_pb(tensor, step=None, name=None):
    """Writes serialized ``Summary`` protos (bytes, or a list of them) to the default writer,
    one event each, at ``step``; a bool tensor, True when written.

    Args:
      tensor: the serialized protos (``summary.SerializeToString()``).
      step: an int64-castable step; ``tf.summary.experimental.get_step()`` when None.
      name: accepted for TF compatibility.
    """

    def lazy():
        return [tensor_input(tensor)], lambda protos: protos

    def events(step_value: int, protos) -> list[bytes]:
        return [
            _events.raw_summary_event(p, step_value) for p in np.asarray(protos, dtype=object).reshape(-1)
        ]

    return record_events(lazy, step, events, step_first=True)
