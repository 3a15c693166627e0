"""``keras.applications.imagenet_utils``: ImageNet preprocessing (``caffe``, ``tf`` and ``torch``
modes), ``decode_predictions``, and the input-shape rules every builder applies.

``decode_predictions`` reads ImageNet's class index (``imagenet_class_index.json``) from a local
file: the path in the ``TAPEJAX_IMAGENET_CLASS_INDEX`` environment variable, else Keras' cached
copy (``~/.keras/models/imagenet_class_index.json``); tapejax downloads nothing.
"""

from __future__ import annotations

import json
import os
import warnings

import numpy as np

from ..backend.config import floatx, image_data_format
from ..ops.core import convert_to_numpy, convert_to_tensor
from ..ops.numpy import reshape, stack
from .application import cached_file

CLASS_INDEX_PATH = "https://storage.googleapis.com/download.tensorflow.org/data/imagenet_class_index.json"
CLASS_INDEX_ENV = "TAPEJAX_IMAGENET_CLASS_INDEX"
_class_index = {}

_MEAN = {"caffe": (103.939, 116.779, 123.68), "torch": (0.485, 0.456, 0.406)}
_STD = {"torch": (0.229, 0.224, 0.225)}


def preprocess_input(x, data_format=None, mode="caffe"):
    """Scales a batch of RGB images in [0, 255]: ``caffe`` (to BGR, minus ImageNet's mean),
    ``tf`` (to [-1, 1]) or ``torch`` (to [0, 1], then ImageNet's mean and deviation). A float
    NumPy array is changed in place, as Keras does."""
    if mode not in {"caffe", "tf", "torch"}:
        raise ValueError(f"Expected mode to be one of `caffe`, `tf` or `torch`. Received: mode={mode}")
    if data_format is None:
        data_format = image_data_format()
    elif data_format not in {"channels_first", "channels_last"}:
        raise ValueError(
            "Expected data_format to be one of `channels_first` or `channels_last`. "
            f"Received: data_format={data_format}"
        )
    if isinstance(x, np.ndarray):
        return _numpy_input(x, data_format, mode)
    return _tensor_input(x, data_format, mode)


def _channel_index(ndim: int, data_format: str, channel: int):
    """The index selecting one channel of a 3D image or 4D batch."""
    if data_format == "channels_last":
        return (Ellipsis, channel)
    return (channel,) if ndim == 3 else (slice(None), channel)


def _numpy_input(x, data_format, mode):
    if not issubclass(x.dtype.type, np.floating):
        x = x.astype(floatx(), copy=False)
    if mode == "tf":
        x /= 127.5
        x -= 1.0
        return x
    if mode == "torch":
        x /= 255.0
    else:  # caffe: RGB -> BGR
        axis = -1 if data_format == "channels_last" else (0 if x.ndim == 3 else 1)
        x = np.flip(x, axis=axis)
    for c, mean in enumerate(_MEAN[mode]):
        index = _channel_index(x.ndim, data_format, c)
        x[index] -= mean
        if mode in _STD:
            x[index] /= _STD[mode][c]
    return x


def _tensor_input(x, data_format, mode):
    ndim = len(x.shape)
    if mode == "tf":
        x /= 127.5
        x -= 1.0
        return x
    if mode == "torch":
        x /= 255.0
    else:  # caffe: RGB -> BGR
        channels = [x[_channel_index(ndim, data_format, c)] for c in (2, 1, 0)]
        axis = -1 if data_format == "channels_last" else (0 if ndim == 3 else 1)
        x = stack(channels, axis=axis)
    if data_format == "channels_last":
        shape = (1,) * (ndim - 1) + (3,)
    else:
        shape = (3, 1, 1) if ndim == 3 else (1, 3) + (1,) * (ndim - 2)
    x += reshape(convert_to_tensor(-np.array(_MEAN[mode]), dtype=x.dtype), shape)
    if mode in _STD:
        x /= reshape(convert_to_tensor(np.array(_STD[mode]), dtype=x.dtype), shape)
    return x


def _load_class_index() -> dict:
    path = os.environ.get(CLASS_INDEX_ENV) or cached_file(
        "imagenet_class_index.json", CLASS_INDEX_PATH, "data"
    )
    if path not in _class_index:
        with open(path) as f:
            _class_index[path] = json.load(f)
    return _class_index[path]


def decode_predictions(preds, top=5):
    """The ``top`` ImageNet classes of each row of ``preds`` (shape ``(samples, 1000)``), as
    ``(class id, name, score)`` tuples, best first."""
    if len(preds.shape) != 2 or preds.shape[1] != 1000:
        raise ValueError(
            "`decode_predictions` expects a batch of predictions (i.e. a 2D array of shape "
            f"(samples, 1000)). Received array with shape: {preds.shape}"
        )
    index = _load_class_index()
    results = []
    for pred in convert_to_numpy(preds):
        best = pred.argsort()[-top:][::-1]
        row = [(*index[str(i)], pred[i]) for i in best]
        row.sort(key=lambda entry: entry[2], reverse=True)
        results.append(row)
    return results


def obtain_input_shape(input_shape, default_size, min_size, data_format, require_flatten, weights=None):
    """The model's input shape: ``input_shape`` checked against the architecture's needs, or
    its default (a fixed size when the classifier needs one)."""
    first = data_format == "channels_first"
    if weights != "imagenet" and input_shape and len(input_shape) == 3:
        channels = input_shape[0] if first else input_shape[-1]
        if channels not in {1, 3}:
            warnings.warn(
                "This model usually expects 1 or 3 input channels. However, it was passed an "
                f"input_shape with {channels} input channels.",
                stacklevel=3,
            )
        default_shape = (
            (channels, default_size, default_size) if first else (default_size, default_size, channels)
        )
    else:
        default_shape = (3, default_size, default_size) if first else (default_size, default_size, 3)
    if weights == "imagenet" and require_flatten:
        if input_shape is not None and input_shape != default_shape:
            raise ValueError(
                "When setting `include_top=True` and loading `imagenet` weights, `input_shape` "
                f"should be {default_shape}.  Received: input_shape={input_shape}"
            )
        return default_shape
    if input_shape:
        if len(input_shape) != 3:
            raise ValueError("`input_shape` must be a tuple of three integers.")
        channels, rows, cols = (
            (input_shape[0], *input_shape[1:]) if first else (input_shape[-1], *input_shape[:2])
        )
        if channels != 3 and weights == "imagenet":
            raise ValueError(f"The input must have 3 channels; Received `input_shape={input_shape}`")
        if (rows is not None and rows < min_size) or (cols is not None and cols < min_size):
            raise ValueError(
                f"Input size must be at least {min_size}x{min_size}; Received: input_shape={input_shape}"
            )
    elif require_flatten:
        input_shape = default_shape
    else:
        input_shape = (3, None, None) if first else (None, None, 3)
    if require_flatten and None in input_shape:
        raise ValueError(
            "If `include_top` is True, you should specify a static `input_shape`. "
            f"Received: input_shape={input_shape}"
        )
    return input_shape


def correct_pad(inputs, kernel_size):
    """The zero padding before a strided ``'valid'`` convolution that centres it as TF's
    ``'same'`` padding does on even sizes."""
    first_axis = 2 if image_data_format() == "channels_first" else 1
    size = inputs.shape[first_axis : first_axis + 2]
    if isinstance(kernel_size, int):
        kernel_size = (kernel_size, kernel_size)
    adjust = (1, 1) if size[0] is None else (1 - size[0] % 2, 1 - size[1] % 2)
    correct = (kernel_size[0] // 2, kernel_size[1] // 2)
    return ((correct[0] - adjust[0], correct[0]), (correct[1] - adjust[1], correct[1]))
