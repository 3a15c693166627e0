"""The sparse methods of ``tf.Variable``: ``scatter_*`` (rows from an IndexedSlices),
``scatter_nd_*`` (n-d indices), ``batch_scatter_update``, ``sparse_read`` and ``gather_nd``.

Each update computes the new value with the scatter op of the same kind and assigns it (never
differentiated, as every assignment); reads are the gather ops themselves. ``install()`` sets
them on Variable once, from ``tapejax/__init__.py``, as ``operators.install`` does for
Tensor's operators: Variable sits below the ops in the layers.
"""

from __future__ import annotations

from .._core.convert import convert_to_tensor
from .._core.recorders import paused
from .._core.variable import Variable
from .array_ops import broadcast_to, reshape
from .indexed_slices import IndexedSlices
from .join_ops import stack
from .scatter_ops import scatter_into
from .selection_ops import gather, gather_nd


def _rows_update(kind: str, op_name: str):
    def method(self, sparse_delta, use_locking=False, name=None):
        if not isinstance(sparse_delta, IndexedSlices):
            raise TypeError(
                f"Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: {sparse_delta}"
            )
        indices = reshape(sparse_delta.indices, [-1, 1])
        values = convert_to_tensor(sparse_delta.values, dtype=self.dtype)  # TF: no implicit cast
        rows = reshape(values, [-1, *values.shape[sparse_delta.indices.ndim :]])
        return _assign_scattered(self, indices, rows, kind, op_name, rows=True)

    method.__name__ = f"scatter_{kind}"
    method.__doc__ = (
        f"Variable.scatter_{kind}: rows ``sparse_delta.indices`` of the variable updated with "
        f"``sparse_delta.values`` ({kind}; repeated rows {'add up' if kind in ('add', 'sub') else 'apply in turn'})."
    )
    return method


def _nd_update(kind: str, op_name: str):
    def method(self, indices, updates, use_locking=False, name=None):
        updates = convert_to_tensor(updates, dtype=self.dtype)
        return _assign_scattered(self, convert_to_tensor(indices), updates, kind, op_name)

    method.__name__ = f"scatter_nd_{kind}"
    method.__doc__ = (
        f"Variable.scatter_nd_{kind}: the slices at n-d ``indices`` updated with ``updates`` ({kind})."
    )
    return method


def _assign_scattered(variable, indices, updates, kind: str, op_name: str, rows: bool = False):
    with paused():  # an assignment is not differentiated: nothing to record
        new = scatter_into(variable.read_value(), indices, updates, kind, op_name, rows=rows)
    variable.assign(new)
    return variable


def batch_scatter_update(self, sparse_delta, use_locking=False, name=None):
    """Row ``indices[..., j]`` of each batch entry (leading dimensions of the indices) set to
    ``values[..., j, :]`` (``Variable.batch_scatter_update``)."""
    if not isinstance(sparse_delta, IndexedSlices):
        raise TypeError(f"Argument `sparse_delta` must be a `tf.IndexedSlices`. Received arg: {sparse_delta}")
    idx = convert_to_tensor(sparse_delta.indices)
    batch = idx.shape[:-1]
    grid = [
        reshape(convert_to_tensor(list(range(n))), [-1 if k == a else 1 for k in range(idx.ndim)])
        for a, n in enumerate(batch)
    ]
    full = stack([broadcast_to(g, idx.shape) for g in grid] + [idx], axis=-1)
    values = convert_to_tensor(sparse_delta.values, dtype=self.dtype)
    return _assign_scattered(self, full, values, "update", "ResourceScatterNdUpdate")


def sparse_read(self, indices, name=None):
    """The rows ``indices`` of the variable, a recorded gather (``Variable.sparse_read``)."""
    return gather(self, indices)


def variable_gather_nd(self, indices, name=None):
    """The slices at n-d ``indices`` of the variable (``Variable.gather_nd``)."""
    return gather_nd(self, indices)


_METHODS = {
    **{
        f"scatter_{kind}": _rows_update(kind, f"ResourceScatter{kind.capitalize()}")
        for kind in ("add", "sub", "mul", "div", "min", "max", "update")
    },
    **{
        f"scatter_nd_{kind}": _nd_update(kind, f"ResourceScatterNd{kind.capitalize()}")
        for kind in ("add", "sub", "min", "max", "update")
    },
    "batch_scatter_update": batch_scatter_update,
    "sparse_read": sparse_read,
    "gather_nd": variable_gather_nd,
}


def install() -> None:
    for name, method in _METHODS.items():
        setattr(Variable, name, method)
