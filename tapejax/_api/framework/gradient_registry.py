"""TF's gradient registry: ``tf.RegisterGradient`` and ``tf.no_gradient``.

TensorFlow looks up an op's gradient by its type name. tapejax's own ops carry their gradients
(JAX's, or TF's conventions written beside the op), so what the registry affects is the ops
users make themselves: ``tapejax.experimental.jax_op(fn, name="MyOp")``. A call of such an op
consults the registry under its name; a function registered with ``@tf.RegisterGradient("MyOp")``
gives its gradient (called as TF calls it, ``grad_fn(op, *output_grads)``, with ``op.inputs``,
``op.outputs``, ``op.type`` and ``op.name``), and ``tf.no_gradient("MyOp")`` makes it
non-differentiable (None gradients, as TF). As in TF, a name may be registered once; the names
of tapejax's own ops count as registered.
"""

from __future__ import annotations

import sys

from ..._core.recording.record import Op

_registry: dict = {}  # op type -> (gradient function or None, where it was registered)
_BUILTIN = "tapejax's own op of that name"


def _builtin_names() -> set:
    """The names of tapejax's ops: its op tables' ``Op`` objects (and the builders' ``.op``)."""
    names = set()
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith("tapejax._ops") or module is None:
            continue
        for value in vars(module).values():
            op = value if isinstance(value, Op) else getattr(value, "op", None)
            if isinstance(op, Op):
                names.add(op.name)
    return names


def _register(function, op_type: str) -> None:
    if not isinstance(op_type, str):
        raise TypeError("op_type must be a string")
    previous = _registry.get(op_type)
    if previous is None and op_type in _builtin_names():
        previous = (None, _BUILTIN)
    if previous is not None:
        raise KeyError(
            f"Registering two gradient with name '{op_type}'! (Previous registration was in {previous[1]})"
        )
    caller = sys._getframe(2)  # the decorator's or no_gradient's caller
    where = f"{caller.f_code.co_name} {caller.f_code.co_filename}:{caller.f_lineno}"
    _registry[op_type] = (function, where)


class RegisterGradient:
    """A decorator registering the gradient function of an op type (``tf.RegisterGradient``).

    In tapejax it gives the gradient of the ops made with
    ``tapejax.experimental.jax_op(fn, name=op_type)`` (see the module docstring).

    Raises:
      TypeError: ``op_type`` is not a string.
      KeyError: ``op_type`` has a gradient already (TF's message).

    >>> import jax.numpy as jnp
    >>> import tapejax as tf
    >>> @tf.RegisterGradient("DocClippedSquare")
    ... def _clipped_square_grad(op, grad):
    ...     return tf.clip_by_value(grad * 2.0 * op.inputs[0], -1.0, 1.0)
    >>> square = tf.experimental.jax_op(jnp.square, name="DocClippedSquare")
    >>> x = tf.constant([0.1, 3.0])
    >>> with tf.GradientTape() as tape:
    ...     tape.watch(x)
    ...     y = square(x)
    >>> tape.gradient(y, x).numpy()
    array([0.2, 1. ], dtype=float32)
    """

    __slots__ = ("_op_type",)

    def __init__(self, op_type: str):
        if not isinstance(op_type, str):
            raise TypeError("op_type must be a string")
        self._op_type = op_type

    def __call__(self, f):
        _register(f, self._op_type)
        return f


def no_gradient(op_type: str) -> None:
    """Declares that ops of type ``op_type`` have no gradient (``tf.no_gradient``): sources
    reached only through them get None.

    Raises:
      TypeError: ``op_type`` is not a string.
      KeyError: ``op_type`` has a gradient already (TF's message).
    """
    _register(None, op_type)


UNREGISTERED = object()


def registered_gradient(op_type: str):
    """The gradient registered for ``op_type``: a function, None (``no_gradient``), or
    ``UNREGISTERED``."""
    entry = _registry.get(op_type)
    return UNREGISTERED if entry is None else entry[0]
