"""The batches of one epoch: from arrays (sliced, shuffled) or from an iterable of batches."""

from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from .._core.tensor import Tensor, TensorLike


def _is_array(x) -> bool:
    return isinstance(x, (np.ndarray, TensorLike, jax.Array)) or _is_number_list(x)


def _is_number_list(x) -> bool:
    """A (nested) list of Python numbers: one array, not a list of inputs."""
    return isinstance(x, list) and bool(x) and all(
        isinstance(v, (int, float)) or _is_number_list(v) for v in x)


def _to_numpy(x):
    """Arrays (and lists of numbers) as numpy arrays; lists/tuples/dicts of them kept as structures."""
    if isinstance(x, dict):
        return {k: _to_numpy(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)) and x and not _is_array(x):
        return type(x)(_to_numpy(v) for v in x)
    if isinstance(x, TensorLike):
        return x.numpy()
    array = np.asarray(x)
    return array.astype(np.float32) if array.dtype == np.float64 else array  # Keras' floatx


def is_array_data(x) -> bool:
    """Whether ``x`` is arrays (a structure of them) rather than an iterable of batches."""
    if isinstance(x, dict):
        return all(is_array_data(v) for v in x.values())
    if isinstance(x, (list, tuple)):
        return _is_array(x) or all(is_array_data(v) for v in x)
    return _is_array(x) or isinstance(x, (int, float))


def unpack(data):
    """A batch as ``(x, y, sample_weight)`` (Keras' ``unpack_x_y_sample_weight``)."""
    if isinstance(data, tuple):
        if len(data) == 1:
            return data[0], None, None
        if len(data) == 2:
            return data[0], data[1], None
        if len(data) == 3:
            return data
    return data, None, None


def _num_samples(tree) -> int:
    return int(jax.tree_util.tree_leaves(tree)[0].shape[0])


def train_validation_split(x, y, validation_split: float):
    """The last ``validation_split`` of the samples for validation (Keras slices, never shuffles)."""
    if not is_array_data(x):
        raise ValueError("Argument `validation_split` is only supported for tensors or NumPy arrays."
                         f"Found incompatible type in the input: {type(x)}")
    x, y = _to_numpy(x), _to_numpy(y)
    split = int(math.floor(_num_samples(x) * (1.0 - validation_split)))
    head = jax.tree_util.tree_map(lambda a: a[:split], (x, y))
    tail = jax.tree_util.tree_map(lambda a: a[split:], (x, y))
    return head, tail


class EpochIterator:
    """Yields ``(step, (x, y))`` for one epoch each time it is iterated.

    Arrays are cut in batches of ``batch_size`` (32 by default), in a new random order each
    epoch when ``shuffle``; other data must be an iterable of batches (a ``tf.data.Dataset``,
    a list of ``(x, y)`` tuples, a generator), iterated anew each epoch.
    """

    def __init__(self, x, y=None, batch_size=None, shuffle: bool = False, steps_per_epoch=None):
        self.steps_per_epoch = steps_per_epoch
        self.arrays = is_array_data(x)
        if self.arrays:
            self.data = (_to_numpy(x),) if y is None else (_to_numpy(x), _to_numpy(y))
            self.n = _num_samples(self.data)
            self.batch_size = batch_size or 32
            self.shuffle = bool(shuffle)
            self.num_batches = steps_per_epoch or math.ceil(self.n / self.batch_size)
            self._device_data = None
        else:
            if batch_size is not None:
                raise ValueError("The `batch_size` argument must not be specified for the given input "
                                 f"type. Received input: x={x}, batch_size={batch_size}")
            self.data = x
            length = getattr(x, "__len__", None)
            self.num_batches = steps_per_epoch or (len(x) if length is not None else None)

    def __iter__(self):
        """``(step, args)``: the step function's arguments, ``(batch,)`` for batches of an
        iterable, ``(arrays, order, start, size)`` for arrays (see :func:`take_batch`)."""
        if self.arrays:
            yield from self._array_batches()
        else:
            for step, batch in enumerate(self.data):
                if self.steps_per_epoch is not None and step >= self.steps_per_epoch:
                    break
                yield step, (batch,)

    def _array_batches(self):
        # The arrays go to the device once; each compiled step cuts its batch out of them at a
        # position it keeps in a Variable (see take_batch), so no batch is converted or copied
        # in Python and nothing but the batch size is given per step.
        if self._device_data is None:
            self._device_data = jax.device_put(self.data)
        order = jax.device_put(np.random.permutation(self.n).astype(np.int32)) if self.shuffle else None
        for step in range(self.num_batches):
            start = (step * self.batch_size) % self.n
            yield step, (self._device_data, order, min(self.batch_size, self.n - start))


def take_batch(arrays, order, position, size: int):
    """Inside a compiled step: the ``size`` samples from ``position`` (a Variable, then moved
    past them), in ``order`` if shuffled."""
    start = position._as_tensor()._value
    n = jax.tree_util.tree_leaves(arrays, is_leaf=lambda a: isinstance(a, TensorLike))[0].shape[0]
    position.assign(Tensor((start + size) % n))
    if order is None:
        def cut(a):
            return Tensor(jax.lax.dynamic_slice_in_dim(a._value, start, size))
    else:
        index = jax.lax.dynamic_slice_in_dim(order._value, start, size)

        def cut(a):
            return Tensor(jnp.take(a._value, index, axis=0))
    return jax.tree_util.tree_map(cut, arrays, is_leaf=lambda a: isinstance(a, TensorLike))
