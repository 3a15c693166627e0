"""Summary writers: ``tf.summary.SummaryWriter``, the file writer ``create_file_writer`` makes
(one event file per writer, named as TF names it) and the writer that does nothing.

A file writer keeps summaries in memory as TF's ``SummaryFileWriter`` does: it writes them
out and flushes the file when more than ``max_queue`` wait or ``flush_millis`` have passed
since the last flush, and on ``flush()``, on leaving ``as_default()``, on ``close()`` and when
the writer is deleted or the program exits.
"""

from __future__ import annotations

import itertools
import os
import socket
import threading
import time
import weakref

from .._core.values.errors import FailedPreconditionError, NotFoundError
from . import _events
from ._state import state

_writer_ids = itertools.count()


class SummaryWriter:
    """``tf.summary.SummaryWriter``: the interface of summary writers."""

    def set_as_default(self, step=None) -> None:
        """Makes this writer the default of this thread (and ``step`` the default step)."""
        self.as_default(step).__enter__()

    def as_default(self, step=None):
        """A context manager making this writer (and ``step``, when given) the default; on
        leaving it flushes the writer and restores the previous ones."""
        return _Default(self, step)

    def init(self):
        raise NotImplementedError()

    def flush(self):
        raise NotImplementedError()

    def close(self):
        raise NotImplementedError()


class _Default:
    # A class, not a generator, so that set_as_default can enter it and never leave (TF's).
    def __init__(self, writer, step):
        self._writer, self._step = writer, step
        self._old_writer = self._old_step = None

    def __enter__(self):
        self._old_writer, state.writer = state.writer, self._writer
        if self._step is not None:
            self._old_step, state.step = state.step, self._step
        return self._writer

    def __exit__(self, *exc):
        state.writer.flush()
        state.writer = self._old_writer
        if self._step is not None:
            state.step = self._old_step
        return False


class _EventFile:
    """The open event file and the events waiting to be written to it."""

    def __init__(self, logdir: str, max_queue: int, flush_millis: int, suffix: str):
        os.makedirs(logdir, exist_ok=True)
        name = "events.out.tfevents.%010d.%s.%d.%d%s" % (  # noqa: UP031 - TF's C format
            int(time.time()),
            socket.gethostname(),
            os.getpid(),
            next(_writer_ids),
            suffix,
        )
        self.path = os.path.join(logdir, name)
        self.max_queue, self.flush_seconds = max_queue, flush_millis / 1000
        self.queue: list[bytes] = []
        self.lock = threading.Lock()
        self.file = _events.record_file(self.path)
        self.file.write(_events.version_event())
        self.file.flush()
        self.last_flush = time.monotonic()

    def add(self, event: bytes) -> None:
        with self.lock:
            self.queue.append(event)
            due = time.monotonic() - self.last_flush > self.flush_seconds
            if len(self.queue) > self.max_queue or due:
                self._flush()

    def flush(self) -> None:
        with self.lock:
            self._flush()

    def _flush(self) -> None:
        if self.file is None:
            return
        for event in self.queue:
            self.file.write(event)
        self.queue.clear()
        self.file.flush()
        self.last_flush = time.monotonic()

    def close(self) -> None:
        with self.lock:
            self._flush()
            if self.file is not None:
                self.file.close()
                self.file = None


class FileWriter(SummaryWriter):
    """The writer ``tf.summary.create_file_writer`` gives: summaries go to one event file in
    ``logdir``."""

    def __init__(self, logdir: str, max_queue: int, flush_millis: int, filename_suffix: str):
        self._file = _EventFile(logdir, max_queue, flush_millis, filename_suffix)
        self._closed = False
        # Flushed and closed when the writer is collected or at exit, as TF's resource is.
        self._finalizer = weakref.finalize(self, self._file.close)

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError(f"SummaryWriter {self!r} is already closed")

    def set_as_default(self, step=None) -> None:
        self._check_open()
        super().set_as_default(step)

    def as_default(self, step=None):
        self._check_open()
        return super().as_default(step)

    def init(self) -> None:
        self._check_open()

    def flush(self) -> None:
        """Writes every waiting summary to the file."""
        if not self._closed:
            self._file.flush()

    def close(self) -> None:
        """Flushes and closes the file; summaries written to this writer afterwards raise."""
        if not self._closed:
            self._closed = True
            self._finalizer()

    def write_event(self, event: bytes) -> None:
        if self._closed:
            raise NotFoundError(
                None,
                None,
                f"SummaryWriter {self!r} is closed: summaries cannot be written to it. Create a new "
                "writer with tf.summary.create_file_writer to write more. [Op:WriteSummary]",
            )
        self._file.add(event)


class NoopWriter(SummaryWriter):
    """The writer ``tf.summary.create_noop_writer`` gives: as_default writes nothing."""

    def set_as_default(self, step=None) -> None:
        pass

    def as_default(self, step=None):
        return _Nothing()

    def init(self) -> None:
        pass

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass


class _Nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def _int_argument(value, default: int) -> int:
    if value is None:
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype int32") from None


def create_file_writer(logdir, max_queue=None, flush_millis=None, filename_suffix=None, name=None):
    """``tf.summary.create_file_writer``: a writer of one new event file in ``logdir``.

    Args:
      logdir: the directory (made if missing) where the event file is written.
      max_queue: summaries kept in memory before they are written (10).
      flush_millis: the longest time between two writes to the file (120,000 ms).
      filename_suffix: the end of the file's name (``.v2``).
      name: accepted for TF compatibility.

    >>> import tempfile, tapejax as tf
    >>> writer = tf.summary.create_file_writer(tempfile.mkdtemp())
    >>> with writer.as_default(step=1):
    ...     tf.summary.scalar("loss", 0.25)
    <tf.Tensor: shape=(), dtype=bool, numpy=True>
    """
    if logdir is None:
        raise ValueError("Argument `logdir` cannot be None")
    logdir = os.fspath(logdir)
    if os.path.exists(logdir) and not os.path.isdir(logdir):
        raise FailedPreconditionError(
            None,
            None,
            f"{logdir} is not a directory; tf.summary.create_file_writer needs a directory to "
            "write its event file in. [Op:CreateSummaryFileWriter]",
        )
    return FileWriter(
        logdir,
        _int_argument(max_queue, 10),
        _int_argument(flush_millis, 120_000),
        ".v2" if filename_suffix is None else str(filename_suffix),
    )


def create_noop_writer() -> NoopWriter:
    """``tf.summary.create_noop_writer``: a writer that writes nothing (a placeholder)."""
    return NoopWriter()


def flush(writer=None, name=None) -> None:
    """``tf.summary.flush``: writes the waiting summaries of ``writer`` (the default writer if
    None; nothing without one)."""
    if writer is None:
        writer = state.writer
        if writer is None:
            return None
    if isinstance(writer, SummaryWriter):
        return writer.flush()
    raise ValueError("Invalid argument to flush(): %r" % (writer,))  # noqa: UP031 - TF's message
