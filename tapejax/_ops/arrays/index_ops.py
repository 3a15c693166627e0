"""Index arithmetic: ``tf.math.invert_permutation``, ``tf.unravel_index`` and
``tf.reverse_sequence`` (each a gather by computed indices, so gradients are JAX's).

Bad indices are TF's InvalidArgumentError: checked eagerly with numpy, and when a
``tapejax.function`` runs for symbolic ones (``runtime_check``).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ..._core.recording.convert import convert_to_tensor
from ..._core.recording.record import Op, record
from ..._core.recording.runtime_check import check as runtime_check
from ..._core.values.access import is_symbolic_tensor, value_of
from ..._core.values.errors import InvalidArgumentError
from ..._core.values.shape import dims_text
from ..._core.values.tensor import Tensor
from ..builders import check_dtype

_INDEX = ("int32", "int64")


# -- invert_permutation ------------------------------------------------------------------------
def _invert(x):
    return jnp.zeros_like(x).at[x].set(jnp.arange(x.shape[0], dtype=x.dtype), mode="drop")


_INVERT = Op("InvertPermutation", _invert, differentiable=False)


def invert_permutation(x, name=None) -> Tensor:
    """``y[x[i]] = i``: the inverse of a permutation of ``0 .. n-1`` (``tf.math.invert_permutation``).

    >>> import tapejax as tf
    >>> tf.math.invert_permutation([3, 4, 0, 2, 1])
    <tf.Tensor: shape=(5,), dtype=int32, numpy=array([2, 4, 3, 0, 1], dtype=int32)>
    """
    x = convert_to_tensor(x)
    check_dtype("InvertPermutation", _INDEX, x)
    if x.ndim != 1:
        raise InvalidArgumentError("invert_permutation expects a 1D vector. [Op:InvertPermutation]")
    n = x.shape[0]
    if is_symbolic_tensor(x):
        v = value_of(x)
        runtime_check(
            jnp.all(jnp.sort(v) == jnp.arange(n, dtype=v.dtype)),
            f"the input is not a permutation of 0 .. {n - 1} [Op:InvertPermutation]",
        )
    else:
        _check_permutation(np.asarray(value_of(x)))
    return record(_INVERT, (x,))


def _check_permutation(values: np.ndarray) -> None:
    n, seen = values.size, set()
    for v in values.tolist():
        if not 0 <= v < n:
            raise InvalidArgumentError(f"{v} is not between 0 and {n} [Op:InvertPermutation]")
        if v in seen:
            raise InvalidArgumentError(f"{v} is duplicated in the input. [Op:InvertPermutation]")
        seen.add(v)


# -- unravel_index -----------------------------------------------------------------------------
def _unravel(indices, dims):
    strides = jnp.flip(jnp.cumprod(jnp.flip(dims)))  # TF's kernel: C++'s truncating / and %
    strides = jnp.concatenate([strides[1:], jnp.ones((1,), dims.dtype)])
    flat = indices.reshape(-1)
    out = jax.lax.rem(jax.lax.div(flat[None, :], strides[:, None]), dims[:, None])
    return out if indices.ndim else out[:, 0]


_UNRAVEL = Op("UnravelIndex", _unravel, differentiable=False)


def unravel_index(indices, dims, name=None) -> Tensor:
    """The coordinates in an array of shape ``dims`` of each flat index in ``indices``: one row
    per dimension (``tf.unravel_index``).

    >>> import tapejax as tf
    >>> tf.unravel_index([1, 5, 7], [3, 3])
    <tf.Tensor: shape=(2, 3), dtype=int32, numpy=
    array([[0, 1, 2],
           [1, 2, 1]], dtype=int32)>
    """
    indices = convert_to_tensor(indices)
    check_dtype("UnravelIndex", _INDEX, indices, attr="Tidx")
    dims = convert_to_tensor(dims, dtype=indices.dtype)
    if indices.ndim > 1:
        raise InvalidArgumentError(
            f'The indices can only be scalar or vector, got "{dims_text(indices.shape)}" [Op:UnravelIndex]'
        )
    if dims.ndim != 1:
        raise InvalidArgumentError(
            f'The indices can only be 1-D, got "{dims_text(dims.shape)}" [Op:UnravelIndex]'
        )
    if not is_symbolic_tensor(dims):
        d = np.asarray(value_of(dims))
        if np.any(d == 0):
            raise InvalidArgumentError(
                "Input dims cannot contain a dim of zero, but dims contains zero at index "
                f"{int(np.flatnonzero(d == 0)[0])} [Op:UnravelIndex]"
            )
    message = "index is out of bound as with dims [Op:UnravelIndex]"
    if is_symbolic_tensor(indices) or is_symbolic_tensor(dims):
        runtime_check(jnp.all(value_of(indices) < jnp.prod(value_of(dims))), message)
    elif np.any(np.asarray(value_of(indices)) >= np.prod(np.asarray(value_of(dims)))):
        raise InvalidArgumentError(message)
    return record(_UNRAVEL, (indices, dims))


# -- reverse_sequence --------------------------------------------------------------------------
def _reverse_sequence(x, lengths, seq_axis, batch_axis):
    n = x.shape[seq_axis]
    pos = jnp.arange(n)
    lengths = lengths.astype(jnp.int32)[:, None]
    source = jnp.where(pos[None, :] < lengths, lengths - 1 - pos[None, :], pos[None, :])  # [batch, n]
    shape = [1] * x.ndim
    shape[batch_axis], shape[seq_axis] = x.shape[batch_axis], n
    if batch_axis > seq_axis:
        source = source.T
    return jnp.take_along_axis(x, source.reshape(shape), axis=seq_axis)


_REVERSE_SEQUENCE = Op("ReverseSequence", _reverse_sequence)


def reverse_sequence(input, seq_lengths, seq_axis=None, batch_axis=None, name=None) -> Tensor:  # noqa: A002
    """Reverses the first ``seq_lengths[i]`` entries along ``seq_axis`` of each slice ``i``
    along ``batch_axis`` (``tf.reverse_sequence``); the rest stay in place.

    >>> import tapejax as tf
    >>> tf.reverse_sequence([[1, 2, 3], [4, 5, 6]], [2, 3], seq_axis=1, batch_axis=0)
    <tf.Tensor: shape=(2, 3), dtype=int32, numpy=
    array([[2, 1, 3],
           [6, 5, 4]], dtype=int32)>
    """
    x, lengths = convert_to_tensor(input), convert_to_tensor(seq_lengths)
    check_dtype("ReverseSequence", _INDEX, lengths, attr="Tlen")
    seq_axis = int(seq_axis)
    batch_axis = 0 if batch_axis is None else int(batch_axis)
    if batch_axis == seq_axis:
        raise InvalidArgumentError(f"batch_dim == seq_dim == {seq_axis} [Op:ReverseSequence]")
    if seq_axis >= x.ndim:
        raise InvalidArgumentError(
            f"seq_dim must be < input rank ( {seq_axis} vs. {x.ndim}) [Op:ReverseSequence]"
        )
    if batch_axis >= x.ndim:
        raise InvalidArgumentError(
            f"batch_dim must be < input rank ( {batch_axis} vs. {x.ndim}) [Op:ReverseSequence]"
        )
    if lengths.ndim != 1 or lengths.shape[0] != x.shape[batch_axis]:
        raise InvalidArgumentError(
            f"Length of seq_lengths != input.dims({batch_axis}), ({lengths.shape.num_elements()} vs. "
            f"{x.shape[batch_axis]}) [Op:ReverseSequence]"
        )
    _check_lengths(lengths, x.shape[seq_axis], seq_axis)
    return record(_REVERSE_SEQUENCE, (x, lengths), {"seq_axis": seq_axis, "batch_axis": batch_axis})


def _check_lengths(lengths: Tensor, n: int, seq_axis: int) -> None:
    if is_symbolic_tensor(lengths):
        v = value_of(lengths)
        runtime_check(
            jnp.all((v >= 0) & (v <= n)),
            f"seq_lens must be in [0, input.dims({seq_axis})] [Op:ReverseSequence]",
        )
        return
    for i, v in enumerate(np.asarray(value_of(lengths)).tolist()):
        if v < 0:
            raise InvalidArgumentError(f"seq_lens({i}) < 0 [Op:ReverseSequence]")
        if v > n:
            raise InvalidArgumentError(f"seq_lens({i}) > input.dims({seq_axis}) [Op:ReverseSequence]")
