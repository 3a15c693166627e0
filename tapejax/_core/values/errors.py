"""TensorFlow's exception classes and error codes (``tf.errors``), so TF code that catches them
keeps working.

Eager TensorFlow raises :class:`InvalidArgumentError` for bad op inputs (shape or dtype
mismatches); tapejax does the same. The Python built-ins TF raises elsewhere (``ValueError``,
``TypeError``, ``RuntimeError``, ``LookupError``) are used as they are.

As in TF, every :class:`OpError` subclass stands for one canonical error code (``tf.errors.OK``
... ``UNAUTHENTICATED``, plain ints): ``AbortedError(node_def, op, message).error_code`` is
``ABORTED`` (10). TF's constructor is ``(node_def, op, message, *args)`` (``OpError`` takes the
``error_code`` after the message); tapejax also accepts a message alone, ``InvalidArgumentError(
"...")``, which is how its own ops raise them.
"""

from __future__ import annotations

# The canonical error codes (TF's error_codes_pb2.Code values).
OK = 0
CANCELLED = 1
UNKNOWN = 2
INVALID_ARGUMENT = 3
DEADLINE_EXCEEDED = 4
NOT_FOUND = 5
ALREADY_EXISTS = 6
PERMISSION_DENIED = 7
RESOURCE_EXHAUSTED = 8
FAILED_PRECONDITION = 9
ABORTED = 10
OUT_OF_RANGE = 11
UNIMPLEMENTED = 12
INTERNAL = 13
UNAVAILABLE = 14
DATA_LOSS = 15
UNAUTHENTICATED = 16


class OpError(Exception):
    """The base class of errors raised by running an op (``tf.errors.OpError``).

    >>> import tapejax as tf
    >>> e = tf.errors.AbortedError(None, None, "the step was aborted")
    >>> e.message, e.error_code == tf.errors.ABORTED, isinstance(e, tf.errors.OpError)
    ('the step was aborted', True, True)
    """

    def __init__(self, node_def=None, op=None, message: str = "", error_code: int | None = None, *args):
        # TF's signature is (node_def, op, message, error_code, *payloads); accept a lone message too.
        if op is None and not message and isinstance(node_def, str):
            node_def, message = None, node_def
        super().__init__(message)
        self.node_def = node_def
        self.op = op
        self.message = message
        self.error_code = UNKNOWN if error_code is None else error_code
        self.experimental_payloads = args[0] if args else {}

    def __str__(self) -> str:
        return self.message


def _coded(name: str, code: int, doc: str) -> type:
    """An OpError subclass for one error code, with TF's ``(node_def, op, message, *args)``."""

    def __init__(self, node_def=None, op=None, message: str = "", *args):
        OpError.__init__(self, node_def, op, message, code, *args)

    return type(name, (OpError,), {"__init__": __init__, "__doc__": doc, "__module__": __name__})


CancelledError = _coded("CancelledError", CANCELLED, "An operation or step was cancelled.")
UnknownError = _coded("UnknownError", UNKNOWN, "An error of an unknown kind.")
InvalidArgumentError = _coded(
    "InvalidArgumentError",
    INVALID_ARGUMENT,
    "An op received an invalid argument (bad shape, incompatible dtypes, ...).",
)
DeadlineExceededError = _coded(
    "DeadlineExceededError", DEADLINE_EXCEEDED, "A deadline expired before the operation ended."
)
NotFoundError = _coded(
    "NotFoundError", NOT_FOUND, "A requested entity (a file, a saved object) was not found."
)
AlreadyExistsError = _coded(
    "AlreadyExistsError", ALREADY_EXISTS, "An entity that an operation creates already exists."
)
PermissionDeniedError = _coded(
    "PermissionDeniedError", PERMISSION_DENIED, "The caller may not run the operation."
)
ResourceExhaustedError = _coded("ResourceExhaustedError", RESOURCE_EXHAUSTED, "A resource (memory) ran out.")
FailedPreconditionError = _coded(
    "FailedPreconditionError", FAILED_PRECONDITION, "The system is not in a state the operation needs."
)
AbortedError = _coded("AbortedError", ABORTED, "The operation was aborted (e.g. a concurrent action).")
OutOfRangeError = _coded("OutOfRangeError", OUT_OF_RANGE, "An operation went past the valid range.")
UnimplementedError = _coded(
    "UnimplementedError", UNIMPLEMENTED, "The operation is not implemented or not supported."
)
InternalError = _coded("InternalError", INTERNAL, "An internal invariant was broken.")
UnavailableError = _coded("UnavailableError", UNAVAILABLE, "The runtime is currently unavailable.")
DataLossError = _coded(
    "DataLossError",
    DATA_LOSS,
    "Unrecoverable data loss or corruption (a truncated or corrupt checkpoint; TF's padded_batch raises it "
    "for an element larger than its padded shape).",
)
UnauthenticatedError = _coded(
    "UnauthenticatedError", UNAUTHENTICATED, "The request has no valid credentials."
)


class OperatorNotAllowedInGraphError(TypeError):
    """A Python operator on a symbolic tensor that needs its value (``bool(x)``, ``if x:`` inside
    a ``tf.function`` without AutoGraph); a ``TypeError``, as TF's."""


class InaccessibleTensorError(TypeError, ValueError):
    """A symbolic tensor of an ended trace used in another function's trace. TF raises
    ``TypeError`` for one of an unrelated function and its ``InaccessibleTensorError`` (a
    ValueError) for one of a function it called; this one is caught as either."""


# TF's class for a lost worker (a collective whose peer process died: JAX's gloo error).
LOST_WORKER_MESSAGE = (
    "A worker of the cluster was lost: a collective could not reach its peer ({error}). This step "
    "cannot finish; restart every worker and restore the last checkpoint "
    "(tf.train.CheckpointManager, or tf.keras.callbacks.BackupAndRestore)."
)


def lost_worker(error: BaseException) -> UnavailableError | None:
    """TF's ``UnavailableError`` for a runtime error saying that a peer process is gone (JAX's
    CPU collectives: "Gloo ... by peer"), else None (the error is raised as it is)."""
    text = str(error)
    if "Gloo" in text and "peer" in text:
        lost = UnavailableError(None, None, LOST_WORKER_MESSAGE.format(error=text))
        lost.__cause__ = error
        return lost
    return None
