"""Where code runs: ``tf.executing_eagerly``, ``tf.inside_function``, and the grouping ops
that only order other ops (``tf.no_op``, ``tf.group``, ``tf.tuple``), and ``tf.timestamp``.

Inside ``tapejax.function`` the traced program keeps every side effect in program order (see
``control_dependencies.py``), so grouping needs no control edges: ``no_op`` and ``group`` give
None (TF's eager result; TF's graph mode gives an Operation, which tapejax has no use for),
and ``tuple`` gives its tensors back.
"""

from __future__ import annotations

import time

import jax
import numpy as np
from jax.experimental import io_callback

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.runtime_check import checking
from ..._core.recording.state import jax_is_tracing, state
from ..._core.values import x64
from ..._core.values.tensor import Tensor, TensorLike


def inside_function() -> bool:
    """Whether a ``tapejax.function`` is being traced (``tf.inside_function``); also inside its
    ``tf.init_scope``, as TF.

    >>> import tapejax as tf
    >>> tf.inside_function()
    False
    >>> tf.function(lambda: tf.constant(tf.inside_function()))().numpy()
    np.True_
    """
    return checking()


def executing_eagerly() -> bool:
    """Whether ops run eagerly now (``tf.executing_eagerly``): False while a
    ``tapejax.function`` is traced, except inside its ``tf.init_scope``, True elsewhere (also
    where ``tf.config.run_functions_eagerly(True)`` runs a function's Python code).

    >>> import tapejax as tf
    >>> tf.executing_eagerly()
    True
    >>> tf.function(lambda: tf.constant(tf.executing_eagerly()))().numpy()
    np.False_
    """
    # A trace binds Variables to symbolic values in a scope; init_scope clears the scopes.
    return not (checking() and state.variable_scopes)


def no_op(name=None) -> None:
    """Does nothing (``tf.no_op``); None, as TF's eager result.

    >>> import tapejax as tf
    >>> print(tf.no_op())
    None
    """
    return None


def group(*inputs, **kwargs) -> None:
    """Runs ``inputs`` before what depends on the result (``tf.group``); None.

    Raises:
      ValueError: a keyword argument other than ``name`` (TF's, inside a function).
      TypeError: an input that is not a tensor (nested lists allowed; TF's, inside a function).

    >>> import tapejax as tf
    >>> print(tf.group(tf.constant(1.0), [tf.constant(2.0)]))
    None
    """
    if executing_eagerly():
        return None  # TF checks nothing eagerly
    unknown = set(kwargs) - {"name"}
    if unknown:
        raise ValueError("Unknown keyword arguments: " + ", ".join(unknown))
    for item in jax.tree_util.tree_leaves(inputs, is_leaf=lambda x: isinstance(x, TensorLike)):
        if not isinstance(item, TensorLike):
            raise TypeError(
                f"'inputs' should be zero or more (nested) Tensors. Received '{item}' with type "
                f"'{type(item)}'."
            )
    return None


def tuple(tensors, control_inputs=None, name=None):  # noqa: A001 - TF's name
    """``tensors``, each available only after all of them are (``tf.tuple``): a list of the
    same tensors (None entries kept); eagerly TF returns ``tensors`` as given.

    Raises:
      TypeError: a ``control_inputs`` entry that is not a tensor (inside a function, as TF).

    >>> import tapejax as tf
    >>> tf.tuple([tf.constant(1.0), None])
    [<tf.Tensor: shape=(), dtype=float32, numpy=1.0>, None]
    """
    if executing_eagerly():
        return tensors
    for c in control_inputs or ():
        if not isinstance(c, TensorLike) and c is not None:
            raise TypeError(f"'control_inputs' must only contain Operation or Tensor. Received: {type(c)}")
    return [None if t is None else convert_to_tensor(t) for t in tensors]


@x64.enabled  # a float64 result, also under a JAX transformation
def timestamp(name=None) -> Tensor:
    """Seconds since the epoch as a float64 scalar, read when the op runs (``tf.timestamp``):
    inside ``tapejax.function`` or ``jax.jit`` at each call, through a host callback.

    >>> import tapejax as tf
    >>> t = tf.timestamp()
    >>> t.dtype, t.shape, float(t) > 1.7e9
    (tf.float64, TensorShape([]), True)
    """
    if not jax_is_tracing():
        return convert_to_tensor(np.float64(time.time()))
    # The callback runs in the process's JAX mode (32-bit by default): it answers in int32s,
    # seconds in two 16-bit halves and microseconds, joined into float64 in the program.
    parts = io_callback(_now_in_int32s, jax.ShapeDtypeStruct((3,), np.int32), ordered=True)
    seconds = parts[0].astype(np.float64) * 65536.0 + parts[1] + parts[2].astype(np.float64) * 1e-6
    return Tensor(seconds)


def _now_in_int32s() -> np.ndarray:
    now = time.time()
    seconds = int(now)
    return np.array([seconds >> 16, seconds & 0xFFFF, int((now - seconds) * 1e6)], np.int32)
