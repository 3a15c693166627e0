"""Helpers the metrics share: state updates outside any tape, arrays of values, ranks
made equal, division that gives 0 for 0/0.
"""

from __future__ import annotations

import functools

import jax.numpy as jnp

from ..backend import core as backend
from ..backend.core import convert_to_tensor, x64
from ..backend.recording import no_recording, undo_assignments_on_error


def stateful(update_state):
    """Runs an ``update_state`` unrecorded, undoing its assignments if it raises."""

    @functools.wraps(update_state)
    def wrapper(self, *args, **kwargs):
        with no_recording(), undo_assignments_on_error(), x64.scope():
            return update_state(self, *args, **kwargs)

    return wrapper


def array(x, dtype=None):
    """The JAX value of a Tensor, Variable (a recorded read), or Python/numpy value."""
    value = backend.value(convert_to_tensor(x))
    return value if dtype is None else value.astype(dtype)


def same_rank(x1, x2, expand_rank_1=True):
    """Keras' ``squeeze_or_expand_to_same_rank`` on JAX arrays."""
    r1, r2 = x1.ndim, x2.ndim
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        if r2 == 1 and expand_rank_1:
            x2 = jnp.expand_dims(x2, -1)
        else:
            x1 = jnp.squeeze(x1, -1)
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        if r1 == 1 and expand_rank_1:
            x1 = jnp.expand_dims(x1, -1)
        else:
            x2 = jnp.squeeze(x2, -1)
    return x1, x2


def divide_no_nan(x, y):
    return jnp.where(y == 0, jnp.zeros_like(x), x / jnp.where(y == 0, jnp.ones_like(y), y))
