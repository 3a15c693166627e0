"""When a gradient's structure gets its own compiled program: once it has shown it repeats.

A training loop records the same structure every step: its gradient is compiled once, as one
fused XLA program (``fused.py``), the first time it is seen, and every later step reuses it.
A loop whose tape changes from call to call (an episode per tape, of varying length) would
instead compile a program per call, each run once (seconds each for a long tape). So gradient
calls are grouped in *families*: the same first events of the recording (the structure's
``anchor``), the same first leaf per source and the same targets counted from the recording's
end (an episode's loss, whatever the episode's length).

- A family's first structure is compiled the first time it runs (a training loop: as before),
  or, when it has more than ``FIRST_STEPWISE_NODES`` nodes (its compile would take seconds),
  the second time: its first run is op by op (``stepwise.py``: each op and its derivative on
  a small program per op and shape, which every later structure reuses).
- Once a family has shown a second structure it *varies*: every structure of it not compiled
  yet runs op by op until its ``REPEAT``-th run, which compiles it.

Measured on the 2-core CPU (``benchmarks/compiles.py``'s actor-critic model, and MLP steps of
3-6 layers): compiling a gradient costs as much as running it op by op 200-900 more times
(0.8-35 s of compile against 1-3 ms per run, and ~2 ms per time step of an episode), so a
structure that comes back fewer times than that is better never compiled; ``REPEAT`` compiles
one that keeps coming back well before that break-even.

Only counts decide, never times or what a cache holds, so a program takes the same path, and
prints the same numbers, on every run. This memory of families and counts is no cache:
``clear_caches`` keeps it, so that clearing changes no result; it is bounded (least recently
used families, and structures in a family, are forgotten first).
"""

from __future__ import annotations

import collections
import threading

REPEAT = 100  # a structure of a varying family is compiled at its REPEAT-th run
FIRST_STEPWISE_NODES = 128  # a family's first structure with more nodes: compiled at its 2nd run
MAX_FAMILIES = 1024
MAX_PER_FAMILY = 1024

_lock = threading.Lock()
_families: collections.OrderedDict = collections.OrderedDict()  # family -> _Family


_COMPILED = -1  # in a family's ``runs``: the structure is compiled


class _Family:
    __slots__ = ("first", "varying", "runs")

    def __init__(self, first):
        self.first = first  # the first structure's digest
        self.varying = False  # whether another structure was seen
        self.runs: collections.OrderedDict = collections.OrderedDict()  # digest -> runs or _COMPILED


def family(tape, name: str, targets, leaf_groups):
    """The family of a derivative of ``tape`` (a DeferringTape), or None (no policy: compiled
    at once) when the recording equals no other."""
    structure = tape.structure
    if structure is None:
        return None
    slots = tape.slots
    end = len(slots)
    first_leaves = tuple(slots.get(id(g[0])) if g else None for g in leaf_groups)
    from_end = tuple(None if (s := slots.get(id(t))) is None else end - s for t in targets)
    return (name, structure.anchor, first_leaves, from_end)


class Sighting:
    """A structure not compiled yet: counts its runs, says which one compiles it."""

    __slots__ = ("family", "digest", "nodes")

    def __init__(self, family_record, digest, nodes: int):
        self.family, self.digest, self.nodes = family_record, digest, nodes

    def compile_now(self) -> bool:
        """Counts one more run; True when this run is the one to compile (then, always)."""
        family, digest = self.family, self.digest
        with _lock:
            runs = family.runs
            n = runs.get(digest, 0)
            if n != _COMPILED:
                n += 1
                if family.varying:
                    due = REPEAT
                else:
                    due = 1 if self.nodes <= FIRST_STEPWISE_NODES else 2
                runs[digest] = n = _COMPILED if n >= due else n
            runs.move_to_end(digest)
            while len(runs) > MAX_PER_FAMILY:
                runs.popitem(last=False)
        return n == _COMPILED


def sighting(family_key, digest, nodes: int) -> Sighting | None:
    """The :class:`Sighting` of the structure ``digest`` (with ``nodes`` nodes) in its family,
    or None when it is compiled already."""
    with _lock:
        record = _families.get(family_key)
        if record is None:
            record = _families[family_key] = _Family(digest)
            while len(_families) > MAX_FAMILIES:
                _families.popitem(last=False)
        else:
            _families.move_to_end(family_key)
            if digest != record.first:
                record.varying = True
            if record.runs.get(digest) == _COMPILED:
                return None
    return Sighting(record, digest, nodes)
