"""``map`` then ``batch`` as one vectorized call per batch (TF's ``map_and_batch`` fusion).

``map`` runs its function once per element (``_function.py``); each call is a compiled call
plus a host-to-device copy of the element, ~100-400 µs on a CPU, which dominated a
``from_tensor_slices -> map -> batch`` pipeline feeding ``fit``. Where ``batch`` follows
``map`` and the function is elementwise and pure, a whole batch is mapped by ONE call of the
function's compiled program under ``jax.vmap``.

That is done only where the result is the same, bit for bit, as calling the function per
element (as TF does): the compiled program reads and assigns no Variable (so no random op:
the global generator's state is a Variable), has no runtime checks, no effects or callbacks
(``tf.print``, ``tf.py_function``), no op that sums many terms (matmul, convolution, reduce_sum:
batched, XLA may sum in another order), and the trace is not shape-polymorphic. Elements of
different shapes, and any other function, take the per-element path.
"""

from __future__ import annotations

import jax
import numpy as np

from .._api.tensor_spec import TensorSpec
from .._core import disk_cache
from .._core.values import x64
from .._core.values.dtype import as_dtype
from ._function import ElementFunction
from ._structure import map_leaves, normalize


def _arguments(element) -> tuple:
    """The positional arguments the map function gets for ``element`` (``_function.call``)."""
    return element if type(element) is tuple else (element,)


# Ops that sum many terms: batched, XLA may sum them in another order than per element, so the
# last bits of the results could differ from TF's (which runs the function per element).
_ACCUMULATING = {
    "dot_general",
    "conv_general_dilated",
    "reduce_sum",
    "reduce_prod",
    "cumsum",
    "cumprod",
    "cumlogsumexp",
    "cummax",
    "cummin",
    "reduce_and",
    "reduce_or",
    "reduce_xor",
    "fft",
    "cholesky",
    "triangular_solve",
    "lu",
    "qr",
    "svd",
    "eigh",
    "eig",
    "schur",
    "hessenberg",
}


def _per_element_only(jaxpr) -> bool:
    """Whether the program calls back into Python or accumulates (see ``_ACCUMULATING``)."""
    for eqn in jaxpr.eqns:
        if "callback" in eqn.primitive.name or eqn.primitive.name in _ACCUMULATING:
            return True
        for param in eqn.params.values():
            for sub in param if isinstance(param, (list, tuple)) else [param]:
                inner = getattr(sub, "jaxpr", sub)
                if hasattr(inner, "eqns") and _per_element_only(inner):
                    return True
    return False


def _vectorized_program(fn: ElementFunction, first):
    """The batched program for elements shaped as ``first``, or None where the function is not pure."""
    specs = map_leaves(lambda a: TensorSpec(a.shape, as_dtype(a.dtype)), first)
    flat, structure = jax.tree_util.tree_flatten(first)
    key = structure, tuple((np.shape(a), np.asarray(a).dtype) for a in flat)
    cache = fn.__dict__.setdefault("_vectorized", {})
    if key in cache:
        return cache[key]
    trace = fn.compiled.get_concrete_function(*_arguments(specs))._trace
    program = None
    if not (
        trace.variables
        or trace.assigned
        or trace.checked
        or trace.polymorphic
        or not all(trace.dynamic)
        or not all(trace.out_is_tensor)
    ):

        def one(*values):
            return trace.jitted(list(values), [])[0]

        example = [np.asarray(a) for a in jax.tree_util.tree_leaves(_arguments(first))]
        closed = jax.make_jaxpr(one)(*example)
        if not closed.effects and not _per_element_only(closed.jaxpr):
            program = (disk_cache.jit(jax.vmap(one)), trace.out_tree)
    cache[key] = program
    return program


@x64.enabled
def vectorized(fn: ElementFunction, chunk: list):
    """``chunk``'s elements mapped by ``fn`` and stacked (a batch), by one vectorized call; None
    where that could differ from calling ``fn`` per element (then the caller does that)."""
    arrays = (np.ndarray, np.generic)
    if fn.eager or not all(isinstance(a, arrays) for a in jax.tree_util.tree_leaves(chunk[0])):
        return None  # eager, or a window's Datasets
    first = chunk[0]
    structure = jax.tree_util.tree_structure(first)
    flat = [jax.tree_util.tree_leaves(e) for e in chunk]
    if any(jax.tree_util.tree_structure(e) != structure for e in chunk[1:]) or any(
        np.shape(a) != np.shape(b) for row in flat[1:] for a, b in zip(row, flat[0], strict=True)
    ):
        return None
    stacked = [np.stack(column) for column in zip(*flat, strict=True)]
    return _mapped(fn, first, stacked)


@x64.enabled
def vectorized_rows(fn: ElementFunction, rows, on_device: bool = False):
    """``fn`` mapped over the rows of ``rows`` (an element whose leaves are stacked numpy
    arrays) by one vectorized call; None where ``vectorized`` would be. ``on_device``: the
    result's leaves are the call's JAX arrays (reading them back to numpy waits for the call,
    ~0.1 ms on a CPU whose dispatch thread has to wake up)."""
    flat, structure = jax.tree_util.tree_flatten(rows)
    if fn.eager or not all(isinstance(a, np.ndarray) for a in flat):
        return None
    return _mapped(fn, jax.tree_util.tree_unflatten(structure, [a[0] for a in flat]), flat, on_device)


def _mapped(fn: ElementFunction, first, stacked: list, on_device: bool = False):
    program = _vectorized_program(fn, first)
    if program is None:
        return None
    batched, out_tree = program
    outs = batched(*stacked)
    if on_device:
        result = jax.tree_util.tree_unflatten(out_tree, list(outs))
        return tuple(result) if isinstance(result, list) else result  # as normalize's structure
    return normalize(jax.tree_util.tree_unflatten(out_tree, [np.asarray(o) for o in outs]))
