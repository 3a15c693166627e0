"""Shape-polymorphic traces: a ``tf.function`` traced ONCE for ``None`` dimensions.

TF traces a function whose ``input_signature`` (or relaxed signature, ``reduce_retracing``) has
``None`` dimensions once, and its Python code sees ``shape=(None,)``. tapejax traces such a
signature once too, with JAX's symbolic dimensions (``jax.export.symbolic_shape``), which
``TensorShape`` shows as ``None``. The traced program (a jaxpr with symbolic dimensions) is then
*instantiated* for each concrete shape a call brings: the jaxpr is re-evaluated with every
symbolic dimension replaced by its value, inside ``jax.jit`` (cached per shape by JAX). The
user's Python code never runs again; XLA still compiles one executable per concrete shape.
"""

from __future__ import annotations

import itertools

import jax
import jax.extend
import jax.extend.linear_util
import numpy as np

_ClosedJaxpr = jax.extend.core.ClosedJaxpr
_Literal = jax.extend.core.Literal
_counter = itertools.count()


def symbolic_shapes(shapes: list, joined: bool = False) -> list:
    """``shapes`` (tuples with ``None`` for unknown dimensions) with a fresh symbolic dimension
    for each ``None``, all in one scope. ``joined``: the ``None`` dimensions at one axis share
    one symbol (a batch dimension that the code's ops require equal across arguments)."""
    n = sum(d is None for s in shapes for d in s)
    if not n:
        return list(shapes)
    if joined:
        axes = sorted({a for s in shapes for a, d in enumerate(s) if d is None})
        names = {a: f"d{next(_counter)}" for a in axes}
        dims = dict(zip(axes, jax.export.symbolic_shape(", ".join(names[a] for a in axes)), strict=True))
        return [tuple(dims[a] if d is None else d for a, d in enumerate(s)) for s in shapes]
    names = [f"d{next(_counter)}" for _ in range(n)]
    dims = iter(jax.export.symbolic_shape(", ".join(names)))
    return [tuple(next(dims) if d is None else d for d in s) for s in shapes]


def joined_axes(shapes: list) -> list:
    """The axes at which two or more of ``shapes`` have a ``None`` dimension (what joining
    would tie together); empty when joining changes nothing."""
    axes: dict = {}
    for s in shapes:
        for a, d in enumerate(s):
            if d is None:
                axes[a] = axes.get(a, 0) + 1
    return sorted(a for a, k in axes.items() if k > 1)


def joined_mismatch(axes: list, shapes: list):
    """The first axis of ``axes`` at which ``shapes`` (a call's concrete shapes, where the
    trace had ``None``s) differ, with their sizes; None when they agree."""
    for a in axes:
        sizes = {s[a] for s in shapes if len(s) > a}
        if len(sizes) > 1:
            return a, sorted(sizes)
    return None


def is_symbolic(shape) -> bool:
    return any(jax.export.is_symbolic_dim(d) for d in shape)


def _concrete(x, env: dict):
    """``x`` (a jaxpr parameter) with every symbolic dimension replaced by its value in ``env``."""
    if jax.export.is_symbolic_dim(x):
        return int(x._evaluate(env))
    if type(x) is tuple or type(x) is list:
        return type(x)(_concrete(e, env) for e in x)
    if isinstance(x, _ClosedJaxpr):
        return _instantiate_closed(x, env)
    return x


def _aval_struct(aval, env: dict):
    return jax.ShapeDtypeStruct(
        _concrete(tuple(aval.shape), env), aval.dtype, weak_type=getattr(aval, "weak_type", False)
    )


def _instantiate_closed(closed, env: dict):
    """A ClosedJaxpr with concrete shapes, equivalent to ``closed`` under ``env``."""
    structs = [_aval_struct(v.aval, env) for v in closed.jaxpr.invars]
    return jax.make_jaxpr(lambda *args: evaluate(closed, env, args))(*structs)


def _thunk(thunk, env: dict):
    """A custom derivative's lazily traced jaxpr (``(jaxpr, consts, ...)``), instantiated."""

    def call(*zeros):
        jaxpr, consts, *rest = thunk.call_wrapped(*zeros)
        closed = _instantiate_closed(_ClosedJaxpr(jaxpr, consts), env)
        return (closed.jaxpr, closed.consts, *rest)

    return jax.extend.linear_util.wrap_init(call, debug_info=thunk.debug_info)


def evaluate(closed, env: dict, args):
    """Evaluates ``closed`` (a jaxpr with symbolic dimensions) on ``args`` of concrete shapes."""
    jaxpr = closed.jaxpr
    values: dict = {}

    def read(v):
        return v.val if isinstance(v, _Literal) else values[v]

    for v, c in zip(jaxpr.constvars, closed.consts, strict=True):
        values[v] = c
    for v, a in zip(jaxpr.invars, args, strict=True):
        values[v] = a
    for eqn in jaxpr.eqns:
        invals = [read(v) for v in eqn.invars]
        name = eqn.primitive.name
        if name == "dim_as_value":
            outs = [np.asarray(_concrete(eqn.params["dim"], env), eqn.outvars[0].aval.dtype)]
        elif name == "jit":  # inlined: the whole program is jitted already
            outs = evaluate(eqn.params["jaxpr"], env, invals)
        else:
            params = {k: _concrete(p, env) for k, p in eqn.params.items()}
            for key in ("jvp_jaxpr_fun", "fwd_jaxpr_thunk"):
                if key in params:
                    params[key] = _thunk(params[key], env)
            outs = eqn.primitive.bind(*invals, **eqn.primitive.get_bind_params(params))
            if not eqn.primitive.multiple_results:
                outs = [outs]
        for v, o in zip(eqn.outvars, outs, strict=True):
            values[v] = o
    return [read(v) for v in jaxpr.outvars]


def environment(closed, args) -> dict:
    """Each symbolic dimension of ``closed``'s inputs, valued from the shapes of ``args``."""
    env: dict = {}
    for v, a in zip(closed.jaxpr.invars, args, strict=True):
        for d, n in zip(v.aval.shape, np.shape(a), strict=True):
            if jax.export.is_symbolic_dim(d):
                env[str(d)] = int(n)
    return env


def instantiated(closed):
    """``f(*args)``: ``closed`` evaluated on arguments of concrete shapes (trace it under jit)."""

    def call(*args):
        if any(is_symbolic(np.shape(a)) for a in args):  # traced for export: symbolic as it is
            return jax.extend.core.jaxpr_as_fun(closed)(*args)
        return evaluate(closed, environment(closed, args), args)

    return call


_SHAPE_ERRORS = (
    jax.errors.ConcretizationTypeError,
    jax.errors.TracerIntegerConversionError,
    jax.errors.TracerArrayConversionError,
    jax.errors.TracerBoolConversionError,
)


def is_shape_polymorphism_error(error: Exception) -> bool:
    """Whether ``error`` (raised while tracing with symbolic dimensions) says the code needs
    concrete sizes: a symbolic size used as a Python int, or compared inconclusively."""
    return (
        isinstance(error, _SHAPE_ERRORS)
        or type(error).__name__ == "InconclusiveDimensionOperation"
        or "shape polymorphism" in str(error)
    )
