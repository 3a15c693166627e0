"""``tf.TensorArray``: a list of same-dtype tensors, written one element at a time.

Two representations, chosen by where the array is used:

* **a Python list of Tensors** (eagerly, and inside ``tapejax.function`` while every index is
  a Python number or a concrete tensor): TF's eager TensorArray, message for message. Every
  read, ``stack`` and ``unstack`` is an ordinary recorded op, so tapes differentiate through it.
* **a buffer**: one tensor of shape ``(capacity,) + element_shape`` (plus the number of
  elements written, for ``dynamic_size``), used when an index is symbolic (inside a traced
  ``tf.while_loop`` body) and carried through the loop as its state. Writes are
  ``buffer.at[i].set(value)`` ops, differentiable as any other.

A traced loop needs a fixed capacity: ``size`` for a fixed-size array; for ``dynamic_size=True``
it is ``size + maximum_iterations`` of the ``tf.while_loop`` (without ``maximum_iterations`` it
raises). ``stack()`` of a dynamic array after a traced loop then has ``capacity`` rows (rows
never written are zeros; TF's has as many rows as were written, a shape JAX cannot trace).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.values.access import as_tensor, is_symbolic_tensor, value_of
from .._core.values.dtype import as_dtype, int32
from .._core.values.errors import InvalidArgumentError, OutOfRangeError
from .._core.values.nest import flatten, pack
from .._core.values.shape import TensorShape
from .._core.values.tensor import Tensor, TensorLike
from .._ops.array_ops import identity, reshape
from .._ops.creation_ops import zeros
from .._ops.join_ops import concat, stack, unstack
from .._ops.math_ops import maximum, reduce_max
from .._ops.selection_ops import gather

_SET = Op("TensorListSetItem", lambda buf, i, v: buf.at[i].set(v, mode="drop"))
_GET = Op("TensorListGetItem", lambda buf, i: jax.lax.dynamic_index_in_dim(buf, i, 0, keepdims=False))
_SCATTER = Op("TensorListScatterIntoExistingList", lambda buf, i, v: buf.at[i].set(v, mode="drop"))


def _index(index):
    """A Python int for a concrete index, or the symbolic int32 tensor."""
    if isinstance(index, TensorLike) and is_symbolic_tensor(as_tensor(index)):
        return as_tensor(index)
    return int(index)


class TensorArray:
    """A list of tensors of one dtype, for loops (``tf.TensorArray``).

    >>> import tapejax as tf
    >>> ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True, clear_after_read=False)
    >>> ta = ta.write(0, 10).write(1, 20).write(2, 30)
    >>> ta.read(1)
    <tf.Tensor: shape=(), dtype=float32, numpy=20.0>
    >>> ta.stack()
    <tf.Tensor: shape=(3,), dtype=float32, numpy=array([10., 20., 30.], dtype=float32)>
    """

    def __init__(
        self,
        dtype,
        size=None,
        dynamic_size=None,
        clear_after_read=None,
        tensor_array_name=None,
        handle=None,
        flow=None,
        infer_shape=True,
        element_shape=None,
        colocate_with_first_write_call=True,
        name=None,
    ):
        if handle is not None:
            raise ValueError("TensorArray handles are not supported when eager execution is enabled.")
        if size is None:
            raise ValueError("Size must be declared for TensorArrays when eager execution is enabled.")
        self._dtype = as_dtype(dtype)
        self._dynamic_size = bool(dynamic_size)
        self._clear_after_read = True if clear_after_read is None else bool(clear_after_read)
        self._infer_shape = infer_shape
        self._element_shape = None if element_shape is None else TensorShape(element_shape)
        self._read_indices: list = []
        self._items: list | None = [None] * int(size)
        self._buffer = None  # buffer mode: the (capacity, *element_shape) tensor (None: shape unknown yet)
        self._length = None  # buffer mode: the number of elements (an int, or an int32 tensor)
        self._capacity = 0

    # -- facts ----------------------------------------------------------------------------
    @property
    def dtype(self):
        return self._dtype

    @property
    def dynamic_size(self) -> bool:
        return self._dynamic_size

    @property
    def element_shape(self) -> TensorShape | None:
        return self._element_shape

    @property
    def flow(self):
        return Tensor(jnp.zeros((), jnp.int32))

    @property
    def handle(self):
        return None

    def size(self, name=None) -> Tensor:
        if self._items is not None:
            return convert_to_tensor(len(self._items), dtype=int32)
        return convert_to_tensor(self._length, dtype=int32)

    def identity(self) -> TensorArray:
        return self

    def close(self, name=None) -> None:
        if self._items is not None:
            del self._items[:]

    def __repr__(self) -> str:
        return f"<tapejax.TensorArray dtype={self._dtype.name} size={self._known_size()}>"

    def _known_size(self):
        return len(self._items) if self._items is not None else self._length

    # -- writing --------------------------------------------------------------------------
    def _element(self, value) -> Tensor:
        if not isinstance(value, TensorLike):
            value = convert_to_tensor(value, dtype_hint=self._dtype)
        value = as_tensor(value)
        if value.dtype != self._dtype:
            raise InvalidArgumentError(
                f"TensorArray dtype is {self._dtype.name} but Op is trying to write dtype {value.dtype.name} "
            )
        if self._element_shape is not None and not self._element_shape.is_compatible_with(value.shape):
            raise ValueError(
                f"Incompatible shape for value ({value.shape}), expected ({self._element_shape})"
            )
        if self._infer_shape:
            self._element_shape = (
                value.shape if self._element_shape is None else self._element_shape.merge_with(value.shape)
            )
        return value

    def _buffer_for(self, element) -> Tensor:
        """The buffer of a buffer-mode array, made of zeros when this first write shapes it."""
        if self._buffer is None and self._element_shape is None:
            self._element_shape = element.shape
        return self._buffer if self._buffer is not None else self._zeros()

    def _write(self, index: int, value) -> None:
        if index < 0:
            raise OutOfRangeError(f"Writing to negative indices (index {index}) is not allowed.")
        size = len(self._items)
        if index >= size:
            if not self._dynamic_size:
                raise OutOfRangeError(
                    f"Tried to write to index {index} but array is not resizeable and size is: {size} "
                )
            self._items.extend(None for _ in range(index - size + 1))
        self._items[index] = self._element(value)

    def write(self, index, value, name=None) -> TensorArray:
        """Writes ``value`` at ``index``; returns the array (use the returned one, as in TF)."""
        index = _index(index)
        if self._items is not None and isinstance(index, int):
            self._write(index, value)
            return self
        value = self._element(value)
        ta = self._as_buffer()
        ta._buffer = record(_SET, (ta._buffer_for(value), convert_to_tensor(index, dtype=int32), value))
        if ta._dynamic_size:
            ta._length = maximum(ta._length, index + 1)
        return ta

    def scatter(self, indices, value, name=None) -> TensorArray:
        """Writes ``value[k]`` at ``indices[k]``."""
        indices = convert_to_tensor(indices, dtype=int32)
        if self._items is not None and not is_symbolic_tensor(indices):
            for index, item in zip(indices.numpy().tolist(), unstack(value), strict=True):
                self._write(index, item)
            return self
        values = convert_to_tensor(value, dtype_hint=self._dtype)
        ta = self._as_buffer()
        ta._buffer = record(_SCATTER, (ta._buffer_for(self._element(values[0])), indices, values))
        if ta._dynamic_size:
            ta._length = maximum(ta._length, reduce_max(indices) + 1)
        return ta

    def unstack(self, value, name=None) -> TensorArray:
        """Writes the rows of ``value`` as the elements."""
        tensors = unstack(convert_to_tensor(value, dtype_hint=self._dtype))
        if self._items is None:
            raise TypeError(
                "TensorArray.unstack inside a traced tf.while_loop body is not supported "
                "by tapejax; unstack before the loop and read the elements in it."
            )
        if len(tensors) > len(self._items) and not self._dynamic_size:
            raise ValueError(
                f"Cannot unstack {len(tensors)} tensors into a TensorArray of static size {len(self._items)} "
            )
        self._items = [self._element(t) for t in tensors]
        return self

    def split(self, value, lengths, name=None) -> TensorArray:
        """Splits ``value`` along its first axis into elements of the given ``lengths``."""
        value = convert_to_tensor(value, dtype_hint=self._dtype)
        sizes = [int(n) for n in convert_to_tensor(lengths).numpy()]
        if sum(sizes) != value.shape[0]:
            raise InvalidArgumentError(
                f"Expected sum of lengths to be equal to values.shape[0], but sum of lengths is "
                f"{sum(sizes)} and value's shape is: {value.shape.as_list()} "
            )
        starts = [sum(sizes[:k]) for k in range(len(sizes))]
        self._items = [value[s : s + n] for s, n in zip(starts, sizes, strict=True)]
        return self

    # -- reading --------------------------------------------------------------------------
    def _zeros(self) -> Tensor:
        if self._element_shape is None or not self._element_shape.is_fully_defined():
            raise ValueError("Cannot convert a partially known TensorShape <unknown> to a Tensor.")
        shape = tuple(self._element_shape)
        return zeros(shape if self._items is not None else (self._capacity, *shape), self._dtype)

    def _item(self, index: int) -> Tensor:
        if self._items[index] is None:
            self._items[index] = self._zeros()
        return self._items[index]

    def read(self, index, name=None) -> Tensor:
        """The element at ``index`` (zeros if never written and its shape is known)."""
        index = _index(index)
        if self._items is None or not isinstance(index, int):
            ta = self._as_buffer()
            buffer = ta._buffer if ta._buffer is not None else ta._zeros()
            return record(_GET, (buffer, convert_to_tensor(index, dtype=int32)))
        if index < 0:
            raise OutOfRangeError(f"Reading from negative indices (index {index}) is not allowed.")
        if index >= len(self._items):
            raise OutOfRangeError(f"Tried to read from index {index} but array size is: {len(self._items)} ")
        if self._items[index] is None and index in self._read_indices:
            raise InvalidArgumentError(
                f"Could not read index {index} twice because it was cleared after a previous read "
                "(perhaps try setting clear_after_read = false?)"
            )
        tensor = self._item(index)
        if self._clear_after_read and not is_symbolic_tensor(tensor):  # TF's graph TensorArray never clears
            self._items[index] = None
            self._read_indices.append(index)
        return tensor

    def stack(self, name=None) -> Tensor:
        """The elements stacked along a new first axis."""
        if self._items is None:
            buffer = self._buffer if self._buffer is not None else self._zeros()
            return buffer if not isinstance(self._length, int) else buffer[: self._length]
        if not self._items:
            shape = (0,) if self._element_shape is None else (0, *self._element_shape)
            return zeros(shape, self._dtype)
        return stack([self._item(i) for i in range(len(self._items))])

    def gather(self, indices, name=None) -> Tensor:
        """The elements at ``indices``, stacked."""
        indices = convert_to_tensor(indices, dtype=int32)
        if self._items is None or is_symbolic_tensor(indices):
            return gather(self._as_buffer().stack(), indices)
        return stack([self._item(i) for i in indices.numpy().tolist()])

    def concat(self, name=None) -> Tensor:
        """The elements joined along their first axis."""
        if self._items is None:
            whole = self.stack()
            return reshape(whole, (-1, *whole.shape[2:]))
        items = [self._item(i) for i in range(len(self._items))]
        for i, t in enumerate(items):
            if t.ndim == 0:
                raise InvalidArgumentError(
                    f"Concat saw a scalar shape at index {i} but requires at least vectors."
                )
        return concat(items, 0) if len(items) != 1 else identity(items[0])

    # -- the buffer (traced loops) ----------------------------------------------------------
    def _as_buffer(self, capacity: int | None = None) -> TensorArray:
        """This array as a buffer of ``capacity`` elements (a new TensorArray if it was a list)."""
        if self._items is None:
            return self
        ta = object.__new__(TensorArray)
        ta.__dict__.update(self.__dict__)
        ta._items, ta._read_indices = None, []
        ta._capacity = len(self._items) if capacity is None else capacity
        ta._length = len(self._items)
        if self._dynamic_size:
            ta._length = convert_to_tensor(ta._length, dtype=int32)
        known = self._element_shape is not None and self._element_shape.is_fully_defined()
        if not known:
            if any(t is not None for t in self._items):
                raise ValueError("Cannot convert a partially known TensorShape <unknown> to a Tensor.")
            return ta
        rows = [self._item(i) for i in range(len(self._items))]
        padding = [ta._zeros()[0]] * (ta._capacity - len(rows))
        ta._buffer = stack(rows + padding) if rows + padding else ta._zeros()
        return ta

    def _parts(self) -> tuple:
        """The tensors a traced loop carries for this (buffer-mode) array."""
        return tuple(
            p
            for p, keep in ((self._buffer, self._buffer is not None), (self._length, self._dynamic_size))
            if keep
        )

    def _with_parts(self, parts) -> TensorArray:
        ta = object.__new__(TensorArray)
        ta.__dict__.update(self.__dict__)
        it = iter(parts)
        if self._buffer is not None:
            ta._buffer = next(it)
            ta._element_shape = TensorShape(ta._buffer.shape[1:])
        if self._dynamic_size:
            ta._length = next(it)
        return ta


# -- tf.while_loop's loop state ----------------------------------------------------------------
def is_tensor_array(value) -> bool:
    return isinstance(value, TensorArray)


def as_buffers(loop_vars, maximum_iterations, body):
    """``loop_vars`` with every TensorArray as a buffer of fixed capacity (see the module
    docstring), ready to be a traced loop's state. A buffer whose element shape is still
    unknown is shaped by tracing ``body`` once abstractly (``jax.eval_shape``); with no ``body``
    it stays unshaped (``buffer_unshaped``), for the caller to shape."""
    leaves, structure = flatten(loop_vars)
    out = []
    for leaf in leaves:
        if isinstance(leaf, TensorArray) and leaf._items is not None:
            capacity = len(leaf._items)
            if leaf._dynamic_size:
                if maximum_iterations is None:
                    raise ValueError(
                        "A TensorArray with dynamic_size=True in a tf.while_loop traced by "
                        "tapejax.function needs a bound: pass maximum_iterations to tf.while_loop "
                        "(the array then holds up to size + maximum_iterations elements), or give "
                        "the TensorArray a fixed size."
                    )
                capacity += int(maximum_iterations)
            out.append(leaf._as_buffer(capacity))
        else:
            out.append(leaf)
    loop_vars = pack(structure, out)
    if body is not None and any(isinstance(t, TensorArray) and t._buffer is None for t in out):
        loop_vars = _shaped_by_body(loop_vars, body)
    return loop_vars


def buffer_unshaped(value) -> bool:
    """Whether ``value`` is a buffer-mode TensorArray whose element shape is not known yet."""
    return isinstance(value, TensorArray) and value._items is None and value._buffer is None


def shape_like(unshaped, shaped) -> None:
    """Gives the unshaped buffer ``unshaped`` the element shape of ``shaped`` (zeros)."""
    unshaped._element_shape = shaped._element_shape
    unshaped._buffer = unshaped._zeros()


def _shaped_by_body(loop_vars, body):
    found = []
    values, structure = flatten(expand(loop_vars))

    def probe(*arrays):
        result = body(*collapse(loop_vars, pack(structure, [Tensor(a) for a in arrays])))
        found.extend(t for t in flatten(list(result))[0] if isinstance(t, TensorArray))
        return 0

    jax.eval_shape(probe, *[value_of(convert_to_tensor(v)) for v in values])
    shapes = iter(t._element_shape for t in found)
    out = []
    for leaf in flatten(loop_vars)[0]:
        if isinstance(leaf, TensorArray):
            shape = next(shapes, None)
            if leaf._buffer is None:
                leaf._element_shape = shape
                leaf._buffer = leaf._zeros()
        out.append(leaf)
    return pack(flatten(loop_vars)[1], out)


def expand(structure):
    """``structure`` with every TensorArray replaced by the tuple of tensors it carries."""
    leaves, structure = flatten(structure)
    return pack(structure, [leaf._parts() if isinstance(leaf, TensorArray) else leaf for leaf in leaves])


def collapse(templates, expanded):
    """Undoes :func:`expand`: the TensorArrays of ``templates`` holding the carried tensors."""
    leaves, _ = flatten(expanded)
    it = iter(leaves)
    out = []
    for leaf in flatten(templates)[0]:
        if isinstance(leaf, TensorArray):
            out.append(leaf._with_parts([next(it) for _ in leaf._parts()]))
        else:
            out.append(next(it))
    return pack(templates, out)
