"""The batch iterators of ``ImageDataGenerator``: ``Iterator`` (a ``PyDataset`` of index
batches), ``DirectoryIterator`` (image files, one folder per class) and ``NumpyArrayIterator``.

As in Keras, a batch's sample order and random transforms come from numpy's global generator,
seeded with ``seed + batches seen so far`` when a seed is given: the same numbers as Keras."""

from __future__ import annotations

import os
import threading
import warnings

import numpy as np

from ...backend import config
from ...utils import image_utils
from ...utils.py_dataset import PyDataset


class Iterator(PyDataset):
    """Batches of ``batch_size`` of the indices ``0..n-1`` (reshuffled each epoch when
    ``shuffle``), handed to ``_get_batches_of_transformed_samples``."""

    white_list_formats = ("png", "jpg", "jpeg", "bmp", "ppm", "tif", "tiff")

    def __init__(self, n, batch_size, shuffle, seed, **kwargs):
        super().__init__(**kwargs)
        self.n, self.batch_size, self.seed, self.shuffle = n, batch_size, seed, shuffle
        self.batch_index = 0
        self.total_batches_seen = 0
        self.lock = threading.Lock()
        self.index_array = None
        self.index_generator = self._flow_index()

    def _set_index_array(self):
        self.index_array = np.random.permutation(self.n) if self.shuffle else np.arange(self.n)

    def __getitem__(self, idx):
        if idx >= len(self):
            raise ValueError(f"Asked to retrieve element {idx}, but the Sequence has length {len(self)}")
        self._seed_batch()
        if self.index_array is None:
            self._set_index_array()
        return self._get_batches_of_transformed_samples(
            self.index_array[self.batch_size * idx : self.batch_size * (idx + 1)]
        )

    def _seed_batch(self):
        if self.seed is not None:
            np.random.seed(self.seed + self.total_batches_seen)
        self.total_batches_seen += 1

    def __len__(self):
        return (self.n + self.batch_size - 1) // self.batch_size

    def on_epoch_end(self):
        self._set_index_array()

    def reset(self):
        self.batch_index = 0

    def _flow_index(self):
        """Index batches forever, as ``next(iterator)`` reads them (a new order each pass)."""
        self.reset()
        while True:
            if self.seed is not None:
                np.random.seed(self.seed + self.total_batches_seen)
            if self.batch_index == 0:
                self._set_index_array()
            current = 0 if self.n == 0 else self.batch_index * self.batch_size % self.n
            self.batch_index = self.batch_index + 1 if self.n > current + self.batch_size else 0
            self.total_batches_seen += 1
            yield self.index_array[current : current + self.batch_size]

    def __iter__(self):
        return self

    def __next__(self):
        with self.lock:
            index_array = next(self.index_generator)
        return self._get_batches_of_transformed_samples(index_array)

    def _get_batches_of_transformed_samples(self, index_array):
        raise NotImplementedError

    def _save(self, batch_x, index_array, data_format, hash_range):
        for i, j in enumerate(index_array):
            img = image_utils.array_to_img(batch_x[i], data_format, scale=True)
            name = f"{self.save_prefix}_{j}_{np.random.randint(hash_range)}.{self.save_format}"
            img.save(os.path.join(self.save_to_dir, name))


def _valid_files(directory, formats, follow_links):
    for root, _, files in sorted(os.walk(directory, followlinks=follow_links), key=lambda w: w[0]):
        for name in sorted(files):
            if name.lower().endswith(".tiff"):
                warnings.warn(
                    'Using ".tiff" files with multiple bands will cause distortion. Please verify your output.',
                    stacklevel=2,
                )
            if name.lower().endswith(formats):
                yield root, name


def _class_files(directory, formats, split, follow_links):
    """A class folder's files (its ``split`` fraction of them) as ``<folder>/<relative path>``."""
    files = list(_valid_files(directory, formats, follow_links))
    if split:
        files = files[int(split[0] * len(files)) : int(split[1] * len(files))]
    folder = os.path.basename(directory)
    return [
        os.path.join(folder, os.path.relpath(os.path.join(root, name), directory)) for root, name in files
    ]


class DirectoryIterator(Iterator):
    """Batches of images read from ``directory/<class>/...`` with their labels
    (``class_mode``: ``'categorical'``, ``'binary'``, ``'sparse'``, ``'input'`` or None)."""

    allowed_class_modes = {"categorical", "binary", "sparse", "input", None}

    def __init__(self, directory, image_data_generator, target_size=(256, 256), color_mode="rgb", classes=None,
                 class_mode="categorical", batch_size=32, shuffle=True, seed=None, data_format=None, save_to_dir=None,
                 save_prefix="", save_format="png", follow_links=False, subset=None, interpolation="nearest",
                 keep_aspect_ratio=False, dtype=None):  # fmt: skip
        data_format = data_format or config.image_data_format()
        self.image_data_generator, self.target_size = image_data_generator, tuple(target_size)
        self.keep_aspect_ratio, self.data_format, self.interpolation = (
            keep_aspect_ratio,
            data_format,
            interpolation,
        )
        channels = {"rgba": 4, "rgb": 3, "grayscale": 1}
        if color_mode not in channels:
            raise ValueError(f'Invalid color mode: {color_mode}; expected "rgb", "rgba", or "grayscale".')
        self.color_mode = color_mode
        c = (channels[color_mode],)
        self.image_shape = self.target_size + c if data_format == "channels_last" else c + self.target_size
        self.save_to_dir, self.save_prefix, self.save_format = save_to_dir, save_prefix, save_format
        self.split, self.subset = self._split(subset), subset
        self.directory = directory
        if class_mode not in self.allowed_class_modes:
            raise ValueError(f"Invalid class_mode: {class_mode}; expected one of: {self.allowed_class_modes}")
        self.class_mode, self.dtype = class_mode, dtype or config.floatx()
        if not classes:
            classes = [d for d in sorted(os.listdir(directory)) if os.path.isdir(os.path.join(directory, d))]
        self.num_classes = len(classes)
        self.class_indices = {name: i for i, name in enumerate(classes)}
        self.filenames, labels = [], []
        for name in classes:
            found = _class_files(
                os.path.join(directory, name), self.white_list_formats, self.split, follow_links
            )
            self.filenames += found
            labels += [self.class_indices[name]] * len(found)
        self.samples = len(self.filenames)
        self.classes = np.asarray(labels, dtype="int32")
        print(f"Found {self.samples} images belonging to {self.num_classes} classes.")
        self._filepaths = [os.path.join(directory, name) for name in self.filenames]
        super().__init__(self.samples, batch_size, shuffle, seed)

    def _split(self, subset):
        if subset is None:
            return None
        fraction = self.image_data_generator._validation_split
        if subset == "validation":
            return (0, fraction)
        if subset == "training":
            return (fraction, 1)
        raise ValueError(f'Invalid subset name: {subset};expected "training" or "validation"')

    @property
    def filepaths(self):
        return self._filepaths

    @property
    def labels(self):
        return self.classes

    @property
    def sample_weight(self):
        return None

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = np.zeros((len(index_array), *self.image_shape), dtype=self.dtype)
        for i, j in enumerate(index_array):
            img = image_utils.load_img(
                self._filepaths[j],
                color_mode=self.color_mode,
                target_size=self.target_size,
                interpolation=self.interpolation,
                keep_aspect_ratio=self.keep_aspect_ratio,
            )
            x = image_utils.img_to_array(img, data_format=self.data_format)
            img.close()
            if self.image_data_generator:
                generator = self.image_data_generator
                x = generator.standardize(
                    generator.apply_transform(x, generator.get_random_transform(x.shape))
                )
            batch_x[i] = x
        if self.save_to_dir:
            self._save(batch_x, index_array, self.data_format, int(1e7))
        if self.class_mode == "input":
            return batch_x, batch_x.copy()
        if self.class_mode in ("binary", "sparse"):
            return batch_x, self.classes[index_array].astype(self.dtype)
        if self.class_mode == "categorical":
            return batch_x, np.eye(self.num_classes, dtype=self.dtype)[self.classes[index_array]]
        return batch_x


class NumpyArrayIterator(Iterator):
    """Batches of a rank-4 array of images (transformed by ``image_data_generator``), with
    ``y``, ``sample_weight`` and extra arrays (``x=(images, [arrays])``) when given."""

    def __init__(self, x, y, image_data_generator, batch_size=32, shuffle=False, sample_weight=None, seed=None,
                 data_format=None, save_to_dir=None, save_prefix="", save_format="png", subset=None,
                 ignore_class_split=False, dtype=None):  # fmt: skip
        data_format = data_format or config.image_data_format()
        self.dtype = dtype or config.floatx()
        x, x_misc = _split_misc(x)
        if y is not None and len(x) != len(y):
            raise ValueError(
                "`x` (images tensor) and `y` (labels) should have the same length. Found: x.shape = "
                f"{np.asarray(x).shape}, y.shape = {np.asarray(y).shape}"
            )
        if sample_weight is not None and len(x) != len(sample_weight):
            raise ValueError(
                "`x` (images tensor) and `sample_weight` should have the same length. Found: x.shape = "
                f"{np.asarray(x).shape}, sample_weight.shape = {np.asarray(sample_weight).shape}"
            )
        if subset is not None:
            x, x_misc, y = _subset(
                x, x_misc, y, subset, image_data_generator._validation_split, ignore_class_split
            )
        self.x, self.x_misc = np.asarray(x, dtype=self.dtype), x_misc
        if self.x.ndim != 4:
            raise ValueError(
                f"Input data in `NumpyArrayIterator` should have rank 4. You passed an array with shape {self.x.shape}"
            )
        axis = 3 if data_format == "channels_last" else 1
        if self.x.shape[axis] not in {1, 3, 4}:
            warnings.warn(
                f'NumpyArrayIterator is set to use the data format convention "{data_format}" (channels on axis '
                f"{axis}), i.e. expected either 1, 3, or 4 channels on axis {axis}. However, it was passed an "
                f"array with shape {self.x.shape} ({self.x.shape[axis]} channels).",
                stacklevel=2,
            )
        self.y = None if y is None else np.asarray(y)
        self.sample_weight = None if sample_weight is None else np.asarray(sample_weight)
        self.image_data_generator, self.data_format = image_data_generator, data_format
        self.save_to_dir, self.save_prefix, self.save_format = save_to_dir, save_prefix, save_format
        super().__init__(self.x.shape[0], batch_size, shuffle, seed)

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = np.zeros((len(index_array), *self.x.shape[1:]), dtype=self.dtype)
        generator = self.image_data_generator
        for i, j in enumerate(index_array):
            params = generator.get_random_transform(self.x[j].shape)
            batch_x[i] = generator.standardize(
                generator.apply_transform(self.x[j].astype(self.dtype), params)
            )
        if self.save_to_dir:
            self._save(batch_x, index_array, self.data_format, int(1e4))
        miscs = [m[index_array] for m in self.x_misc]
        inputs = [batch_x, *miscs] if miscs else batch_x
        if self.y is None:
            return inputs
        if self.sample_weight is None:
            return inputs, self.y[index_array]
        return inputs, self.y[index_array], self.sample_weight[index_array]


def _split_misc(x):
    """``(images, extra arrays)`` of ``x`` or ``(images, array or [arrays])``."""
    if not isinstance(x, (tuple, list)):
        return x, []
    misc = [np.asarray(m) for m in x[1]] if isinstance(x[1], list) else [np.asarray(x[1])]
    for m in misc:
        if len(x[0]) != len(m):
            raise ValueError(
                "All of the arrays in `x` should have the same length. Found a pair with: "
                f"len(x[0]) = {len(x[0])}, len(x[?]) = {len(m)}"
            )
    return x[0], misc


def _subset(x, misc, y, subset, fraction, ignore_class_split):
    """The validation part (the first ``fraction``) or the training part (the rest)."""
    if subset not in {"training", "validation"}:
        raise ValueError(f'Invalid subset name: {subset}; expected "training" or "validation".')
    cut = int(len(x) * fraction)
    if (
        y is not None
        and not ignore_class_split
        and not np.array_equal(np.unique(y[:cut]), np.unique(y[cut:]))
    ):
        raise ValueError(
            "Training and validation subsets have different number of classes after the split. If your "
            "numpy arrays are sorted by the label, you might want to shuffle them."
        )
    part = slice(None, cut) if subset == "validation" else slice(cut, None)
    return x[part], [np.asarray(m[part]) for m in misc], None if y is None else y[part]
