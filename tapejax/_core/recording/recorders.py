"""Recorders: the one protocol that tapes and forward accumulators implement, and the one
place that starts and stops them (per thread, ordered by level).

A recorder is told of every op that reads a tensor it watches (``add``) and of every read of
a Variable (``note_read``). Each has a *level*, given when it first starts recording and kept
when it stops and starts again (``GradientTape.stop_recording``, a derivative call that pauses
its tape): the recording recorders are ordered by level, TF's nesting order. Code can let only
the recorders below a level record (a forward accumulator's tangent ops: only the recorders
entered before it see them) or pause those started so far (user code run as a pure function).
"""

from __future__ import annotations

import contextlib
import itertools
from typing import Protocol

from .state import state


class Recorder(Protocol):
    """What ``record`` and Variable reads need of a tape or a forward accumulator."""

    level: int | None  # None until it first records (see start)
    defers: bool  # whether ``defer`` may be asked (every watching recorder must agree)

    def watches_any(self, inputs) -> bool:
        """Whether one of ``inputs`` (Tensors) is watched, or computed from watched ones."""

    def defer(self, op, inputs, static: dict):
        """A Node of ``op`` on ``inputs`` whose outputs are *pending* Tensors (their value is
        computed when first read: they force themselves through the node), or None when the
        op must run now (its output shapes depend on values). Asked only when every watching
        recorder ``defers``; ``record`` then adds the node to each of them."""

    def add(self, node) -> None:
        """Records ``node``, an op that read a watched tensor."""

    def note_read(self, variable, tensor) -> None:
        """``variable`` was read as ``tensor`` (a fresh leaf)."""


_levels = itertools.count(1)


def start(recorder: Recorder) -> None:
    """Starts ``recorder`` recording: innermost when new, back at its level otherwise."""
    if recorder.level is None:
        recorder.level = next(_levels)
    started = state.started
    i = len(started)
    while i and started[i - 1].level > recorder.level:
        i -= 1
    started.insert(i, recorder)
    _refresh()


def stop(recorder: Recorder) -> None:
    """Stops ``recorder`` (recorders may stop out of order: two tapes in one ``with``)."""
    started = state.started
    for i in range(len(started) - 1, -1, -1):
        if started[i] is recorder:
            del started[i]
            break
    _refresh()


@contextlib.contextmanager
def only_below(level: int):
    """Inside, only the recorders of a lower level record."""
    saved = state.ceiling
    state.ceiling = min(saved, level)
    _refresh()
    try:
        yield
    finally:
        state.ceiling = saved
        _refresh()


@contextlib.contextmanager
def paused():
    """Inside, the recorders started so far do not record (restored afterwards, even on
    error); recorders started inside do (a tape opened in a function being traced)."""
    saved = state.floor
    state.floor = max(saved, state.started[-1].level) if state.started else saved
    _refresh()
    try:
        yield
    finally:
        state.floor = saved
        _refresh()


def _refresh() -> None:
    # ``state.recorders`` is what the hot paths read: the started recorders between the floor
    # and the ceiling.
    floor, ceiling = state.floor, state.ceiling
    state.recorders = [r for r in state.started if floor < r.level < ceiling]
