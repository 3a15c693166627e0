"""``tf.autodiff``: ForwardAccumulator (forward mode, Jacobian-vector products).

As in TF, forward mode runs *with* the computation: while an accumulator records, every op
that reads a tensor with a tangent computes its output tangents at once (``jax.jvp`` of the
op), and ``acc.jvp(t)`` only looks the tangent up. Each tangent computation is itself an op,
run through ``record`` while only the recorders entered *before* the accumulator record, so
an outer GradientTape (backward-over-forward) or an outer accumulator (forward-over-forward)
differentiates it, and inner ones ignore it, TF's strict nesting. A gradient computed inside
the accumulator's block is an op like any other, so its tangent is a Hessian-vector product
(forward-over-backward).
"""

from __future__ import annotations

import warnings
import weakref

import jax
import jax.numpy as jnp
import numpy as np

from .._core.engine.gradients import record_derivative
from .._core.recording import recorders
from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op
from .._core.recording.variable import Variable
from .._core.values import x64
from .._core.values.access import as_tensor, value_of
from .._core.values.dtype import is_differentiable
from .._core.values.nest import flatten, pack, same_structure
from .._core.values.tensor import Tensor, TensorLike
from .gradient_args import UnconnectedGradients, unconnected_mode
from .gradient_tape import GradientTape

__all__ = ["ForwardAccumulator", "GradientTape"]


class _TangentOp(Op):
    """The tangent computation of one recorded op (so that recorders can recognise it)."""


def _tangent_fn(node, given: list):
    """``f(*inputs, *given_tangents) -> output tangents``: the JVP of ``node``'s op.

    ``given[i]`` is the position of input i's tangent among the given ones, or None: its tangent
    is then zeros (made inside, as TF fills them, so the tangent still reads that input: TF's
    rule for when a forward-over-forward or backward-over-forward derivative is zeros, not None).
    """
    op, static, n = node.op, node.static, len(node.inputs)
    # An op with a reverse rule only may carry a function JAX differentiates forward (a
    # tensor-bounded loop, see autograph/recorded_loop.py).
    forward = getattr(op, "forward_fn", None)

    def primal_fn(*values):
        out = (forward or op.fn)(*values, **static)
        return tuple(out) if op.multiple_results else (out,)

    def fn(*values):
        primals, tans = values[:n], values[n:]
        tangents = tuple(
            _zero_tangent(p) if g is None else tans[g] for p, g in zip(primals, given, strict=True)
        )
        if op.reverse_only and forward is None:
            # No forward rule (a custom_gradient): the JVP is the transpose of the VJP.
            out, pullback = jax.vjp(primal_fn, *primals)
            _, transpose = jax.vjp(pullback, tuple(jnp.zeros_like(o) for o in out))
            (result,) = transpose(tangents)
            return tuple(result)
        return jax.jvp(primal_fn, primals, tangents)[1]

    return fn


def _zero_tangent(value):
    if jnp.issubdtype(value.dtype, jnp.inexact):
        return jnp.zeros_like(value)
    return np.zeros(value.shape, jax.dtypes.float0)


class _Forward:
    """The recorder of one ForwardAccumulator: the tangent of every live tensor it has seen.

    As in TF, a tangent is dropped when its tensor is deleted (the accumulator holds tensors
    weakly), so a long computation under an accumulator keeps no dead values alive.
    """

    __slots__ = ("tangents", "var_tangents", "misshapen", "level")
    defers = False  # tangents are computed op by op, from concrete values

    def __init__(self):
        self.tangents: dict = {}  # id(tensor) -> (weakref to the tensor, tangent)
        self.var_tangents: dict = {}  # id(variable) -> tangent
        self.misshapen: dict = {}  # id(tangent) -> (tangent, its primal's shape): TF accepts these
        self.level = None  # a Recorder's level (see recorders.py)

    def remember(self, tensor, tangent) -> None:
        key, tangents = id(tensor), self.tangents

        def forget(ref):
            entry = tangents.get(key)
            if entry is not None and entry[0] is ref:
                del tangents[key]

        tangents[key] = (weakref.ref(tensor, forget), tangent)

    def watches_any(self, inputs) -> bool:
        tangents = self.tangents
        return any(id(t) in tangents for t in inputs)

    def note_read(self, variable, tensor) -> None:
        tangent = self.var_tangents.get(id(variable))
        if tangent is not None:
            self.remember(tensor, tangent)

    def tangent_of(self, tensor):
        entry = self.tangents.get(id(tensor))
        return None if entry is None or entry[0]() is not tensor else entry[1]

    @x64.enabled
    def defer(self, op, inputs, static: dict):
        return None  # never asked: ``defers`` is False

    def add(self, node) -> None:
        outs = self._outputs_with_tangents(node)
        if not outs:
            return
        given, extra = [], []
        for t in node.inputs:
            tangent = self.tangent_of(t) if is_differentiable(t) else None
            if self.misshapen and tangent is not None and id(tangent) in self.misshapen:
                _fail_misshapen(node, *self.misshapen[id(tangent)])
            given.append(None if tangent is None else len(extra))
            if tangent is not None:
                extra.append(tangent)

        def make_op(fn, links, name=f"{node.op.name}Jvp", reverse_only=node.op.reverse_only):
            return _TangentOp(
                name, fn, multiple_results=True, reverse_only=reverse_only, input_errors=False, links=links
            )

        with recorders.only_below(self.level):  # only outer recorders see the tangent ops
            results = record_derivative(_tangent_fn(node, given), [*node.inputs, *extra], make_op)
        for j in outs:
            self.remember(node.outputs[j], results[j])

    def _outputs_with_tangents(self, node) -> list:
        if not node.op.differentiable:
            return []
        has = [self.tangent_of(t) is not None and is_differentiable(t) for t in node.inputs]
        if isinstance(node.op, _TangentOp):
            # TF computes a tangent from every input of the op: any watched input gives one.
            links = [range(len(node.inputs))] * len(node.outputs)
        else:
            links = node.links()
        return [
            j
            for j, (out, linked) in enumerate(zip(node.outputs, links, strict=True))
            if is_differentiable(out) and any(has[i] for i in linked)
        ]


def _fail_misshapen(node, tangent, primal_shape):
    # TF accepts such a tangent and fails (ValueError) only when an op's JVP combines it with
    # values of the primal's shape; the JVP here needs the primal's shape exactly.
    raise ValueError(
        f"Shapes {tangent.shape} and {primal_shape} are incompatible: the tangent given to "
        f"ForwardAccumulator for a primal of shape {primal_shape} has shape {tangent.shape}, and "
        f"{node.op.name} read that primal. Give each tangent its primal's shape."
    )


class ForwardAccumulator:
    """Computes Jacobian-vector products with forward mode (``tf.autodiff.ForwardAccumulator``).

    Ops run inside the ``with`` block that depend on ``primals`` compute their tangents as they
    run; ``jvp(t)`` returns the directional derivative of ``t`` along ``tangents``. It nests
    with GradientTape both ways: forward-over-backward gives Hessian-vector products.

    Args:
      primals: a Tensor or Variable, or a nest of them, each listed once.
      tangents: a nest like ``primals``: the direction, one tensor per primal, of its shape
        and dtype. As in TF, a tangent of another shape is accepted here, and an op that reads
        its primal inside the block raises ``ValueError``.

    >>> import tapejax as tf
    >>> x = tf.constant(3.0)
    >>> with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
    ...   y = x * x
    >>> print(acc.jvp(y))
    tf.Tensor(6.0, shape=(), dtype=float32)
    """

    def __init__(self, primals, tangents):
        if not same_structure(primals, tangents):
            raise ValueError(
                "The two structures don't have the same nested structure: ForwardAccumulator got "
                f"primals {primals!r} and tangents {tangents!r}. Give one tangent per primal, in the "
                "same structure (a list tangent for a vector primal: tf.constant([...]))."
            )
        flat_p = flatten(primals)[0]
        flat_t = flatten(tangents)[0]
        self._forward = _Forward()
        self._recording = False
        seen = set()
        for p, t in zip(flat_p, flat_t, strict=True):
            if id(p) in seen:
                raise ValueError(
                    f"Tensor {p} was specified as a primal multiple times. This may indicate an "
                    "error. If it was intended, please sum the corresponding tangents."
                )
            seen.add(id(p))
            self._watch(p, t)

    def _watch(self, primal, tangent) -> None:
        if not isinstance(primal, TensorLike):
            raise ValueError(
                f"ForwardAccumulator primals must be Tensors or Variables, got {primal!r}; convert "
                "it first, e.g. tf.constant(value)."
            )
        if not primal.dtype.is_differentiable:
            warnings.warn(
                f"The dtype of the watched primal must be floating (e.g. tf.float32), got "
                f"{primal.dtype!r}; its JVPs will be None.",
                stacklevel=3,
            )
        if isinstance(tangent, TensorLike):
            tangent = as_tensor(tangent)
        else:
            tangent = convert_to_tensor(tangent, dtype=primal.dtype)
        if tangent.dtype != primal.dtype:
            raise ValueError(
                f"Tensor conversion requested dtype {primal.dtype.name} for Tensor with dtype "
                f"{tangent.dtype.name}: {tangent!r}. ForwardAccumulator needs each tangent in its "
                "primal's dtype; cast it with tf.cast."
            )
        if tangent.shape != primal.shape:
            self._forward.misshapen[id(tangent)] = (tangent, primal.shape)
        if isinstance(primal, Variable):
            self._forward.var_tangents[id(primal)] = tangent
        else:
            self._forward.remember(primal, tangent)

    @x64.enabled
    def __enter__(self) -> ForwardAccumulator:
        if self._recording:
            raise ValueError("Accumulator is already recording. Use a new ForwardAccumulator to nest.")
        recorders.start(self._forward)
        self._recording = True
        return self

    def __exit__(self, typ, value, traceback) -> None:
        if self._recording:
            recorders.stop(self._forward)
            self._recording = False

    @x64.enabled
    def jvp(self, primals, unconnected_gradients=UnconnectedGradients.NONE):
        """The JVP of each tensor in ``primals`` (a nest), looked up, not computed.

        Returns None for a tensor not computed from the primals inside the ``with`` block
        (zeros with ``unconnected_gradients='zero'``).
        """
        mode = unconnected_mode(unconnected_gradients)
        flat, tree = flatten(primals)
        return pack(tree, [self._fetch(t, mode) for t in flat])

    def _fetch(self, tensor, mode):
        if not isinstance(tensor, TensorLike):
            raise TypeError(f"ForwardAccumulator.jvp takes Tensors or Variables, got {tensor!r}.")
        if isinstance(tensor, Variable):
            result = self._forward.var_tangents.get(id(tensor))
        else:
            result = self._forward.tangent_of(tensor)
        if result is None and mode is UnconnectedGradients.ZERO:
            result = Tensor(jnp.zeros(tensor.shape, value_of(tensor).dtype))
        return result
