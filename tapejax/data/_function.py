"""A user function over elements (``map``'s, ``filter``'s), run as TF runs it.

TF traces the function once into a graph and runs the graph per element. tapejax does the
same with ``tapejax.function``: the Python body runs once per element signature (a Python
``print`` prints while tracing, ``tf.print`` on every element, random ops draw fresh numbers
per element) and each element is one compiled call. A function whose shapes depend on values
(``tf.fill([x], x)``), which TF's graphs allow and ``jax.jit`` cannot trace, runs eagerly
instead, element by element.

The output spec is found when ``map`` is called, as TF's is: the function is traced on
abstract elements (``jax.eval_shape``), twice where the input has unknown dimensions (sizes 2
and 3), and an output dimension that differs between the two is unknown (``None``).
"""

from __future__ import annotations

import jax
import numpy as np

from .._api.function import Function
from .._api.tensor_spec import TensorSpec
from .._core.values.dtype import as_dtype
from .._core.values.dtype import bool as tf_bool
from .._core.values.tensor import TensorLike
from ._structure import leaves, map_leaves, normalize, relaxed, spec_of, to_array, to_tensors

_TRACE_FAILURES = (
    TypeError,
    jax.errors.ConcretizationTypeError,
    jax.errors.TracerIntegerConversionError,
    jax.errors.TracerArrayConversionError,
)


def call(fn, element):
    """``fn`` applied to an element as TF's ``map`` applies it: a tuple's parts are its
    positional arguments, anything else (a dict, a tensor) is one argument."""
    return fn(*element) if type(element) is tuple else fn(element)


def _probe(spec, size: int, fill: int):
    """An element of ``spec`` (numpy) whose unknown dimensions are ``size``, filled with ``fill``."""

    def make(s):
        if hasattr(s, "dataset_of"):  # a window's Dataset component (DatasetSpec): an empty one
            return s.dataset_of([])
        shape = tuple(size if d is None else d for d in s.shape)
        return np.full(shape, fill).astype(s.dtype._np)

    return map_leaves(make, spec)


def is_bool_scalar(spec) -> bool:
    """Whether a function's output spec is one scalar bool (a predicate's, as TF requires)."""
    return not isinstance(spec, (tuple, dict)) and spec.dtype == tf_bool and spec.shape == ()


def _has_unknown_dims(spec) -> bool:
    return any(d is None for s in leaves(spec) for d in s.shape)


class ElementFunction:
    """``fn`` compiled per element signature (or eager where it cannot be traced), and the
    spec of what it returns."""

    def __init__(self, fn, input_spec):
        self.fn = fn
        self.compiled = Function(fn)
        self.eager = False
        if any(hasattr(s, "dataset_of") for s in leaves(input_spec)):  # windows: Datasets are not traced
            self.eager = True
            self.spec = spec_of(normalize(call(fn, to_tensors(_probe(input_spec, 2, 2)))))
            return
        probes = [(2, 2), (3, 3)] if _has_unknown_dims(input_spec) else [(2, 2)]
        try:
            specs = [self._abstract(_probe(input_spec, *p)) for p in probes]
        except _TRACE_FAILURES as error:
            self.eager = True
            try:
                specs = [spec_of(normalize(call(fn, to_tensors(_probe(input_spec, n, n))))) for n in (2, 3)]
            except Exception:
                raise error from None
        self.spec = specs[0] if len(specs) == 1 else relaxed(*specs)

    def _abstract(self, probe):
        """The spec of ``fn``'s result on elements shaped as ``probe``: traced, not run."""
        element = map_leaves(lambda a: TensorSpec(a.shape, as_dtype(a.dtype)), probe)
        trace = call(self.compiled.get_concrete_function, element)
        outputs = trace.structured_outputs
        if isinstance(outputs, list):  # a top-level list is a tuple, as TF's map makes it
            outputs = tuple(outputs)
        result = map_leaves(
            lambda o: TensorSpec(o.shape, o.dtype) if isinstance(o, TensorLike) else o, outputs
        )
        return map_leaves(lambda o: o if isinstance(o, TensorSpec) else spec_of(to_array(o)), result)

    def __call__(self, element):
        """The function's result for one element (numpy arrays)."""
        f = self.fn if self.eager else self.compiled
        return normalize(call(f, to_tensors(element)))
