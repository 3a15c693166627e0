"""``tf.data.Dataset``: an input pipeline, built by chaining TF's methods.

A Dataset wraps one stage (``_sources.py``, ``_transforms.py``, ``_batching.py``,
``_shuffle.py``); each method returns a new Dataset over a new stage. Elements travel through
the stages as host numpy arrays and become tapejax Tensors where the user's code receives
them: iteration, and the functions given to ``map`` and ``filter`` (see ``_function.py``).

>>> import tapejax as tf
>>> ds = tf.data.Dataset.range(7).map(lambda x: x * 2).batch(3)
>>> for batch in ds:
...   print(batch)
tf.Tensor([0 2 4], shape=(3,), dtype=int64)
tf.Tensor([ 6  8 10], shape=(3,), dtype=int64)
tf.Tensor([12], shape=(1,), dtype=int64)
>>> ds.element_spec
TensorSpec(shape=(None,), dtype=tf.int64, name=None)
>>> int(ds.cardinality())
3
"""

from __future__ import annotations

import numpy as np

from .._api.tensor_spec import TensorSpec
from .._core.recording.convert import constant_array
from .._core.values.dtype import as_dtype, int64
from .._core.values.errors import InvalidArgumentError
from .._core.values.tensor import Tensor
from . import (
    _batching,
    _directed,
    _grouping,
    _interleave,
    _resample,
    _saving,
    _scan,
    _selection,
    _shuffle,
    _sources,
    _transforms,
    _windows,
)
from ._cardinality import INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from ._iterator import NumpyIterator, OwnedIterator
from ._options import Options
from ._structure import leaves, map_leaves, relaxed, same_structure, spec_text, to_tensors


class Dataset:
    """A sequence of elements (``tf.data.Dataset``); build one with a ``from_...`` or ``range``
    and transform it with the methods, each of which returns a new Dataset."""

    def __init__(self, stage):
        self._stage = stage

    # Sources ----------------------------------------------------------------------------

    @staticmethod
    def from_tensor_slices(tensors, name=None):
        """One element per row of ``tensors`` (a tensor, or a tuple/dict of tensors of equal length)."""
        return Dataset(_sources.TensorSlices(tensors))

    @staticmethod
    def from_tensors(tensors, name=None):
        """A dataset of one element, ``tensors``."""
        return Dataset(_sources.Tensors(tensors))

    @staticmethod
    def range(*args, output_type=int64, name=None):
        """``range(stop)``, ``range(start, stop[, step])`` as int64 scalars (``output_type``)."""
        return Dataset(_sources.Range(args, output_type))

    @staticmethod
    def zip(*datasets, name=None):
        """Elements of several datasets side by side (a tuple or dict of datasets, or several)."""
        structure = datasets[0] if len(datasets) == 1 else datasets
        if isinstance(structure, Dataset):
            structure = (structure,)
        return Dataset(_sources.Zip(map_leaves(lambda d: d._stage, structure)))

    @staticmethod
    def counter(start=0, step=1, dtype=int64, name=None):
        """``start``, ``start + step``, ... without end (``dtype`` scalars)."""
        return Dataset(_sources.Counter(start, step, dtype))

    @staticmethod
    def random(seed=None, rerandomize_each_iteration=None, name=None):
        """Random int64 scalars in [0, 2**32), without end (numpy's generator, TF's seeding)."""
        return Dataset(_directed.RandomIntegers(seed, rerandomize_each_iteration))

    @staticmethod
    def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
        """Each element from the dataset that the next element of ``choice_dataset`` (int64
        scalars) names."""
        return Dataset(
            _directed.choose([d._stage for d in datasets], choice_dataset._stage, stop_on_empty_dataset)
        )

    @staticmethod
    def sample_from_datasets(
        datasets, weights=None, seed=None, stop_on_empty_dataset=False, rerandomize_each_iteration=None
    ):
        """Each element from a dataset picked at random, in proportion to ``weights``."""
        if hasattr(weights, "_stage"):
            raise NotImplementedError(
                "sample_from_datasets(weights=<a Dataset>): tapejax takes fixed "
                "weights (a list or tensor) only."
            )
        return Dataset(
            _directed.sample(
                [d._stage for d in datasets], weights, seed, stop_on_empty_dataset, rerandomize_each_iteration
            )
        )

    @staticmethod
    def from_generator(
        generator, output_types=None, output_shapes=None, args=None, output_signature=None, name=None
    ):
        """The elements a Python generator yields, converted to ``output_signature``'s specs."""
        if output_signature is None:
            if output_types is None:
                raise TypeError(
                    "To specify the output signature you need to provide either the "
                    "`output_signature` argument or the `output_types` argument."
                )
            shapes = output_shapes
            if shapes is None:
                shapes = map_leaves(lambda _: None, output_types)
            flat = iter(_shape_list(shapes, output_types))
            output_signature = map_leaves(lambda t: _spec(next(flat), t), output_types)
        return Dataset(_sources.Generator(generator, output_signature, () if args is None else args))

    # Transformations --------------------------------------------------------------------

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        """``map_func`` applied to each element (a tuple element is passed as positional arguments)."""
        return Dataset(_transforms.Map(self._stage, map_func, num_parallel_calls))

    def flat_map(self, map_func, name=None):
        """The elements of the datasets ``map_func`` makes of each element, one dataset after another."""
        return Dataset(_interleave.FlatMap(self._stage, map_func))

    def interleave(
        self,
        map_func,
        cycle_length=None,
        block_length=None,
        num_parallel_calls=None,
        deterministic=None,
        name=None,
    ):
        """The datasets ``map_func`` makes of ``cycle_length`` elements at a time, read
        ``block_length`` elements from each in turn (TF's order)."""
        return Dataset(
            _interleave.Interleave(self._stage, map_func, cycle_length, block_length, num_parallel_calls)
        )

    def with_options(self, options, name=None):
        """This dataset with ``options`` (a ``tf.data.Options``) merged into its own."""
        merged = Dataset(self._stage)
        merged._options = self.options().merge(options)
        return merged

    def options(self):
        """The ``tf.data.Options`` set with ``with_options`` (defaults otherwise)."""
        return getattr(self, "_options", None) or Options()

    def filter(self, predicate, name=None):
        """The elements for which ``predicate`` returns True (a scalar bool tensor)."""
        return Dataset(_transforms.Filter(self._stage, predicate))

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None, name=None):
        """Consecutive elements stacked into batches of ``batch_size`` (the last one may be smaller)."""
        return Dataset(_batching.Batch(self._stage, batch_size, drop_remainder))

    def padded_batch(
        self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False, name=None
    ):
        """Batches of elements padded to ``padded_shapes`` (unknown dims: the batch's longest)."""
        return Dataset(
            _batching.PaddedBatch(self._stage, batch_size, padded_shapes, padding_values, drop_remainder)
        )

    def unbatch(self, name=None):
        """Each element split along its first dimension into separate elements."""
        return Dataset(_batching.Unbatch(self._stage))

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
        """Windows of ``size`` elements (every ``stride``-th), one every ``shift`` (default
        ``size``) elements, each a structure of Datasets (``flat_map`` them back into batches)."""
        return Dataset(_windows.Window(self._stage, size, shift, stride, drop_remainder, Dataset))

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=True, name=None):
        """Elements in random order, drawn from a buffer of ``buffer_size`` (TF's buffer shuffle)."""
        return Dataset(_shuffle.Shuffle(self._stage, buffer_size, seed, reshuffle_each_iteration))

    def repeat(self, count=None, name=None):
        """The dataset ``count`` times over (forever without ``count``, or with -1)."""
        return Dataset(_transforms.Repeat(self._stage, count))

    def take(self, count, name=None):
        """The first ``count`` elements (all with -1)."""
        return Dataset(_transforms.Take(self._stage, count))

    def skip(self, count, name=None):
        """All but the first ``count`` elements (none with -1)."""
        return Dataset(_transforms.Skip(self._stage, count))

    def prefetch(self, buffer_size, name=None):
        """Elements prepared ahead by a background thread, up to ``buffer_size``."""
        return Dataset(_transforms.Prefetch(self._stage, buffer_size))

    def cache(self, filename="", name=None):
        """Elements kept in memory after the first full pass (``filename`` is not supported)."""
        if filename:
            raise NotImplementedError(
                f"Dataset.cache(filename={filename!r}): tapejax caches in "
                "memory only; call cache() without a filename."
            )
        return Dataset(_transforms.Cache(self._stage))

    def enumerate(self, start=0, name=None):
        """``(index, element)`` pairs, the index an int64 counting from ``start``."""
        return Dataset(_sources.Zip((_sources.Counter(start), self._stage)))

    def concatenate(self, dataset, name=None):
        """This dataset's elements, then ``dataset``'s (same structure and dtypes)."""
        a, b = self.element_spec, dataset.element_spec
        if not same_structure(a, b) or [s.dtype for s in leaves(a)] != [s.dtype for s in leaves(b)]:
            raise TypeError(f"Incompatible dataset elements:\n  {spec_text(a)} vs.   {spec_text(b)}")
        return Dataset(_sources.Concatenate(self._stage, dataset._stage, relaxed(a, b)))

    def apply(self, transformation_func):
        """``transformation_func(self)``, which must return a Dataset."""
        dataset = transformation_func(self)
        if not isinstance(dataset, Dataset):
            raise TypeError(
                f"`transformation_func` must return a `tf.data.Dataset` object. Got {type(dataset)}."
            )
        return dataset

    def shard(self, num_shards, index, name=None):
        """Every ``num_shards``-th element, starting with element ``index``."""
        return Dataset(_selection.Shard(self._stage, num_shards, index))

    def take_while(self, predicate, name=None):
        """The elements up to the first for which ``predicate`` is False."""
        return Dataset(_selection.TakeWhile(self._stage, predicate))

    def unique(self, name=None):
        """The first occurrence of each element (int32/int64 elements)."""
        return Dataset(_selection.Unique(self._stage))

    def ignore_errors(self, log_warning=False, name=None):
        """The elements whose making raised no error (see ``_selection.IgnoreErrors``)."""
        return Dataset(_selection.IgnoreErrors(self._stage, log_warning))

    def scan(self, initial_state, scan_func, name=None):
        """The outputs of ``scan_func(state, element) -> (new_state, output)``, from ``initial_state``."""
        return Dataset(_scan.Scan(self._stage, initial_state, scan_func))

    def rebatch(self, batch_size, drop_remainder=False, name=None):
        """The rows of the batches in new batches of ``batch_size`` (or of each size of a list in turn)."""
        return Dataset(_batching.Rebatch(self._stage, batch_size, drop_remainder))

    def group_by_window(self, key_func, reduce_func, window_size=None, window_size_func=None, name=None):
        """Elements grouped by ``key_func`` (an int64 scalar); each group of ``window_size``
        (or ``window_size_func(key)``) elements, and each group left at the end, becomes the
        elements of ``reduce_func(key, window_dataset)``."""
        return Dataset(
            _grouping.group_by_window(
                self._stage, key_func, reduce_func, window_size, window_size_func, Dataset
            )
        )

    def bucket_by_sequence_length(
        self,
        element_length_func,
        bucket_boundaries,
        bucket_batch_sizes,
        padded_shapes=None,
        padding_values=None,
        pad_to_bucket_boundary=False,
        no_padding=False,
        drop_remainder=False,
        name=None,
    ):
        """Elements batched (padded) with others whose length (``element_length_func``, int32)
        falls in the same bucket between ``bucket_boundaries``."""
        return Dataset(
            _grouping.bucket_by_sequence_length(
                self._stage,
                element_length_func,
                bucket_boundaries,
                bucket_batch_sizes,
                padded_shapes,
                padding_values,
                pad_to_bucket_boundary,
                no_padding,
                drop_remainder,
                Dataset,
            )
        )

    def save(self, path, compression=None, shard_func=None, checkpoint_args=None):
        """Writes the elements to the directory ``path`` (tapejax's files; see ``_saving.py``)."""
        _saving.save(self._stage, path, compression)

    @staticmethod
    def load(path, element_spec=None, compression=None, reader_func=None, wait=False):
        """The dataset ``save`` wrote to ``path``."""
        return Dataset(_saving.load(path, element_spec))

    def snapshot(self, path, compression="AUTO", reader_func=None, shard_func=None, name=None):
        """Elements written under ``path`` on the first complete pass, read from there after."""
        return Dataset(_saving.Snapshot(self._stage, path, compression))

    def rejection_resample(self, class_func, target_dist, initial_dist=None, seed=None, name=None):
        """``(class, element)`` pairs resampled so that the classes follow ``target_dist``."""
        return Dataset(_resample.RejectionResample(self._stage, class_func, target_dist, initial_dist, seed))

    def get_single_element(self, name=None):
        """The dataset's one element, as Tensors."""
        elements = self._stage.iterate()
        first = next(elements, _NONE)
        if first is _NONE:
            raise InvalidArgumentError(None, None, "Dataset was empty. [Op:DatasetToSingleElement]")
        if next(elements, _NONE) is not _NONE:
            raise InvalidArgumentError(
                None, None, "Dataset had more than one element. [Op:DatasetToSingleElement]"
            )
        return to_tensors(first)

    def reduce(self, initial_state, reduce_func, name=None):
        """``reduce_func(state, element)`` folded over the elements, from ``initial_state``."""
        state = initial_state
        for element in self:
            state = reduce_func(state, *element) if type(element) is tuple else reduce_func(state, element)
        return state

    # Reading ----------------------------------------------------------------------------

    def __iter__(self):
        return OwnedIterator(self, self._elements_for_step)

    def as_numpy_iterator(self):
        """An iterator of numpy arrays (numpy scalars for scalar components)."""
        return NumpyIterator(self._stage, self._stage.iterate)

    def _elements_for_step(self):
        """The elements as the pipeline holds them (numpy arrays, scalars included, or a
        vectorized map's JAX arrays): what iteration wraps in Tensors and what Keras's ``fit``
        hands its compiled step as they are (it copies numpy to the device itself, where a
        Tensor per component costs ~50-90 µs in ``jax.device_put`` on a CPU)."""
        on_device = getattr(self._stage, "iterate_on_device", None)
        return on_device() if on_device is not None else self._stage.iterate()

    @property
    def element_spec(self):
        """The type of each element: a TensorSpec, or a tuple/dict of them."""
        return self._stage.spec

    def cardinality(self):
        """The number of elements as an int64 scalar tensor, or ``tf.data.INFINITE_CARDINALITY``
        (-1) or ``tf.data.UNKNOWN_CARDINALITY`` (-2)."""
        return Tensor(constant_array(self._stage.cardinality(), np.int64))

    def __len__(self) -> int:
        n = self._stage.cardinality()
        if n == INFINITE_CARDINALITY:
            raise TypeError("The dataset is infinite.")
        if n == UNKNOWN_CARDINALITY:
            raise TypeError("The dataset length is unknown.")
        return n

    def _dataset_spec(self):
        """The spec of this dataset as an element's component (a window, a map over windows)."""
        return _windows.DatasetSpec(self.element_spec, make=Dataset)

    def __bool__(self) -> bool:
        return True  # as TF's: a dataset is true even when empty (len() would be 0)

    def __repr__(self) -> str:
        return f"<{self._stage.name} element_spec={spec_text(self.element_spec)}>"


_NONE = object()


def _spec(shape, dtype):
    return TensorSpec(shape, as_dtype(dtype))


def _shape_list(shapes, types) -> list:
    """``output_shapes`` as one shape per component of ``output_types`` (None: unknown rank)."""
    if isinstance(types, dict):
        return [s for k in types for s in _shape_list(shapes[k] if shapes else None, types[k])]
    if isinstance(types, tuple):
        return [s for i, t in enumerate(types) for s in _shape_list(shapes[i] if shapes else None, t)]
    return [None if shapes is None else tuple(shapes)]
