"""``timeseries_dataset_from_array`` and ``split_dataset`` (Keras 3's utils), giving tapejax
``tf.data`` Datasets."""

from __future__ import annotations

import random

import numpy as np

from ..backend.io import Dataset


def timeseries_dataset_from_array(
    data,
    targets,
    sequence_length,
    sequence_stride=1,
    sampling_rate=1,
    batch_size=128,
    shuffle=False,
    seed=None,
    start_index=None,
    end_index=None,
):
    """Sliding windows over ``data`` (and the target of each window's first step) as a Dataset.

    Window ``i`` holds ``data[start + p_i + j * sampling_rate]`` for ``j < sequence_length``,
    ``p_i = i * sequence_stride``; its target is ``targets[start + p_i]``. The windows are
    gathered with numpy (they take ``sequence_length / sequence_stride`` times the memory of
    ``data``). ``shuffle`` orders them with numpy's ``RandomState(seed)`` as Keras does, then
    shuffles with the Dataset's buffer (tapejax's generator, so not TF's order).

    >>> import numpy as np, tapejax as tf
    >>> ds = tf.keras.utils.timeseries_dataset_from_array(np.arange(6), None, sequence_length=3,
    ...                                                   batch_size=2)
    >>> [b.numpy().tolist() for b in ds]
    [[[0, 1, 2], [1, 2, 3]], [[2, 3, 4], [3, 4, 5]]]
    """
    _check_timeseries_arguments(len(data), start_index, end_index, sampling_rate, sequence_stride)
    start_index = start_index or 0
    end_index = len(data) if end_index is None else end_index
    num_seqs = end_index - start_index - (sequence_length - 1) * sampling_rate
    if targets is not None:
        num_seqs = min(num_seqs, len(targets))
    index_dtype = "int32" if num_seqs < 2**31 - 1 else "int64"
    start_positions = np.arange(0, num_seqs, sequence_stride, dtype=index_dtype)
    if shuffle:
        if seed is None:
            seed = np.random.randint(1e6)
        np.random.RandomState(seed).shuffle(start_positions)
    steps = np.arange(sequence_length) * sampling_rate
    windows = np.asarray(data)[start_index:end_index][start_positions[:, None] + steps]
    if targets is None:
        dataset = Dataset.from_tensor_slices(windows)
    else:
        picked = np.asarray(targets)[start_index:end_index][start_positions]
        dataset = Dataset.from_tensor_slices((windows, picked))
    if shuffle:
        dataset = dataset.shuffle(buffer_size=1024 if batch_size is None else batch_size * 8, seed=seed)
    return dataset if batch_size is None else dataset.batch(batch_size)


def _check_timeseries_arguments(length, start_index, end_index, sampling_rate, sequence_stride):
    if start_index and start_index < 0:
        raise ValueError(f"`start_index` must be 0 or greater. Received: start_index={start_index}")
    if start_index and start_index >= length:
        raise ValueError(
            "`start_index` must be lower than the length of the data. Received: "
            f"start_index={start_index}, for data of length {length}"
        )
    if end_index:
        if start_index and end_index <= start_index:
            raise ValueError(
                "`end_index` must be higher than `start_index`. Received: "
                f"start_index={start_index}, and end_index={end_index} "
            )
        if end_index >= length:
            raise ValueError(
                "`end_index` must be lower than the length of the data. Received: "
                f"end_index={end_index}, for data of length {length}"
            )
    for name, value in (("sampling_rate", sampling_rate), ("sequence_stride", sequence_stride)):
        if value <= 0:
            raise ValueError(f"`{name}` must be higher than 0. Received: {name}={value}")
        if value >= length:
            raise ValueError(
                f"`{name}` must be lower than the length of the data. Received: {name}={value}, "
                f"for data of length {length}"
            )


def split_dataset(dataset, left_size=None, right_size=None, shuffle=False, seed=None, preferred_backend=None):
    """Two Datasets: the first ``left_size`` samples and the last ``right_size`` (ints, or
    fractions of the length; either one may be left out). ``dataset``: an array, a tuple/list
    of arrays, or an unbatched tapejax Dataset. ``shuffle`` uses Python's ``random.seed(seed)``
    as Keras does, so the same seed gives TF's split.

    >>> import numpy as np, tapejax as tf
    >>> left, right = tf.keras.utils.split_dataset(np.arange(5), left_size=0.6)
    >>> [int(x) for x in left], [int(x) for x in right]
    ([0, 1, 2], [3, 4])
    """
    if right_size is None and left_size is None:
        raise ValueError(
            "At least one of the `left_size` or `right_size` must be specified. Received: "
            "left_size=None and right_size=None"
        )
    samples, restore = _as_samples(dataset)
    if shuffle:
        if seed is None:
            seed = random.randint(0, int(1e6))
        random.seed(seed)
        random.shuffle(samples)
    left_size, right_size = _split_sizes(left_size, right_size, len(samples))
    return (
        Dataset.from_tensor_slices(restore(samples[:left_size])),
        Dataset.from_tensor_slices(restore(samples[-right_size:])),
    )


def _as_samples(dataset):
    """The samples as a list, and the function stacking a list of them back."""
    if isinstance(dataset, Dataset):
        samples = [_numpy(element) for element in dataset]
    elif isinstance(dataset, (tuple, list)) and not np.isscalar(dataset[0]):
        arrays = [np.asarray(a) for a in dataset]
        samples = list(zip(*arrays, strict=True))
        return samples, lambda part: tuple(np.stack(column) for column in zip(*part, strict=True))
    else:
        samples = list(np.asarray(dataset))
    if samples and isinstance(samples[0], tuple):
        return samples, lambda part: tuple(np.stack(column) for column in zip(*part, strict=True))
    return samples, np.stack


def _numpy(element):
    if isinstance(element, tuple):
        return tuple(np.asarray(e) for e in element)
    return np.asarray(element)


def _split_sizes(left_size, right_size, total):
    """Keras' ``_rescale_dataset_split_sizes``: fractions rounded, the missing side the rest."""
    for side, size, words in (
        ("left", left_size, f"integer smaller than {total}, or"),
        ("right", right_size, f"integer and smaller than {total} or"),
    ):
        if (type(size) is int and (size <= 0 or size >= total)) or (type(size) is float and not 0 < size < 1):
            raise ValueError(
                f"`{side}_size` should be either a positive {words} a float within the range "
                f"`[0, 1]`. Received: {side}_size={size}"
            )
    left = round(left_size * total) if type(left_size) is float else left_size
    right = round(right_size * total) if type(right_size) is float else right_size
    left = total - right if left is None else left
    right = total - left if right is None else right
    if left + right > total:
        total_sizes = float(left + right)
        raise ValueError(
            f"The sum of `left_size` and `right_size` should be smaller than the {total}. "
            f"Received: left_size + right_size = {total_sizes}and total_length = {total}"
        )
    return int(left), int(right)
