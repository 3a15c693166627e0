"""Builders for op tables: TF's argument conversion and dtype rules in one place.

An op module declares each op in one line, e.g. ``sin = unary("Sin", jnp.sin, float_only=True)``;
the builder returns the public function (TF's signature), which converts its arguments with
TF's rules and runs the op through ``record``.
"""

from __future__ import annotations

from ._record import Op, record
from ._registry import register
from ._tensor import TensorLike, convert_to_tensor
from .errors import InvalidArgumentError

_FLOAT_KINDS = "bfloat16, half, float, double, complex64, complex128"


def check_float(op_name: str, *tensors) -> None:
    """TF's kernels for transcendental ops accept float and complex dtypes only."""
    for t in tensors:
        if not t.dtype.is_differentiable:
            raise InvalidArgumentError(
                None, None,
                f"Value for attr 'T' of {t.dtype.name} is not in the list of allowed values: "
                f"{_FLOAT_KINDS} [Op:{op_name}]. Cast the input to a float dtype first "
                "(tapejax.cast(x, tapejax.float32)).")


def binary_args(x, y, op_name: str):
    """Converts two operands as TF does: a Python/numpy operand takes the tensor's dtype;
    two tensors of different dtypes are an error (TF never promotes implicitly)."""
    x_is, y_is = isinstance(x, TensorLike), isinstance(y, TensorLike)
    if x_is and not y_is:
        x = x._as_tensor()
        return x, convert_to_tensor(y, dtype=x.dtype)
    if y_is and not x_is:
        y = y._as_tensor()
        return convert_to_tensor(x, dtype=y.dtype), y
    x, y = convert_to_tensor(x), convert_to_tensor(y)
    if x.dtype != y.dtype:
        raise InvalidArgumentError(
            None, None,
            f"cannot compute {op_name} as input #1(zero-based) was expected to be a "
            f"{x.dtype.kernel_name} tensor but is a {y.dtype.kernel_name} tensor [Op:{op_name}]. "
            "TensorFlow never converts dtypes implicitly; use tapejax.cast on one operand.")
    return x, y


def unary(tf_name: str, fn, *, float_only: bool = False, differentiable: bool = True,
          registry_name: str | None = None):
    """A one-input op ``f(x, name=None)``."""
    op = Op(tf_name, fn, differentiable=differentiable)

    def public(x, name=None):
        x = convert_to_tensor(x)
        if float_only:
            check_float(tf_name, x)
        return record(op, (x,))

    public.__name__ = registry_name or tf_name.lower()
    public.op = op
    if registry_name:
        register(registry_name)(public)
    return public


def binary(tf_name: str, fn, *, float_only: bool = False, differentiable: bool = True,
           registry_name: str | None = None):
    """A two-input op ``f(x, y, name=None)`` with TF's operand conversion."""
    op = Op(tf_name, fn, differentiable=differentiable)

    def public(x, y, name=None):
        x, y = binary_args(x, y, tf_name)
        if float_only:
            check_float(tf_name, x)
        return record(op, (x, y))

    public.__name__ = registry_name or tf_name.lower()
    public.op = op
    if registry_name:
        register(registry_name)(public)
    return public
