"""``tf.map_fn``, ``tf.vectorized_map``, ``tf.scan``, ``tf.foldl``, ``tf.foldr``.

Each is a Python loop over the first dimension of ``elems`` (a tensor or a nest of tensors),
whose results are stacked: shapes are static in tapejax, so the loop also runs while
``tapejax.function`` traces, and a tape records the ops of every step (gradients need no
special code). ``vectorized_map`` gives the same results as ``map_fn`` (TF's ``pfor`` is an
optimization of it).
"""

from __future__ import annotations

from .._core.recording.convert import convert_to_tensor
from .._core.values.nest import flatten, pack
from .._ops.join_ops import stack, unstack


def _slices(elems, reverse: bool = False) -> list:
    """The nests ``elems[i]`` for each i along the first dimension."""
    leaves, structure = flatten(elems)
    columns = [unstack(convert_to_tensor(leaf)) for leaf in leaves]
    if len({len(c) for c in columns}) > 1:
        raise ValueError(
            "The tensors in elems must have the same first dimension; got "
            f"{[len(c) for c in columns]}. tf.map_fn / tf.scan iterate over it."
        )
    rows = [pack(structure, list(row)) for row in zip(*columns, strict=True)]
    return rows[::-1] if reverse else rows


def _stacked(results: list, reverse: bool = False):
    if reverse:
        results = results[::-1]
    structure = results[0]
    columns = zip(*(flatten(r)[0] for r in results), strict=True)
    return pack(structure, [stack(list(column)) for column in columns])


def map_fn(
    fn,
    elems,
    dtype=None,
    parallel_iterations=None,
    back_prop=True,
    swap_memory=False,
    infer_shape=True,
    name=None,
    fn_output_signature=None,
):
    """``fn`` applied to each slice ``elems[i]``, the results stacked (``tf.map_fn``).

    >>> import tapejax as tf
    >>> tf.map_fn(lambda x: x * 2, tf.constant([1.0, 2.0, 3.0]))
    <tf.Tensor: shape=(3,), dtype=float32, numpy=array([2., 4., 6.], dtype=float32)>
    """
    rows = _slices(elems)
    if not rows:
        raise ValueError(
            "tf.map_fn over an empty first dimension is not supported by tapejax: "
            "the result's shape would come from fn_output_signature; skip the call."
        )
    return _stacked([fn(row) for row in rows])


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """``fn`` applied to each slice of ``elems``, the results stacked (``tf.vectorized_map``)."""
    return map_fn(fn, elems)


def scan(
    fn,
    elems,
    initializer=None,
    parallel_iterations=10,
    back_prop=True,
    swap_memory=False,
    infer_shape=True,
    reverse=False,
    name=None,
):
    """Every accumulator of ``a = fn(a, elems[i])``, stacked (``tf.scan``).

    Without ``initializer`` the first slice is the first accumulator (and the first output).

    >>> import tapejax as tf
    >>> tf.scan(lambda a, x: a + x, tf.constant([1, 2, 3, 4]))
    <tf.Tensor: shape=(4,), dtype=int32, numpy=array([ 1,  3,  6, 10], dtype=int32)>
    """
    rows = _slices(elems, reverse)
    if initializer is None:
        accumulator, rows, outputs = rows[0], rows[1:], [rows[0]]
    else:
        accumulator, outputs = initializer, []
    for row in rows:
        accumulator = fn(accumulator, row)
        outputs.append(accumulator)
    return _stacked(outputs, reverse)


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """The last accumulator of ``a = fn(a, elems[i])`` from the first slice on (``tf.foldl``)."""
    return _fold(fn, _slices(elems), initializer)


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """The last accumulator of ``a = fn(a, elems[i])`` from the last slice back (``tf.foldr``)."""
    return _fold(fn, _slices(elems, reverse=True), initializer)


def _fold(fn, rows: list, initializer):
    if initializer is None:
        initializer, rows = rows[0], rows[1:]
    accumulator = pack(initializer, [convert_to_tensor(v) for v in flatten(initializer)[0]])
    for row in rows:
        accumulator = fn(accumulator, row)
    return accumulator
