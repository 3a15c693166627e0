"""Recording structures, interned as they are recorded: a key found in O(1) at gradient time.

A tape's structure is its sequence of events (ops with their static arguments and wiring,
watches, variable reads). Rather than keeping the sequence and hashing all of it at every
``gradient`` call (O(ops) per call), each tape holds a :class:`Prefix`: the structure of
the events recorded so far, as an interned object. Recording one more event moves the tape
to the child prefix for that event, found in a global table keyed by (prefix, event), so
equal recordings (a training loop's steps) reach the very same Prefix object, and that
object (compared by identity) is the structure's key.

Two different recordings never share a Prefix: a prefix is created for one (parent, event)
pair only, so by induction it stands for one sequence of events. Clearing the table (its
size is bounded) does not change that: prefixes created later are new objects; recordings
going on then simply stop meeting earlier ones (their derived plans are recomputed once).
The table (``caches.structures``) is global and shared by threads; its insertion is atomic,
and two threads racing may at worst create two prefixes for one structure (a cache miss,
never a wrong hit).

Each prefix also knows its *anchor*: its first ``ANCHOR_EVENTS`` events as a plain tuple
(compared by value, so it survives ``clear_caches``). Recordings with the same anchor that
end differently (an episode per tape, of varying length) are one *family* to the compile
policy (``policy.py``).
"""

from __future__ import annotations

from ..caches import structures

ANCHOR_EVENTS = 32


class Prefix:
    """The structure of the first ``length`` events of a recording (compared by identity);
    ``anchor``: its first ``ANCHOR_EVENTS`` events (a tuple, compared by value)."""

    __slots__ = ("length", "gathers", "anchor")

    def __init__(self, length: int, gathers: bool = False, anchor: tuple = ()):
        self.length = length
        self.gathers = gathers  # whether one of the events records a GatherV2 (sparse_gradients)
        self.anchor = anchor

    def __repr__(self) -> str:
        return f"<structure Prefix of {self.length} events at {id(self):#x}>"


EMPTY = Prefix(0)  # the structure of a recording with no event yet


def extend(prefix: Prefix | None, event, gather: bool = False) -> Prefix | None:
    """The prefix ``prefix`` followed by ``event`` (a hashable tuple; ``gather``: whether it
    records a GatherV2); None stays None (a recording equal to no other, see
    :func:`Tape.add`). The table is ``caches.structures`` (bounded: an evicted entry only
    makes a later equal recording get a new prefix)."""
    if prefix is None:
        return None
    key = (prefix, event)
    child = structures.peek(key)
    if child is None:
        anchor = prefix.anchor if prefix.length >= ANCHOR_EVENTS else (*prefix.anchor, event)
        child = structures.put(key, Prefix(prefix.length + 1, prefix.gathers or gather, anchor))
    return child
