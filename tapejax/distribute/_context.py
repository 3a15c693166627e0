"""Where the code runs: in a strategy's scope (cross-replica context), in one replica's code
(``strategy.run``: replica context), or outside every strategy (the default strategy's
replica context). One stack per thread, as TF's."""

from __future__ import annotations

import contextlib
import threading


class _Stack(threading.local):
    def __init__(self):
        # Innermost last: ("cross", strategy) for a scope or a merge_call, ("replica", context)
        # inside strategy.run's code.
        self.entries: list = []


_stack = _Stack()

# TF's message (RuntimeError) for a cross-replica method called in a replica's code.
CROSS_REPLICA_ONLY = "Method requires being in cross-replica context, use get_replica_context().merge_call()"


def current():
    """The innermost ``(kind, object)`` entry, or None outside every strategy."""
    return _stack.entries[-1] if _stack.entries else None


@contextlib.contextmanager
def entered(kind: str, obj):
    _stack.entries.append((kind, obj))
    try:
        yield obj
    finally:
        _stack.entries.pop()


def require_cross_replica() -> None:
    entry = current()
    if entry is not None and entry[0] == "replica":
        raise RuntimeError(CROSS_REPLICA_ONLY)
