"""One compiled call that computes new values of Variables and assigns them all.

An optimizer's step (Keras optimizers, ``OptaxOptimizer``) reads its Variables (the trained
ones, their slots, ``iterations``), computes all their new values as one pure function and
assigns them. :func:`assign_computed` runs that function as ONE ``jax.jit`` program, cached in
the compiled cache under the caller's key (what the function closes over) and by JAX under
the inputs' shapes and dtypes, so an eager step costs one compile per structure and one
dispatch per call instead of one per op and variable. Inside a function being traced the
same pure function is traced in, inline (the reads give the trace's stand-ins, the
assignments rebind them).

The new values are assigned only after the whole program has run: a call that fails assigns
nothing. Input buffers are not donated: a Tensor read from a Variable before the call may
still hold the old buffer (TF: a read is a fresh value, untouched by later assignments).
"""

from __future__ import annotations

import jax

from .. import caches
from ..values import x64
from ..values.access import as_tensor, shape_dtype, value_of
from ..values.tensor import Tensor
from .purify import undo_assignments_on_error
from .variable import assign_value


@x64.enabled
def assign_computed(key, fn, variables: list, inputs):
    """Assigns ``fn(values, inputs)`` to ``variables``, computed as one compiled call.

    Args:
      key: hashable, without Tensors: everything ``fn`` depends on besides its arguments'
        shapes and dtypes (a structure key of the compiled cache; keep it distinct from other
        callers', e.g. with a leading tag).
      fn: ``fn(values, inputs) -> (new, out)``: ``values`` are the JAX values of
        ``variables`` (in order), ``inputs`` a pytree of arrays; ``new`` has one entry per
        variable, its new value or None to leave it as it is; ``out`` is returned.
      variables: the Variables read (recorded reads: a function being traced takes them as
        inputs) and assigned.
      inputs: the call's other inputs (arrays, numpy scalars, None).

    Returns:
      ``out``, as the compiled call returns it (JAX arrays, or tracers inside a trace).
    """
    values = [value_of(as_tensor(v)) for v in variables]
    if any(isinstance(x, jax.core.Tracer) for x in values):  # inside a trace: traced in as it is
        new, out = fn(values, inputs)
    else:
        new, out = caches.compiled.function(key, lambda: fn)(values, inputs)
    with undo_assignments_on_error():
        for variable, value in zip(variables, new, strict=True):
            if value is None:
                continue
            if (value.shape, value.dtype) == shape_dtype(variable):
                assign_value(variable, value)
            else:  # Variable.assign's conversion, or its error (TF's)
                variable.assign(Tensor(value))
    return out
