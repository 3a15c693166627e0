"""function: TensorFlow's ``tf.function`` on ``jax.jit``.

A call is traced once per input signature: tensor arguments become tracers, Python values
are static (a new value retraces, as in TF), and every Variable the function reads becomes an
explicit input and, if assigned, an explicit output. The traced function is jitted; each call
runs it as ONE recorded op (so an outer eager tape differentiates through it) and writes the
new Variable values back afterwards.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import itertools
import weakref

import jax
import jax.extend
import numpy as np

from .._core import dtype as _dtypes
from .._core import x64
from .._core.convert import convert_to_tensor
from .._core.purify import WeakMethod, no_recording, variables_as
from .._core.record import Op, record
from .._core.state import jax_is_tracing, state
from .._core.tensor import Tensor, TensorLike
from .._core.variable import Variable, live_variables, write_back
from .autograph.conversion import convert
from .config import functions_run_eagerly
from .tensor_spec import TensorSpec


def _is_leaf(x) -> bool:
    return isinstance(x, TensorLike)


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


class _Argument(Tensor):
    """A tensor argument while the function is traced: prints with its parameter's name, as TF's
    placeholders do (``Tensor("x:0", shape=(), dtype=float32)``)."""

    __slots__ = ("_name",)

    def __init__(self, value, name: str | None):
        super().__init__(value)
        self._name = name

    def __repr__(self) -> str:
        if self._name is None:
            return super().__repr__()
        return f"<tf.Tensor '{self._name}:0' shape={self.shape} dtype={self.dtype.name}>"

    def __str__(self) -> str:
        if self._name is None:
            return super().__str__()
        return f'Tensor("{self._name}:0", shape={self.shape}, dtype={self.dtype.name})'


_Argument.__name__ = "SymbolicTensor"  # TF's class inside a traced function


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
_SINGLETON_MESSAGE = (
    "tf.function only supports singleton tf.Variables created on the first call. Make sure the "
    "tf.Variable is only created once or created outside tf.function. See "
    "https://www.tensorflow.org/guide/function#creating_tfvariables for more information.")


class _CreationGuard:
    """Told of each Variable created while the function's Python code runs (see Variable)."""

    def __init__(self, allowed: bool):
        self.allowed, self.created_any = allowed, False

    def check_creation(self) -> None:
        if not self.allowed:
            raise ValueError(_SINGLETON_MESSAGE)

    def created(self, variable) -> None:
        # This run is traced again; until then, the new Variable is symbolic like the others
        # (so that it can be assigned).
        self.created_any = True
        if state.variable_scopes:
            state.variable_scopes[-1][id(variable)] = Tensor(variable._stored)


@contextlib.contextmanager
def _creation_guard(allowed: bool):
    guard = _CreationGuard(allowed)
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
    A trace allowed to create Variables (the function's first) that does create some is run
    once more, as in TF, and that second run may create none (TF's ValueError).
    """

    def __init__(self, fn, tree, leaves, dynamic, allow_creation: bool):
        self.tree, self.dynamic = tree, dynamic
        statics = [None if d else leaf for leaf, d in zip(leaves, dynamic, strict=True)]
        specs = [_spec(leaf._value) for leaf, d in zip(leaves, dynamic, strict=True) if d]
        names = _argument_names(fn, tree, len(leaves))
        run: dict = {}  # what the Python function's (last) run found out, beside its outputs

        def pure(values, var_values, variables):
            run["count"] = run.get("count", 0) + 1
            it = iter(values)
            args = [_Argument(next(it), name) if d else s
                    for s, d, name in zip(statics, dynamic, names, strict=True)]
            a, kw = jax.tree_util.tree_unflatten(tree, args)
            with no_recording(), variables_as(variables, var_values) as scope:
                before = dict(scope)
                result = fn(*a, **kw)
                # Inside the scope: a returned Variable gives its value after the call's assignments.
                flat, out_tree = jax.tree_util.tree_flatten(result, is_leaf=_is_leaf)
                is_tensor = [_is_array(o) or isinstance(o, _NUMBERS) for o in flat]  # TF: numbers too
                outs = [convert_to_tensor(o)._value for o, t in zip(flat, is_tensor, strict=True) if t]
            # Only the Variables the function assigned come back out.
            assigned = [v for v in variables if scope[id(v)] is not before[id(v)]]
            run.update(used=set(scope.used), assigned=assigned, out_tree=out_tree, is_tensor=is_tensor,
                       out_static=[None if t else o for o, t in zip(flat, is_tensor, strict=True)])
            return outs, [scope[id(v)]._value for v in assigned]

        for attempt in (0, 1):
            candidates = live_variables()
            var_specs = [_spec(v._stored) for v in candidates]
            with _creation_guard(allow_creation and attempt == 0) as guard:
                traced = jax.jit(functools.partial(pure, variables=candidates)).trace(specs, var_specs)
            if not guard.created_any:
                break
        self.traces = run["count"]
        self.assigned, self.out_tree = run["assigned"], run["out_tree"]
        self.out_is_tensor, self.out_static = run["is_tensor"], run["out_static"]
        keep = [i for i, v in enumerate(candidates) if id(v) in run["used"]]
        self.variables = [candidates[i] for i in keep]
        self.jitted = _pruned(traced.jaxpr, len(specs), keep, len(self.assigned))
        self.op = Op(
            "PartitionedCall", self._flat_call, multiple_results=True, reverse_only=True, input_errors=False
        )
        self.n_values = len(specs)
        avals = iter(traced.jaxpr.out_avals)
        specs = [TensorSpec([d if isinstance(d, int) else None for d in a.shape], a.dtype)  # symbolic: None
                 for a in itertools.islice(avals, sum(self.out_is_tensor))]
        it = iter(specs)
        outputs = [next(it) if t else o for t, o in zip(self.out_is_tensor, self.out_static, strict=True)]
        self.structured_outputs = jax.tree_util.tree_unflatten(self.out_tree, outputs)

    def _flat_call(self, *flat):
        outs, new_vars = self.jitted(list(flat[: self.n_values]), list(flat[self.n_values :]))
        return (*outs, *new_vars)

    def __call__(self, leaves):
        inputs = [convert_to_tensor(leaf) for leaf, d in zip(leaves, self.dynamic, strict=True) if d]
        if state.recorders or state.read_collectors or jax_is_tracing():
            # A tape or accumulator may record the call (it is differentiable), or an outer
            # function is tracing: Variables are read (and recorded) as any op's inputs are.
            flat = record(self.op, [*inputs, *[v._as_tensor() for v in self.variables]])
        else:  # nothing records: call the compiled function directly (the common, hot case)
            values = self._flat_call(*[t._value for t in inputs], *[v._value for v in self.variables])
            flat = [Tensor(v) for v in values]
        it = iter(write_back(self.assigned, flat))
        result = [next(it) if t else s for t, s in zip(self.out_is_tensor, self.out_static, strict=True)]
        return jax.tree_util.tree_unflatten(self.out_tree, result)


def _pruned(closed, n_values: int, keep: list, n_assigned: int):
    """``jax.jit`` of the traced program ``closed`` (inputs: the tensor arguments, then every
    candidate Variable) taking only the Variables at positions ``keep``: the others are unused
    inputs, so dropping them leaves a valid program. Returns ``f(values, var_values) -> (outs,
    new_vars)``; no Python code of the user's runs again."""
    jaxpr = closed.jaxpr
    invars = jaxpr.invars[:n_values] + [jaxpr.invars[n_values + i] for i in keep]
    info = jaxpr.debug_info
    if info is not None and info.arg_names is not None:
        names = list(info.arg_names)
        info = info._replace(arg_names=(*names[:n_values], *[names[n_values + i] for i in keep]))
    program = jax.extend.core.ClosedJaxpr(jaxpr.replace(invars=invars, debug_info=info), closed.consts)
    run = jax.extend.core.jaxpr_as_fun(program)
    n_outs = len(jaxpr.outvars) - n_assigned

    def call(values, var_values):
        flat = run(*values, *var_values)
        return flat[:n_outs], flat[n_outs:]

    return jax.jit(call)


class Function:
    """A Python function compiled with ``jax.jit`` and called like ``tf.function``'s result."""

    def __init__(
        self,
        python_function,
        input_signature=None,
        jit_compile=None,
        reduce_retracing=False,
        autograph=True,
        name=None,
        experimental_relax_shapes=None,
    ):
        self._python_function = python_function
        self._autograph = autograph  # converted (once, cached) when first traced
        self.input_signature = None if input_signature is None else list(input_signature)
        self._traces: dict = {}
        self._bound: dict = {}  # id(instance) -> its bound Function (see __get__)
        functools.update_wrapper(self, python_function)

    @property
    def python_function(self):
        return self._python_function

    def __get__(self, instance, owner=None):
        # One Function per instance, as TF's: it holds the instance weakly and is forgotten
        # with it, so the instance (and its traces and compiled code) is never kept alive here.
        if instance is None:
            return self
        key = id(instance)
        bound = self._bound.get(key)
        if bound is not None and bound._python_function.instance is instance:
            return bound
        method = WeakMethod(self._python_function, instance)
        bound = Function(method, self.input_signature, autograph=self._autograph)
        self._bound[key] = bound
        if method.weak:
            weakref.finalize(instance, self._bound.pop, key, None)
        return bound

    def _bind(self, args, kwargs):
        if self.input_signature is None:
            return args, kwargs
        if kwargs or len(args) != len(self.input_signature):
            raise TypeError(
                f"Binding inputs to tf.function failed: the function takes {len(self.input_signature)} "
                f"positional tensor arguments matching input_signature, got {len(args)} positional "
                f"and {len(kwargs)} keyword arguments."
            )
        out = []
        for i, (a, spec) in enumerate(zip(args, self.input_signature, strict=True)):
            t = a._as_tensor() if isinstance(a, TensorLike) else convert_to_tensor(a, dtype=spec.dtype)
            if not spec.is_compatible_with(t):
                raise TypeError(
                    f"Binding inputs to tf.function failed: argument {i} is {t!r}, which does not match "
                    f"{spec!r}. Pass a tensor of that dtype and shape, or change input_signature."
                )
            out.append(t)
        return tuple(out), {}

    @x64.enabled
    def __call__(self, *args, **kwargs):
        args, kwargs = self._bind(args, kwargs)
        if functions_run_eagerly():  # tf.config.run_functions_eagerly(True): no tracing
            return self._python_function(*args, **kwargs)
        trace, leaves = self._trace_for(args, kwargs)
        return trace(leaves)

    @x64.enabled
    def get_concrete_function(self, *args, **kwargs) -> Trace:
        """The trace for these arguments, traced now if it is new; nothing runs. A TensorSpec
        stands for a tensor argument of its shape and dtype (no None dimensions: JAX traces
        concrete shapes). Its ``structured_outputs`` are TensorSpecs (TF's are symbolic tensors)."""
        specs = [a for a in jax.tree_util.tree_leaves((args, kwargs)) if isinstance(a, TensorSpec)]
        if any(s.shape is None or None in s.shape for s in specs):
            raise ValueError("get_concrete_function needs TensorSpecs with every dimension known; "
                             "JAX traces concrete shapes.")
        args, kwargs = jax.tree_util.tree_map(
            lambda a: Tensor(jax.ShapeDtypeStruct(a.shape, a.dtype._np)) if isinstance(a, TensorSpec) else a,
            (args, kwargs), is_leaf=lambda a: isinstance(a, TensorSpec))
        return self._trace_for(*self._bind(args, kwargs))[0]

    def _trace_for(self, args, kwargs):
        if args or kwargs:
            leaves, tree = jax.tree_util.tree_flatten((args, kwargs), is_leaf=_is_leaf)
        else:
            leaves, tree = [], _NO_ARGS
        dynamic = [_is_array(x) and not isinstance(x, Variable) for x in leaves]
        key = (tree, tuple(_signature(x, d) for x, d in zip(leaves, dynamic, strict=True)))
        trace = self._traces.get(key)
        if trace is None:
            tensors = [convert_to_tensor(x) if d else x for x, d in zip(leaves, dynamic, strict=True)]
            fn = convert(self._python_function) if self._autograph else self._python_function
            trace = Trace(fn, tree, tensors, dynamic, not self._traces)
            self._traces[key] = trace
        return trace, leaves

    def experimental_get_tracing_count(self) -> int:
        """How many times the Python function was traced for compilation (TF's counter)."""
        return sum(t.traces for t in self._traces.values())


_NO_ARGS = jax.tree_util.tree_structure(((), {}))


def _signature(x, dynamic: bool):
    if dynamic:
        if isinstance(x, TensorLike):
            return ("tensor", *x._shape_dtype)
        return ("tensor", tuple(x.shape), _dtypes.as_dtype(x.dtype)._np)
    if isinstance(x, Variable):
        return ("variable", id(x))
    try:
        hash(x)
        return ("static", type(x).__name__, x)
    except TypeError:
        return ("object", id(x))


def function(
    func=None,
    input_signature=None,
    autograph=True,
    jit_compile=None,
    reduce_retracing=False,
    experimental_relax_shapes=None,
    name=None,
    **unused_tf_kwargs,
):
    """Compiles a Python function with ``jax.jit`` (``tf.function``).

    Tensor arguments are traced; Python arguments are static (each new value retraces).
    Variables read inside become explicit inputs; assignments inside are visible after the
    call. Tapes, ``gradient``/``jacobian`` and ``custom_gradient`` work inside; calling it under
    an outer tape is differentiable.

    >>> import tapejax as tf
    >>> @tf.function
    ... def f(x):
    ...   return x * x
    >>> print(f(tf.constant(3.0)))
    tf.Tensor(9.0, shape=(), dtype=float32)
    """

    def decorate(f):
        return Function(f, input_signature=input_signature, autograph=autograph)

    return decorate if func is None else decorate(func)
