"""``tf.debugging``: checks that raise TF's ``InvalidArgumentError`` when a value is wrong.

The checks run on concrete values, eagerly. While ``tapejax.function`` traces, values are
symbolic: check_numerics adds a runtime check (``_core/runtime_check``) that raises when the
function runs, as TF's graph does.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.runtime_check import check as runtime_check
from .._core.values.access import value_of
from .._core.values.errors import InvalidArgumentError
from .array_ops import identity


def _arrays(*values):
    tensors = [convert_to_tensor(v) for v in values]
    if any(isinstance(value_of(t), jax.core.Tracer) for t in tensors):
        return None
    return [np.asarray(value_of(t)) for t in tensors]


def check_numerics(tensor, message, name=None):
    """``tensor`` itself (a gradient passes through); raises if it holds a NaN or an Inf.

    >>> import tapejax as tf
    >>> tf.debugging.check_numerics(tf.constant([1.0]), 'ok')
    <tf.Tensor: shape=(1,), dtype=float32, numpy=array([1.], dtype=float32)>
    """
    arrays = _arrays(tensor)
    if arrays is None:  # symbolic: checked when the function runs (see runtime_check)
        value = value_of(convert_to_tensor(tensor))
        for kind, bad in (("NaN", jnp.isnan(value)), ("Inf", jnp.isinf(value))):
            escaped = message.replace("{", "{{").replace("}", "}}")  # a format string for checkify
            runtime_check(~jnp.any(bad), _numerics_message(escaped, kind))
    elif not np.all(np.isfinite(arrays[0])):
        kind = "NaN" if np.any(np.isnan(arrays[0])) else "Inf"
        raise InvalidArgumentError(_numerics_message(message, kind))
    return identity(tensor)


def _numerics_message(message: str, kind: str) -> str:
    return (
        f"{message} : Tensor had {kind} values. tf.debugging.check_numerics found a non-finite value; "
        "find the op that produced it (log of 0, division by 0, overflow)."
    )


def assert_all_finite(x, message, name=None):
    """``x`` itself; raises if it holds a NaN or an Inf (``tf.debugging.assert_all_finite``)."""
    return check_numerics(x, message)
