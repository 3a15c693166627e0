"""``tf.gradients`` and ``tf.hessians``: TF's graph-mode derivatives, inside ``tf.function``.

They differentiate the recording of the function being traced (``recording.py``): from any of
its tensors (``xs``: arguments, intermediate values, Variables) to any other (``ys``), as TF
differentiates its graph. Each derivative is recorded as one op like any other (see
``_core/reference.py``), so a gradient of a gradient, a Hessian, or a tape inside the function
over ``tf.gradients`` need no special code. Eagerly there is no graph: TF's RuntimeError.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..._core import reference
from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.variable import Variable
from ..._core.values import x64
from ..._core.values.access import as_tensor, np_dtype, np_shape
from ..._core.values.tensor import Tensor, TensorLike
from ..gradient_args import UnconnectedGradients, direct_targets, unconnected_mode
from ..sparse_gradients import row_gathers, with_indexed_slices
from .recording import current_recording

__all__ = ["AggregationMethod", "gradients", "hessians"]


class AggregationMethod:
    """How ``tf.gradients`` adds the gradients of several paths (``tf.AggregationMethod``).
    Every method gives the same sums here (JAX adds them); the names are TF's."""

    ADD_N = 0
    DEFAULT = ADD_N
    EXPERIMENTAL_TREE = 1
    EXPERIMENTAL_ACCUMULATE_N = 2


@x64.enabled
def gradients(
    ys,
    xs,
    grad_ys=None,
    name="gradients",
    gate_gradients=False,
    aggregation_method=None,
    stop_gradients=None,
    unconnected_gradients=UnconnectedGradients.NONE,
):
    """The gradients of ``sum(ys)`` with respect to each of ``xs``, inside a ``tf.function``.

    Args:
      ys: a tensor or a list of tensors to differentiate (a non-scalar one is summed).
      xs: a tensor or Variable, or a list of them: any tensor of the function (an argument,
        an intermediate value) or a Variable it reads.
      grad_ys: None, or one tensor per y (None entries: ones): the gradient of some downstream
        quantity with respect to each y, broadcast to its shape.
      stop_gradients: tensors held constant: no gradient flows through the ops that computed
        them (TF stops every output of such an op).
      unconnected_gradients: ``'none'`` (None for an x that ``ys`` do not depend on) or
        ``'zero'`` (zeros of its shape).
      name, gate_gradients, aggregation_method: accepted as TF's; the sums are JAX's.

    Returns:
      A list with one tensor (or None) per x; an ``IndexedSlices`` for an x read only by
      gathers of its rows, as TF.

    Raises:
      RuntimeError: called eagerly (TF's message: use ``tf.GradientTape``).
      TypeError: ``ys`` or ``xs`` is a dict, or a ``grad_ys`` entry's dtype is not its y's.
      ValueError: ``grad_ys`` has another length than ``ys`` or a shape that does not fit;
        unknown ``unconnected_gradients``.

    >>> import tapejax as tf
    >>> @tf.function
    ... def f(x):
    ...   return tf.gradients(x ** 3, x)
    >>> print(f(tf.constant(2.0)))
    [<tf.Tensor: shape=(), dtype=float32, numpy=12.0>]
    """
    recording = current_recording()
    mode = unconnected_mode(unconnected_gradients)
    targets = [_as_target(y) for y in _as_list(ys, "ys")]
    sources = [x if isinstance(x, TensorLike) else convert_to_tensor(x) for x in _as_list(xs, "xs")]
    cotangents = _grad_ys(targets, grad_ys)
    stopped = (
        {id(t) for t in _as_list(stop_gradients, "stop_gradients")} if stop_gradients is not None else ()
    )
    nodes = recording.nodes
    if stopped:  # TF holds the ops that computed them constant (all their outputs)
        nodes = [n for n in nodes if not any(id(t) in stopped for t in n.outputs)]
    groups = [recording.leaves_of(x) for x in sources]
    direct = direct_targets(targets, sources, recording)
    view = _Nodes(nodes)

    def derive(groups, direct):
        return reference.gradient(view, targets, groups, cotangents, direct)

    gathers = row_gathers(view, groups, direct)
    grads = (
        derive(groups, direct)
        if gathers is None
        else with_indexed_slices(derive, groups, direct, gathers, sources)
    )
    return [_filled(g, x, mode) for g, x in zip(grads, sources, strict=True)]


@x64.enabled
def hessians(ys, xs, gate_gradients=False, aggregation_method=None, name="hessians"):
    """The Hessian of ``sum(ys)`` with respect to each of ``xs``, inside a ``tf.function``:
    per x, the tensor of shape ``x.shape + x.shape`` of second derivatives.

    Raises:
      RuntimeError: called eagerly (TF's message: use ``tf.GradientTape``).
      ValueError: ``ys`` does not depend on an x twice-differentiably (TF's "None values not
        supported.").

    >>> import tapejax as tf
    >>> @tf.function
    ... def f(x):
    ...   return tf.hessians(tf.reduce_sum(x ** 3), x)
    >>> print(f(tf.constant([1.0, 2.0]))[0])
    tf.Tensor(
    [[ 6.  0.]
     [ 0. 12.]], shape=(2, 2), dtype=float32)
    """
    recording = current_recording()
    xs = [x if isinstance(x, TensorLike) else convert_to_tensor(x) for x in _as_list(xs, "xs")]
    out = []
    for k, (g, x) in enumerate(zip(gradients(ys, xs), xs, strict=True)):
        jac = None
        if g is not None:
            jac = reference.jacobian(recording, convert_to_tensor(g), [recording.leaves_of(x)])[0]
        if jac is None:
            raise ValueError(
                f"None values not supported. tf.hessians: the gradient of ys with respect to xs[{k}] "
                f"{'is None' if g is None else 'does not depend on it'}, so its Hessian has no value "
                "(TF fails here too). Differentiate with respect to xs that ys depend on nonlinearly, "
                "or use tf.GradientTape.jacobian with unconnected_gradients='zero'."
            )
        out.append(jac)
    return out


class _Nodes:
    """A recording's nodes as ``_core.reference`` reads a tape (some ops left out)."""

    __slots__ = ("nodes",)

    def __init__(self, nodes):
        self.nodes = nodes

    def may_gather(self) -> bool:
        return any(n.op.name == "GatherV2" for n in self.nodes)


def _as_list(value, arg: str) -> list:
    if isinstance(value, dict):
        raise TypeError(
            f"tf.gradients takes {arg} as a tensor or a list of tensors, got a dict. Pass "
            f"list(d.values()) and rebuild the dict from the result."
        )
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _as_target(y):
    if y is None or not isinstance(y, TensorLike) and not isinstance(y, (int, float, np.ndarray)):
        raise TypeError(
            f"tf.gradients: every y must be a tensor, got {y!r} of type {type(y).__name__!r}. "
            "Pass the tensors computed in the function that you want to differentiate."
        )
    return as_tensor(y) if isinstance(y, Variable) else convert_to_tensor(y)


def _grad_ys(targets, grad_ys) -> list:
    """Per y, its cotangent tensor (None: ones), checked as TF checks them."""
    if grad_ys is None:
        return [None] * len(targets)
    given = _as_list(grad_ys, "grad_ys")
    if len(given) != len(targets):
        raise ValueError(
            f"Length mismatch. Passed {len(given)} grad_ys for {len(targets)} ys. Pass one "
            "grad_ys entry per y (None for ones)."
        )
    out = []
    for y, g in zip(targets, given, strict=True):
        if g is None:
            out.append(None)
            continue
        ct = as_tensor(g) if isinstance(g, TensorLike) else convert_to_tensor(g, dtype=y.dtype)
        if ct.dtype != y.dtype:
            raise TypeError(
                f"Input 'y' of 'Mul' Op has type {y.dtype.name} that does not match type "
                f"{ct.dtype.name} of argument 'x'. tf.gradients: each grad_ys entry must have its "
                "y's dtype; cast it with tf.cast."
            )
        try:
            fits = np.broadcast_shapes(np_shape(ct), np_shape(y)) == np_shape(y)
        except ValueError:
            fits = False
        if not fits:
            raise ValueError(
                f"Incompatible shapes between y and its grad_ys: y has shape {y.shape}, grad_ys "
                f"{ct.shape}. tf.gradients: each grad_ys entry must have its y's shape (or "
                "broadcast to it)."
            )
        out.append(ct)
    return out


def _filled(result, source, mode: UnconnectedGradients):
    """TF's ``unconnected_gradients='zero'``: zeros of the source's shape and dtype."""
    if result is None and mode is UnconnectedGradients.ZERO:
        return Tensor(jnp.zeros(np_shape(source), np_dtype(source)))
    return result
