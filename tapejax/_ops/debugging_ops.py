"""``tf.debugging``: checks that raise TF's ``InvalidArgumentError`` when a value is wrong.

The checks run on concrete values, eagerly. While ``tapejax.function`` traces, values are
symbolic: check_numerics adds a runtime check (``_core/runtime_check``) that raises when the
function runs, as TF's graph does.
"""

from __future__ import annotations

import warnings

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording import numerics
from .._core.recording.convert import convert_to_tensor
from .._core.recording.runtime_check import check as runtime_check
from .._core.values.access import value_of
from .._core.values.dtype import as_dtype, float32
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor
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


def enable_check_numerics(stack_height_limit=30, path_length_limit=50) -> None:
    """Makes every op raise InvalidArgumentError when a float output holds an Inf or a NaN.

    As TF's: on the calling thread, until ``disable_check_numerics``; eagerly the op raises at
    once, inside ``tf.function`` when the function runs. TF users turn this on to find the
    first op that made a NaN, so tapejax checks every op rather than doing nothing. Ops then
    run one by one (a tape defers none), and each output is read back: debugging speed. The
    stack limits shape TF's graph-mode report and are accepted for compatibility.

    >>> import tapejax as tf
    >>> tf.debugging.enable_check_numerics()
    >>> tf.math.log(tf.constant([0.0]))  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    tapejax.errors.InvalidArgumentError: Detected Infinity or NaN in output 0 of op "Log"
    >>> tf.debugging.disable_check_numerics()
    """
    numerics.set_enabled(True)


def disable_check_numerics() -> None:
    """Turns ``enable_check_numerics`` off on the calling thread (a no-op when it is off)."""
    numerics.set_enabled(False)


def enable_traceback_filtering() -> None:
    """Hides the framework's own frames in tracebacks (the default): tapejax's errors come
    through JAX, so this sets JAX's ``jax_traceback_filtering`` back to ``"auto"``."""
    jax.config.update("jax_traceback_filtering", "auto")


def disable_traceback_filtering() -> None:
    """Shows every frame in tracebacks: sets JAX's ``jax_traceback_filtering`` to ``"off"``."""
    jax.config.update("jax_traceback_filtering", "off")


def is_traceback_filtering_enabled() -> bool:
    """Whether tracebacks hide the framework's frames (JAX's ``jax_traceback_filtering``)."""
    return jax.config.jax_traceback_filtering != "off"


_log_device_placement = [False]


def set_log_device_placement(enabled) -> None:
    """Records the setting that ``get_log_device_placement`` returns. JAX places the ops, and
    tapejax logs no placements: turning it on warns so (``jax.debug`` and ``jax_log_compiles``
    are JAX's nearest tools)."""
    if enabled:
        warnings.warn(
            "tf.debugging.set_log_device_placement(True): tapejax logs no op placements (JAX "
            "places the ops). Use jax.config.update('jax_log_compiles', True) to see what JAX "
            "compiles, or print tensor.device.",
            stacklevel=2,
        )
    _log_device_placement[0] = bool(enabled)


def get_log_device_placement() -> bool:
    """The setting given to ``set_log_device_placement`` (False at first, as TF)."""
    return _log_device_placement[0]


def assert_proper_iterable(values) -> None:
    """Raises TypeError unless ``values`` is an iterable that is not a Tensor, array or string.

    >>> import tapejax as tf
    >>> tf.debugging.assert_proper_iterable([1, 2])
    """
    if isinstance(values, (Tensor, np.ndarray, str, bytes)):
        raise TypeError(f'Expected argument "values" to be a "proper" iterable.  Found: {type(values)}')
    if not hasattr(values, "__iter__"):
        raise TypeError(f'Expected argument "values" to be iterable.  Found: {type(values)}')


def assert_same_float_dtype(tensors=None, dtype=None):
    """The float dtype shared by ``tensors`` (and ``dtype`` when given); float32 for none.

    Raises ValueError when a tensor's dtype differs, or when the dtype is not a float.

    >>> import tapejax as tf
    >>> tf.debugging.assert_same_float_dtype([tf.constant(1.0), tf.constant(2.0)])
    tf.float32
    """
    first = None
    if dtype is not None:
        dtype = as_dtype(dtype)
    for t in tensors or ():
        t_dtype = as_dtype(t.dtype)
        if dtype is None:
            dtype, first = t_dtype, t
        elif t_dtype != dtype:
            as_first = f" as {first!s}" if first is not None else ""
            raise ValueError(f"{t!s}, type={t_dtype}, must be of the same type ({dtype}){as_first}.")
    if dtype is None:
        return float32
    if not dtype.is_floating:
        raise ValueError(f"Expected floating point type, got {dtype}.")
    return dtype
