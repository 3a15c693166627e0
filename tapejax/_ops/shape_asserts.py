"""``tf.debugging`` static assertions: rank, shape, dtype and scalar checks.

Shapes and dtypes are known while a ``tapejax.function`` traces, so these checks raise TF's
ValueError / TypeError at once (at trace time inside a function, as TF's do); a tensor is named
as TF names it: not at all eagerly (``Tensor  must have rank 2``), ``x:0`` in a function.
They return None (TF 2's eager result).
"""

from __future__ import annotations

from .._core.recording.convert import convert_to_tensor
from .._core.values.dtype import as_dtype, int32
from .assert_ops import graph_mode, graph_name, message_prefix, shape_and_dtype


def _static_rank(rank, scope: str) -> int:
    rank = convert_to_tensor(rank)
    assert_type(rank, int32)  # TF's TypeError for a rank that is not an int32
    if rank.shape.rank != 0:
        raise ValueError("Rank must be a scalar.")
    return int(rank.numpy())


def _rank_check(x, message, scope: str, holds, wanted: str) -> None:
    x = convert_to_tensor(x)
    rank = x.shape.rank
    if not holds(rank):
        name = graph_name(x, scope) if graph_mode(x) else ""
        raise ValueError(
            f"{message_prefix(message)}Tensor {name} must have rank {wanted}.  "
            f"Received rank {rank}, shape {x.shape}"
        )


def assert_rank(x, rank, message=None, name=None):
    """Raises ValueError unless ``x`` has rank ``rank``.

    >>> import tapejax as tf
    >>> tf.debugging.assert_rank(tf.zeros([2, 3]), 1)
    Traceback (most recent call last):
    ...
    ValueError: Tensor  must have rank 1.  Received rank 2, shape (2, 3)
    """
    scope = name or "assert_rank"
    wanted = _static_rank(rank, scope)
    _rank_check(x, message, scope, lambda r: r == wanted, f"{wanted}")


def assert_rank_at_least(x, rank, message=None, name=None):
    """Raises ValueError unless ``x`` has rank ``rank`` or more."""
    scope = name or "assert_rank_at_least"
    wanted = _static_rank(rank, scope)
    _rank_check(x, message, scope, lambda r: r >= wanted, f"at least {wanted}")


def assert_rank_in(x, ranks, message=None, name=None):
    """Raises ValueError unless the rank of ``x`` is one of ``ranks``."""
    scope = name or "assert_rank_in"
    wanted = tuple(_static_rank(r, scope) for r in ranks)
    _rank_check(x, message, scope, lambda r: r in wanted, f"in {wanted}")


def assert_type(tensor, tf_type, message=None, name=None):
    """Raises TypeError unless ``tensor`` has dtype ``tf_type``."""
    tf_type = as_dtype(tf_type)
    tensor = convert_to_tensor(tensor)
    if tensor.dtype != tf_type:
        label = graph_name(tensor, name or "assert_type", "tensor") if graph_mode(tensor) else "tensor"
        raise TypeError(f"{message_prefix(message)}{label} must be of type {tf_type!r}; got {tensor.dtype!r}")


def assert_integer(x, message=None, name=None):
    """Raises TypeError unless ``x`` has an integer dtype."""
    x = convert_to_tensor(x)
    if not x.dtype.is_integer:
        label = graph_name(x, name or "assert_integer") if graph_mode(x) else "tensor"
        raise TypeError(
            f'{message_prefix(message)}Expected "x" to be integer type.  Found: {label} of dtype {x.dtype}'
        )


def assert_scalar(tensor, message=None, name=None):
    """Raises ValueError unless ``tensor`` is a scalar."""
    tensor = convert_to_tensor(tensor)
    if tensor.shape.rank != 0:
        if graph_mode(tensor):
            label = graph_name(tensor, name or "assert_scalar", "tensor")
            raise ValueError(
                f"{message_prefix(message)}Expected scalar shape for {label}, saw shape: {tensor.shape}."
            )
        raise ValueError(f"{message_prefix(message)}Expected scalar shape, saw shape: {tensor.shape}.")


def assert_shapes(shapes, data=None, summarize=None, message=None, name=None):
    """Raises ValueError unless the tensors' shapes fit the symbolic shapes (``'N'`` names a
    size shared by every tensor that uses it, an int is a size, ``None`` or ``'.'`` any size, a
    leading ``...`` or ``'*'`` any outer dimensions; a scalar and ``()`` are rank 1, size 1).

    >>> import tapejax as tf
    >>> tf.debugging.assert_shapes([(tf.zeros([2, 3]), ('N', 3)), (tf.zeros([2]), ('N',))])
    """
    scope = name or "assert_shapes"
    prefix = message_prefix(message)
    items = shapes.items() if isinstance(shapes, dict) else shapes
    pairs = [(convert_to_tensor(x), s) for x, s in items if s is not None]

    def label(x):
        return graph_name(x, scope) if graph_mode(x) else shape_and_dtype(x)

    checked = []
    for x, given in pairs:
        if not (hasattr(given, "__iter__") or hasattr(given, "__getitem__")):
            raise ValueError(
                f"{prefix}Tensor {label(x)}.  Specified shape must be an iterable.  An "
                "iterable has the attribute `__iter__` or `__getitem__`.  Received specified "
                f"shape: {given}"
            )
        spec = tuple(given)
        for i, symbol in enumerate(spec):
            if (symbol is Ellipsis or symbol == "*") and i != 0:
                raise ValueError(
                    f"{prefix}Tensor {label(x)} specified shape index {i}.  Symbol `...` or "
                    "`*` for a variable number of unspecified dimensions is only allowed as "
                    "the first entry"
                )
        inner = bool(spec) and (spec[0] is Ellipsis or spec[0] == "*")
        sizes = (spec[1:] if inner else spec) or (1,)
        checked.append((x, inner, sizes))
    for x, inner, sizes in checked:  # ranks first, as TF's
        if inner:
            if len(sizes) > 1:
                assert_rank_at_least(x, len(sizes), message, name)
        elif len(sizes) in (0, 1):
            assert_rank_in(x, [0, 1], message, name)
        else:
            assert_rank(x, len(sizes), message, name)
    known: dict = {}
    for x, inner, sizes in checked:
        actual = tuple(x.shape) or (1,)
        for i, symbol in enumerate(sizes):
            if symbol is None or symbol == ".":
                continue
            dim = i - len(sizes) if inner else i
            explicit = _as_int(symbol)
            if explicit is None and symbol not in known:
                known[symbol] = (actual[dim], x, dim)
                continue
            if explicit is not None:
                wanted, origin = explicit, "Specified explicitly"
            else:
                wanted, by, at = known[symbol]
                origin = f"Specified by tensor {label(by)} dimension {at}"
            if actual[dim] != wanted:
                raise ValueError(
                    f"{prefix}{origin}.  Tensor {label(x)} dimension {dim} must have size "
                    f"{wanted}.  Received size {actual[dim]}, shape {x.shape}"
                )


def _as_int(symbol):
    try:
        return int(symbol)
    except (ValueError, TypeError):
        return None
