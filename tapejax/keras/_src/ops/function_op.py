"""A ``keras.ops`` function as a Keras operation: one decorator, not a class per function.

Keras 3 writes each op twice: a function (``keras.ops.sum(x, axis=None, keepdims=False)``) that
computes on tensors, and an ``Operation`` class (``Sum(axis, keepdims)``) the function records
instead when it is given KerasTensors, whose constructor arguments are its saved config and whose
``call`` arguments are the tensors. Here the function is written once, on tapejax tensors, and
``@operation("Sum", config="axis keepdims")`` makes both: the public function, and the
operation class ``Sum`` (registered by name, so ``load_model`` finds it), whose ``call`` is the
same function and whose output shapes come from running it abstractly (``jax.eval_shape``).
"""

from __future__ import annotations

import functools
import inspect

import jax
import jax.numpy as jnp
import numpy as np

from ..backend.core import TensorLike, convert_to_tensor
from ..backend.keras_tensor import OPERATIONS, has_keras_tensor
from ..backend.ops import cast
from ..backend.recording import Op, record
from .operation import Operation, result_type

__all__ = [
    "FunctionOperation",
    "apply",
    "as_dtype",
    "convert",
    "float_type",
    "jax_op",
    "operation",
    "result_type",
]

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


class FunctionOperation(Operation):
    """An operation computing ``compute(*tensors, **options)``; ``options`` are its config."""

    module = "keras.src.ops.numpy"
    compute = None  # the function, set per class (a staticmethod)
    spec = None  # ``spec(*tensors, **options)`` -> output KerasTensors, or None to infer them
    config_names: tuple = ()
    defaults: dict = {}

    def __init__(self, *args, name: str | None = None, **options):
        super().__init__(name=name)
        given = dict(zip(self.config_names, args, strict=False))
        unknown = set(options) - set(self.config_names)
        if unknown or len(args) > len(self.config_names):
            raise TypeError(f"{type(self).__name__}() got unexpected arguments: {sorted(unknown) or args}")
        merged = {**self.defaults, **given, **options}
        self.options = {n: merged[n] for n in self.config_names if n in merged}  # Keras' order

    def get_config(self) -> dict:
        return {"name": self.name, **self.options}

    def call(self, *args, **kwargs):
        return _invoke(self.compute, self.call_names, args, kwargs, self.options)

    def compute_output_spec(self, *args, **kwargs):
        """The output KerasTensors, for an operation whose output shapes depend on values
        (``spec``); None: they are inferred by running ``compute`` abstractly."""
        if self.spec is None:
            return None
        return _invoke(self.spec, self.call_names, args, kwargs, self.options)


def _invoke(fn, call_names: tuple, args, kwargs, options):
    """``fn`` with its call arguments (``args``, in the order of ``call_names``; ``*name`` takes
    the rest) and ``options``: by keyword, or positionally up to a ``*args`` parameter."""
    named, rest = dict(kwargs), ()
    for i, name in enumerate(call_names):
        if name.startswith("*"):
            rest = tuple(args[i:])
            break
        if i < len(args):
            named[name] = args[i]
    named.update(options)
    params = list(inspect.signature(fn).parameters.values())
    if not any(p.kind == inspect.Parameter.VAR_POSITIONAL for p in params):
        return fn(**named)
    positional = []
    for param in params:
        if param.kind == inspect.Parameter.VAR_POSITIONAL:
            return fn(*positional, *rest, **named)
        positional.append(named.pop(param.name, param.default))
    raise AssertionError("unreachable")


def operation(class_name: str, config: str = "", *, keywords: str = "", module: str | None = None, spec=None):
    """Decorator: ``fn`` (Keras' public signature, computing on tensors) becomes the public
    function, recording the operation ``class_name`` when an argument is a KerasTensor.

    Args:
      class_name: Keras' class name (saved in ``.keras`` files, and the operation's name prefix).
      config: the parameters that are the class's constructor arguments (its config), by name;
        the others are its call arguments, passed positionally, except those in ``keywords``.
      keywords: call arguments Keras passes by keyword (``average(x, weights=...)``).
      module: the Keras module the class is saved under (``keras.src.ops.numpy`` by default).
      spec: for functions whose output shapes depend on values (``nonzero``): ``spec`` with
        the function's signature, given KerasTensors, returns the output KerasTensors (or None
        to infer them).
    """

    def wrap(fn):
        signature = inspect.signature(fn)
        config_names = tuple(config.split())
        call_names = tuple(
            ("*" if p.kind == inspect.Parameter.VAR_POSITIONAL else "") + p.name
            for p in signature.parameters.values()
            if p.name not in config_names and p.kind != inspect.Parameter.VAR_KEYWORD
        )
        extra = next(
            (p.name for p in signature.parameters.values() if p.kind == inspect.Parameter.VAR_KEYWORD), None
        )
        defaults = {
            n: signature.parameters[n].default
            for n in config_names
            if signature.parameters[n].default is not inspect.Parameter.empty
        }
        attributes = {
            "compute": staticmethod(fn),
            "config_names": config_names,
            "call_names": call_names,
            "defaults": defaults,
            "spec": None if spec is None else staticmethod(spec),
            "__module__": __name__,
            "__doc__": f"Keras' ``{class_name}`` operation: ``keras.ops.{fn.__name__}`` on KerasTensors.",
        }
        if module:
            attributes["module"] = module
        cls = type(class_name, (FunctionOperation,), attributes)
        OPERATIONS.setdefault(class_name, cls)
        keyword_names = set(keywords.split())

        @functools.wraps(fn)
        def public(*args, **kwargs):
            if not has_keras_tensor((args, kwargs)):
                return fn(*args, **kwargs)
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            options = {n: bound.arguments[n] for n in config_names}
            call_args, call_kwargs = [], {}
            for name in call_names:
                if name.startswith("*"):
                    call_args.extend(bound.arguments[name[1:]])
                elif name in keyword_names:
                    call_kwargs[name] = bound.arguments[name]
                else:
                    call_args.append(bound.arguments[name])
            if extra is not None:
                call_kwargs.update(bound.arguments[extra])
            return cls(**options)(*call_args, **call_kwargs)

        public.operation = cls
        return public

    return wrap


def apply(cls, args: tuple, options: dict | None = None):
    """``cls(**options)(*args)``: recorded on KerasTensors; on tensors computed, by an instance
    named outright (an automatic name would use up one a functional model's op could take)."""
    options = options or {}
    if has_keras_tensor(args):
        return cls(**options)(*args)
    return cls(**options, name=cls.__name__)(
        *[a if type(a) in (int, float, bool) else convert(a) for a in args]
    )


def convert(x, dtype=None):
    """Keras' ``convert_to_tensor``: a tensor as it is (a Variable read), other values as TF
    converts them (Python floats float32, ints int32, numpy arrays keep their dtype); then in
    ``dtype`` if given (a Python or numpy value converted to it directly, as Keras does)."""
    dtype = as_dtype(dtype)
    if dtype is not None and not isinstance(x, TensorLike):
        return convert_to_tensor(np.asarray(x).astype(jnp.dtype(dtype)))
    x = convert_to_tensor(x)
    return x if dtype is None or x.dtype.name == dtype else cast(x, dtype)


def as_dtype(dtype) -> str:
    """A dtype's Keras name (``"float32"``), from a name, a numpy or tapejax dtype or a type."""
    if dtype is None:
        return None
    if isinstance(dtype, str):
        return np.dtype(dtype).name if dtype != "bfloat16" else dtype
    name = getattr(dtype, "name", None)
    if isinstance(name, str):
        return name
    return {int: "int32", float: "float32", bool: "bool"}.get(dtype) or np.dtype(dtype).name


def float_type(x) -> str:
    """The float dtype Keras computes ``x``'s transcendental functions in: a float's own,
    ``float32`` (floatx) for integers and booleans."""
    name = x.dtype.name
    return name if x.dtype.is_floating or x.dtype.is_complex else "float32"


def jax_op(tf_name: str, fn, *, differentiable: bool = True, multiple_results: bool = False):
    """``fn(*arrays, **static)`` (a JAX function) as a tapejax op: ``run(*tensors, **static)``
    (options made hashable: lists become tuples) records it once per call, so tapes
    differentiate it with JAX's own rule. For functions with no TF op in tapejax's tables (a
    table op is used wherever one exists)."""
    op = Op(tf_name, fn, differentiable=differentiable, multiple_results=multiple_results)

    def run(*tensors, **static):
        return record(op, [convert(t) for t in tensors], {k: _hashable(v) for k, v in static.items()})

    run.op = op
    return run


def _hashable(value):
    """A static option as a compiled function's cache can key on it (lists become tuples)."""
    if isinstance(value, (list, tuple)):
        return tuple(_hashable(v) for v in value)
    return value


def tree_map(fn, tree):
    """``fn`` on each leaf of nested lists and tuples (a helper for several outputs)."""
    return jax.tree_util.tree_map(fn, tree, is_leaf=lambda t: isinstance(t, TensorLike))
