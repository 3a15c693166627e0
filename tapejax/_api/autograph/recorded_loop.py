"""A loop whose trip count is a tensor, under a tape or accumulator inside the same function.

A tape records ops one by one, and a loop whose trip count is a tensor is one JAX call, so the
loop is recorded as ONE op: its inputs are the loop's initial state and every tensor its
condition and body read from outside (closed-over tensors, Variables), its function the loop
over the body's jaxpr. The tapes differentiate that op as any other (``jax.vjp`` of it: the
bisection of ``reversible``, or the scan of ``maximum_iterations``), and a forward accumulator
takes the JVP of the same loop as ``lax.while_loop`` (which JAX differentiates forward).

To know which tensors the body reads from outside, its code is traced with the recorders
paused and a :class:`Captures` started instead: it records nothing, and notes every tensor an
op reads. The values the body's jaxpr closes over are then given back as those tensors (or as a
fresh read of the Variable they hold), so the tapes see the loop read what they watch.
"""

from __future__ import annotations

import contextlib

import jax
import jax.numpy as jnp

from ..._core.recording import recorders
from ..._core.recording.record import Op, record
from ..._core.recording.state import state
from ..._core.recording.variable import live_variables
from ..._core.values.access import as_tensor, value_of
from ..._core.values.tensor import Tensor
from . import reversible


class Captures:
    """A recorder that records nothing and notes every tensor an op reads, by its value: the
    first Tensor seen holding it, or the Variable when it is a read made in the traced code."""

    __slots__ = ("tensors", "reads", "level")
    defers = False

    def __init__(self):
        self.tensors: dict = {}  # id(value) -> a Tensor, or a Variable read in the traced code
        self.reads: dict = {}  # id(read tensor) -> (the tensor, its Variable)
        self.level = None

    def watches_any(self, inputs) -> bool:
        self.note(inputs)
        return False

    def note(self, tensors) -> None:
        for t in tensors:
            key = id(value_of(t))
            if key not in self.tensors:
                read = self.reads.get(id(t))
                self.tensors[key] = t if read is None else read[1]

    def defer(self, op, inputs, static: dict):
        return None  # never asked: ``defers`` is False

    def add(self, node) -> None:
        pass

    def note_read(self, variable, tensor) -> None:
        self.reads[id(tensor)] = (tensor, variable)

    @contextlib.contextmanager
    def tracing(self):
        """Inside, the recorders started so far pause and this one notes the reads."""
        with recorders.paused():
            recorders.start(self)
            try:
                yield self
            finally:
                recorders.stop(self)

    def tensor_for(self, value, variables: dict):
        """The tensor the tapes know for ``value``: one an op read (a fresh read of a Variable
        the traced code read), else a fresh read of the Variable it is the value of, else a new
        constant."""
        t = self.tensors.get(id(value))
        if t is not None:
            return as_tensor(t)
        variable = variables.get(id(value))
        return Tensor(value) if variable is None else as_tensor(variable)


class _LoopOp(Op):
    """The recorded loop; ``forward_fn``: the same loop as ``lax.while_loop``, which forward
    accumulators differentiate (``fn`` reverses by bisection and has no forward rule)."""

    __slots__ = ("forward_fn",)


def run(captures: Captures, test, step, init: list, bound: int | None = None) -> list:
    """``init`` (Tensors) stepped by ``step`` while ``test`` (None: always; at most ``bound``
    steps), recorded as one op. ``test(values) -> bool scalar`` and ``step(values) -> values``
    take and give lists of JAX values; their code is traced here, under ``captures``."""
    avals = [jax.ShapeDtypeStruct(jnp.shape(v), jnp.result_type(v)) for v in map(value_of, init)]
    with captures.tracing():
        body = jax.make_jaxpr(lambda *c: list(step(list(c))))(*avals)
        cond = None if test is None else jax.make_jaxpr(lambda *c: [test(list(c))])(*avals)
    variables = variables_by_value()
    consts = [*body.consts, *(() if cond is None else cond.consts)]
    inputs = [*init, *[captures.tensor_for(c, variables) for c in consts]]
    make = _loop_function(
        body.jaxpr, None if cond is None else cond.jaxpr, len(init), len(body.consts), bound
    )
    op = _LoopOp(
        "While",
        make(reversible.while_loop),
        multiple_results=True,
        reverse_only=bound is None,
        input_errors=False,
    )
    op.forward_fn = None if bound is not None else make(jax.lax.while_loop)
    return list(record(op, inputs))


def _loop_function(body, cond, n: int, n_body: int, bound: int | None):
    """``make(while_loop) -> f(*init, *body_consts, *cond_consts) -> final state``."""

    def make(while_loop):
        def fn(*values):
            carry, body_consts, cond_consts = list(values[:n]), values[n : n + n_body], values[n + n_body :]

            def step(c):
                return list(jax.core.eval_jaxpr(body, body_consts, *c))

            def test(c):
                return jnp.reshape(jax.core.eval_jaxpr(cond, cond_consts, *c)[0], ())

            if bound is None:
                return tuple(while_loop(test, step, carry))

            def masked(c, _):  # a bounded scan that stops stepping once the test fails
                return (step(c) if cond is None else jax.lax.cond(test(c), step, list, c)), None

            return tuple(jax.lax.scan(masked, carry, None, bound)[0])

        return fn

    return make


def variables_by_value() -> dict:
    """id(value) -> Variable, for the values that stand in for Variables in the function."""
    by_id = {id(v): v for v in live_variables()}
    out = {}
    for scope in state.variable_scopes:
        for var_id, tensor in scope.items():
            variable = by_id.get(var_id)
            if variable is not None:
                out[id(value_of(tensor))] = variable
    return out
