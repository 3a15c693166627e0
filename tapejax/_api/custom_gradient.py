"""custom_gradient and recompute_grad: a user function as ONE recorded node.

The user's function runs once eagerly (tapes paused) to give TF's eager values and to find
the Variables it reads. The recorded node's jax function is a ``jax.custom_vjp`` whose
forward and backward re-run the user's code on tracers (``_purify``), so the node replays,
nests and compiles like any other. custom_vjp is reverse-only: the node says so, and
jacobian never uses forward mode through it.
"""

from __future__ import annotations

import functools
import inspect

import jax
import jax.numpy as jnp
import numpy as np

from .._core.caches import identity_key
from .._core.recording.convert import convert_to_tensor
from .._core.recording.purify import (
    WeakMethod,
    collect_reads,
    no_recording,
    undo_assignments_on_error,
    variables_as,
)
from .._core.recording.record import Op, record
from .._core.values import x64
from .._core.values.access import as_tensor, is_symbolic_tensor, np_dtype, np_shape, value_of
from .._core.values.nest import flatten, pack, skeleton
from .._core.values.tensor import Tensor, TensorLike


def _grad_fn_takes_variables(grad_fn) -> bool:
    try:
        params = inspect.signature(grad_fn).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.name == "variables" or p.kind is p.VAR_KEYWORD for p in params)


class _Call:
    """The pure forms of a custom_gradient function for one call structure.

    It holds what every call with this structure shares (the function, keyword arguments, the
    argument structure, the Variables read) and no tensor: compiled derivatives keep it
    alive, so it must not keep a call's inputs alive.
    """

    def __init__(self, f, kwargs, arg_tree, n_args: int, variables: list):
        self.f, self.kwargs, self.arg_tree = f, kwargs, arg_tree
        self.n_args, self.variables = n_args, variables

    def run(self, arg_values, var_values):
        """The user's function on the given values: ``(flat outputs, out tree, grad_fn)``."""
        args = pack(self.arg_tree, [Tensor(v) for v in arg_values])
        with no_recording(), variables_as(self.variables, var_values):
            result, grad_fn = self.f(*args, **self.kwargs)
        flat, tree = flatten(result)
        return [value_of(convert_to_tensor(r)) for r in flat], tree, grad_fn

    def gradients(self, arg_values, var_values, cotangents) -> list:
        """What grad_fn returns for the inputs, then the Variables (None where it says None)."""
        _, _, grad_fn = self.run(arg_values, var_values)
        dys = [Tensor(c) for c in cotangents]
        with no_recording(), variables_as(self.variables, var_values):
            if self.variables:
                input_grads, var_grads = grad_fn(*dys, variables=list(self.variables))
                var_grads = flatten(var_grads)[0]
                if len(var_grads) != len(var_values):
                    raise ValueError(
                        "Must return gradient for each variable from @custom_gradient grad_fn. "
                        f"grad_fn returned {len(var_grads)} variable gradients for the "
                        f"{len(var_values)} variables the function reads, in the order of "
                        "`variables`."
                    )
            else:
                input_grads, var_grads = grad_fn(*dys), []
        input_grads = flatten(input_grads)[0]
        if len(input_grads) != len(arg_values):
            raise ValueError(
                f"custom_gradient function expected to return {len(arg_values)} gradients, but "
                f"returned {len(input_grads)} instead. grad_fn must return one gradient (or None) "
                "per input of the decorated function, in order."
            )
        return input_grads + var_grads

    def backward(self, arg_values, var_values, cotangents):
        grads = self.gradients(arg_values, var_values, cotangents)
        return tuple(_cotangent(g, x) for g, x in zip(grads, (*arg_values, *var_values), strict=True))

    def links(self, node) -> tuple:
        """Every output depends on every input whose gradient grad_fn does not make None
        (found by tracing grad_fn abstractly, once per node)."""
        n, none_grads = self.n_args, []

        def grads(inputs, cotangents):
            none_grads[:] = [g is None for g in self.gradients(inputs[:n], inputs[n:], cotangents)]
            return 0

        avals = [jax.ShapeDtypeStruct(np_shape(t), np_dtype(t)) for t in node.inputs]
        outs = [jax.ShapeDtypeStruct(np_shape(t), np_dtype(t)) for t in node.outputs]
        jax.eval_shape(grads, avals, outs)
        linked = frozenset(
            i for i, t in enumerate(node.inputs) if not none_grads[i] and t.dtype.is_differentiable
        )
        return tuple(linked for _ in node.outputs)


def _cotangent(grad, primal):
    if not jnp.issubdtype(primal.dtype, jnp.inexact):
        return np.zeros(primal.shape, jax.dtypes.float0)
    if grad is None:
        return jnp.zeros_like(primal)  # typed like primal (its sharding, under Explicit axes)
    g = value_of(convert_to_tensor(grad))
    if jnp.shape(g) != primal.shape:
        try:
            g = jnp.broadcast_to(g, primal.shape)
        except ValueError:
            raise ValueError(
                f"@tf.custom_gradient grad_fn returned a gradient of shape {jnp.shape(g)} for an "
                f"input of shape {primal.shape}; return one gradient of each input's shape."
            ) from None
    return g.astype(primal.dtype)


def _custom_vjp_fn(call: _Call, n_args: int):
    @jax.custom_vjp
    def fn(*values):
        return tuple(call.run(values[:n_args], values[n_args:])[0])

    def fwd(*values):
        return fn(*values), values

    def bwd(values, cotangents):
        return call.backward(values[:n_args], values[n_args:], cotangents)

    fn.defvjp(fwd, bwd)
    return fn


def custom_gradient(f=None):
    """Decorator to define a function with a custom gradient (``tf.custom_gradient``).

    ``f(*x)`` returns ``(y, grad_fn)``; ``grad_fn(*dy)`` returns the gradients of the inputs.
    If ``f`` reads Variables, ``grad_fn`` must accept ``variables=`` and return
    ``(input_grads, variable_grads)``. Works on methods too.

    >>> import tapejax as tf
    >>> @tf.custom_gradient
    ... def clip_gradients(y):
    ...   def backward(dy):
    ...     return tf.clip_by_norm(dy, 0.5)
    ...   return y, backward
    >>> v = tf.Variable(2.0)
    >>> with tf.GradientTape() as t:
    ...   output = clip_gradients(v * v)
    >>> print(t.gradient(output, v))
    tf.Tensor(2.0, shape=(), dtype=float32)
    """
    if f is None:
        return custom_gradient
    return _Decorated(f, _call_custom_gradient)


def _check_grad_fn(variables: list, grad_fn) -> None:
    """TF's check, after the forward: grad_fn must take ``variables`` if ``f`` reads any."""
    if variables and not _grad_fn_takes_variables(grad_fn):
        raise TypeError(
            "@tf.custom_gradient grad_fn must accept keyword argument 'variables', since function "
            f"uses variables: {variables}. Define it as `def grad_fn(*dy, variables=None)` "
            "returning (input_gradients, variable_gradients)."
        )


def _record_call(kind: str, f, args, kwargs, forward, make_fn, **op_flags):
    """custom_gradient and recompute_grad: ``f`` on ``args`` as ONE recorded op.

    ``f`` runs eagerly once (tapes paused) through ``forward(f, args) -> (result, variables)``,
    which gives TF's eager values, Python side effects, and the trainable Variables read. The
    op's function is ``make_fn(arg_tree, n_args, variables)``, a pure JAX function of the
    arguments and those Variables' values; its inputs are the arguments and fresh reads of the
    Variables, so tapes see them (TF's variables= gradients).
    """
    flat, arg_tree = flatten(args)
    arg_tensors = [convert_to_tensor(a) for a in flat]  # recorded reads of Variables
    with undo_assignments_on_error():
        result, variables = forward(pack(arg_tree, arg_tensors))
        flat_out, out_tree = flatten(result)
        out_values = tuple(value_of(convert_to_tensor(r)) for r in flat_out)
    fn, links = make_fn(skeleton(arg_tree), len(arg_tensors), variables)
    op = Op(
        kind,
        fn,
        multiple_results=True,
        input_errors=False,
        links=links,
        key=_structure_key(kind, f, args, kwargs, variables),
        **op_flags,
    )
    inputs = [*arg_tensors, *(as_tensor(v) for v in variables)]
    # The outputs are known already: record them (eagerly), or trace the op (under a function
    # or a JAX transformation, where they are symbolic and must come from the op itself).
    outs = record(
        op,
        inputs,
        known=None if _symbolic(inputs) else out_values,
        keep=f.instance if isinstance(f, WeakMethod) else None,
    )
    return pack(out_tree, list(outs))


def _call_custom_gradient(f, args, kwargs):
    def forward(packed_args):
        with collect_reads() as read, no_recording():
            result, grad_fn = f(*packed_args, **kwargs)
        variables = [v for v in read if v.trainable]
        _check_grad_fn(variables, grad_fn)
        return result, variables

    def make_fn(arg_tree, n_args, variables):
        call = _Call(f, kwargs, arg_tree, n_args, variables)
        return _custom_vjp_fn(call, n_args), call.links

    return _record_call("IdentityN", f, args, kwargs, forward, make_fn, reverse_only=True)


def _structure_key(kind: str, f, args, kwargs, variables):
    """The key under which compiled derivatives through this call may be reused: the same
    function object, argument structure, keyword values and Variables (by identity). None
    (never reused) when a keyword value is unhashable."""
    try:
        kw = tuple(sorted(kwargs.items()))
        hash(kw)
    except TypeError:
        return None
    return (
        kind,
        f if isinstance(f, WeakMethod) else identity_key(f),
        _signature(args),
        kw,
        tuple(identity_key(v) for v in variables),
    )


def _signature(x):
    if x is None or isinstance(x, TensorLike):
        return "tensor"
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, tuple(_signature(v) for v in x))
    if isinstance(x, dict):
        return ("dict", tuple((k, _signature(v)) for k, v in x.items()))
    return identity_key(x)


def _symbolic(tensors) -> bool:
    return any(is_symbolic_tensor(t) for t in tensors)


class _Decorated:
    """A decorated function that also binds as a method (``self`` is not an input)."""

    def __init__(self, f, impl, instance=None):
        # A bound one holds its instance, as a bound method does; the function it records
        # refers to it weakly (WeakMethod), so that caches never keep it alive.
        self._f, self._impl, self._instance = f, impl, instance
        functools.update_wrapper(self, f)

    @x64.enabled
    def __call__(self, *args, **kwargs):
        return self._impl(self._f, args, kwargs)

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return _Decorated(WeakMethod(self._f, instance), self._impl, instance)


def recompute_grad(f):
    """Wraps ``f`` so its activations are recomputed in the backward pass (``jax.checkpoint``).

    Saves memory for large blocks: the forward values inside ``f`` are not kept for the
    gradient but computed again when it is needed. Gradients are unchanged, including those
    of the Variables ``f`` reads.

    >>> import tapejax as tf
    >>> y = tf.Variable(2.0)
    >>> block = tf.recompute_grad(lambda x: x * y)
    >>> with tf.GradientTape() as tape:
    ...   r = tf.constant(1.0)
    ...   for i in range(4):
    ...     r = block(r)
    >>> print(tape.gradient(r, [y]))
    [<tf.Tensor: shape=(), dtype=float32, numpy=32.0>]
    """
    return _Decorated(f, _call_recompute)


def _call_recompute(f, args, kwargs):
    def forward(packed_args):
        with collect_reads() as read, no_recording():
            result = f(*packed_args, **kwargs)
        return result, [v for v in read if v.trainable]

    def make_fn(arg_tree, n_args, variables):
        def pure(*values):
            with no_recording(), variables_as(variables, values[n_args:]):
                out = f(*pack(arg_tree, [Tensor(v) for v in values[:n_args]]), **kwargs)
            return tuple(value_of(convert_to_tensor(o)) for o in flatten(out)[0])

        return jax.checkpoint(pure), None

    return _record_call("RecomputeGrad", f, args, kwargs, forward, make_fn)
