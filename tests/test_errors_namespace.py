"""``tf.errors`` (issue 21): TF 2.21's classes, hierarchy, constructors and error codes.

Observed in TF 2.21: every ``OpError`` subclass takes ``(node_def, op, message, *args)`` and
carries its canonical code; ``OpError`` takes ``(node_def, op, message, error_code, *args)``;
``*args`` holds the payloads dict; ``OperatorNotAllowedInGraphError`` is a ``TypeError``.
"""

from __future__ import annotations

import pickle

import pytest

import tapejax as tf

CODES = {
    "OK": 0,
    "CANCELLED": 1,
    "UNKNOWN": 2,
    "INVALID_ARGUMENT": 3,
    "DEADLINE_EXCEEDED": 4,
    "NOT_FOUND": 5,
    "ALREADY_EXISTS": 6,
    "PERMISSION_DENIED": 7,
    "RESOURCE_EXHAUSTED": 8,
    "FAILED_PRECONDITION": 9,
    "ABORTED": 10,
    "OUT_OF_RANGE": 11,
    "UNIMPLEMENTED": 12,
    "INTERNAL": 13,
    "UNAVAILABLE": 14,
    "DATA_LOSS": 15,
    "UNAUTHENTICATED": 16,
}
CLASSES = {
    "CancelledError": "CANCELLED",
    "UnknownError": "UNKNOWN",
    "InvalidArgumentError": "INVALID_ARGUMENT",
    "DeadlineExceededError": "DEADLINE_EXCEEDED",
    "NotFoundError": "NOT_FOUND",
    "AlreadyExistsError": "ALREADY_EXISTS",
    "PermissionDeniedError": "PERMISSION_DENIED",
    "ResourceExhaustedError": "RESOURCE_EXHAUSTED",
    "FailedPreconditionError": "FAILED_PRECONDITION",
    "AbortedError": "ABORTED",
    "OutOfRangeError": "OUT_OF_RANGE",
    "UnimplementedError": "UNIMPLEMENTED",
    "InternalError": "INTERNAL",
    "UnavailableError": "UNAVAILABLE",
    "DataLossError": "DATA_LOSS",
    "UnauthenticatedError": "UNAUTHENTICATED",
}


def test_error_codes_are_tfs_ints():
    assert {name: getattr(tf.errors, name) for name in CODES} == CODES


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_each_class_is_an_op_error_with_its_code(name):
    cls = getattr(tf.errors, name)
    assert cls.__mro__[1:] == (tf.errors.OpError, Exception, BaseException, object)
    assert cls.__name__ == name
    e = cls(None, None, "it failed")
    assert (str(e), e.message, e.node_def, e.op) == ("it failed", "it failed", None, None)
    assert e.error_code == CODES[CLASSES[name]]
    assert e.experimental_payloads == {}
    assert cls(None, None, "m", {"key": b"v"}).experimental_payloads == {"key": b"v"}
    assert cls("a message alone").message == "a message alone"  # how tapejax's own ops raise them
    copy = pickle.loads(pickle.dumps(e))
    assert type(copy) is cls and copy.message == "it failed"
    with pytest.raises(tf.errors.OpError, match="it failed"):
        raise e


def test_op_error_takes_its_code():
    e = tf.errors.OpError(None, None, "m", tf.errors.UNAVAILABLE)
    assert e.error_code == 14 and str(e) == "m"


def test_operator_not_allowed_in_graph_is_a_type_error_raised_for_a_symbolic_bool():
    assert issubclass(tf.errors.OperatorNotAllowedInGraphError, TypeError)

    @tf.function(autograph=False)
    def f(x):
        if x > 0:
            return x
        return -x

    with pytest.raises(
        tf.errors.OperatorNotAllowedInGraphError, match="as a Python bool/int/float is not allowed"
    ):
        f(tf.constant(1.0))
