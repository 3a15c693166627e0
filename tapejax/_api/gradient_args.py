"""The arguments of GradientTape's derivative calls, checked and converted as TF does.

Kept apart from ``_backprop.py`` so that the tape's control flow reads on its own; each check
raises TF's exception class with TF's message, plus what to do.
"""

from __future__ import annotations

import enum

import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.variable import Variable
from .._core.values.access import as_tensor
from .._core.values.errors import InvalidArgumentError
from .._core.values.nest import flatten
from .._core.values.shape import dims_text
from .._core.values.tensor import TensorLike


class UnconnectedGradients(enum.Enum):
    """What a derivative is for a source that the target does not depend on
    (``tf.UnconnectedGradients``): ``NONE`` gives None, ``ZERO`` gives zeros."""

    NONE = "none"
    ZERO = "zero"


def unconnected_mode(value) -> UnconnectedGradients:
    """``value`` (the enum or its string value) as the enum; ValueError otherwise."""
    if type(value) is UnconnectedGradients:
        return value
    try:
        return UnconnectedGradients(value)
    except ValueError:
        raise ValueError(
            f"Unknown value for unconnected_gradients: {value!r}. Use "
            "tf.UnconnectedGradients.NONE ('none') or tf.UnconnectedGradients.ZERO ('zero')."
        ) from None


def check_watchable(obj) -> None:
    if not isinstance(obj, TensorLike):
        raise ValueError(
            f"Passed in object {obj} of type {type(obj).__name__!r}, not tf.Tensor or tf.Variable "
            "or ExtensionType. Convert it first, e.g. x = tf.constant(value)."
        )


def flat_targets(target) -> list:
    """The flattened ``target`` of ``gradient``: Tensors and Variables only."""
    if target is None:
        raise TypeError(
            "Argument `target` should be a list or nested structure of Tensors, Variables or "
            "CompositeTensors to be differentiated, but received None."
        )
    leaves = flatten(target)[0]
    for t in leaves:
        if not isinstance(t, TensorLike):
            raise TypeError(
                "Argument `target` should be a list or nested structure of Tensors, Variables or "
                f"CompositeTensors to be differentiated, but it contains {t!r} of type "
                f"{type(t).__name__!r}. Differentiate tensors computed under the tape."
            )
    return leaves


def flat_sources(sources):
    """``(leaves, treedef)`` of ``sources``: Tensors and Variables only."""
    leaves, tree = flatten(sources)
    for s in leaves:
        if not isinstance(s, TensorLike):
            raise TypeError(
                f"GradientTape: every source must be a Tensor or Variable, got {s!r} of type "
                f"{type(s).__name__!r}. Pass the tensors (or variables) to differentiate against."
            )
    return leaves, tree


def output_gradients_for(targets, output_gradients) -> list:
    """Per target, its cotangent Tensor, or None for ones.

    As TF: ``output_gradients`` is flattened and matched with the targets in order (targets past
    its end get ones, extra entries are ignored); each is converted without a dtype hint, so it
    must already have its target's dtype (a Python float is float32).
    """
    if output_gradients is None:
        return [None] * len(targets)
    given = flatten(output_gradients)[0]
    if any(g is None for g in given):
        raise ValueError(
            "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
            "Tensor. GradientTape.gradient's output_gradients cannot contain None; pass "
            "tf.ones_like(target) for a target whose gradient should be ones."
        )
    out = []
    for k, target in enumerate(targets):
        if k >= len(given):
            out.append(None)
            continue
        ct = as_tensor(given[k]) if isinstance(given[k], TensorLike) else convert_to_tensor(given[k])
        _check_cotangent(ct, target)
        out.append(ct)
    return out


def _check_cotangent(ct, target) -> None:
    if not target.dtype.is_differentiable:
        return
    if ct.dtype != target.dtype:
        raise InvalidArgumentError(
            None,
            None,
            f"cannot compute Mul as input #1(zero-based) was expected to be a "
            f"{ct.dtype.kernel_name} tensor but is a {target.dtype.kernel_name} tensor [Op:Mul]. "
            "Each output gradient must have its target's dtype; cast it with tf.cast.",
        )
    try:
        shape = np.broadcast_shapes(tuple(ct.shape), tuple(target.shape))
    except ValueError:
        shape = None
    if shape != tuple(target.shape):
        raise InvalidArgumentError(
            None,
            None,
            f"Incompatible shapes: {dims_text(ct.shape)} vs. {dims_text(target.shape)} [Op:Mul]. Each output "
            "gradient must have its target's shape (or broadcast to it).",
        )


def direct_targets(targets, sources, tape) -> list:
    """Per source, the positions of targets that are that very source without being one of its
    leaves on the tape: an unwatched tensor, or a Variable (TF differentiates its handle).
    Each contributes its cotangent unchanged (d target / d target = 1)."""
    out = []
    for s in sources:
        if not isinstance(s, Variable) and id(s) in tape.connected and s.dtype.is_differentiable:
            out.append([])  # a leaf of the recording: the replay handles target == source
        else:
            out.append([k for k, t in enumerate(targets) if t is s])
    return out
