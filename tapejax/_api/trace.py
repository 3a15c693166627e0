"""Trace: one traced signature of a ``tf.function`` (a ``ConcreteFunction``'s program).

The Python function runs once per trace: tensor arguments become tracers (symbolic dimensions
for ``None`` ones, see ``polymorphic``), Python values are static, and every Variable the
function reads becomes an explicit input and, if assigned, an explicit output. The traced
program is jitted; each call runs it as ONE recorded op (so an outer eager tape differentiates
through it) and writes the new Variable values back afterwards.
"""

from __future__ import annotations

import collections.abc
import contextlib
import functools
import inspect
import itertools

import jax
import jax.extend
import numpy as np

from .._core import disk_cache
from .._core.recording.convert import convert_to_tensor
from .._core.recording.leaked import leaked_error
from .._core.recording.purify import no_recording, variables_as
from .._core.recording.record import Op, record
from .._core.recording.runtime_check import checked as checked_call
from .._core.recording.state import jax_is_tracing, state
from .._core.recording.variable import live_variables, stored_value, write_back
from .._core.values.access import as_tensor, value_of
from .._core.values.errors import lost_worker
from .._core.values.tensor import Tensor, TensorLike
from .graph.captures import CAPTURED_UNDER_TAPE_MESSAGE, captured_values, closed_over_tensors, with_captured
from .graph.recording import RetraceWithGraph, graph_recording
from .polymorphic import instantiated, is_symbolic
from .tensor_spec import TensorSpec

# What is never an iterator: checked first, as ``isinstance`` of an abstract class is slow.
_NOT_ITERATORS = (tuple, list, dict, int, float, str, type(None), jax.Array, np.ndarray)


def is_leaf(x) -> bool:
    # A Python iterator argument is one static value (JAX would warn that it treats such an
    # unregistered iterable as a leaf, and will refuse it in a later version).
    if isinstance(x, TensorLike):
        return True
    return not isinstance(x, _NOT_ITERATORS) and isinstance(x, collections.abc.Iterator)


def _is_array(x) -> bool:
    return isinstance(x, (TensorLike, jax.Array, np.ndarray))


def _spec(value) -> jax.ShapeDtypeStruct:
    """What ``jax.jit`` sees of ``value``, with its sharding when it is placed on devices
    (committed): the call then reuses the trace made here instead of tracing again."""
    # A tracer (a function called while another is traced) has no placement, and asking
    # for ``committed`` raises.
    committed = not isinstance(value, jax.core.Tracer) and getattr(value, "committed", False)
    sharding = value.sharding if committed else None
    return jax.ShapeDtypeStruct(value.shape, value.dtype, sharding=sharding)


_NUMBERS = (int, float, complex, np.number, np.bool_)


class SymbolicTensor(Tensor):
    """A tensor argument while the function is traced: prints with its parameter's name, as TF's
    placeholders do (``Tensor("x:0", shape=(), dtype=float32)``)."""

    __slots__ = ("_name",)

    def __init__(self, value, name: str | None):
        super().__init__(value)
        self._name = name

    @property
    def name(self) -> str:
        """TF's graph name of the argument (``x:0``); an AttributeError for a nested leaf."""
        if self._name is None:
            raise AttributeError("name")
        return f"{self._name}:0"

    def __repr__(self) -> str:
        if self._name is None:
            return super().__repr__()
        return f"<tf.Tensor '{self._name}:0' shape={self.shape} dtype={self.dtype.name}>"

    def __str__(self) -> str:
        if self._name is None:
            return super().__str__()
        return f'Tensor("{self._name}:0", shape={self.shape}, dtype={self.dtype.name})'


class Placeholder:
    """A tensor argument known only by its shape and dtype (a TensorSpec, or a signature with
    None dimensions), as ``Trace`` takes it."""

    def __init__(self, struct: jax.ShapeDtypeStruct):
        self._value = struct


def _argument_names(fn, tree, n: int) -> list:
    """Each leaf's parameter name when the leaf is a whole argument (None for nested leaves)."""
    args, kwargs = jax.tree_util.tree_unflatten(tree, list(range(n)))
    try:
        params = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        params = []
    names: list = [None] * n
    for i, leaf in enumerate(args):
        if isinstance(leaf, int) and i < len(params):
            names[leaf] = params[i]
    for key, leaf in kwargs.items():
        if isinstance(leaf, int):
            names[leaf] = key
    return names


# TF's message (ValueError) for a Variable created by a trace that may not create one.
SINGLETON_MESSAGE = (
    "tf.function only supports singleton tf.Variables created on the first call. Make sure the "
    "tf.Variable is only created once or created outside tf.function. See "
    "https://www.tensorflow.org/guide/function#creating_tfvariables for more information."
)


# TF's message (ValueError) for a Variable created by a later trace of a function whose first
# call created none.
NON_FIRST_MESSAGE = "Creating variables on a non-first call to a function decorated with tf.function."

# A function it calls created a Variable again on this function's second trace.
_UNCAPTURED_MESSAGE = (
    "A tf.Variable was created by a function called from this tapejax.function on each of its "
    "traces; tapejax traces a function once more to take the Variables created during its "
    "trace as inputs, so it cannot capture one made anew on each run. Create it once "
    "(e.g. `if self.v is None:`) or outside the function."
)


class _CreationGuard:
    """Told of each Variable created while the function's Python code runs (see Variable):
    by the code itself or in its init_scope (``own``), or by a function it calls. ``refusal``:
    TF's message when this run may create none (None: it may)."""

    def __init__(self, refusal: str | None, scope):
        self.refusal, self.scope = refusal, scope
        self.created_own = False  # TF traces such a function twice, the second run creating none
        self.new: list = []  # ids of every Variable created during this run

    def check_creation(self) -> None:
        if self.refusal is not None:
            raise ValueError(self.refusal)

    def created(self, variable, own: bool) -> None:
        # Until the function is traced again with it as an input, the new Variable reads as its
        # initial value here, and an assignment (also one written back by an inner function's
        # call) stays symbolic, as the others' do.
        self.created_own |= own
        self.new.append(id(variable))
        self.scope[id(variable)] = Tensor(stored_value(variable))

    def must_trace_again(self) -> bool:
        """Whether this run baked a Variable's value in: the code created one (TF's second
        trace), or read one that a function it called or an init_scope created."""
        return self.created_own or not self.scope.used.isdisjoint(self.new)


@contextlib.contextmanager
def _creation_guard(refusal: str | None, scope):
    guard = _CreationGuard(refusal, scope)
    state.creation_guards.append(guard)
    try:
        yield guard
    finally:
        state.creation_guards.pop()


class Trace:
    """One traced signature: the jitted pure function and how to call it.

    The Python function runs once per signature, as TF's does: every Variable alive when the
    trace starts stands in as a symbolic input, and those the code touched (read or assigned)
    become the compiled function's explicit inputs; the others are cut from the traced program.
    A trace allowed to create Variables (the function's first: ``refusal`` None) that does
    create some is run once more, as in TF, and that second run may create none (TF's
    ValueError, as later traces: ``refusal``, TF's message for them).
    """

    def __init__(self, fn, tree, leaves, dynamic, refusal: str | None, graph: bool = False):
        self.tree, self.dynamic = tree, dynamic
        self.statics = statics = [None if d else leaf for leaf, d in zip(leaves, dynamic, strict=True)]
        specs = [_spec(value_of(leaf)) for leaf, d in zip(leaves, dynamic, strict=True) if d]
        names = _argument_names(fn, tree, len(leaves))
        # What the Python function's (last) run found out, beside its outputs; ``graph``: whether
        # it records every op for tf.gradients (see graph/recording.py).
        run: dict = {"graph": graph}

        def pure(values, var_values, variables):
            run["count"] = run.get("count", 0) + 1
            it = iter(values)
            args = [
                SymbolicTensor(next(it), name) if d else s
                for s, d, name in zip(statics, dynamic, names, strict=True)
            ]
            a, kw = jax.tree_util.tree_unflatten(tree, args)
            checks: list = []
            run["checks"] = checks
            with (
                no_recording(),
                graph_recording(run["graph"]),
                variables_as(variables, var_values) as scope,
                _creation_guard(run["refusal"], scope) as guard,
                _checks(checks),
            ):
                run["guard"] = guard
                before = dict(scope)
                result = fn(*a, **kw)
                # Inside the scope: a returned Variable gives its value after the call's assignments.
                flat, out_tree = jax.tree_util.tree_flatten(result, is_leaf=is_leaf)
                leaked = leaked_error([o for o in flat if isinstance(o, Tensor)])
                if leaked is not None:  # a symbolic tensor of an ended trace, returned
                    raise leaked
                is_tensor = [_is_array(o) or isinstance(o, _NUMBERS) for o in flat]  # TF: numbers too
                outs = [value_of(convert_to_tensor(o)) for o, t in zip(flat, is_tensor, strict=True) if t]
            # Only the Variables the function assigned come back out.
            assigned = [v for v in variables if scope[id(v)] is not before[id(v)]]
            run.update(
                used=set(scope.used),
                assigned=assigned,
                out_tree=out_tree,
                is_tensor=is_tensor,
                out_static=[None if t else o for o, t in zip(flat, is_tensor, strict=True)],
            )
            return outs, [value_of(scope[id(v)]) for v in assigned]

        traced, candidates = _trace_capturing_new_variables(pure, run, specs, refusal)
        self.graph = run["graph"]
        self.created_variables = run["created_variables"]
        self.traces = run["count"]
        self.assigned, self.out_tree = run["assigned"], run["out_tree"]
        self.out_is_tensor, self.out_static = run["is_tensor"], run["out_static"]
        self.all_tensors = all(self.out_is_tensor)
        self.checked = bool(run["checks"])  # runtime checks (checkify): see _core/runtime_check
        # A checked program keeps an assigned Variable's value when its check fails: it takes
        # the old value as an input, also where the code only assigns it.
        written = {id(v) for v in self.assigned} if self.checked else set()
        keep = [i for i, v in enumerate(candidates) if id(v) in run["used"] or id(v) in written]
        self.variables = [candidates[i] for i in keep]
        # Symbolic dimensions (None in the signature): the program is instantiated per shape.
        self.polymorphic = any(is_symbolic(s.shape) for s in specs)
        self.names, self.specs = names, specs
        at = {id(v): i for i, v in enumerate(self.variables)}
        self.captured = captured = captured_values(traced, len(specs) + len(candidates))
        self.jitted = _pruned(
            traced.jaxpr,
            len(captured) + len(specs),
            keep,
            len(self.assigned),
            self.polymorphic,
            [at[id(v)] for v in self.assigned] if self.checked else None,
        )
        self.op = Op(
            "PartitionedCall", self._flat_call, multiple_results=True, reverse_only=True, input_errors=False
        )
        self.n_values = len(specs)
        if captured:  # only a function traced inside another's trace pays for this
            self._take_captured(fn, captured)
        self.out_avals = traced.jaxpr.out_avals[: sum(self.out_is_tensor)]
        avals = iter(self.out_avals)
        specs = [
            TensorSpec([d if isinstance(d, int) else None for d in a.shape], a.dtype)  # symbolic: None
            for a in itertools.islice(avals, sum(self.out_is_tensor))
        ]
        it = iter(specs)
        outputs = [next(it) if t else o for t, o in zip(self.out_is_tensor, self.out_static, strict=True)]
        self.structured_outputs = jax.tree_util.tree_unflatten(self.out_tree, outputs)

    def _take_captured(self, fn, captured: list) -> None:
        """The program reads values of the enclosing function's trace: they are its leading
        inputs. Recorded, the tensors holding them are inputs of the call, so tapes see them."""
        leaked = leaked_error([Tensor(v) for v in captured], in_function=True)
        if leaked is not None:  # a tensor of an ended trace, not of an enclosing one
            raise leaked
        self.captured_tensors = closed_over_tensors(fn, captured)
        self.captured_op = Op(
            "PartitionedCall",
            functools.partial(_call_flat, self.jitted, len(captured) + self.n_values),
            multiple_results=True,
            reverse_only=True,
            input_errors=False,
        )
        self.jitted = functools.partial(with_captured, self.jitted, captured)

    def _flat_call(self, *flat):
        return _call_flat(self.jitted, self.n_values, *flat)

    def __call__(self, leaves):
        given = [leaf for leaf, d in zip(leaves, self.dynamic, strict=True) if d]
        if state.recorders or state.read_collectors or jax_is_tracing():
            # A tape or accumulator may record the call (it is differentiable), or an outer
            # function is tracing: Variables are read (and recorded) as any op's inputs are.
            op, inputs = self.op, [convert_to_tensor(leaf) for leaf in given]
            if self.captured and state.recorders:
                if self.captured_tensors is None:
                    raise NotImplementedError(CAPTURED_UNDER_TAPE_MESSAGE)
                op, inputs = self.captured_op, [*self.captured_tensors, *inputs]
            flat = record(op, [*inputs, *[as_tensor(v) for v in self.variables]])
        else:  # nothing records: call the compiled function directly (the common, hot case)
            # numpy arguments go to the compiled call as they are: it copies them to the device
            # (~5 µs) where a Tensor of each (jax.device_put) costs ~50-90 µs on a CPU.
            args = [value_of(leaf) if isinstance(leaf, TensorLike) else leaf for leaf in given]
            try:
                outs, new_vars = self.jitted(args, [value_of(v) for v in self.variables])
            except (ValueError, jax.errors.JaxRuntimeError) as e:  # JAX's runtime errors
                raise lost_worker(e) or e  # noqa: B904 - TF's class (caused by e), or e as it is
            flat = [Tensor(v) for v in outs]
            if not new_vars:  # nothing assigned (write_back would return ``flat`` as it is)
                return self._pack(flat)
            flat.extend(Tensor(v) for v in new_vars)
        return self._pack(write_back(self.assigned, flat))

    def _pack(self, tensors: list):
        """The call's result: its output Tensors and the Python values the trace fixed."""
        if self.all_tensors:
            return jax.tree_util.tree_unflatten(self.out_tree, tensors)
        it = iter(tensors)
        result = [next(it) if t else s for t, s in zip(self.out_is_tensor, self.out_static, strict=True)]
        return jax.tree_util.tree_unflatten(self.out_tree, result)


def _trace_capturing_new_variables(pure, run: dict, specs: list, refusal: str | None):
    """Traces ``pure`` with every live Variable as a candidate input, once more when the run
    baked in the value of a Variable created during it (see _CreationGuard), or when it called
    tf.gradients without recording its ops (it then records them from the start). Returns the
    traced program and its candidates."""
    run["created_variables"] = False
    attempt = 0
    while True:
        candidates = live_variables()
        var_specs = [_spec(stored_value(v)) for v in candidates]
        run["refusal"] = refusal if attempt == 0 else SINGLETON_MESSAGE
        try:
            traced = jax.jit(functools.partial(pure, variables=candidates)).trace(specs, var_specs)
        except RetraceWithGraph:
            if run["graph"]:
                raise
            run["graph"] = True
            # Not counted as a trace, unless it created Variables (TF traces such a function twice).
            run["created_variables"] |= run["guard"].created_own
            run["count"] -= not run["guard"].created_own
            continue
        guard = run["guard"]
        run["created_variables"] |= guard.created_own
        if not guard.must_trace_again():
            return traced, candidates
        if attempt == 1:  # never a program with a Variable's value baked in: a clear error instead
            raise NotImplementedError(_UNCAPTURED_MESSAGE)
        # TF traces a function that created Variables twice; one that only captured a
        # Variable created elsewhere during its trace, once (its second run here is not counted).
        run["count"] -= not guard.created_own
        attempt += 1


@contextlib.contextmanager
def _checks(checks: list):
    state.runtime_checks.append(checks)
    try:
        yield
    finally:
        state.runtime_checks.pop()


def _call_flat(jitted, n_values: int, *flat):
    """A traced program called with its tensor inputs and then its Variables' values, flat."""
    outs, new_vars = jitted(list(flat[:n_values]), list(flat[n_values:]))
    return (*outs, *new_vars)


def _pruned(
    closed,
    n_values: int,
    keep: list,
    n_assigned: int,
    polymorphic: bool = False,
    assigned_at: list | None = None,
):
    """``jax.jit`` of the traced program ``closed`` (inputs: the tensor arguments, then every
    candidate Variable) taking only the Variables at positions ``keep``: the others are unused
    inputs, so dropping them leaves a valid program. Returns ``f(values, var_values) -> (outs,
    new_vars)``; no Python code of the user's runs again. ``assigned_at``: the program has
    runtime checks, and each assigned Variable's position among its inputs (see
    ``runtime_check.checked``)."""
    jaxpr = closed.jaxpr
    invars = jaxpr.invars[:n_values] + [jaxpr.invars[n_values + i] for i in keep]
    info = jaxpr.debug_info
    if info is not None and info.arg_names is not None:
        names = list(info.arg_names)
        info = info._replace(arg_names=(*names[:n_values], *[names[n_values + i] for i in keep]))
    program = jax.extend.core.ClosedJaxpr(jaxpr.replace(invars=invars, debug_info=info), closed.consts)
    run = (instantiated if polymorphic else jax.extend.core.jaxpr_as_fun)(program)
    n_outs = len(jaxpr.outvars) - n_assigned

    def call(values, var_values):
        flat = run(*values, *var_values)
        return flat[:n_outs], flat[n_outs:]

    return disk_cache.jit(call) if assigned_at is None else checked_call(call, assigned_at)
