"""``tf.summary.write``: one tagged tensor to the default writer, at a step, when recording.

Every summary goes through :func:`record`, which follows TF's rules: without a default writer
nothing is written and the result is ``False``; a ``record_if`` condition that is False writes
nothing either; otherwise a missing step is an error. Eagerly the summary is written at once.
Inside a ``tf.function`` (a JAX trace) its values are handed to the host when the compiled
function runs (``jax.debug.callback``, ordered, as ``tf.print``), so each call writes the
step's and the data's values of that call to the writer that was the default when the
function was traced, as TF's graph does.
"""

from __future__ import annotations

import contextlib
import re

import jax
import numpy as np

from .._core.recording.convert import constant, convert_to_tensor
from .._core.recording.state import jax_is_tracing
from .._core.values.access import as_tensor, value_of
from .._core.values.dtype import int64
from .._core.values.name_scope import current_scope, name_scope
from .._core.values.tensor import TensorLike
from . import _events
from ._state import recording_condition, state

_NO_STEP = (
    "No step set. Please specify one either through the `step` argument or through "
    "tf.summary.experimental.set_step()"
)
_INVALID_SCOPE_CHARACTERS = re.compile(r"[^-_/.A-Za-z0-9]")


@contextlib.contextmanager
def summary_scope(name, default_name="summary", values=None):
    """``tf.summary.experimental.summary_scope``: yields ``(tag, scope)`` for a summary op.

    The tag is ``name`` (or ``default_name``) under the enclosing name scopes, kept as given;
    the scope is a name scope of ``name`` with the characters TF forbids there removed.

    >>> import tapejax as tf
    >>> with tf.name_scope("outer"):
    ...     with tf.summary.experimental.summary_scope("my loss") as (tag, scope):
    ...         print(tag, scope)
    outer/my loss outer/myloss/
    """
    name = name or default_name
    tag = current_scope() + name
    with name_scope(_INVALID_SCOPE_CHARACTERS.sub("", name) or default_name) as scope:
        yield tag, scope


def checked_step(step):
    """``step`` as an int64 tensor (a Variable is read), with TF's errors for the rest."""
    step = convert_to_tensor(step, int64)
    if step.shape.num_elements() != 1:
        raise ValueError(f"Argument `step` must be a scalar. Received step with shape {step.shape}.")
    return step


def _condition():
    """The recording condition as a Python bool, or the symbolic bool Tensor deciding at run
    time (a ``record_if`` tensor inside a ``tf.function``)."""
    condition = recording_condition()
    if isinstance(condition, TensorLike):
        condition = as_tensor(condition)
        return condition if isinstance(value_of(condition), jax.core.Tracer) else bool(value_of(condition))
    return bool(condition)


def record(tag: str, lazy, step, metadata):
    """Writes one summary by TF's rules; returns a bool tensor, True where it was written.

    ``lazy()`` is called only when the summary may be written (TF's lazy summary tensor) and
    returns ``(inputs, host)``: the inputs (Tensors, read when the summary is written, or
    host values such as strings) and ``host(*arrays) -> np.ndarray``, the stored tensor.
    """

    def events(step_value: int, stored: np.ndarray) -> list[bytes]:
        return [_events.summary_event(tag, stored, step_value, proto)]

    proto = None if state.writer is None else _metadata_proto(metadata)
    return record_events(lazy, step, events)


def record_events(lazy, step, events, step_first: bool = False):
    """:func:`record` for any events: ``events(step, stored)`` gives the serialized Events
    that ``host``'s result becomes. ``step_first``: a missing step is an error even when
    nothing would be recorded (``write_raw_pb``)."""
    if step is not None:
        step = checked_step(step)
    writer = state.writer
    if writer is None:
        return constant(False)
    if step is None and step_first and state.step is None:
        raise ValueError(_NO_STEP)
    condition = _condition()
    if condition is False:
        return constant(False)
    step = state.step if step is None else step
    if step is None:
        raise ValueError(_NO_STEP)
    step = checked_step(step)
    inputs, host = lazy()
    tensors = [i for i, x in enumerate(inputs) if isinstance(x, TensorLike)]
    traced_condition = condition is not True

    def write_now(step_value, *arrays):
        if traced_condition:
            arrays = arrays[1:] if bool(arrays[0]) else None
        if arrays is None:
            return
        values = list(inputs)
        for i, array in zip(tensors, arrays, strict=True):
            values[i] = np.asarray(array)
        for event in events(int(np.asarray(step_value).reshape(())), host(*values)):
            writer.write_event(event)

    args = [
        value_of(step),
        *([value_of(condition)] if traced_condition else []),
        *(value_of(inputs[i]) for i in tensors),
    ]
    if jax_is_tracing() or any(isinstance(a, jax.core.Tracer) for a in args):
        jax.debug.callback(write_now, *args, ordered=True)
    else:
        write_now(*args)
    return constant(True) if condition is True else condition


def tensor_input(value):
    """What ``tf.summary.write`` takes as its tensor: strings stay host values (a numpy array of
    bytes: tapejax has no string tensors), anything else becomes a Tensor by TF's rules."""
    if isinstance(value, TensorLike):
        return as_tensor(value)
    if isinstance(value, (str, bytes)) or (
        isinstance(value, (list, tuple, np.ndarray)) and _all_strings(np.asarray(value, dtype=object))
    ):
        return np.asarray(value, dtype=object)
    return convert_to_tensor(value)


def _all_strings(array: np.ndarray) -> bool:
    return array.size > 0 and all(isinstance(s, (str, bytes)) for s in array.reshape(-1))


def _metadata_proto(metadata):
    if metadata is None or isinstance(metadata, bytes) or hasattr(metadata, "SerializeToString"):
        return _events.metadata_proto(metadata)
    raise TypeError(f"Cannot convert {metadata!r} to EagerTensor of dtype string")


def write(tag, tensor, step=None, metadata=None, name=None):
    """``tf.summary.write``: writes ``tensor`` under ``tag`` to the default writer.

    Args:
      tag: the summary's tag (TensorBoard's series name).
      tensor: a tensor (or value convertible to one, or strings), or a callable giving it,
        called only when the summary is written.
      step: an int64-castable scalar; ``tf.summary.experimental.get_step()`` when None.
      metadata: a ``SummaryMetadata`` proto or its serialized bytes.
      name: accepted for TF compatibility.

    Returns:
      A bool tensor: True when written, False when no default writer exists or the
      ``record_if`` condition does not hold.

    >>> import tapejax as tf
    >>> tf.summary.write("x", tf.constant([1.0, 2.0]), step=0)
    <tf.Tensor: shape=(), dtype=bool, numpy=False>
    """

    def lazy():
        value = tensor_input(tensor() if callable(tensor) else tensor)
        return [value], np.asarray

    return record(tag, lazy, step, metadata)
