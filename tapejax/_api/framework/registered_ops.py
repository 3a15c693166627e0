"""A user op (``jax_op``) under the gradient registry: the Op that records its calls.

Unregistered, the op is JAX's to differentiate. ``tf.no_gradient(name)`` makes it
non-differentiable; a ``@tf.RegisterGradient(name)`` function becomes its ``jax.custom_vjp``
backward, called on Tensors as TF calls it: ``grad_fn(op, *output_grads)``.
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.purify import no_recording
from ..._core.recording.record import Op
from ..._core.values.access import value_of
from ..._core.values.tensor import Tensor
from .gradient_registry import UNREGISTERED, registered_gradient

_variants: dict = {}  # (op, registered gradient) -> the Op recording calls under it


def consult(op: Op) -> Op:
    """The Op to record a call of the user op ``op`` with, as the registry says now."""
    grad_fn = registered_gradient(op.name)
    if grad_fn is UNREGISTERED:
        return op
    key = (op, id(grad_fn))
    found = _variants.get(key)
    if found is None or found[0] is not grad_fn:
        if grad_fn is None:
            variant = Op(op.name, op.fn, differentiable=False, multiple_results=True, input_errors=False)
        else:
            variant = Op(
                op.name,
                functools.partial(_with_gradient, op.fn, grad_fn, op.name),
                multiple_results=True,
                reverse_only=True,
                input_errors=False,
            )
        found = _variants[key] = (grad_fn, variant)
    return found[1]


class OpView:
    """What a registered gradient function sees of the op (TF's ``op`` argument)."""

    def __init__(self, op_type: str, inputs: list, outputs: list):
        self.type = self.name = op_type
        self.inputs, self.outputs = inputs, outputs

    def get_attr(self, name: str):
        raise ValueError(f"Operation '{self.name}' has no attr named '{name}'.")


def _with_gradient(run, grad_fn, op_type: str, *arrays, **static):
    @jax.custom_vjp
    def call(*a):
        return run(*a, **static)

    def forward(*a):
        outs = run(*a, **static)
        return outs, (a, outs)

    def backward(saved, cotangents):
        inputs, outs = saved
        cotangents = [
            jnp.zeros(o.shape, o.dtype) if c.dtype == jax.dtypes.float0 else c
            for c, o in zip(cotangents, outs, strict=True)
        ]
        view = OpView(op_type, [Tensor(a) for a in inputs], [Tensor(o) for o in outs])
        with no_recording():
            grads = grad_fn(view, *[Tensor(c) for c in cotangents])
        if not isinstance(grads, (list, tuple)):
            grads = [grads]
        if len(grads) != len(inputs):
            raise ValueError(
                f"The gradient function registered for '{op_type}' returned {len(grads)} gradients "
                f"for {len(inputs)} inputs; return one per input (None for no gradient)."
            )
        return tuple(_input_cotangent(g, a) for g, a in zip(grads, inputs, strict=True))

    call.defvjp(forward, backward)
    return call(*arrays)


def _input_cotangent(grad, primal):
    if not jnp.issubdtype(primal.dtype, jnp.inexact):
        return np.zeros(primal.shape, jax.dtypes.float0)
    if grad is None:
        return jnp.zeros(primal.shape, primal.dtype)
    return jnp.broadcast_to(jnp.asarray(value_of(convert_to_tensor(grad)), primal.dtype), primal.shape)
