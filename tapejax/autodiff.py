"""``tf.autodiff``: ForwardAccumulator (forward-mode, Jacobian-vector products)."""

from __future__ import annotations

from . import _derivatives
from ._backprop import GradientTape, UnconnectedGradients, _unconnected_mode
from ._nest import flatten, pack
from ._tape import Tape
from ._tensor import Tensor, TensorLike, convert_to_tensor
from ._variable import Variable


class ForwardAccumulator:
    """Computes Jacobian-vector products with forward mode (``tf.autodiff.ForwardAccumulator``).

    Ops run inside the ``with`` block that depend on ``primals`` are recorded; ``jvp(t)`` gives
    the directional derivative of ``t`` along ``tangents`` (``jax.jvp`` of the recording).
    It nests with GradientTape both ways: forward-over-backward gives Hessian-vector
    products.

    >>> import tapejax as tf
    >>> x = tf.constant(3.0)
    >>> with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
    ...   y = x * x
    >>> print(acc.jvp(y))
    tf.Tensor(6.0, shape=(), dtype=float32)
    """

    def __init__(self, primals, tangents):
        flat_p, self._tree = flatten(primals)
        flat_t, t_tree = flatten(tangents)
        if len(flat_p) != len(flat_t):
            raise ValueError(
                f"ForwardAccumulator: got {len(flat_p)} primals but {len(flat_t)} tangents; give one "
                "tangent per primal, in the same structure.")
        self._primals = []
        self._tangents = []
        for p, t in zip(flat_p, flat_t):
            if not isinstance(p, TensorLike):
                raise ValueError(f"ForwardAccumulator primals must be tensors or variables, got {p!r}.")
            t = convert_to_tensor(t, dtype=p.dtype) if not isinstance(t, TensorLike) else t._as_tensor()
            if t.shape != p.shape or t.dtype != p.dtype:
                raise ValueError(
                    f"Tangent {t!r} is incompatible with primal {p!r}: tangents must have the "
                    "primal's shape and dtype.")
            self._primals.append(p)
            self._tangents.append(t)
        self._tape = Tape(watch_accessed_variables=False)
        for p in self._primals:
            if isinstance(p, Variable):
                self._tape.watch_variable(p)
            else:
                self._tape.watch_tensor(p)
        self._recording = False

    def __enter__(self) -> ForwardAccumulator:
        if self._recording:
            raise ValueError("This ForwardAccumulator is already active; use a new one to nest.")
        self._tape.push()
        self._recording = True
        return self

    def __exit__(self, typ, value, traceback) -> None:
        if self._recording:
            self._tape.pop()
            self._recording = False

    def jvp(self, primals, unconnected_gradients=UnconnectedGradients.NONE):
        """The JVP of each tensor in ``primals`` (a nest), or None where unconnected."""
        mode = _unconnected_mode(unconnected_gradients)
        flat, tree = flatten(primals)
        groups = [self._tape.leaves_of(p) for p in self._primals]
        out = []
        for t in flat:
            target = t._as_tensor() if isinstance(t, TensorLike) else convert_to_tensor(t)
            if isinstance(t, Variable):
                reads = self._tape.var_reads.get(id(t))
                target = reads[-1] if reads else target
            result = _derivatives.jvp(self._tape.nodes, target, groups, self._tangents)
            if result is None and mode is UnconnectedGradients.ZERO:
                import jax.numpy as jnp  # noqa: PLC0415

                result = Tensor(jnp.zeros(target.shape, target._value.dtype))
            out.append(result)
        return pack(tree, out)


__all__ = ["ForwardAccumulator", "GradientTape"]
