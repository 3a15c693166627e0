"""``tf.grad_pass_through``: a function whose gradient is the identity.

The wrapped function runs as it is, while no tape records (so nothing in it is differentiated
and no Variable it reads gets a gradient, as TF's ``[None] * len(variables)``); each output is
then recorded as one op of (its input, its value) whose value is the output and whose
derivative is the input's (``jax.custom_jvp``: a tangent passed through, forward and reverse).
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.purify import no_recording
from ..._core.recording.record import Op, record
from ..._core.values.nest import flatten, pack


@jax.custom_jvp
def _pass(x, y):
    return y


@_pass.defjvp
def _pass_jvp(primals, tangents):
    x, y = primals
    return y, jnp.broadcast_to(tangents[0], y.shape).astype(y.dtype)


# Only the input (0) reaches the output differentiably; the value (1) is a constant.
_PASS = Op("IdentityN", _pass, links=lambda node: (frozenset({0}),))


def grad_pass_through(f):
    """``f`` with the gradient of the identity: its outputs' gradients go to its inputs as
    they are (``tf.grad_pass_through``), e.g. through an assignment or a rounding.

    Raises:
      ValueError: ``f`` returns another number of tensors than it takes (TF fails so when the
        gradient is taken; tapejax when ``f`` is called).

    >>> import tapejax as tf
    >>> x = tf.Variable(1.0)
    >>> z = tf.Variable(3.0)
    >>> with tf.GradientTape() as tape:
    ...     y = tf.grad_pass_through(x.assign)(z**2)
    >>> print(y.numpy(), tape.gradient(y, z).numpy())
    9.0 6.0
    """

    @functools.wraps(f)
    def call(*args, **kwargs):
        flat_in, _ = flatten((args, kwargs))
        inputs = [convert_to_tensor(a) for a in flat_in if a is not None]  # None: name=None
        with no_recording():
            result = f(*args, **kwargs)
        flat_out, out_tree = flatten(result)
        if len(flat_out) != len(inputs):
            raise ValueError(
                f"custom_gradient function expected to return {len(inputs)} gradients, but returned "
                f"{len(flat_out)} instead. tf.grad_pass_through passes each output's gradient to "
                "the input at its place: give the function one output per input."
            )
        outs = [record(_PASS, (x, convert_to_tensor(y))) for x, y in zip(inputs, flat_out, strict=True)]
        return pack(out_tree, outs)

    return call
