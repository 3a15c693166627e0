"""function: TensorFlow's ``tf.function`` on ``jax.jit``.

A ``Function`` keeps one trace (``ConcreteFunction``) per input signature, as TF's: tensor
arguments are keyed by dtype and shape, Python values by value (a new value retraces). A
``None`` dimension (``input_signature``, or a shape relaxed by ``reduce_retracing`` after a
retrace) is traced once for every size (see ``polymorphic``). ``Trace`` runs the Python code.
"""

from __future__ import annotations

import functools
import weakref

import jax
import numpy as np

from .._core.recording.purify import WeakMethod
from .._core.recording.variable import Variable
from .._core.values import dtype as _dtypes
from .._core.values import x64
from .._core.values.access import is_symbolic_tensor, np_dtype, np_shape, shape_dtype, value_of
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor, TensorLike
from .autograph.conversion import convert
from .binding import Binder, check_input_signature
from .concrete_function import ConcreteFunction
from .config import functions_run_eagerly
from .graph.recording import mentions_gradients
from .polymorphic import is_shape_polymorphism_error, joined_axes, joined_mismatch, symbolic_shapes
from .tensor_spec import TensorSpec
from .trace import NON_FIRST_MESSAGE, SINGLETON_MESSAGE, Placeholder, Trace, is_leaf


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
        self.input_signature = None if input_signature is None else check_input_signature(input_signature)
        # Its TensorSpecs in the order of the arguments' flattened leaves (nested structures allowed).
        self._flat_signature = (
            None
            if input_signature is None
            else jax.tree_util.tree_leaves(self.input_signature, is_leaf=lambda s: isinstance(s, TensorSpec))
        )
        self._reduce_retracing = bool(reduce_retracing or experimental_relax_shapes)
        self._traces: dict = {}  # (tree, signature) -> ConcreteFunction
        self._created_variables = False  # by the first call's trace (TF's rule for later ones)
        self._relaxed = False  # whether some trace has None dimensions (then calls look for one)
        self._per_shape = False  # the code cannot be traced for None dimensions: trace each shape
        self._graph = False  # its traces record every op for tf.gradients (see graph/recording.py)
        # Small integer tensor arguments are traced by value (keys of the trace): the code used
        # one as a shape (``tf.reshape(x, s)``), which XLA needs known (see _by_value).
        self._by_value = False
        self._bound: dict = {}  # id(instance) -> its bound Function (see __get__)
        functools.update_wrapper(self, python_function)
        self._binder = Binder(python_function, self.input_signature)

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
        bound = Function(
            method, self.input_signature, autograph=self._autograph, reduce_retracing=self._reduce_retracing
        )
        self._bound[key] = bound
        if method.weak:
            weakref.finalize(instance, self._bound.pop, key, None)
        return bound

    @property
    def _signature(self):
        return self._binder.signature

    def _bind(self, args, kwargs):
        return self._binder.bind(args, kwargs)

    @x64.enabled
    def __call__(self, *args, **kwargs):
        args, kwargs = self._bind(args, kwargs)
        if functions_run_eagerly():  # tf.config.run_functions_eagerly(True): no tracing
            return self._python_function(*args, **kwargs)
        concrete, leaves = self._trace_for(args, kwargs)
        return concrete._trace(leaves)

    @x64.enabled
    def get_concrete_function(self, *args, **kwargs) -> ConcreteFunction:
        """The trace for these arguments, traced now if it is new; nothing runs. A TensorSpec
        stands for a tensor argument of its shape and dtype (``None`` dimensions included);
        with an ``input_signature`` and no arguments, the signature's trace."""
        if not args and not kwargs and self.input_signature is not None:
            args = tuple(self.input_signature)
        args, kwargs = self._bind(args, kwargs)
        leaves = jax.tree_util.tree_leaves((args, kwargs), is_leaf=is_leaf)
        if any(isinstance(x, TensorSpec) and x.shape is None for x in leaves):
            raise ValueError(
                "get_concrete_function needs the rank of every TensorSpec: tapejax traces a "
                "function once per rank of an unknown-rank TensorSpec(None) (an XLA program has a "
                "fixed rank), so there is no one concrete function for all ranks. Pass a TensorSpec "
                "with a shape (None dimensions allowed), or a tensor; calling the function itself "
                "takes any rank."
            )
        return self._trace_for(args, kwargs)[0]

    def _trace_for(self, args, kwargs):
        if not kwargs and not self._by_value and all(type(x) is Tensor for x in args):  # f(x, y): hot
            leaves, tree, dynamic = list(args), _positional_tree(len(args)), [True] * len(args)
            signature = [("tensor", *shape_dtype(x)) for x in args]  # _signature's, in short
        else:
            leaves, tree = jax.tree_util.tree_flatten((args, kwargs), is_leaf=is_leaf)
            dynamic = [
                isinstance(x, TensorSpec)
                or (_is_array(x) and not isinstance(x, Variable) and not (self._by_value and _shape_like(x)))
                for x in leaves
            ]
            signature = [_signature(x, d) for x, d in zip(leaves, dynamic, strict=True)]
        concrete_signature = signature
        if self.input_signature is not None and not self._per_shape:  # its None dimensions key the trace
            shapes = iter(s.shape for s in self._flat_signature)
            signature = [
                (k, next(shapes) or shape, dt) if k == "tensor" else (k, shape, dt)
                for k, shape, dt in signature
            ]
        key = (tree, tuple(signature))
        concrete = self._traces.get(key)
        if concrete is None and self._relaxed:
            concrete = self._most_specific(tree, signature)
        if concrete is None:
            if self._reduce_retracing and not self._per_shape:
                signature = self._relax(tree, signature)
            try:
                concrete, signature = self._trace_polymorphic(
                    tree, leaves, dynamic, signature, concrete_signature
                )
            except _VALUE_NEEDED:
                if self._by_value or not any(_shape_like(x) for x in leaves):
                    raise
                # The code needs an argument's value (a shape given as a tensor, which TF's graph
                # takes at run time and XLA must know when compiling): from now on small integer
                # tensors are keys of the trace, by value (its Python code ran once more).
                self._by_value = True
                return self._trace_for(args, kwargs)
            self._traces[(tree, tuple(signature))] = concrete
            self._relaxed |= any(k == "tensor" and None in shape for k, shape, _ in signature)
        if concrete.joined:
            _check_joined(concrete, concrete_signature)
        return concrete, leaves

    def _trace_polymorphic(self, tree, leaves, dynamic, signature, concrete_signature):
        """A trace for ``signature``'s None dimensions, each its own symbol; if the code's ops
        need two of them equal (``model(x) - y``: batch against batch), with the None
        dimensions at one axis joined (TF traces such a function once too); if the code needs
        concrete sizes (``tf.zeros(tf.shape(x))``), per shape from now on, as before."""
        try:
            return self._new_trace(tree, leaves, dynamic, signature), signature
        except Exception as error:
            if signature == concrete_signature or not is_shape_polymorphism_error(error):
                raise
        axes = joined_axes([shape for k, shape, _ in signature if k == "tensor"])
        if axes:
            try:
                return self._new_trace(tree, leaves, dynamic, signature, joined=axes), signature
            except Exception as error:
                if not is_shape_polymorphism_error(error):
                    raise
        # Its Python code ran once more for each failed attempt.
        self._per_shape, signature = True, concrete_signature
        concrete = self._traces.get((tree, tuple(signature))) or self._new_trace(
            tree, leaves, dynamic, signature
        )
        return concrete, signature

    def _new_trace(self, tree, leaves, dynamic, signature, joined=()) -> ConcreteFunction:
        shapes = symbolic_shapes([shape for k, shape, _ in signature if k == "tensor"], joined=bool(joined))
        it = iter(shapes)
        trace_leaves = []
        for leaf, d, (_, shape, dt) in zip(leaves, dynamic, signature, strict=True):
            if not d:
                trace_leaves.append(leaf)
                continue
            sym = next(it)
            if None in shape or isinstance(leaf, TensorSpec) or not isinstance(leaf, TensorLike):
                trace_leaves.append(Placeholder(jax.ShapeDtypeStruct(sym, dt)))
            else:  # a tensor of the traced shape: its placement too
                trace_leaves.append(leaf)
        fn = convert(self._python_function) if self._autograph else self._python_function
        graph = self._graph or mentions_gradients(self._python_function)
        trace = Trace(fn, tree, trace_leaves, dynamic, self._creation_refusal(), graph=graph)
        self._graph = trace.graph
        if not self._traces:
            self._created_variables = trace.created_variables
        concrete = ConcreteFunction(trace, self, signature)
        concrete.joined = tuple(joined)
        return concrete

    def _creation_refusal(self) -> str | None:
        """TF's rule: only the first call's traces may create Variables; a later one gets the
        singleton message if the first created some, else TF's "non-first call" message."""
        if not self._traces:
            return None
        return SINGLETON_MESSAGE if self._created_variables else NON_FIRST_MESSAGE

    def _most_specific(self, tree, signature):
        """The trace whose signature (None dimensions) takes this one with the fewest None."""
        best, unknown = None, None
        for (t, sig), concrete in self._traces.items():
            if t == tree and _accepts(sig, signature):
                n = sum(None in shape for k, shape, _ in sig if k == "tensor")
                if unknown is None or n < unknown:
                    best, unknown = concrete, n
        return best

    def _relax(self, tree, signature) -> list:
        """``reduce_retracing``: the signature with the dimensions that differ from the latest
        trace of the same structure, dtypes and ranks made None (TF's relaxed shape)."""
        for t, sig in reversed(list(self._traces)):
            if t == tree and _same_but_shapes(sig, signature):
                return [
                    (k, tuple(a if a == b else None for a, b in zip(s1, s2, strict=True)), dt)
                    if k == "tensor"
                    else (k, s2, dt)
                    for (k, s1, dt), (_, s2, _) in zip(sig, signature, strict=True)
                ]
        return signature

    def experimental_get_tracing_count(self) -> int:
        """How many times the Python function was traced for compilation (TF's counter)."""
        return sum(c._trace.traces for c in self._traces.values())

    def pretty_printed_concrete_signatures(self, verbose=True) -> str:
        """Every trace's signature, as TF prints them (``Input Parameters: ...``)."""
        return "\n\n".join(c.pretty_printed_signature(verbose) for c in self._traces.values())


@functools.lru_cache(maxsize=64)
def _positional_tree(n: int):
    """The argument structure of a call with ``n`` positional tensors and no keywords."""
    return jax.tree_util.tree_structure((tuple(range(n)), {}))


_NUMBERS = (int, float, complex, np.number, np.bool_)


def _is_array(x) -> bool:
    return isinstance(x, (TensorLike, jax.Array, np.ndarray))


# Tracing errors that say the code needs a traced value (a shape, a Python int).
_VALUE_NEEDED = (
    jax.errors.TracerArrayConversionError,
    jax.errors.ConcretizationTypeError,
    jax.errors.TracerIntegerConversionError,
)


def _shape_like(x) -> bool:
    """A concrete tensor that may be a shape or a size: integers, at most 1-D, at most 8 values."""
    return (
        isinstance(x, Tensor)
        and not is_symbolic_tensor(x)
        and np_dtype(x).kind in "iu"
        and len(np_shape(x)) <= 1
        and int(np.prod(np_shape(x))) <= 8
    )


def _signature(x, dynamic: bool) -> tuple:
    """A leaf's part of the trace key: (kind, shape, dtype) for tensors, the value otherwise."""
    if isinstance(x, TensorSpec):
        return ("tensor", x.shape, x.dtype._np)
    if not dynamic and isinstance(x, Tensor):  # traced by value (Function._by_value)
        return ("value", np_shape(x), (np_dtype(x), tuple(np.asarray(value_of(x)).reshape(-1).tolist())))
    if dynamic:
        if isinstance(x, TensorLike):
            return ("tensor", *shape_dtype(x))
        return ("tensor", tuple(x.shape), _dtypes.as_dtype(x.dtype)._np)
    if isinstance(x, Variable):
        return ("variable", id(x), None)
    try:
        hash(x)
        return ("static", type(x).__name__, x)
    except TypeError:
        return ("object", id(x), None)


def _check_joined(concrete, signature) -> None:
    """A trace whose None dimensions at an axis were joined takes calls whose sizes there agree
    (where TF's op would fail on them, e.g. ``x - y`` of batches 2 and 3)."""
    mismatch = joined_mismatch(concrete.joined, [shape for k, shape, _ in signature if k == "tensor"])
    if mismatch is not None:
        axis, sizes = mismatch
        raise InvalidArgumentError(
            f"Incompatible shapes: {concrete.name} was traced once for inputs whose dimension "
            f"{axis} its ops require equal, and was called with sizes {sizes} there. Pass inputs "
            "whose sizes agree."
        )


def _accepts(general, specific) -> bool:
    """Whether a trace for signature ``general`` (None dimensions) takes ``specific``."""
    if len(general) != len(specific):
        return False
    for (k1, s1, d1), (k2, s2, d2) in zip(general, specific, strict=True):
        if k1 != k2:
            return False
        if k1 != "tensor":
            if (s1, d1) != (s2, d2):
                return False
        elif d1 != d2 or len(s1) != len(s2):
            return False
        elif any(a is not None and a != b for a, b in zip(s1, s2, strict=True)):
            return False
    return True


def _same_but_shapes(a, b) -> bool:
    return len(a) == len(b) and all(
        k1 == k2 and (len(s1) == len(s2) and d1 == d2 if k1 == "tensor" else (s1, d1) == (s2, d2))
        for (k1, s1, d1), (k2, s2, d2) in zip(a, b, strict=True)
    )


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
        return Function(
            f,
            input_signature=input_signature,
            autograph=autograph,
            reduce_retracing=reduce_retracing,
            experimental_relax_shapes=experimental_relax_shapes,
            name=name,
        )

    return decorate if func is None else decorate(func)
