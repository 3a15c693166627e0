"""Where the code runs: in a strategy's scope (cross-replica context), in one replica's code
(``strategy.run``: replica context), or outside every strategy (the default strategy's
replica context). One stack per thread, as TF's: ``state.distribution`` in ``_core``, where
ops that scale losses by the replicas (``tf.nn.compute_average_loss``) read it too."""

from __future__ import annotations

import contextlib

from .._core.recording.state import state

# TF's message (RuntimeError) for a cross-replica method called in a replica's code.
CROSS_REPLICA_ONLY = "Method requires being in cross-replica context, use get_replica_context().merge_call()"


def current():
    """The innermost ``(kind, object)`` entry, or None outside every strategy. ``kind`` is
    "cross" (object: a strategy), "replica" (a ReplicaContext), "global" (the replica context
    of a step over the global batch, _global_step.py) or "default" (the default strategy, in its
    own scope or merge_call)."""
    entries = state.distribution
    return entries[-1] if entries else None


@contextlib.contextmanager
def entered(kind: str, obj):
    if kind == "cross" and obj._is_default:
        kind = "default"
    state.distribution.append((kind, obj))
    try:
        yield obj
    finally:
        state.distribution.pop()


def require_cross_replica() -> None:
    entry = current()
    if entry is not None and entry[0] in ("replica", "global"):
        raise RuntimeError(CROSS_REPLICA_ONLY)
