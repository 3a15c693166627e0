"""The batches of one epoch: from arrays (sliced, shuffled) or from an iterable of batches."""

from __future__ import annotations

import math
import warnings

import jax
import jax.numpy as jnp
import numpy as np

from ..backend import core as backend
from ..backend.core import Tensor, TensorLike, convert_to_tensor
from .data_adapter_utils import pack_x_y_sample_weight
from .data_adapter_utils import unpack_x_y_sample_weight as unpack


def _is_array(x) -> bool:
    return isinstance(x, (np.ndarray, TensorLike, jax.Array)) or _is_number_list(x)


def _is_number_list(x) -> bool:
    """A (nested) list of Python numbers: one array, not a list of inputs."""
    return (
        isinstance(x, list) and bool(x) and all(isinstance(v, (int, float)) or _is_number_list(v) for v in x)
    )


def _to_numpy(x):
    """Arrays (and lists of numbers) as numpy arrays; lists/tuples/dicts of them kept as structures."""
    if x is None:
        return None
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


def _num_samples(tree) -> int:
    return int(jax.tree_util.tree_leaves(tree)[0].shape[0])


def train_validation_split(x, y, validation_split: float, sample_weight=None):
    """The last ``validation_split`` of the samples for validation (Keras slices, never shuffles):
    ``(x, y, sample_weight)`` to train on and ``(x, y, sample_weight)`` to validate on."""
    if not is_array_data(x):
        raise ValueError(
            "Argument `validation_split` is only supported for tensors or NumPy arrays."
            f"Found incompatible type in the input: {type(x)}"
        )
    x, y, sample_weight = _to_numpy(x), _to_numpy(y), _to_numpy(sample_weight)
    split = int(math.floor(_num_samples(x) * (1.0 - validation_split)))
    head = jax.tree_util.tree_map(lambda a: a[:split], (x, y, sample_weight))
    tail = jax.tree_util.tree_map(lambda a: a[split:], (x, y, sample_weight))
    return head, tail


def class_weight_to_sample_weights(y, class_weight: dict) -> np.ndarray:
    """Keras 3's per-sample weights of a ``class_weight`` dict: each sample weighs its class's
    weight (1 for a class not in it); one-hot targets are read by their argmax."""
    y = np.asarray(y.numpy() if isinstance(y, TensorLike) else y)
    if y.ndim > 1:
        y = np.argmax(y, axis=-1) if y.shape[-1] != 1 else np.squeeze(y, axis=-1)
    y = np.round(y).astype("int32")
    return np.array([class_weight.get(int(c), 1.0) for c in y], np.float32)


def _weights(y, sample_weight, class_weight):
    """The sample weights of array data (Keras 3's ``ArrayDataAdapter`` checks)."""
    if sample_weight is not None and class_weight is not None:
        raise ValueError("You cannot `class_weight` and `sample_weight` at the same time.")
    nested = isinstance(y, (list, tuple, dict)) and not _is_array(y)
    if class_weight is not None:
        if nested:
            raise ValueError("`class_weight` is only supported for Models with a single output.")
        return class_weight_to_sample_weights(y, class_weight)
    if sample_weight is not None and nested and _is_array(sample_weight):
        # One array for every output.
        return jax.tree_util.tree_map(lambda _: _to_numpy(sample_weight), _to_numpy(y))
    return None if sample_weight is None else _to_numpy(sample_weight)


def _with_class_weight(batch, class_weight):
    x, y, sample_weight = unpack(batch)
    if isinstance(y, (list, tuple, dict)) and not _is_array(y):
        raise ValueError("`class_weight` is only supported for Models with a single output.")
    return x, y, class_weight_to_sample_weights(y, class_weight)


class EpochIterator:
    """Yields ``(step, args)`` for one epoch each time it is iterated.

    Arrays are cut in batches of ``batch_size`` (32 by default), in a new random order each
    epoch when ``shuffle``; other data must be an iterable of batches (a ``tf.data.Dataset``,
    a list of ``(x, y)`` tuples, a generator), iterated anew each epoch. ``sample_weight``
    (arrays) or ``class_weight`` (a dict by class) add a third element to each batch.
    ``steps_per_execution`` batches go to one call of the step function.
    """

    def __init__(
        self,
        x,
        y=None,
        batch_size=None,
        shuffle: bool = False,
        steps_per_epoch=None,
        sample_weight=None,
        class_weight=None,
        steps_per_execution: int = 1,
    ):
        self.steps_per_epoch = steps_per_epoch
        self.steps_per_execution = max(int(steps_per_execution), 1)
        self.arrays = is_array_data(x)
        self.class_weight = class_weight
        if self.arrays:
            weights = _weights(y, sample_weight, class_weight)
            # As Keras' array adapter packs them: ``x`` alone when there are no targets.
            self.data = pack_x_y_sample_weight(_to_numpy(x), _to_numpy(y), weights)
            self.n = _num_samples(self.data)
            self.batch_size = batch_size or 32
            self.shuffle = bool(shuffle)
            self.num_batches = steps_per_epoch or math.ceil(self.n / self.batch_size)
            self._device_data = None
            self.sharding = None  # where the arrays go (a mesh's, under a strategy), else JAX's default
        else:
            if batch_size is not None:
                raise ValueError(
                    "The `batch_size` argument must not be specified for the given input "
                    f"type. Received input: x={x}, batch_size={batch_size}"
                )
            self.data = x
            self.num_batches = steps_per_epoch or _length(x)
            self._epoch = None
            if hasattr(x, "_epoch"):  # a keras.utils.PyDataset: its batches, hooks and order
                _check_py_dataset(x, y, sample_weight, shuffle)
                self.num_batches = steps_per_epoch or x.num_batches
                self._epoch = lambda: x._epoch(shuffle=shuffle, class_weight=class_weight)

    def __iter__(self):
        """``(begin, end, args)``: the first step, the last (``begin + steps_per_execution - 1``,
        the step Keras gives the callbacks) and the step function's arguments: ``(batches,)``
        (a tuple of ``steps_per_execution`` batches or fewer) for an iterable, ``(arrays, order,
        size, count)`` for arrays (see :func:`take_batch`)."""
        if self.arrays:
            yield from self._array_batches()
            return
        group, begin = [], 0
        elements = getattr(self.data, "_elements_for_step", None)  # a tf.data.Dataset: as it holds them
        elements = self._epoch or elements
        for step, batch in enumerate(elements() if elements is not None else self.data):
            if self.steps_per_epoch is not None and step >= self.steps_per_epoch:
                break
            group.append(batch if self.class_weight is None else _with_class_weight(batch, self.class_weight))
            if len(group) == self.steps_per_execution:
                yield begin, begin + self.steps_per_execution - 1, (tuple(group),)
                group, begin = [], step + 1
        if group:
            yield begin, begin + self.steps_per_execution - 1, (tuple(group),)

    def _array_batches(self):
        # The arrays go to the device once; each compiled step cuts its batch out of them at a
        # position it keeps in a Variable (see take_batch), so no batch is converted or copied
        # in Python and nothing but the batch size is given per step.
        if self._device_data is None:
            self._device_data = jax.device_put(self.data, self.sharding)
        order = jax.device_put(np.random.permutation(self.n).astype(np.int32)) if self.shuffle else None
        step = 0
        while step < self.num_batches:
            start = (step * self.batch_size) % self.n
            size = min(self.batch_size, self.n - start)
            count = 1
            # Full batches run steps_per_execution at a time; a short last batch alone.
            while (
                count < self.steps_per_execution
                and step + count < self.num_batches
                and size == self.batch_size
                and self.n - ((step + count) * self.batch_size) % self.n >= self.batch_size
            ):
                count += 1
            yield step, step + self.steps_per_execution - 1, (self._device_data, order, size, count)
            step += count


def _length(x):
    """The number of batches of an iterable, or None when unknown (a generator's Dataset)."""
    try:
        return len(x) if hasattr(x, "__len__") else None
    except TypeError:
        return None


def _check_py_dataset(x, y, sample_weight, shuffle):
    x.workers  # noqa: B018 - read as Keras' adapter does (it warns when super().__init__ was not called)
    for name, value, what in (
        ("y", y, "the targets"),
        ("sample_weights", sample_weight, "the sample weights"),
    ):
        if value is not None:
            raise ValueError(
                f"When providing `x` as a PyDataset, `{name}` should not be passed. Instead, {what} "
                "should be included as part of the PyDataset."
            )
    if shuffle and x.num_batches is None:
        warnings.warn(
            "`shuffle=True` was passed, but will be ignored since the data `x` was provided as an "
            "infinite PyDataset. The PyDataset is expected to already be shuffled.",
            stacklevel=4,
        )


def take_batch(arrays, order, position, size: int):
    """Inside a compiled step: the ``size`` samples from ``position`` (a Variable, then moved
    past them), in ``order`` if shuffled."""
    start = backend.read(position)
    n = jax.tree_util.tree_leaves(arrays, is_leaf=lambda a: isinstance(a, TensorLike))[0].shape[0]
    position.assign(Tensor((start + size) % n))
    if order is None:

        def cut(a):
            return Tensor(jax.lax.dynamic_slice_in_dim(backend.value(a), start, size))
    else:
        index = jax.lax.dynamic_slice_in_dim(backend.value(order), start, size)

        def cut(a):
            return Tensor(jnp.take(backend.value(a), index, axis=0))

    return jax.tree_util.tree_map(cut, arrays, is_leaf=lambda a: isinstance(a, TensorLike))


def batch_of(x, y, sample_weight) -> tuple:
    """One batch as the step functions take it: ``(x, y)`` or ``(x, y, sample_weight)`` as Tensors."""
    batch = (as_arrays(x), as_arrays(y))
    return batch if sample_weight is None else (*batch, as_arrays(sample_weight))


def as_arrays(x):
    """Every array in ``x`` as a Tensor (float64 numpy arrays as float32, as Keras converts them)."""
    return jax.tree_util.tree_map(
        lambda a: (
            a
            if isinstance(a, TensorLike)
            else convert_to_tensor(np.asarray(a, np.float32) if np.asarray(a).dtype == np.float64 else a)
        ),
        x,
        is_leaf=lambda a: isinstance(a, (TensorLike, np.ndarray)),
    )


def batch_size_of(x):
    """The size of the first axis of the first array in ``x``."""
    leaf = jax.tree_util.tree_leaves(x, is_leaf=lambda a: isinstance(a, TensorLike))[0]
    return leaf.shape[0]
