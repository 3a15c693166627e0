"""The one mechanism by which a ``keras.ops`` function is also a Keras operation.

``@operation("TopK", "keras.src.ops.math")`` over a function of tensors gives the public
function: called on tensors it computes (its body records tapejax ops, so tapes, derivatives
and ``tf.function`` see it); called with a KerasTensor anywhere in its arguments it records a
node of a functional model instead, an instance of the operation class ``TopK`` made for the
function (registered by name, so a saved model finds it again). Output shapes come from running
the body abstractly, as for layers.

``jax_function(name, fn)`` is the other half: a computation written as one JAX function,
recorded as one op (one tape node, JAX's derivative) when TF's conventions do not matter.
"""

from __future__ import annotations

import functools
import inspect

from ..backend.keras_tensor import OPERATIONS, has_keras_tensor
from ..backend.layer_op import run_op
from ..backend.recording import Op
from .operation import Operation


class FunctionOperation(Operation):
    """A ``keras.ops`` function as an operation: its tensors and options are the call's arguments."""

    module = "keras.src.ops.core"

    def call(self, *args, **kwargs):
        return type(self).compute(*args, **kwargs)

    @staticmethod
    def compute(*args, **kwargs):
        raise NotImplementedError


def operation(name: str, module: str = "keras.src.ops.core"):
    """The decorator making a function of tensors the public ``keras.ops`` function ``name``."""

    def wrap(fn):
        cls = type(name, (FunctionOperation,), {"compute": staticmethod(fn), "module": module})
        cls.__module__ = __name__
        OPERATIONS.setdefault(name, cls)
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        def public(*args, **kwargs):
            if has_keras_tensor((args, kwargs)):
                bound = signature.bind(*args, **kwargs)  # the first argument positional, as nodes take it
                return cls()(*bound.args, **bound.kwargs)
            return fn(*args, **kwargs)

        public.operation = cls
        return public

    return wrap


def _hashable(value):
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    return value


def jax_function(name: str, fn, *, multiple_results: bool = False, differentiable: bool = True):
    """``fn(*arrays, **options)`` recorded as the one op ``name``; the result takes tensors
    (converted as TF converts them) and hashable options (lists become tuples)."""
    op = Op(name, fn, multiple_results=multiple_results, differentiable=differentiable)

    def run(*tensors, **options):
        return run_op(op, *tensors, **{k: _hashable(v) for k, v in options.items()})

    run.op = op
    return run
