"""The public questions about where code runs: ``get_strategy``, ``has_strategy``,
``in_cross_replica_context``, ``get_replica_context`` (see ``_context`` for the stack)."""

from __future__ import annotations

from . import _context
from ._strategy import default_strategy

# One replica's code ("replica") or a step over the global batch for every replica ("global").
_REPLICA_KINDS = ("replica", "global")


def get_strategy():
    """The strategy of the current scope or replica, else the default strategy
    (``tf.distribute.get_strategy``).

    >>> import tapejax as tf
    >>> tf.distribute.get_strategy().num_replicas_in_sync
    1
    """
    entry = _context.current()
    if entry is None:
        return default_strategy()
    kind, obj = entry
    return obj.strategy if kind in _REPLICA_KINDS else obj


def has_strategy() -> bool:
    """Whether a strategy other than the default one is current (``tf.distribute.has_strategy``)."""
    return _context.current() is not None and not get_strategy()._is_default


def in_cross_replica_context() -> bool:
    """True in a strategy's scope outside its replicas' code (``tf.distribute.in_cross_replica_context``)."""
    entry = _context.current()
    return entry is not None and entry[0] == "cross"


def get_replica_context():
    """The current ``ReplicaContext``: inside ``strategy.run``'s code, or the default strategy's
    outside every scope; None in a strategy's scope (cross-replica context)."""
    entry = _context.current()
    if entry is None:
        return default_strategy()._default_replica_context
    kind, obj = entry
    if kind in _REPLICA_KINDS:
        return obj
    return obj._default_replica_context if obj._is_default else None
