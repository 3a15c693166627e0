"""``tf.data.experimental``'s forms of Dataset methods: transformations for ``Dataset.apply``
(``scan(...)`` returns a function of a dataset), and sources as functions."""

from __future__ import annotations

from .._core.values.dtype import int64
from ._dataset import Dataset
from ._directed import RandomIntegers


def scan(initial_state, scan_func):
    return lambda dataset: dataset.scan(initial_state, scan_func)


def take_while(predicate):
    return lambda dataset: dataset.take_while(predicate)


def unique():
    return lambda dataset: dataset.unique()


def ignore_errors(log_warning=False):
    return lambda dataset: dataset.ignore_errors(log_warning)


def group_by_window(key_func, reduce_func, window_size=None, window_size_func=None):
    return lambda dataset: dataset.group_by_window(key_func, reduce_func, window_size, window_size_func)


def bucket_by_sequence_length(
    element_length_func,
    bucket_boundaries,
    bucket_batch_sizes,
    padded_shapes=None,
    padding_values=None,
    pad_to_bucket_boundary=False,
    no_padding=False,
    drop_remainder=False,
):
    return lambda dataset: dataset.bucket_by_sequence_length(
        element_length_func,
        bucket_boundaries,
        bucket_batch_sizes,
        padded_shapes,
        padding_values,
        pad_to_bucket_boundary,
        no_padding,
        drop_remainder,
    )


def get_single_element(dataset):
    return dataset.get_single_element()


def cardinality(dataset):
    return dataset.cardinality()


def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    return Dataset.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
    return Dataset.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


def Counter(start=0, step=1, dtype=int64):  # noqa: N802 (TF's name)
    return Dataset.counter(start, step, dtype)


def RandomDataset(seed=None):  # noqa: N802 (TF's name)
    return Dataset(RandomIntegers(seed, name="RandomDatasetV2"))


def save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    dataset.save(path, compression, shard_func, checkpoint_args)


def load(path, element_spec=None, compression=None, reader_func=None):
    return Dataset.load(path, element_spec, compression, reader_func)
