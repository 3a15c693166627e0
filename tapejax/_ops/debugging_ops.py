"""``tf.debugging``: checks that raise TF's ``InvalidArgumentError`` when a value is wrong.

The checks run on concrete values, eagerly. While ``tapejax.function`` traces, values are
symbolic: check_numerics adds a runtime check (``_core/runtime_check``) that raises when the
function runs, as TF's graph does.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .._core.convert import convert_to_tensor
from .._core.errors import InvalidArgumentError
from .._core.runtime_check import check as runtime_check
from .array_ops import identity


def _arrays(*values):
    tensors = [convert_to_tensor(v) for v in values]
    if any(isinstance(t._value, jax.core.Tracer) for t in tensors):
        return None
    return [np.asarray(t._value) for t in tensors]


def assert_near(x, y, rtol=None, atol=None, message=None, summarize=None, name=None) -> None:
    """Raises unless ``|x - y| <= atol + rtol * |y|`` elementwise (TF's default tolerances:
    10 machine epsilons of the dtype).

    >>> import tapejax as tf
    >>> tf.debugging.assert_near(tf.constant(1.0), tf.constant(1.0 + 1e-7))
    """
    arrays = _arrays(x, y)
    if arrays is None:
        return
    a, b = arrays
    eps = np.finfo(a.dtype).eps if np.issubdtype(a.dtype, np.inexact) else 0
    rtol, atol = 10 * eps if rtol is None else rtol, 10 * eps if atol is None else atol
    if not np.all(np.abs(a - b) <= atol + rtol * np.abs(b)):
        raise InvalidArgumentError(
            f"{message or ''}x and y not equal to tolerance rtol = {rtol}, atol = {atol}. "
            f"x = {a}, y = {b}. tf.debugging.assert_near compares elementwise; pass larger "
            "rtol/atol if the difference is expected.")


def assert_equal(x, y, message=None, summarize=None, name=None) -> None:
    """Raises unless ``x == y`` elementwise (shapes broadcast)."""
    arrays = _arrays(x, y)
    if arrays is not None and not np.all(arrays[0] == arrays[1]):
        raise InvalidArgumentError(
            f"{message or ''}Condition x == y did not hold. x = {arrays[0]}, y = {arrays[1]}. "
            "tf.debugging.assert_equal compares elementwise.")


def check_numerics(tensor, message, name=None):
    """``tensor`` itself (a gradient passes through); raises if it holds a NaN or an Inf.

    >>> import tapejax as tf
    >>> tf.debugging.check_numerics(tf.constant([1.0]), 'ok')
    <tf.Tensor: shape=(1,), dtype=float32, numpy=array([1.], dtype=float32)>
    """
    arrays = _arrays(tensor)
    if arrays is None:  # symbolic: checked when the function runs (see runtime_check)
        value = convert_to_tensor(tensor)._value
        for kind, bad in (("NaN", jnp.isnan(value)), ("Inf", jnp.isinf(value))):
            escaped = message.replace("{", "{{").replace("}", "}}")  # a format string for checkify
            runtime_check(~jnp.any(bad), _numerics_message(escaped, kind))
    elif not np.all(np.isfinite(arrays[0])):
        kind = "NaN" if np.any(np.isnan(arrays[0])) else "Inf"
        raise InvalidArgumentError(_numerics_message(message, kind))
    return identity(tensor)


def _numerics_message(message: str, kind: str) -> str:
    return (f"{message} : Tensor had {kind} values. tf.debugging.check_numerics found a non-finite value; "
            "find the op that produced it (log of 0, division by 0, overflow).")


def assert_all_finite(x, message, name=None):
    """``x`` itself; raises if it holds a NaN or an Inf (``tf.debugging.assert_all_finite``)."""
    return check_numerics(x, message)
