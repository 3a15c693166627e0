"""TensorFlow's exception classes (``tf.errors``), so TF code that catches them keeps working.

Eager TensorFlow raises :class:`InvalidArgumentError` for bad op inputs (shape or dtype
mismatches); tapejax does the same. The Python built-ins TF raises elsewhere (``ValueError``,
``TypeError``, ``RuntimeError``, ``LookupError``) are used as they are.
"""

from __future__ import annotations


class OpError(Exception):
    """The base class of errors raised by running an op (``tf.errors.OpError``)."""

    def __init__(self, node_def=None, op=None, message: str = "", *args):
        # TF's signature is (node_def, op, message); accept a lone message too.
        if op is None and not message and isinstance(node_def, str):
            node_def, message = None, node_def
        super().__init__(message)
        self.node_def = node_def
        self.op = op
        self.message = message

    def __str__(self) -> str:
        return self.message


class InvalidArgumentError(OpError):
    """An op received an invalid argument (bad shape, incompatible dtypes, ...)."""


class NotFoundError(OpError):
    """A requested entity (a file, a saved object) was not found."""


class UnimplementedError(OpError):
    """The operation is not implemented or not supported."""


class InternalError(OpError):
    """An internal invariant was broken."""


class FailedPreconditionError(OpError):
    """The system is not in a state the operation needs."""


class OutOfRangeError(OpError):
    """An operation went past the valid range."""


class DataLossError(OpError):
    """Unrecoverable data loss or corruption (a truncated or corrupt checkpoint; TF's
    padded_batch raises it for an element larger than its padded shape)."""


class ResourceExhaustedError(OpError):
    """A resource (memory) ran out."""


class InaccessibleTensorError(TypeError, ValueError):
    """A symbolic tensor of an ended trace used in another function's trace. TF raises
    ``TypeError`` for one of an unrelated function and its ``InaccessibleTensorError`` (a
    ValueError) for one of a function it called; this one is caught as either."""
