"""Deferral: recording an op without running it, its outputs *pending* until read.

The engine's tapes defer (``Recorder.defer``): an op they record gets pending output Tensors
whose shape and dtype are known at once (``jax.eval_shape``, cached per op, static arguments
and input shapes/dtypes, so shape and dtype errors are raised at the line that made them, as
eagerly). The value is computed the first time something reads it (the tensor forces itself
through its :class:`PendingNode`: ``materialize``, every pending op it needs replayed as one
compiled program) or fused with a derivative that needs the same forward ops (``fused.py``).

``TAPEJAX_DEFER=0`` turns deferral off (every op runs eagerly), for debugging.
"""

from __future__ import annotations

import os

import jax

from ..caches import avals, static_key
from ..recording.record import Node
from ..values.errors import InvalidArgumentError
from ..values.tensor import Tensor
from .materialize import materialize

DEFER = os.environ.get("TAPEJAX_DEFER", "1") != "0"


class PendingNode(Node):
    """A recorded node whose outputs are pending: reading one forces it (see Tensor)."""

    __slots__ = ()

    def force(self, tensors) -> None:
        materialize(tensors)


_new_tensor = Tensor.__new__


def defer(op, inputs, static: dict):
    """A :class:`PendingNode` of ``op`` on ``inputs``, its outputs pending; None when the op
    needs concrete values (its output shapes depend on them)."""
    skey = static_key(static) if static else ()
    if skey is None:
        key = found = None
    else:
        if len(inputs) == 2:  # most ops: the key without a list
            a, b = inputs
            key = (op.key, skey, a._shape_dtype, b._shape_dtype)
        else:
            key = (op.key, skey, *[t._shape_dtype for t in inputs])
        found = _avals_table.get(key)
    if found is None:
        found = _output_avals(op, inputs, static, key)
    if found is _NOT_DEFERRABLE:
        return None
    node = PendingNode(op, static, inputs if type(inputs) is tuple else tuple(inputs), (), skey)
    if len(found) == 1:  # one output: what nearly every op has (built inline, a hot path)
        t = _new_tensor(Tensor)
        t._v, t._pending, t._shape_dtype = None, (node, 0), found[0]
        node.outputs = (t,)
    else:
        node.outputs = tuple(Tensor._deferred(node, i, aval) for i, aval in enumerate(found))
    return node


_NOT_DEFERRABLE = object()
_avals_table = avals.table  # peek without a method call (see BoundedCache.table)


def _output_avals(op, inputs, static: dict, key):
    """Output (shape, dtype)s of ``op`` on ``inputs`` by ``jax.eval_shape``, stored under
    ``key`` (None: not cached); ``_NOT_DEFERRABLE`` when the op needs concrete values."""
    specs = [jax.ShapeDtypeStruct(t._np_shape, t._np_dtype) for t in inputs]
    try:
        out = jax.eval_shape(lambda *a: op.fn(*a, **static), *specs)
    except jax.errors.JAXTypeError:  # value-dependent shapes or Python control flow
        found = _NOT_DEFERRABLE
    except (TypeError, ValueError) as e:
        if not op.input_errors:
            raise
        raise InvalidArgumentError(None, None, f"{e} [Op:{op.name}]") from e
    else:
        outs = out if op.multiple_results else (out,)
        found = tuple((tuple(o.shape), o.dtype) for o in outs)
    if key is not None:
        avals.put(key, found)
    return found
