"""TF's checks (and messages) on staged AutoGraph control flow: its condition and its state."""

from __future__ import annotations

import math

import jax.numpy as jnp

from ..._core.recording.convert import convert_to_tensor
from ..._core.values.access import value_of
from ..._core.values.nest import same_structure, skeleton
from ..._core.values.tensor import Tensor
from .undefined import Undefined, UndefinedReturnValue


def condition(value, tag: str) -> Tensor:
    """The condition as a scalar bool tensor, or TF's ValueError."""
    hint = "to check for None, use `is not None`"
    tensor = convert_to_tensor(value)
    if tensor.dtype.name != "bool":
        raise ValueError(
            f"condition of {tag} expected to be `tf.bool` scalar, got {tensor!s}; to use as "
            f"boolean Tensor, use `tf.cast`; {hint}"
        )
    if tensor.shape.rank and math.prod(tensor.shape.as_list()) > 1:
        raise ValueError(f"condition of {tag} expected to be `tf.bool` scalar, got {tensor!s}; {hint}")
    return Tensor(jnp.reshape(value_of(tensor), ()))


def _branch_defined(outs, names, branch: str) -> None:
    for name, out in zip(names, outs, strict=True):
        if isinstance(out.static, Undefined):
            raise ValueError(f"'{name}' must also be initialized in the {branch} branch")
        if isinstance(out.static, UndefinedReturnValue):
            raise ValueError(f"the {branch} branch must also have a return statement.")
        if out.is_none:
            raise ValueError(f"'{name}' is None at the end of the {branch} branch.")


def same_branch_outputs(names, main, orelse) -> None:
    """TF's checks of what the two branches of a staged ``if`` give each name."""
    _branch_defined(main, names, "main")
    _branch_defined(orelse, names, "else")
    for name, a, b in zip(names, main, orelse, strict=True):
        if not same_structure(a.structure, b.structure) or len(a.values) != len(b.values):
            raise TypeError(
                f"'{name}' must have the same nested structure in the main and else branches:"
                f"\n\n{_structure_message(a.structure, b.structure)}"
            )
        dtype, shape = _mismatch(a, b)
        if dtype:
            raise TypeError(
                f"'{name}' has dtype {dtype[0]} in the main branch, but dtype {dtype[1]} in the else branch"
            )
        if shape:
            raise ValueError(
                f"'{name}' has shape {shape[0]} in the main branch, but shape {shape[1]} in "
                "the else branch; tapejax (JAX) needs the same shape in both branches."
            )


def loop_init(names, entries) -> None:
    for name, entry in zip(names, entries, strict=True):
        if entry.is_none:
            raise ValueError(f"'{name}' is not allowed to be None before the loop")


def loop_outputs(names, entries, outs) -> None:
    """TF's checks of a loop's state before and after one iteration."""
    for name, before, after in zip(names, entries, outs, strict=True):
        if after.static is not None:
            if after.is_none:
                raise ValueError(f"'{name}' is None at the end of the iteration.")
            raise ValueError(f"'{name}' must be defined before the loop")
        if before.static is not None:
            continue  # undefined before the loop: it starts as zeros of its type after one iteration
        if not same_structure(before.structure, after.structure) or len(before.values) != len(after.values):
            raise TypeError(
                f"'{name}' does not have the same nested structure after one iteration.\n\n"
                f"{_structure_message(before.structure, after.structure)}"
            )
        dtype, shape = _mismatch(before, after)
        if dtype:
            raise TypeError(
                f"'{name}' has dtype {dtype[0]} before the loop, but dtype {dtype[1]} after one iteration"
            )
        if shape:
            raise ValueError(
                f"'{name}' has shape {shape[0]} before the loop, but shape {shape[1]} after one "
                "iteration. Use tf.autograph.experimental.set_loop_options to set shape "
                "invariants."
            )


def _mismatch(a, b) -> tuple:
    """The first differing (dtype names) and (shapes) of two entries' leaves, each or None."""
    dtype = shape = None
    for x, y in zip(a.avals(), b.avals(), strict=True):
        if dtype is None and x[1] != y[1]:
            dtype = (_dtype(x[1]), _dtype(y[1]))
        if shape is None and x[0] != y[0]:
            shape = (_shape(x[0]), _shape(y[0]))
    return dtype, shape


def _dtype(dtype) -> str:
    name = jnp.dtype(dtype).name
    return "bool" if name == "bool" else name


def _shape(shape) -> str:
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


def _structure_message(a, b) -> str:
    a, b = skeleton(a), skeleton(b)  # the leaves (symbolic tensors) as None
    return (
        f"The two structures don't have the same nested structure.\n\nFirst structure: {a}\n\n"
        f"Second structure: {b}"
    )
