"""``keras.preprocessing.image.ImageDataGenerator``: batches of images with random
augmentations (rotation, shifts, shear, zoom, channel shift, flips, brightness) and
normalizations (feature-wise from ``fit``, sample-wise, ZCA whitening), in numpy.

``np.random.seed`` (or ``seed=``) gives Keras' exact draws and so its exact images."""

from __future__ import annotations

import math
import warnings

import numpy as np

from ...backend import config
from . import image_transforms as transforms
from .iterators import DirectoryIterator, NumpyArrayIterator

_NOT_FIT = (
    "This ImageDataGenerator specifies `{}`, but it hasn't been fit on any training data. Fit it first "
    "by calling `.fit(numpy_data)`."
)


class ImageDataGenerator:
    """Augments and normalizes images; ``flow(x, y)`` and ``flow_from_directory(path)`` give
    the batches (``PyDataset``\\ s ``fit`` reads).

    >>> import numpy as np, tapejax as tf
    >>> gen = tf.keras.preprocessing.image.ImageDataGenerator(horizontal_flip=True)
    >>> gen.apply_transform(np.arange(3.0).reshape(1, 3, 1), {"flip_horizontal": True})[0, :, 0]
    array([2., 1., 0.])
    """

    def __init__(self, featurewise_center=False, samplewise_center=False, featurewise_std_normalization=False,
                 samplewise_std_normalization=False, zca_whitening=False, zca_epsilon=1e-06, rotation_range=0,
                 width_shift_range=0.0, height_shift_range=0.0, brightness_range=None, shear_range=0.0,
                 zoom_range=0.0, channel_shift_range=0.0, fill_mode="nearest", cval=0.0, horizontal_flip=False,
                 vertical_flip=False, rescale=None, preprocessing_function=None, data_format=None,
                 validation_split=0.0, interpolation_order=1, dtype=None):  # fmt: skip
        data_format = data_format or config.image_data_format()
        self.featurewise_center, self.samplewise_center = featurewise_center, samplewise_center
        self.featurewise_std_normalization = featurewise_std_normalization
        self.samplewise_std_normalization = samplewise_std_normalization
        self.zca_whitening, self.zca_epsilon = zca_whitening, zca_epsilon
        self.rotation_range, self.shear_range = rotation_range, shear_range
        self.width_shift_range, self.height_shift_range = width_shift_range, height_shift_range
        self.channel_shift_range, self.fill_mode, self.cval = channel_shift_range, fill_mode, cval
        self.horizontal_flip, self.vertical_flip = horizontal_flip, vertical_flip
        self.rescale, self.preprocessing_function = rescale, preprocessing_function
        self.dtype, self.interpolation_order = dtype or config.floatx(), interpolation_order
        if data_format not in {"channels_last", "channels_first"}:
            raise ValueError(
                '`data_format` should be `"channels_last"` (channel after row and column) or '
                f'`"channels_first"` (channel before row and column). Received: {data_format}'
            )
        self.data_format = data_format
        self.channel_axis, self.row_axis, self.col_axis = (
            (3, 1, 2) if data_format == "channels_last" else (1, 2, 3)
        )
        if validation_split and not 0 < validation_split < 1:
            raise ValueError(
                f"`validation_split` must be strictly between 0 and 1.  Received: {validation_split}"
            )
        self._validation_split = validation_split
        self.mean = self.std = self.zca_whitening_matrix = None
        if isinstance(zoom_range, (float, int)):
            self.zoom_range = [1 - zoom_range, 1 + zoom_range]
        elif len(zoom_range) == 2 and all(isinstance(v, (float, int)) for v in zoom_range):
            self.zoom_range = [zoom_range[0], zoom_range[1]]
        else:
            raise ValueError(
                f"`zoom_range` should be a float or a tuple or list of two floats. Received: {zoom_range}"
            )
        self._resolve_normalizations()
        if brightness_range is not None and (
            not isinstance(brightness_range, (tuple, list)) or len(brightness_range) != 2
        ):
            raise ValueError(
                f"`brightness_range should be tuple or list of two floats. Received: {brightness_range}"
            )
        self.brightness_range = brightness_range

    def _resolve_normalizations(self):
        """Which normalization implies which, warning as Keras does when one overrides another."""
        if self.zca_whitening:
            if not self.featurewise_center:
                self.featurewise_center = True
                warnings.warn(
                    "This ImageDataGenerator specifies `zca_whitening`, which overrides setting of "
                    "`featurewise_center`.",
                    stacklevel=3,
                )
            if self.featurewise_std_normalization:
                self.featurewise_std_normalization = False
                warnings.warn(
                    "This ImageDataGenerator specifies `zca_whitening` which overrides setting of"
                    "`featurewise_std_normalization`.",
                    stacklevel=3,
                )
        if self.featurewise_std_normalization and not self.featurewise_center:
            self.featurewise_center = True
            warnings.warn(
                "This ImageDataGenerator specifies `featurewise_std_normalization`, which overrides setting of "
                "`featurewise_center`.",
                stacklevel=3,
            )
        if self.samplewise_std_normalization and not self.samplewise_center:
            self.samplewise_center = True
            warnings.warn(
                "This ImageDataGenerator specifies `samplewise_std_normalization`, which overrides setting of "
                "`samplewise_center`.",
                stacklevel=3,
            )

    def flow(self, x, y=None, batch_size=32, shuffle=True, sample_weight=None, seed=None, save_to_dir=None,
             save_prefix="", save_format="png", ignore_class_split=False, subset=None):  # fmt: skip
        """A ``NumpyArrayIterator`` of augmented batches of the rank-4 array ``x``."""
        return NumpyArrayIterator(x, y, self, batch_size=batch_size, shuffle=shuffle, sample_weight=sample_weight,
                                  seed=seed, data_format=self.data_format, save_to_dir=save_to_dir,
                                  save_prefix=save_prefix, save_format=save_format,
                                  ignore_class_split=ignore_class_split, subset=subset, dtype=self.dtype)  # fmt: skip

    def flow_from_directory(self, directory, target_size=(256, 256), color_mode="rgb", classes=None,
                            class_mode="categorical", batch_size=32, shuffle=True, seed=None, save_to_dir=None,
                            save_prefix="", save_format="png", follow_links=False, subset=None,
                            interpolation="nearest", keep_aspect_ratio=False):  # fmt: skip
        """A ``DirectoryIterator`` of augmented batches of ``directory``'s images."""
        return DirectoryIterator(directory, self, target_size=target_size, color_mode=color_mode,
                                 keep_aspect_ratio=keep_aspect_ratio, classes=classes, class_mode=class_mode,
                                 data_format=self.data_format, batch_size=batch_size, shuffle=shuffle, seed=seed,
                                 save_to_dir=save_to_dir, save_prefix=save_prefix, save_format=save_format,
                                 follow_links=follow_links, subset=subset, interpolation=interpolation,
                                 dtype=self.dtype)  # fmt: skip

    def flow_from_dataframe(self, dataframe, *args, **kwargs):
        raise NotImplementedError(
            "ImageDataGenerator.flow_from_dataframe is not available in tapejax (it reads a pandas "
            "DataFrame); list the files and labels and use flow_from_directory or flow instead."
        )

    def standardize(self, x):
        """``x`` rescaled and normalized in place (as Keras: the array given is changed)."""
        if self.preprocessing_function:
            x = self.preprocessing_function(x)
        if self.rescale:
            x *= self.rescale
        if self.samplewise_center:
            x -= np.mean(x, keepdims=True)
        if self.samplewise_std_normalization:
            x /= np.std(x, keepdims=True) + 1e-06
        if self.featurewise_center:
            if self.mean is None:
                warnings.warn(_NOT_FIT.format("featurewise_center"), stacklevel=2)
            else:
                x -= self.mean
        if self.featurewise_std_normalization:
            if self.std is None:
                warnings.warn(_NOT_FIT.format("featurewise_std_normalization"), stacklevel=2)
            else:
                x /= self.std + 1e-06
        if self.zca_whitening:
            if self.zca_whitening_matrix is None:
                warnings.warn(_NOT_FIT.format("zca_whitening"), stacklevel=2)
            else:
                x = np.reshape(x.reshape(-1, math.prod(x.shape[-3:])) @ self.zca_whitening_matrix, x.shape)
        return x

    def _shift(self, shift_range, size):
        """A shift in pixels: a choice among the given values, or a uniform draw."""
        if not shift_range:
            return 0
        try:
            shift = np.random.choice(shift_range) * np.random.choice([-1, 1])
        except ValueError:  # a number, not a list of choices
            shift = np.random.uniform(-shift_range, shift_range)
        return shift * size if np.max(shift_range) < 1 else shift

    def get_random_transform(self, img_shape, seed=None):
        """The random parameters of one image's transform (draws in Keras' order)."""
        if seed is not None:
            np.random.seed(seed)
        theta = np.random.uniform(-self.rotation_range, self.rotation_range) if self.rotation_range else 0
        tx = self._shift(self.height_shift_range, img_shape[self.row_axis - 1])
        ty = self._shift(self.width_shift_range, img_shape[self.col_axis - 1])
        shear = np.random.uniform(-self.shear_range, self.shear_range) if self.shear_range else 0
        if self.zoom_range[0] == 1 and self.zoom_range[1] == 1:
            zx, zy = 1, 1
        else:
            zx, zy = np.random.uniform(self.zoom_range[0], self.zoom_range[1], 2)
        flip_horizontal = (np.random.random() < 0.5) * self.horizontal_flip
        flip_vertical = (np.random.random() < 0.5) * self.vertical_flip
        channel_shift = None
        if self.channel_shift_range != 0:
            channel_shift = np.random.uniform(-self.channel_shift_range, self.channel_shift_range)
        brightness = None
        if self.brightness_range is not None:
            brightness = np.random.uniform(self.brightness_range[0], self.brightness_range[1])
        return {"theta": theta, "tx": tx, "ty": ty, "shear": shear, "zx": zx, "zy": zy,
                "flip_horizontal": flip_horizontal, "flip_vertical": flip_vertical,
                "channel_shift_intensity": channel_shift, "brightness": brightness}  # fmt: skip

    def apply_transform(self, x, transform_parameters):
        """One 3D image transformed by the parameters of :meth:`get_random_transform`."""
        p = transform_parameters
        rows, cols, channels = self.row_axis - 1, self.col_axis - 1, self.channel_axis - 1
        x = transforms.apply_affine_transform(
            x, p.get("theta", 0), p.get("tx", 0), p.get("ty", 0), p.get("shear", 0), p.get("zx", 1), p.get("zy", 1),
            row_axis=rows, col_axis=cols, channel_axis=channels, fill_mode=self.fill_mode, cval=self.cval,
            order=self.interpolation_order,
        )  # fmt: skip
        if p.get("channel_shift_intensity") is not None:
            x = transforms.apply_channel_shift(x, p["channel_shift_intensity"], channels)
        if p.get("flip_horizontal", False):
            x = transforms.flip_axis(x, cols)
        if p.get("flip_vertical", False):
            x = transforms.flip_axis(x, rows)
        if p.get("brightness") is not None:
            x = transforms.apply_brightness_shift(x, p["brightness"], False)
        return x

    def random_transform(self, x, seed=None):
        """One 3D image, randomly transformed."""
        return self.apply_transform(x, self.get_random_transform(x.shape, seed))

    def fit(self, x, augment=False, rounds=1, seed=None):
        """Learns the feature-wise mean, std and ZCA matrix of a rank-4 array of images."""
        x = np.asarray(x, dtype=self.dtype)
        if x.ndim != 4:
            raise ValueError("Input to `.fit()` should have rank 4. Got array with shape: " + str(x.shape))
        if x.shape[self.channel_axis] not in {1, 3, 4}:
            warnings.warn(
                "Expected input to be images (as Numpy array) following the data format convention "
                f'"{self.data_format}" '
                f"(channels on axis {self.channel_axis}), i.e. expected either 1, 3 or 4 channels on axis "
                f"{self.channel_axis}. However, it was passed an array with shape {x.shape} "
                f"({x.shape[self.channel_axis]} channels).",
                stacklevel=2,
            )
        if seed is not None:
            np.random.seed(seed)
        x = np.copy(x)
        if self.rescale:
            x *= self.rescale
        if augment:
            x = np.stack(
                [self.random_transform(x[i]) for _ in range(rounds) for i in range(x.shape[0])]
            ).astype(self.dtype)
        shape = [1, 1, 1]
        shape[self.channel_axis - 1] = x.shape[self.channel_axis]
        axes = (0, self.row_axis, self.col_axis)
        if self.featurewise_center:
            self.mean = np.reshape(np.mean(x, axis=axes), shape)
            x -= self.mean
        if self.featurewise_std_normalization:
            self.std = np.reshape(np.std(x, axis=axes), shape)
            x /= self.std + 1e-06
        if self.zca_whitening:
            flat = np.reshape(x, (len(x), -1))
            u, s, _ = np.linalg.svd(flat.T, full_matrices=False)
            self.zca_whitening_matrix = (u * (np.sqrt(len(x)) / (s + self.zca_epsilon))).dot(u.T)
