"""Which inputs of a derivative node its outputs depend on differentiably (TF's None rule).

TensorFlow decides whether a gradient is None from its gradient graph: a second derivative is
None when the first gradient depends on the source only through ops without a gradient
(comparisons, floor, round, stop_gradient, integer casts), and zeros when it goes through an
op whose gradient TF defines as zero (relu's and abs's derivatives). tapejax computes the
same from the jaxpr of a derivative node: data flow through float values, cut at the
primitives TF treats as non-differentiable. Custom-derivative calls count as connected, which
is how tapejax's TF-convention rules (``_ops/conventions/rules.py``) mark a zero-but-defined derivative.

The analysis sees only the jaxpr JAX wrote, and JAX specialises derivative rules to static
shapes: over a size-1 axis a product is a reshape and its derivative a broadcast of ones, the
same jaxpr as a sum's, so no analysis of it can tell TF's zeros (ProdGrad reads x) from TF's
None (SumGrad does not). An op whose TF gradient reads its input at every shape but whose JAX
rule can drop it gets a rule in ``_ops/conventions/rules.py`` that keeps the dependence (``reduce_prod``,
``cumulative_logsumexp``, 1x1 ``det``).
"""

from __future__ import annotations

import jax
import numpy as np
from jax.extend import core as jcore

# Primitives TF gives no gradient: their outputs do not depend differentiably on their inputs.
_BLOCKING = frozenset({"floor", "ceil", "round", "stop_gradient", "nextafter", "is_finite"})
_CALLS = frozenset({"jit", "pjit", "closed_call", "core_call", "remat", "checkpoint", "custom_lin"})
_EMPTY = frozenset()


def _is_float(aval) -> bool:
    dtype = getattr(aval, "dtype", None)
    return dtype is not None and (jax.numpy.issubdtype(dtype, np.inexact))


def _inner(params):
    for key in ("jaxpr", "call_jaxpr", "fun_jaxpr"):
        j = params.get(key)
        if j is not None:
            return getattr(j, "jaxpr", j)
    return None


def analyze(jaxpr, in_deps: list) -> list:
    """Per output of ``jaxpr``, the union of ``in_deps`` it depends on differentiably."""
    env = {}

    def read(v):
        if isinstance(v, jcore.Literal):
            return _EMPTY
        return env.get(v, _EMPTY)

    for var, deps in zip(jaxpr.invars, in_deps, strict=True):
        env[var] = deps if _is_float(var.aval) else _EMPTY
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        ins = [read(v) for v in eqn.invars]
        inner = _inner(eqn.params)
        if name in _BLOCKING:
            outs = [_EMPTY] * len(eqn.outvars)
        elif name in _CALLS and inner is not None:
            outs = analyze(inner, ins)
        elif name == "cond":
            branch_outs = [analyze(b.jaxpr, ins[1:]) for b in eqn.params["branches"]]
            outs = [frozenset().union(*col) for col in zip(*branch_outs, strict=True)]
        else:
            union = frozenset().union(*ins) if ins else _EMPTY
            outs = [union] * len(eqn.outvars)
        for var, deps in zip(eqn.outvars, outs, strict=True):
            env[var] = deps if _is_float(var.aval) else _EMPTY
    return [read(v) for v in jaxpr.outvars]


def node_links(node) -> tuple:
    """Links of a node whose op is a derivative (or any opaque jax function)."""
    avals = [jax.ShapeDtypeStruct(t._np_shape, t._np_dtype) for t in node.inputs]  # no value needed
    return jaxpr_links(jax.make_jaxpr(lambda *v: node.op.fn(*v, **node.static))(*avals))


def jaxpr_links(closed) -> tuple:
    """Per output of a closed jaxpr, the indices of the inputs it depends on differentiably."""
    in_deps = [frozenset({i}) for i in range(len(closed.jaxpr.invars))]
    return tuple(analyze(closed.jaxpr, in_deps))
