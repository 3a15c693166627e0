"""ConcreteFunction: one trace of a ``tf.function``, as TF shows and calls it.

``Function.get_concrete_function`` returns one; so do the entries of a Function's cache. It
tells the traced signature (``structured_input_signature``, ``structured_outputs``,
``inputs``/``outputs``, ``pretty_printed_signature``) and calls the traced program with TF's
argument checks.
"""

from __future__ import annotations

import itertools

import jax

from .._core.convert import convert_to_tensor
from .._core.errors import InvalidArgumentError
from .._core.tensor import TensorLike
from .binding import bind_error
from .tensor_spec import TensorSpec
from .trace import SymbolicTensor, is_leaf

_numbers = itertools.count(1)


def type_text(value, names: bool = False) -> str:
    """A value's type as TF's pretty-printed signatures show it (``names``: a TensorSpec's
    name too, as TF shows an input_signature's specs)."""
    if isinstance(value, (TensorSpec, TensorLike)):
        name = value.name if names and isinstance(value, TensorSpec) else None
        return repr(TensorSpec(_shown(value.shape), value.dtype, name))
    if isinstance(value, dict):
        return "Dict[" + ", ".join(f"[{k!r}, {type_text(v, names)}]" for k, v in value.items()) + "]"
    if isinstance(value, (tuple, list)):
        kind = "Tuple" if isinstance(value, tuple) else "List"
        return f"{kind}[" + ", ".join(type_text(v, names) for v in value) + "]"
    if value is None:
        return "None"
    return f"Literal[{value!r}]"


def _shown(shape):
    return [d if isinstance(d, int) else None for d in shape]


class ConcreteFunction:
    """One traced signature of a ``tf.function`` (TF's ``ConcreteFunction``).

    >>> import tapejax as tf
    >>> @tf.function
    ... def double(a):
    ...   return a + a
    >>> cf = double.get_concrete_function(tf.TensorSpec([None], tf.float32))
    >>> cf.structured_input_signature
    ((TensorSpec(shape=(None,), dtype=tf.float32, name='a'),), {})
    >>> cf(tf.constant([1.0, 2.0]))
    <tf.Tensor: shape=(2,), dtype=float32, numpy=array([2., 4.], dtype=float32)>
    """

    # The axes at which the trace joined its None dimensions (see Function._trace_polymorphic).
    joined: tuple = ()

    def __init__(self, trace, function, signature):
        self._trace, self._function = trace, function
        base = getattr(function._python_function, "__name__", "function")
        self.name = f"__inference_{base}_{next(_numbers)}"
        names = _leaf_names(function, trace.tree)
        if function._flat_signature is not None:  # TF keeps the names the signature's specs give
            given = iter(function._flat_signature)
            names = [
                (next(given).name or n) if kind == "tensor" else n
                for (kind, _, _), n in zip(signature, names, strict=True)
            ]
        leaves = [
            TensorSpec(shape, dt, name) if kind == "tensor" else value
            for (kind, shape, dt), name, value in zip(signature, names, _statics(trace), strict=True)
        ]
        self.structured_input_signature = jax.tree_util.tree_unflatten(trace.tree, leaves)
        self.inputs = [
            SymbolicTensor(s, n)
            for s, n in zip(
                trace.specs, (n for n, d in zip(trace.names, trace.dynamic, strict=True) if d), strict=True
            )
        ]
        out_names = [f"Identity_{i}" if i else "Identity" for i in range(len(trace.out_avals))]
        self.outputs = [
            SymbolicTensor(jax.ShapeDtypeStruct(a.shape, a.dtype), n)
            for a, n in zip(trace.out_avals, out_names, strict=True)
        ]
        it = iter(self.outputs)
        flat = [next(it) if t else o for t, o in zip(trace.out_is_tensor, trace.out_static, strict=True)]
        self.structured_outputs = jax.tree_util.tree_unflatten(trace.out_tree, flat)

    @property
    def variables(self) -> list:
        """The Variables the traced program reads or assigns (TF: its captured Variables)."""
        return list(self._trace.variables)

    @property
    def trainable_variables(self) -> list:
        return [v for v in self._trace.variables if v.trainable]

    def __call__(self, *args, **kwargs):
        sig = self._function._signature
        try:
            bound = sig.bind(*args, **kwargs) if sig is not None else None
        except TypeError as error:
            if self._flat_call_fits(args, kwargs):  # TF's fallback: the tensor inputs, in order
                return self._call_tensors(self._as_tensors(args, self._tensor_specs()))
            names = list(sig.parameters)
            n, got = len(names), len(args)
            missing = ", ".join(p for p in names[got:] if p not in kwargs)
            head = f"{self._function.__name__}({', '.join(names)})"
            why = (
                f"{head} takes {n} positional arguments, got {got}"
                if got > n
                else f"{head} missing required arguments: {missing}"
            )
            base = bind_error(str(error), args, kwargs, self._text())
            raise TypeError(f"{base}\nFallback to flat signature also failed due to: {why}.") from None
        if bound is not None:
            bound.apply_defaults()
            args, kwargs = bound.args, bound.kwargs
        structure = jax.tree_util.tree_structure(self.structured_input_signature, is_leaf=is_leaf)
        leaves = structure.flatten_up_to((tuple(args), kwargs))  # a list argument stays one tensor
        specs = structure.flatten_up_to(self.structured_input_signature)
        pairs = [(a, s) for a, s in zip(leaves, specs, strict=False) if isinstance(s, TensorSpec)]
        return self._call_tensors(self._as_tensors([a for a, _ in pairs], [s for _, s in pairs]))

    def _tensor_specs(self) -> list:
        leaves = jax.tree_util.tree_leaves(self.structured_input_signature, is_leaf=is_leaf)
        return [s for s in leaves if isinstance(s, TensorSpec)]

    def _flat_call_fits(self, args, kwargs) -> bool:
        """Whether ``args`` are the traced function's tensor inputs alone, in order (TF then calls
        the flat signature: the arguments a trace fixed, such as Python objects, left out)."""
        return (
            not kwargs
            and len(args) == len(self._tensor_specs())
            and all(isinstance(a, TensorLike) for a in args)
        )

    def _call_tensors(self, tensors):
        it = iter(tensors)
        return self._trace([next(it) if d else None for d in self._trace.dynamic])

    def _as_tensors(self, leaves, specs) -> list:
        tensors = []
        for i, (leaf, spec) in enumerate(zip(leaves, specs, strict=True)):
            t = leaf._as_tensor() if isinstance(leaf, TensorLike) else convert_to_tensor(leaf, spec.dtype)
            if t.dtype != spec.dtype:
                raise InvalidArgumentError(
                    f"cannot compute {self.name} as input #{i}(zero-based) was expected to be a "
                    f"{spec.dtype.kernel_name} tensor but is a {t.dtype.kernel_name} tensor [Op:{self.name}]"
                )
            if not spec.is_compatible_with(t):
                raise InvalidArgumentError(
                    f"{self.name} was traced for shape {spec.shape} and called with shape {t.shape}; a "
                    "tapejax ConcreteFunction runs only shapes its trace takes (JAX compiles concrete "
                    "shapes). Call the tf.function itself, or trace it for TensorSpecs with None dimensions."
                )
            tensors.append(t)
        return tensors

    def _text(self) -> str:
        args, kwargs = self.structured_input_signature
        names = _parameter_names(self._function, len(args))
        params = [f"{n}: {type_text(a)}" for n, a in zip(names, args, strict=True)]
        params += [f"{k}: {type_text(v)}" for k, v in kwargs.items()]
        return f"({', '.join(params)}) -> {type_text(self.structured_outputs)}"

    def pretty_printed_signature(self, verbose=True) -> str:
        """The signature as TF prints it: Input Parameters, Output Type, Captures."""
        args, kwargs = self.structured_input_signature
        given = self._function.input_signature is not None  # TF prints the signature's specs as given
        if given:
            args = tuple(self._function.input_signature)
        names = _parameter_names(self._function, len(args))
        lines = ["Input Parameters:"]
        lines += [
            f"  {n} (POSITIONAL_OR_KEYWORD): {type_text(a, given)}" for n, a in zip(names, args, strict=True)
        ]
        lines += [f"  {k} (KEYWORD_ONLY): {type_text(v)}" for k, v in kwargs.items()]
        lines += ["Output Type:", f"  {type_text(self.structured_outputs)}", "Captures:"]
        captured = self._trace.variables
        resource = "TensorSpec(shape=(), dtype=tf.resource, name=None)"
        lines += [f"  {id(v)}: {resource}" for v in captured] or ["  None"]
        return "\n".join(lines)

    def __str__(self) -> str:
        return f"ConcreteFunction {self.pretty_printed_signature()}"

    def __repr__(self) -> str:
        return f"<ConcreteFunction {self._text()} at 0x{id(self):X}>"


def _parameter_names(function, n: int) -> list:
    names = list(function._signature.parameters) if function._signature is not None else []
    return (names + [f"arg{i}" for i in range(len(names), n)])[:n]


def _statics(trace) -> list:
    return [None if d else s for d, s in zip(trace.dynamic, trace.statics, strict=True)]


def _leaf_names(function, tree) -> list:
    """Each leaf's name as TF gives it in a signature: its parameter's, then its path (``d_x``)."""
    n = tree.num_leaves
    args, kwargs = jax.tree_util.tree_unflatten(tree, list(range(n)))
    names: list = [None] * n
    params = _parameter_names(function, len(args))
    for path, leaf in jax.tree_util.tree_flatten_with_path((args, kwargs))[0]:
        first = params[path[1].idx] if path[0].idx == 0 else path[1].key
        rest = "".join(f"_{getattr(k, 'key', getattr(k, 'idx', getattr(k, 'name', '')))}" for k in path[2:])
        names[leaf] = f"{first}{rest}"
    return names
