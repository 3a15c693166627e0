"""How ``tf.function`` binds a call's arguments to its Python signature and input_signature,
with TF's checks, classes and messages (``Binding inputs to tf.function failed due to ...``).

Arguments are bound as ``inspect.Signature.bind`` binds them (by position where a parameter
takes one, defaults filled in), so ``f(x, n=2)`` and ``f(x, 2)`` share a trace. With an
``input_signature`` each tensor argument must fit its TensorSpec; parameters past the
signature keep their defaults (TF's ``Literal`` parameters).
"""

from __future__ import annotations

import inspect

from .._core.convert import convert_to_tensor
from .._core.tensor import TensorLike
from .tensor_spec import TensorSpec


def bind_error(reason: str, args, kwargs, signature: str) -> TypeError:
    """TF's error for arguments that do not bind to a function's signature."""
    return TypeError(
        f"Binding inputs to tf.function failed due to `{reason}`. Received args: {args!r} "
        f"and kwargs: {kwargs!r} for signature: {signature}."
    )


def check_input_signature(input_signature) -> list:
    """``input_signature`` as a list, with TF's TypeErrors for what is not a nest of TensorSpecs."""
    if not isinstance(input_signature, (list, tuple)):
        raise TypeError(f"input_signature must be either a tuple or a list, got {type(input_signature)}.")
    bad = []

    def visit(spec):
        if isinstance(spec, dict):
            for s in spec.values():
                visit(s)
        elif isinstance(spec, (list, tuple)):
            for s in spec:
                visit(s)
        elif not isinstance(spec, TensorSpec):
            bad.append(spec)

    visit(input_signature)
    if bad:
        raise TypeError(
            "input_signature must be a possibly nested sequence of TensorSpec objects, got invalid "
            f"args {bad!r} with types {[type(b) for b in bad]!r}."
        )
    return list(input_signature)


def signature_text(signature: inspect.Signature | None, input_signature) -> str:
    """The signature as TF prints it in binding errors: ``(a, b=<captured_default_value>)``, or
    with an input_signature ``(x: TensorSpec(...), y: Literal[1.0] = <captured_default_value>)``."""
    params = list(signature.parameters.values()) if signature is not None else []
    if input_signature is None:
        return "(" + ", ".join(_parameter_text(p, params) for p in params) + ")"
    names = [p.name for p in params] + [f"arg{i}" for i in range(len(params), len(input_signature))]
    texts = [f"{n}: {s!r}" for n, s in zip(names, input_signature, strict=False)]
    texts += [
        f"{p.name}: Literal[{p.default!r}] = <captured_default_value>"
        for p in _literals(params, input_signature)
    ]
    return "(" + ", ".join(texts) + ")"


def _parameter_text(p: inspect.Parameter, params: list) -> str:
    star = "*" if p.kind is p.VAR_POSITIONAL else "**" if p.kind is p.VAR_KEYWORD else ""
    text = star + p.name + ("" if p.default is p.empty else "=<captured_default_value>")
    first_kw_only = next((q for q in params if q.kind is q.KEYWORD_ONLY), None)
    has_varargs = any(q.kind is q.VAR_POSITIONAL for q in params)
    return "*, " + text if p is first_kw_only and not has_varargs else text


def _literals(params: list, input_signature) -> list:
    """The parameters past the input_signature: each must have a default (TF: a Literal)."""
    return [p for p in params[len(input_signature) :] if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


class Binder:
    """Binds calls of one Python function (its signature and optional input_signature)."""

    def __init__(self, python_function, input_signature):
        try:
            self.signature = inspect.signature(python_function)
        except (TypeError, ValueError):
            self.signature = None
        self.input_signature = input_signature
        params = list(self.signature.parameters.values()) if self.signature is not None else []
        # All plain positional parameters: a call with one positional value each binds as it is.
        self._plain = all(p.kind is p.POSITIONAL_OR_KEYWORD for p in params)
        self._n_params = len(params)
        self.literals = [] if input_signature is None else _literals(params, input_signature)

    def text(self) -> str:
        return signature_text(self.signature, self.input_signature)

    def canonical(self, args, kwargs):
        """The arguments as TF binds them: by position where a parameter can take one, with
        defaults filled in."""
        sig = self.signature
        if sig is None or (not kwargs and self._plain and len(args) == self._n_params):
            return args, kwargs
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as error:
            raise bind_error(str(error), args, kwargs, self.text()) from None
        bound.apply_defaults()
        return bound.args, bound.kwargs

    def bind(self, args, kwargs):
        """``(args, kwargs)`` bound; with an input_signature, the tensors it asks for."""
        given_args, given_kwargs = args, kwargs
        args, kwargs = self.canonical(args, kwargs)
        if self.input_signature is None:
            return args, kwargs
        n = len(self.input_signature)
        if kwargs or len(args) > n + len(self.literals):
            raise bind_error("too many positional arguments", given_args, given_kwargs, self.text())
        for value, p in zip(args[n:], self.literals, strict=False):
            if not (value is p.default or _same_literal(value, p.default)):
                raise bind_error(
                    f"Can not cast {value!r} to Literal[{p.default!r}]", given_args, given_kwargs, self.text()
                )

        def bound(a, spec):
            """``a`` as ``spec`` (a TensorSpec, or a list/tuple/dict of them) takes it."""
            if isinstance(spec, dict):
                if not isinstance(a, dict) or set(a) != set(spec):
                    raise bind_error(
                        f"{a!r} does not match the structure of {spec!r}",
                        given_args,
                        given_kwargs,
                        self.text(),
                    )
                return {k: bound(a[k], s) for k, s in spec.items()}
            if isinstance(spec, (list, tuple)):
                if not isinstance(a, (list, tuple)) or len(a) != len(spec):
                    raise bind_error(
                        f"{a!r} does not match the structure of {spec!r}",
                        given_args,
                        given_kwargs,
                        self.text(),
                    )
                return type(spec)(bound(x, s) for x, s in zip(a, spec, strict=True))
            if isinstance(a, TensorSpec):
                t = a
            elif isinstance(a, TensorLike):
                t = a._as_tensor()
            else:
                try:
                    t = convert_to_tensor(a, dtype=spec.dtype)
                except (TypeError, ValueError) as error:
                    raise bind_error(str(error), given_args, given_kwargs, self.text()) from None
            if not spec.is_compatible_with(t):
                given = a if isinstance(a, TensorSpec) else TensorSpec(t.shape, t.dtype)
                raise bind_error(f"Can not cast {given!r} to {spec!r}", given_args, given_kwargs, self.text())
            return t

        tensors = tuple(bound(a, spec) for a, spec in zip(args[:n], self.input_signature, strict=False))
        return tensors + tuple(args[n:]), {}


def _same_literal(value, default) -> bool:
    try:
        return type(value) is type(default) and bool(value == default)
    except Exception:  # noqa: BLE001 - an object whose == is not a bool is not the default
        return False
