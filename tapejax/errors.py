"""``tf.errors``: TensorFlow's exception classes (defined in ``_core/values/errors.py``).

A namespace: re-exports only (see the README's Architecture)."""

from ._core.values.errors import (
    DataLossError,
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
    "DataLossError",
    "FailedPreconditionError",
    "InternalError",
    "InvalidArgumentError",
    "NotFoundError",
    "OpError",
    "OutOfRangeError",
    "ResourceExhaustedError",
    "UnimplementedError",
]
