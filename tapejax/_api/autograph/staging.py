"""Staged ``if`` and loops for AutoGraph: ``jax.lax.switch``, ``scan`` and ``while_loop``.

Each branch or loop body is traced once into a jaxpr (``jax.make_jaxpr``) whose inputs are
the statement's state and the value of every Variable the function can see (each mapped in a
scope of its own, so the code inside may assign it, as TF's may). What the trace finds out
(the outputs' dtypes and shapes, which Variables were assigned) builds the one JAX control
flow call, which carries exactly those Variables; they are assigned in the function after it.

Loops: one over a tensor (its length is static) is a ``scan``, reverse-differentiable; so is a
``while`` (or ``for i in tf.range(n)`` with a symbolic ``n``) given
``tf.autograph.experimental.set_loop_options(maximum_iterations=N)``: a scan of N steps that
stops stepping once the test fails. Without a bound a ``while`` is a loop reversed by
bisection (``reversible``). Under a tape or accumulator inside the function the loop is one
recorded op (``recorded_loop``), which they differentiate.
"""

from __future__ import annotations

import contextlib
import io

import jax
import jax.numpy as jnp

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.state import VariableScope, assign_variable, lookup_variable, state
from ..._core.values.access import as_tensor, value_of
from ..._core.values.nest import flatten, pack
from ..._core.values.tensor import Tensor, TensorLike
from ..._ops.selection_ops import where
from .. import tensor_array
from . import checks, recorded_loop, reversible
from .undefined import UndefinedReturnValue, is_undefined


def _visible_variables() -> tuple[list, list]:
    """The id and current value of every Variable mapped by the open scopes (innermost wins)."""
    values: dict = {}
    for scope in state.variable_scopes:
        values.update(scope)
    return list(values), [value_of(t) for t in values.values()]


class _Traced:
    """``fn`` traced into a jaxpr: ``entries`` (a statement's state, by name) in, entries out."""

    def __init__(self, fn, entries: list, variables):
        var_ids = self.var_ids = variables.ids
        self.inputs = [e for e in entries if e.defined]  # the defined entries' leaves and avals
        info: dict = {}

        def flat(leaf_values, var_vals):
            it = iter(leaf_values)
            args = [e.rebuild(it) for e in entries]
            scope = VariableScope(zip(var_ids, [Tensor(v) for v in var_vals], strict=True))
            state.variable_scopes.append(scope)
            try:
                before = dict(scope)
                result = fn(args)
            finally:
                state.variable_scopes.pop()
            info["outs"] = outs = [Entry.of(name, value) for name, value in result]
            info["assigned"] = {i for i in var_ids if scope[i] is not before[i]}
            info["used"] = set(scope.used)
            return [v for o in outs if o.defined for v in o.values], [value_of(scope[i]) for i in var_ids]

        avals = [jax.ShapeDtypeStruct(v.shape, v.dtype) for e in self.inputs for v in e.values]
        var_avals = [jax.ShapeDtypeStruct(jnp.shape(v), jnp.result_type(v)) for v in variables.values]
        self.closed = jax.make_jaxpr(flat)(avals, var_avals)
        self.outs, self.assigned, self.used = info["outs"], info["assigned"], info["used"]

    def __call__(self, leaf_values, var_values) -> tuple[list, list]:
        flat = jax.core.eval_jaxpr(self.closed.jaxpr, self.closed.consts, *leaf_values, *var_values)
        n = len(flat) - len(self.var_ids)
        return flat[:n], flat[n:]


class _NoneValue:
    """A state name whose value is None (TF rejects it in staged control flow)."""


_NONE = _NoneValue()


class Entry:
    """One name of a statement's state: its structure and tensor leaves, or ``static``: the
    Python object it holds instead (``Undefined``, ``UndefinedReturnValue``, or None).
    ``template``: the value, when it holds TensorArrays (carried as their buffer tensors)."""

    __slots__ = ("name", "structure", "values", "static", "template")

    def __init__(self, name, structure, values, static=None, template=None):
        self.name, self.structure, self.values, self.static = name, structure, values, static
        self.template = template

    @property
    def defined(self) -> bool:
        return self.static is None

    @property
    def is_none(self) -> bool:
        return self.static is _NONE

    @classmethod
    def of(cls, name: str, value) -> Entry:
        if is_undefined(value):
            return cls(name, None, [], value)
        leaves, structure = flatten(value)
        template = None
        if any(tensor_array.is_tensor_array(leaf) for leaf in leaves):
            template = value
            leaves, structure = flatten(tensor_array.expand(value))
        if any(leaf is None for leaf in leaves):
            return cls(name, None, [], _NONE)
        return cls(name, structure, [value_of(convert_to_tensor(leaf)) for leaf in leaves], template=template)

    def rebuild(self, it):
        if not self.defined:
            return None if self.is_none else self.static
        value = pack(self.structure, [_as_tensor(next(it)) for _ in self.values])
        return value if self.template is None else tensor_array.collapse(self.template, value)

    def avals(self) -> list:
        return [(tuple(jnp.shape(v)), jnp.result_type(v)) for v in self.values]


def recording() -> bool:
    """Whether a tape inside the traced function records (it cannot record into a JAX loop)."""
    return bool(state.recorders)


def row(values, i) -> Tensor:
    """Row ``i`` (a symbolic int tensor) of the array ``values``."""
    return Tensor(jax.lax.dynamic_index_in_dim(values, value_of(i), keepdims=False))


def _as_tensor(value) -> Tensor:
    return value if isinstance(value, Tensor) else Tensor(value)


def _entries(names, values) -> list:
    return [Entry.of(name, value) for name, value in zip(names, values, strict=True)]


class _Variables:
    """The Variables traced code may touch: every visible one while it is traced; then those
    it used (read or assigned), the only ones the JAX call takes."""

    def __init__(self):
        self.ids, self.values = _visible_variables()

    def settle(self, traced_list) -> None:
        assigned = set().union(*(t.assigned for t in traced_list))
        used = set().union(*(t.used for t in traced_list)) | assigned
        for var_id in used:
            lookup_variable(var_id)  # the function takes it as an input
        self.used = [p for p, i in enumerate(self.ids) if i in used]
        self.assigned = [p for p, i in enumerate(self.ids) if i in assigned]

    def operands(self) -> list:
        return [self.values[p] for p in self.used]

    def full(self, used_values) -> list:
        """Every traced input: the used values, None for the others (never read)."""
        out = [None] * len(self.ids)
        for p, v in zip(self.used, used_values, strict=True):
            out[p] = v
        return out

    def assign(self, new_values) -> None:
        for p, value in zip(self.assigned, new_values, strict=True):
            assign_variable(self.ids[p], _as_tensor(value))


_loops_tracing: list = []  # the staged loops whose body is being traced now


def cond(pred, body, orelse, values, names):
    """``if pred`` on a symbolic ``pred``: ``lax.switch`` of the two branches."""
    pred = checks.condition(pred, "if statement")
    if state.recorders:  # a tape inside the function records ops, not JAX calls: run both, select
        return _selected(pred, body, orelse, values, names)
    variables = _Variables()
    entries = _entries(names, values)
    branches = [
        _Traced(lambda args, fn=fn: zip(names, fn(*args), strict=True), entries, variables)
        for fn in (body, orelse)
    ]
    # A return value set in one branch only, inside a staged loop (a return in the loop): the
    # other gives zeros, never returned, as its ``do_return`` flag says (TF raises instead).
    final = branches[0].outs
    if _loops_tracing:
        final = [
            b if isinstance(a.static, UndefinedReturnValue) else a
            for a, b in zip(branches[0].outs, branches[1].outs, strict=True)
        ]
    checks.same_branch_outputs(
        names, *[_filled(t.outs, final) if _loops_tracing else t.outs for t in branches]
    )
    variables.settle(branches)
    leaves = [v for e in entries if e.defined for v in e.values]

    def run(traced):
        def branch(operands):
            leaf_values, var_values = operands
            outs, new_vars = traced(leaf_values, variables.full(var_values))
            it, values = iter(outs), []
            for mine, out in zip(traced.outs, final, strict=True):
                values += (
                    [next(it) for _ in mine.values]
                    if mine.defined
                    else [jnp.zeros(jnp.shape(v), jnp.result_type(v)) for v in out.values]
                )
            return values, [new_vars[p] for p in variables.assigned]

        return branch

    index = value_of(pred).astype(jnp.int32)
    outs, new_vars = jax.lax.switch(
        index, [run(branches[1]), run(branches[0])], (leaves, variables.operands())
    )
    variables.assign(new_vars)
    it = iter(outs)
    return tuple(o.rebuild(it) for o in final)


def _filled(outs, final) -> list:
    """A branch's outputs, its undefined return value standing for the other branch's."""
    return [
        f if isinstance(o.static, UndefinedReturnValue) and f.defined else o
        for o, f in zip(outs, final, strict=True)
    ]


def _selected(pred, body, orelse, values, names):
    """Both branches run (each from the same Variable values); each result and Variable is
    ``where(pred, main, else)``: what a tape inside the function can record."""
    var_ids, _ = _visible_variables()
    start = {i: lookup_variable(i) for i in var_ids}
    results, ends = [], []
    for fn in (body, orelse):
        for i, t in start.items():
            assign_variable(i, t)
        results.append(fn(*values))
        ends.append({i: lookup_variable(i) for i in var_ids})
    checks.same_branch_outputs(names, *[_entries(names, r) for r in results])
    for i in var_ids:
        a, b = ends[0][i], ends[1][i]
        assign_variable(i, a if a is b else where(pred, a, b))
    out = []
    for a, b in zip(*results, strict=True):
        (xs, structure), (ys, _) = flatten(a), flatten(b)
        out.append(pack(structure, [where(pred, x, y) for x, y in zip(xs, ys, strict=True)]))
    return tuple(out)


def loop(step, test, values, names, length=None, maximum_iterations=None):
    """A staged loop over the state ``values``: ``state = step(*state)`` while ``test(*state)``
    (no test: every step runs). ``length``: a static trip count (a scan); else a bound from
    ``maximum_iterations`` (a scan that stops stepping), else a loop reversed by bisection.
    Under a tape or accumulator inside the function, the loop is one recorded op
    (``recorded_loop``)."""
    captures = None
    if state.recorders:
        captures = recorded_loop.Captures()
        # The state's own tensors first, a Variable's as a read the recorders see (its value is
        # what the state starts with).
        captures.note([as_tensor(t) for v in values for t in flatten(v)[0] if isinstance(t, TensorLike)])
    with contextlib.nullcontext() if captures is None else captures.tracing():
        values = _buffered(step, values, names, length if length is not None else maximum_iterations)
        variables = _Variables()
        entries = _entries(names, values)
        checks.loop_init(names, entries)
        _loops_tracing.append(step)
        try:
            stepped = _Traced(lambda args: zip(names, step(*args), strict=True), entries, variables)
        finally:
            _loops_tracing.pop()
        checks.loop_outputs(names, entries, stepped.outs)
        tested = None
        if test is not None:
            tested = _Traced(
                lambda args: [("test", checks.condition(test(*args), "while loop"))], entries, variables
            )
    variables.settle([t for t in (stepped, tested) if t is not None])
    # An entry undefined before the loop (assigned before it is read in the body) starts as
    # zeros of the type the body gives it; the body's jaxpr does not read it.
    carry_leaves = [
        v if e.defined else jnp.zeros(jnp.shape(v), jnp.result_type(v))
        for e, o in zip(entries, stepped.outs, strict=True)
        for v in (e.values if e.defined else o.values)
    ]
    defined = [e.defined for e in entries]
    sizes = [len(o.values) for o in stepped.outs]

    def inputs(carry):
        leaves, new_vars = carry
        var_in = variables.full(variables.operands())
        for p, v in zip(variables.assigned, new_vars, strict=True):
            var_in[p] = v
        it, kept = iter(leaves), []
        for d, n in zip(defined, sizes, strict=True):
            chunk = [next(it) for _ in range(n)]
            kept += chunk if d else []
        return kept, var_in

    def body_fn(carry):
        outs, new_vars = stepped(*inputs(carry))
        return list(outs), [new_vars[p] for p in variables.assigned]

    def keep_going(carry):
        outs, _ = tested(*inputs(carry))
        return jnp.reshape(outs[0], ())

    carry = (carry_leaves, [variables.values[p] for p in variables.assigned])
    bound = length if length is not None else maximum_iterations
    if captures is not None:
        leaves, new_vars = _recorded(captures, keep_going if tested else None, body_fn, carry, bound)
    elif bound is not None:

        def masked(c, _):
            if tested is None:
                return body_fn(c), None
            return jax.lax.cond(keep_going(c), body_fn, lambda c: c, c), None

        (leaves, new_vars), _ = jax.lax.scan(masked, carry, None, int(bound))
    else:
        leaves, new_vars = reversible.while_loop(keep_going, body_fn, carry)
    variables.assign(new_vars)
    it = iter(leaves)
    return tuple(o.rebuild(it) for o in stepped.outs)


def _recorded(captures, keep_going, body_fn, carry, bound):
    """The loop as one recorded op (``recorded_loop.run``) over the flat carry: the state's
    leaves as the tensors the tapes know, the assigned Variables' values as they are (an
    assignment is never differentiated)."""
    leaves, var_values = carry
    n = len(leaves)
    by_value = recorded_loop.variables_by_value()
    init = [captures.tensor_for(v, by_value) for v in leaves] + [Tensor(v) for v in var_values]
    out = recorded_loop.run(
        captures,
        None if keep_going is None else (lambda c: keep_going((c[:n], c[n:]))),
        lambda c: [*jax.tree.leaves(body_fn((c[:n], c[n:])))],
        init,
        None if bound is None else int(bound),
    )
    return out[:n], out[n:]


def _buffered(step, values, names, bound) -> list:
    """``values`` with each TensorArray a buffer of fixed capacity (its size, plus ``bound`` if
    its size is dynamic), as ``tf.while_loop`` carries them. A buffer whose element shape is not
    known yet is shaped by tracing ``step`` once first (its prints silenced: only the real trace
    of the body prints, once, as TF's)."""
    values = [tensor_array.as_buffers(v, bound, None) for v in values]
    unshaped = [[t for t in flatten(v)[0] if tensor_array.buffer_unshaped(t)] for v in values]
    if any(unshaped):
        with contextlib.redirect_stdout(io.StringIO()):
            probe = _Traced(
                lambda args: zip(names, step(*args), strict=True), _entries(names, values), _Variables()
            )
        for arrays, out in zip(unshaped, probe.outs, strict=True):
            if not arrays:
                continue
            shaped = [t for t in flatten(out.template)[0] if tensor_array.is_tensor_array(t)]
            for t, like in zip(arrays, shaped, strict=True):
                tensor_array.shape_like(t, like)
    return values
