"""``tf.errors``: TensorFlow's exception classes (defined in ``_core/errors.py``).

A namespace: re-exports only (see the README's Architecture)."""

from ._core.errors import (
    FailedPreconditionError,
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    OpError,
    OutOfRangeError,
    ResourceExhaustedError,
    UnimplementedError,
)

__all__ = [
    "FailedPreconditionError",
    "InternalError",
    "InvalidArgumentError",
    "NotFoundError",
    "OpError",
    "OutOfRangeError",
    "ResourceExhaustedError",
    "UnimplementedError",
]
