"""Per-thread summary state, as TF keeps it: the default writer, the default step and the
recording condition (``record_if``), with the functions that read and set them.
"""

from __future__ import annotations

import contextlib
import threading

from .._core.recording.convert import constant


class _State(threading.local):
    def __init__(self):
        self.writer = None
        self.step = None
        self.is_recording = None


state = _State()


def get_step():
    """``tf.summary.experimental.get_step``: the default step of this thread, or None.

    >>> import tapejax as tf
    >>> tf.summary.experimental.set_step(3)
    >>> tf.summary.experimental.get_step()
    3
    >>> tf.summary.experimental.set_step(None)
    """
    return state.step


def set_step(step) -> None:
    """``tf.summary.experimental.set_step``: the step summaries take when given none.

    A Variable (``optimizer.iterations``) is read when each summary is written, also inside a
    ``tf.function``; a number or tensor is the value it had when set (or when a function using
    it was traced, as TF). ``None`` unsets it.
    """
    state.step = step


@contextlib.contextmanager
def record_if(condition):
    """``tf.summary.record_if``: summaries are written only while ``condition`` holds.

    Args:
      condition: a bool, a scalar bool tensor, or a callable giving one, called at each
        summary (inside a ``tf.function``: when it is traced, so a tensor it gives is
        decided at each call).
    """
    old = state.is_recording
    try:
        state.is_recording = condition
        yield
    finally:
        state.is_recording = old


def has_default_writer() -> bool:
    """Whether this thread has a default writer (TF's ``summary_ops_v2.has_default_writer``)."""
    return state.writer is not None


def recording_condition():
    """What decides whether a summary is written now: False without a default writer, else
    the ``record_if`` condition (called if callable; True when none is set): a bool or a
    scalar bool tensor."""
    if state.writer is None:
        return False
    condition = state.is_recording
    if callable(condition):
        condition = condition()
    return True if condition is None else condition


def should_record_summaries():
    """``tf.summary.should_record_summaries``: a bool tensor, True when a summary written now
    would be recorded (a default writer exists and the ``record_if`` condition holds).

    >>> import tapejax as tf
    >>> tf.summary.should_record_summaries()
    <tf.Tensor: shape=(), dtype=bool, numpy=False>
    """
    condition = recording_condition()
    return constant(condition) if isinstance(condition, bool) else condition
