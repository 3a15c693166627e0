"""Static arguments of the ``tf.signal`` ops: lengths, steps and flags known when the op runs.

TF accepts them as Python values or scalar tensors; tapejax needs their values (they fix the
result's shape), so a tensor given here must be concrete (not a ``tf.function`` input).
"""

from __future__ import annotations

import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.values.access import is_symbolic_tensor, np_shape
from ..._core.values.tensor import TensorLike


def shape_text(shape) -> str:
    """A shape as TF's TensorShape prints it: ``(3,)``, ``()``."""
    return str(tuple(shape))


def scalar(value, what: str, dtype=None):
    """``value`` (a Python number or a scalar tensor) as a Python number."""
    t = convert_to_tensor(value) if dtype is None else convert_to_tensor(value, dtype=dtype)
    if np_shape(t):
        raise ValueError(f"Shape {shape_text(np_shape(t))} must have rank 0 ({what} must be a scalar)")
    if isinstance(value, TensorLike) and is_symbolic_tensor(t):
        raise TypeError(
            f"{what} must be known when the op runs (it fixes the result's shape), got a symbolic "
            "tensor of a tf.function; pass a Python number or a constant."
        )
    return np.asarray(t).item()


def scalar_int(value, what: str) -> int:
    """``value`` as a Python int (a length or a step)."""
    return int(scalar(value, what))


def at_least_rank(x, rank: int) -> None:
    """TF's static rank check (``Shape (2,) must have rank at least 2``)."""
    if len(np_shape(x)) < rank:
        raise ValueError(f"Shape {shape_text(np_shape(x))} must have rank at least {rank}")
