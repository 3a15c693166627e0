"""``keras.utils.image_dataset_from_directory``: a folder of images (one sub-folder per class)
as a batched ``tf.data.Dataset`` of float32 images and their labels.

Images are read by Pillow when the dataset is iterated (``bmp``, ``gif``, ``jpeg``, ``png``; a
GIF's first frame) and resized by ``tf.image.resize``'s rule (``'bilinear'``, ``'nearest'``;
TF's other methods raise ``NotImplementedError``). Which files land in the training or the
validation subset follows Keras exactly (numpy's ``RandomState(seed)``); the order of the
elements within a shuffled dataset comes from tapejax's ``Dataset.shuffle``, not TF's bits.
"""

from __future__ import annotations

import numpy as np

from ..backend import config
from ..backend.image import resize, resize_with_pad
from ..backend.io import Dataset, numpy_function
from . import directory_index
from .image_utils import _pil, smart_resize

ALLOWLIST_FORMATS = (".bmp", ".gif", ".jpeg", ".jpg", ".png")
_INTERPOLATIONS = (
    "bilinear",
    "nearest",
    "bicubic",
    "area",
    "lanczos3",
    "lanczos5",
    "gaussian",
    "mitchellcubic",
)
_CHANNELS = {"rgb": 3, "rgba": 4, "grayscale": 1}


def image_dataset_from_directory(
    directory,
    labels="inferred",
    label_mode="int",
    class_names=None,
    color_mode="rgb",
    batch_size=32,
    image_size=(256, 256),
    shuffle=True,
    seed=None,
    validation_split=None,
    subset=None,
    interpolation="bilinear",
    follow_links=False,
    crop_to_aspect_ratio=False,
    pad_to_aspect_ratio=False,
    data_format=None,
    format="tf",
    verbose=True,
):
    """A Dataset of ``(images, labels)`` batches (``images`` alone when ``labels`` or
    ``label_mode`` is None) with ``class_names`` and ``file_paths`` attributes; a list of two
    (training, validation) for ``subset='both'``.

    ``label_mode``: ``'int'`` (int32), ``'categorical'`` (one-hot float32) or ``'binary'``
    (float32, shape ``(batch, 1)``, two classes).
    """
    directory_index.check_label_mode(labels, label_mode, class_names)
    if labels is None or label_mode is None:
        labels = label_mode = None
    if color_mode not in _CHANNELS:
        raise ValueError(
            f'`color_mode` must be one of {{"rgb", "rgba", "grayscale"}}. Received: color_mode={color_mode}'
        )
    if isinstance(image_size, int):
        image_size = (image_size, image_size)
    elif not isinstance(image_size, (list, tuple)) or len(image_size) != 2:
        raise ValueError(
            f"Invalid `image_size` value. Expected a tuple of 2 integers. Received: image_size={image_size}"
        )
    interpolation = interpolation.lower()
    if interpolation not in _INTERPOLATIONS:
        raise ValueError(
            f"Argument `interpolation` should be one of {_INTERPOLATIONS}. Received: interpolation={interpolation}"
        )
    if interpolation not in ("bilinear", "nearest"):
        raise NotImplementedError(
            f"image_dataset_from_directory resizes with tf.image.resize, which tapejax has for "
            f"'bilinear' and 'nearest' only. Received: interpolation={interpolation}"
        )
    if format != "tf":
        raise ValueError(f'`format` should be either "tf" or "grain". Received: format={format}')
    if pad_to_aspect_ratio and crop_to_aspect_ratio:
        raise ValueError("Only one of `pad_to_aspect_ratio`, `crop_to_aspect_ratio` can be set to `True`.")
    directory_index.check_validation_split_arg(validation_split, subset, shuffle, seed)
    seed = np.random.randint(1e6) if seed is None else seed
    paths, labels, class_names = directory_index.index_directory(
        directory, labels, ALLOWLIST_FORMATS, class_names, shuffle, seed, follow_links, verbose
    )
    directory_index.check_binary(label_mode, class_names)
    load = _Loader(image_size, _CHANNELS[color_mode], interpolation, config.standardize_data_format(data_format),
                   crop_to_aspect_ratio, pad_to_aspect_ratio)  # fmt: skip
    num_classes = len(class_names) if class_names else 0
    buffer = batch_size * 8 if batch_size is not None else 1024

    def none_found(part):
        kind = f"{part} images" if part else "images"
        raise ValueError(f"No {kind} found in directory {directory}. Allowed formats: {ALLOWLIST_FORMATS}")

    datasets = []
    for part_paths, encoded, shuffled in directory_index.subsets(
        paths, labels, validation_split, subset, label_mode, num_classes, shuffle, none_found
    ):
        dataset = samples_dataset(part_paths, encoded, load, buffer if shuffled else None, seed)
        if batch_size is not None:
            dataset = dataset.batch(batch_size)
        dataset.class_names, dataset.file_paths = class_names, part_paths
        datasets.append(dataset)
    return datasets if subset == "both" else datasets[0]


def samples_dataset(paths, labels, load, shuffle_buffer=None, seed=None):
    """A Dataset of ``load(path)`` (paired with its label), shuffled first when given a buffer
    size; each file is read when its element is reached (``numpy_function`` inside ``map``), so
    the Dataset knows its length, as Keras' does."""
    read = lambda i: numpy_function(lambda j: load(paths[int(j)]), [i], "float32")  # noqa: E731
    indices = np.arange(len(paths))
    dataset = Dataset.from_tensor_slices(indices if labels is None else (indices, labels))
    if shuffle_buffer is not None:
        dataset = dataset.shuffle(shuffle_buffer, seed=seed)
    return dataset.map(read) if labels is None else dataset.map(lambda i, y: (read(i), y))


class _Loader:
    """One image file as the dataset's float32 array (TF's ``decode_image`` then resize)."""

    def __init__(self, size, channels, interpolation, data_format, crop, pad):
        self.size, self.channels, self.interpolation = tuple(size), channels, interpolation
        self.data_format, self.crop, self.pad = data_format, crop, pad

    def __call__(self, path) -> np.ndarray:
        image = np.asarray(_decoded(path, self.channels))
        if self.crop:
            out = smart_resize(image, self.size, interpolation=self.interpolation)
        elif self.pad:
            out = resize_with_pad(image, self.size[0], self.size[1], method=self.interpolation).numpy()
        else:
            out = resize(image, self.size, method=self.interpolation).numpy()
        out = np.asarray(out, np.float32)
        return out.transpose(2, 0, 1) if self.data_format == "channels_first" else out


def _decoded(path, channels: int) -> np.ndarray:
    """The pixels as ``tf.image.decode_image(channels=...)`` gives them (uint8, HWC)."""
    with _pil("load_img").open(path) as img:
        img.seek(0)
        if channels == 1 and img.format == "PNG" and img.mode not in ("L", "I", "I;16"):
            return _png_gray(np.asarray(img.convert("RGB")))
        mode = {1: "L", 3: "RGB", 4: "RGBA"}[channels]
        pixels = np.asarray(img.convert(mode) if img.mode != mode else img)
    return pixels[:, :, None] if pixels.ndim == 2 else pixels


def _png_gray(rgb: np.ndarray) -> np.ndarray:
    """Colour PNG pixels as grey the way TF's PNG decoder (libpng's ``rgb_to_gray``, fixed
    point from the weights 0.299 and 0.587) makes them; Pillow's rounding differs by 1."""
    r, g, b = (rgb[..., i].astype(np.int64) for i in range(3))
    red, green = 29900 * 32768 // 100000, 58700 * 32768 // 100000
    gray = (red * r + green * g + (32768 - red - green) * b) >> 15
    gray = np.where((r == g) & (g == b), r, gray)  # libpng leaves grey pixels as they are
    return gray.astype(np.uint8)[:, :, None]
