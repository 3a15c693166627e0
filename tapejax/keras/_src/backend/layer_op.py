"""A layer's computation as one tapejax op: a pure JAX function recorded on the tape.

Layers whose Keras formula is a few ``keras.ops`` calls run it here as one JAX function, so a
tape holds one node per call and the gradient is JAX's. Each layer module declares its ops once
(``_OP = Op("Relu", _relu)``): ops are module-level singletons, as compiled-function caches key on
them.
"""

from __future__ import annotations

from ...._core.recording.convert import convert_to_tensor
from ...._core.recording.record import Op, record


def run_op(op: Op, *tensors, **static):
    """``op.fn(*arrays, **static)`` on ``tensors`` (converted), recorded; ``static`` values must
    be hashable (ints, floats, tuples, strings)."""
    return record(op, [convert_to_tensor(t) for t in tensors], static)
