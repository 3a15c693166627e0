"""What a function traced inside another's trace reads from it (TF's graph captures).

JAX lifts the enclosing trace's values that a nested function's code closes over as the leading
inputs of its traced program (``captured_values``); the program is then called with them first
(``with_captured``). Recorded by a tape, the call takes the Tensors holding them as inputs, found
in the function's closure (``closed_over_tensors``), so the tapes see the path through them.
"""

from __future__ import annotations

import collections.abc
import inspect

import jax

from ..._core.values.access import is_symbolic_tensor, value_of
from ..._core.values.tensor import Tensor, TensorLike


def _is_leaf(x) -> bool:
    # An iterator is one value (JAX warns when it treats such an unregistered iterable as a leaf).
    return isinstance(x, (TensorLike, collections.abc.Iterator))


def captured_values(traced, n_inputs: int) -> list:
    """The enclosing function's symbolic values that the code closed over (a function defined
    and traced inside another's trace, reading the outer one's tensors, as TF's nested
    functions capture them). JAX makes them the traced program's leading inputs."""
    n = len(traced.jaxpr.jaxpr.invars) - n_inputs
    if n == 0:
        return []
    consts = list(getattr(traced, "_consts", ()))  # JAX's Traced keeps them (no public name yet)
    if len(consts) != n:
        raise NotImplementedError(
            "tapejax cannot yet compile a tf.function that closes over a tensor of the function "
            "that calls it; pass the tensor as an argument instead."
        )
    return consts


# A tape would miss the derivative through the closed-over tensors that are not found.
CAPTURED_UNDER_TAPE_MESSAGE = (
    "tapejax cannot yet differentiate a tf.function that closes over a tensor of the function "
    "that calls it other than through a variable of its own closure (a tape is recording its "
    "call, e.g. the tensor is an attribute of an object); pass the tensor as an argument instead."
)


def closed_over_tensors(fn, captured: list) -> list | None:
    """The enclosing function's Tensors whose values are ``captured``, found in the variables
    ``fn`` closes over (inside lists, tuples and dicts too); None when one is not there."""
    fn = inspect.unwrap(getattr(fn, "_fn", fn))  # a method bound weakly: its function
    found: dict = {}
    for cell in getattr(fn, "__closure__", None) or ():
        try:
            leaves = jax.tree_util.tree_leaves(cell.cell_contents, is_leaf=_is_leaf)
        except (ValueError, TypeError):  # an empty cell, or contents JAX cannot flatten
            continue
        for leaf in leaves:
            if isinstance(leaf, Tensor) and is_symbolic_tensor(leaf):
                found.setdefault(id(value_of(leaf)), leaf)
    tensors = [found.get(id(v)) for v in captured]
    return None if any(t is None for t in tensors) else tensors


def with_captured(jitted, captured: list, values: list, var_values: list):
    """Calls a program whose leading inputs are the closed-over values ``captured``."""
    return jitted([*captured, *values], var_values)
