"""``tf.math.polyval``: a polynomial evaluated by Horner's rule, built from tapejax's ops (so
its dtype rules and gradients are theirs, as TF's Python function is built from TF's)."""

from __future__ import annotations

from ..._core.recording.convert import convert_to_tensor
from ..._core.values.tensor import Tensor
from ..creation_ops import zeros_like
from ..math_ops import add, multiply


def polyval(coeffs, x, name=None) -> Tensor:
    """``coeffs[0] * x**(n-1) + ... + coeffs[n-1]`` elementwise (``tf.math.polyval``); each
    coefficient is converted on its own, so ``[2.0, 1, 0]`` mixes float32 and int32 and fails
    as in TF; no coefficients give zeros.

    >>> import tapejax as tf
    >>> tf.math.polyval([2.0, 1.0, 0.0], 3.0)
    <tf.Tensor: shape=(), dtype=float32, numpy=21.0>
    """
    if not isinstance(coeffs, list):
        raise ValueError(
            f"Argument coeffs must be list type. Received type {type(coeffs)}. Pass a Python list "
            "of coefficients, e.g. tf.unstack(coeffs)."
        )
    x = convert_to_tensor(x)
    if not coeffs:
        return zeros_like(x)
    coeffs = [convert_to_tensor(c) for c in coeffs]
    p = coeffs[0]
    for c in coeffs[1:]:
        p = add(c, multiply(p, x))
    return p
