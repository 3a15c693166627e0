"""Images as files and arrays: ``array_to_img``, ``img_to_array``, ``load_img``, ``save_img``
(through Pillow, an optional dependency as in Keras) and ``smart_resize``."""

from __future__ import annotations

import io
import pathlib
import warnings

import numpy as np

from ..backend import config
from ..backend import core as backend
from ..backend.image import resize

_RESAMPLING = ("nearest", "bilinear", "bicubic", "hamming", "box", "lanczos")


def _pil(function: str):
    """Pillow's ``Image`` module: optional, as in Keras, and imported on first use."""
    try:
        from PIL import Image  # noqa: PLC0415 - optional dependency, read when an image is
    except ImportError as e:
        raise ImportError(f"Could not import PIL.Image. The use of `{function}` requires PIL.") from e
    return Image


def array_to_img(x, data_format=None, scale=True, dtype=None):
    """A 3D array as a Pillow image (``scale``: stretched to 0..255 first).

    >>> import numpy as np, tapejax as tf
    >>> tf.keras.utils.array_to_img(np.zeros((2, 3, 3))).size
    (3, 2)
    """
    data_format = config.standardize_data_format(data_format)
    image = _pil("array_to_img")
    x = np.asarray(x, dtype=dtype or config.floatx())
    if x.ndim != 3:
        raise ValueError(
            f"Expected image array to have rank 3 (single image). Got array with shape: {x.shape}"
        )
    if data_format == "channels_first":
        x = x.transpose(1, 2, 0)
    if scale:
        x = x - np.min(x)
        top = np.max(x)
        if top != 0:
            x /= top
        x *= 255
    channels = x.shape[2]
    if channels in (3, 4):
        return image.fromarray(x.astype("uint8"), "RGBA" if channels == 4 else "RGB")
    if channels == 1:
        if np.max(x) > 255:
            return image.fromarray(x[:, :, 0].astype("int32"), "I")  # 32-bit grayscale
        return image.fromarray(x[:, :, 0].astype("uint8"), "L")
    raise ValueError(f"Unsupported channel number: {channels}")


def img_to_array(img, data_format=None, dtype=None) -> np.ndarray:
    """A Pillow image (or anything numpy reads) as a 3D array of ``dtype`` (floatx)."""
    data_format = config.standardize_data_format(data_format)
    x = np.asarray(img, dtype=dtype or config.floatx())
    if x.ndim == 3:
        return x.transpose(2, 0, 1) if data_format == "channels_first" else x
    if x.ndim == 2:
        return x[None] if data_format == "channels_first" else x[:, :, None]
    raise ValueError(f"Unsupported image shape: {x.shape}")


def save_img(path, x, data_format=None, file_format=None, scale=True, **kwargs):
    """Writes a 3D array as an image file (its format from the name's extension)."""
    data_format = config.standardize_data_format(data_format)
    if file_format is None and isinstance(path, (str, pathlib.Path)):
        file_format = pathlib.Path(path).suffix[1:].lower()
    if file_format and file_format.lower() == "jpg":
        file_format = "jpeg"
    img = array_to_img(x, data_format=data_format, scale=scale)
    if img.mode == "RGBA" and file_format == "jpeg":
        warnings.warn("The JPEG format does not support RGBA images, converting to RGB.", stacklevel=2)
        img = img.convert("RGB")
    img.save(path, format=file_format, **kwargs)


def load_img(path, color_mode="rgb", target_size=None, interpolation="nearest", keep_aspect_ratio=False):
    """An image file as a Pillow image, in ``color_mode`` and, when given, resized to
    ``target_size = (height, width)`` (``keep_aspect_ratio``: its centre cropped first)."""
    image = _pil("load_img")
    if isinstance(path, io.BytesIO):
        img = image.open(path)
    elif isinstance(path, (pathlib.Path, bytes, str)):
        with open(str(path.resolve()) if isinstance(path, pathlib.Path) else path, "rb") as f:
            img = image.open(io.BytesIO(f.read()))
    else:
        raise TypeError(f"path should be path-like or io.BytesIO, not {type(path)}")
    modes = {"grayscale": ("L", "I;16", "I"), "rgba": ("RGBA",), "rgb": ("RGB",)}
    if color_mode not in modes:
        raise ValueError('color_mode must be "grayscale", "rgb", or "rgba"')
    if img.mode not in modes[color_mode]:
        img = img.convert(modes[color_mode][0])
    if target_size is None or img.size == (target_size[1], target_size[0]):
        return img
    if interpolation not in _RESAMPLING:
        raise ValueError(
            f"Invalid interpolation method {interpolation} specified. Supported methods are "
            f"{', '.join(_RESAMPLING)}"
        )
    resample = getattr(image.Resampling, interpolation.upper())
    size = (target_size[1], target_size[0])
    if not keep_aspect_ratio:
        return img.resize(size, resample)
    width, height = img.size
    crop_h = min(height, width * size[1] // size[0])
    crop_w = min(width, height * size[0] // size[1])
    top, left = (height - crop_h) // 2, (width - crop_w) // 2
    return img.resize(size, resample, box=[left, top, left + crop_w, top + crop_h])


def smart_resize(x, size, interpolation="bilinear", data_format="channels_last", **kwargs):
    """Resizes an image (or a batch) to ``size`` without distorting it: the largest centred
    crop of the target's aspect ratio, then resized (``'bilinear'`` or ``'nearest'``).

    >>> import numpy as np, tapejax as tf
    >>> tf.keras.preprocessing.image.smart_resize(np.ones((4, 6, 1)), (2, 2)).shape
    (2, 2, 1)
    """
    kwargs.pop("backend_module", None)
    if kwargs:
        raise TypeError(f"smart_resize() got unexpected keyword arguments: {list(kwargs.keys())}")
    if len(size) != 2:
        raise ValueError(f"Expected `size` to be a tuple of 2 integers, but got: {size}.")
    img = backend.convert_to_tensor(x)
    shape = tuple(img.shape)
    if len(shape) < 3 or len(shape) > 4:
        raise ValueError(
            "Expected an image array with shape `(height, width, channels)`, or `(batch_size, "
            f"height, width, channels)`, but got input with incorrect rank, of shape {img.shape}."
        )
    last = data_format == "channels_last"
    height, width = shape[-3:-1] if last else shape[-2:]
    target_h, target_w = size
    crop_h = max(min(height, int(float(width * target_h) / target_w)), 1)
    crop_w = max(min(width, int(float(height * target_w) / target_h)), 1)
    top, left = int(float(height - crop_h) / 2), int(float(width - crop_w) / 2)
    rows, cols = slice(top, top + crop_h), slice(left, left + crop_w)
    if last:
        img = img[..., rows, cols, :]
        out = resize(img, size, method=interpolation)
    else:
        img = img[..., rows, cols]
        perm = (0, 2, 3, 1) if len(shape) == 4 else (1, 2, 0)
        back = (0, 3, 1, 2) if len(shape) == 4 else (2, 0, 1)
        out = resize(np.transpose(np.asarray(img), perm), size, method=interpolation)
        out = backend.convert_to_tensor(np.transpose(out.numpy(), back))
    return out.numpy() if isinstance(x, np.ndarray) else out
