"""The legacy backend's neural-network functions (``keras.backend.conv2d``, ``relu``,
``categorical_crossentropy``, ``pool2d``, ``ctc_batch_cost``...), as Keras 3's
``legacy/backend.py`` writes them with TF calls."""

from __future__ import annotations

import itertools

import numpy as np

from ..backend import tf
from ..backend.config import epsilon, image_data_format
from .backend_math import ndim, repeat_elements


def _data_format(data_format):
    data_format = image_data_format() if data_format is None else data_format
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(f"Unknown data_format: {data_format}")
    return data_format


def _padding(padding) -> str:
    if padding not in ("same", "valid"):
        raise ValueError(f"Invalid padding: {padding}")
    return padding.upper()


_TF_FORMATS = {(1, "channels_last"): "NWC", (2, "channels_last"): "NHWC", (3, "channels_last"): "NDHWC"}
_TF_FORMATS.update(
    {(1, "channels_first"): "NCW", (2, "channels_first"): "NCHW", (3, "channels_first"): "NCDHW"}
)


def _conv(x, kernel, rank, strides, padding, data_format, dilation_rate):
    data_format = _data_format(data_format)
    return tf.nn.convolution(
        x,
        kernel,
        strides=strides,
        padding=_padding(padding),
        data_format=_TF_FORMATS[rank, data_format],
        dilations=dilation_rate,
    )


def conv1d(x, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
    """1-D convolution; ``padding='causal'`` pads on the left only."""
    _data_format(data_format)
    if padding == "causal":
        x = temporal_padding(x, (dilation_rate * (kernel.shape[0] - 1), 0))
        padding = "valid"
    return _conv(x, kernel, 1, strides, padding, data_format, dilation_rate)


def conv2d(x, kernel, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1)):
    return _conv(x, kernel, 2, strides, padding, data_format, dilation_rate)


def conv3d(x, kernel, strides=(1, 1, 1), padding="valid", data_format=None, dilation_rate=(1, 1, 1)):
    return _conv(x, kernel, 3, strides, padding, data_format, dilation_rate)


def conv2d_transpose(
    x, kernel, output_shape, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1)
):
    """The transpose of ``conv2d``, to ``output_shape`` (its batch size may be None)."""
    data_format = _data_format(data_format)
    if dilation_rate != (1, 1) and dilation_rate[0] != dilation_rate[1]:
        raise ValueError(
            "Expected the 2 dimensions of the `dilation_rate` argument to be equal to each "
            f"other. Received: dilation_rate={dilation_rate}"
        )
    output_shape = list(output_shape)
    if output_shape[0] is None:
        output_shape[0] = x.shape[0]
    return tf.nn.conv2d_transpose(
        x,
        kernel,
        output_shape,
        strides,
        padding=_padding(padding),
        data_format=_TF_FORMATS[2, data_format],
        dilations=dilation_rate,
    )


def _strides4(strides, data_format):
    return (1, *strides, 1) if data_format == "channels_last" else (1, 1, *strides)


def depthwise_conv2d(
    x, depthwise_kernel, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1)
):
    data_format = _data_format(data_format)
    return tf.nn.depthwise_conv2d(
        x,
        depthwise_kernel,
        strides=_strides4(tuple(strides), data_format),
        padding=_padding(padding),
        dilations=dilation_rate,
        data_format=_TF_FORMATS[2, data_format],
    )


def separable_conv2d(
    x,
    depthwise_kernel,
    pointwise_kernel,
    strides=(1, 1),
    padding="valid",
    data_format=None,
    dilation_rate=(1, 1),
):
    data_format = _data_format(data_format)
    if len(strides) != 2:
        raise ValueError("`strides` must be a tuple of 2 integers.")
    return tf.nn.separable_conv2d(
        x,
        depthwise_kernel,
        pointwise_kernel,
        strides=_strides4(tuple(strides), data_format),
        padding=_padding(padding),
        dilations=dilation_rate,
        data_format=_TF_FORMATS[2, data_format],
    )


def _pool(x, rank, pool_size, strides, padding, data_format, pool_mode):
    data_format = _data_format(data_format)
    if rank == 2 and len(pool_size) != 2:
        raise ValueError("`pool_size` must be a tuple of 2 integers.")
    if rank == 2 and len(strides) != 2:
        raise ValueError("`strides` must be a tuple of 2 integers.")
    padding = _padding(padding)
    if pool_mode not in ("max", "avg"):
        raise ValueError(f"Invalid pooling mode: {pool_mode}")
    pool = {"max": tf.nn.max_pool, "avg": tf.nn.avg_pool}[pool_mode]
    window, steps = _strides4(tuple(pool_size), data_format), _strides4(tuple(strides), data_format)
    return pool(x, window, steps, padding=padding, data_format=_TF_FORMATS[rank, data_format])


def pool2d(x, pool_size, strides=(1, 1), padding="valid", data_format=None, pool_mode="max"):
    return _pool(x, 2, pool_size, strides, padding, data_format, pool_mode)


def pool3d(x, pool_size, strides=(1, 1, 1), padding="valid", data_format=None, pool_mode="max"):
    return _pool(x, 3, pool_size, strides, padding, data_format, pool_mode)


def bias_add(x, bias, data_format=None):
    """``x + bias`` along the channel axis; a bias of rank ``ndim(x) - 1`` adds per position."""
    data_format = _data_format(data_format)
    bias_shape = tuple(bias.shape)
    if len(bias_shape) != 1 and len(bias_shape) != ndim(x) - 1:
        raise ValueError(
            f"Unexpected bias dimensions {len(bias_shape)}. Expected it to be 1 or {ndim(x) - 1} dimensions"
        )
    if len(bias_shape) == 1:
        return tf.nn.bias_add(x, bias, data_format="NCHW" if data_format == "channels_first" else "NHWC")
    if data_format == "channels_first" and ndim(x) in (3, 4, 5):
        return x + tf.reshape(bias, (1, bias_shape[-1]) + bias_shape[:-1])
    return x + tf.reshape(bias, (1,) + bias_shape)


def batch_normalization(x, mean, var, beta, gamma, axis=-1, epsilon=1e-3):  # noqa: A002
    return tf.nn.batch_normalization(x, mean, var, beta, gamma, epsilon)


def dropout(x, level, noise_shape=None, seed=None):
    seed = np.random.randint(10e6) if seed is None else seed
    return tf.nn.dropout(x, rate=level, noise_shape=noise_shape, seed=seed)


def elu(x, alpha=1.0):
    res = tf.nn.elu(x)
    return res if alpha == 1 else tf.where(x > 0, res, alpha * res)


def hard_sigmoid(x):
    """``clip(0.2 * x + 0.5, 0, 1)`` (Keras 2's slope, not Keras 3's ``x / 6``)."""
    x = tf.convert_to_tensor(x)
    return tf.clip_by_value(x * tf.constant(0.2, x.dtype) + tf.constant(0.5, x.dtype), 0.0, 1.0)


def relu(x, alpha=0.0, max_value=None, threshold=0.0):
    """``x`` above ``threshold`` (else ``alpha * (x - threshold)``), capped at ``max_value``."""
    x = tf.convert_to_tensor(x)
    if alpha != 0.0 and max_value is None and threshold == 0:
        return tf.nn.leaky_relu(x, alpha=alpha)
    negative_part = tf.nn.relu(-x + threshold) if alpha != 0.0 else None
    clip_max = max_value is not None
    if threshold != 0:
        x = x * tf.cast(tf.math.greater(x, threshold), x.dtype)
    elif max_value == 6:
        x, clip_max = tf.nn.relu6(x), False
    else:
        x = tf.nn.relu(x)
    if clip_max:
        x = tf.clip_by_value(x, tf.constant(0, x.dtype), tf.constant(max_value, x.dtype))
    if negative_part is not None:
        x -= tf.constant(alpha, x.dtype) * negative_part
    return x


def sigmoid(x):
    return tf.math.sigmoid(x)


def softplus(x):
    return tf.math.softplus(x)


def softsign(x):
    return tf.math.softsign(x)


def softmax(x, axis=-1):
    """Softmax over ``axis`` (an int or a tuple of axes)."""
    if len(x.shape) <= 1:
        raise ValueError(f"Cannot apply softmax to a tensor that is 1D. Received input: {x}")
    if isinstance(axis, int):
        return tf.nn.softmax(x, axis=axis)
    numerator = tf.math.exp(x - tf.math.reduce_max(x, axis=axis, keepdims=True))
    return numerator / tf.math.reduce_sum(numerator, axis=axis, keepdims=True)


def binary_crossentropy(target, output, from_logits=False):
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    if from_logits:
        return tf.nn.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    eps = tf.constant(epsilon(), output.dtype)
    output = tf.clip_by_value(output, eps, 1.0 - eps)
    bce = target * tf.math.log(output + epsilon())
    bce += (1 - target) * tf.math.log(1 - output + epsilon())
    return -bce


def binary_focal_crossentropy(
    target, output, apply_class_balancing=False, alpha=0.25, gamma=2.0, from_logits=False
):
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    sigmoidal = tf.math.sigmoid(output) if from_logits else output
    p_t = target * sigmoidal + (1 - target) * (1 - sigmoidal)
    focal_bce = tf.math.pow(1.0 - p_t, gamma) * binary_crossentropy(target, output, from_logits)
    if apply_class_balancing:
        focal_bce = (target * alpha + (1 - target) * (1 - alpha)) * focal_bce
    return focal_bce


def _probabilities(target, output, axis):
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    if not target.shape.is_compatible_with(output.shape):
        raise ValueError(f"Shapes {target.shape} and {output.shape} are incompatible")
    return target, output


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    target, output = _probabilities(target, output, axis)
    if from_logits:
        return tf.nn.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    output = output / tf.math.reduce_sum(output, axis, True)
    eps = tf.constant(epsilon(), output.dtype)
    output = tf.clip_by_value(output, eps, 1.0 - eps)
    return -tf.math.reduce_sum(target * tf.math.log(output), axis)


def categorical_focal_crossentropy(target, output, alpha=0.25, gamma=2.0, from_logits=False, axis=-1):
    target, output = _probabilities(target, output, axis)
    if from_logits:
        output = tf.nn.softmax(output, axis=axis)
    output = output / tf.math.reduce_sum(output, axis=axis, keepdims=True)
    eps = tf.constant(epsilon(), output.dtype)
    output = tf.clip_by_value(output, eps, 1.0 - eps)
    focal = tf.math.pow(1.0 - output, gamma) * alpha * (-target * tf.math.log(output))
    return tf.math.reduce_sum(focal, axis=axis)


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1, ignore_class=None):
    """Cross-entropy of integer ``target`` classes; ``ignore_class`` entries give 0."""
    target = tf.cast(tf.convert_to_tensor(target), "int64")
    output = tf.convert_to_tensor(output)
    if not from_logits:
        eps = tf.constant(epsilon(), output.dtype)
        output = tf.math.log(tf.clip_by_value(output, eps, 1 - eps))
    rank = len(output.shape)
    axis %= rank
    if axis != rank - 1:
        output = tf.transpose(output, perm=list(itertools.chain(range(axis), range(axis + 1, rank), [axis])))
    out_shape = list(output.shape[:-1])
    if len(target.shape) != rank - 1:
        target, output = tf.reshape(target, [-1]), tf.reshape(output, [-1, output.shape[-1]])
    valid = None
    if ignore_class is not None:
        valid = tf.math.not_equal(target, tf.cast(ignore_class, target.dtype))
        target = tf.where(valid, target, tf.zeros_like(target))
    res = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)
    if valid is not None:
        res = tf.where(valid, res, tf.zeros_like(res))
    return tf.reshape(res, out_shape) if rank >= 3 or valid is not None else res


def temporal_padding(x, padding=(1, 1)):
    if len(padding) != 2:
        raise ValueError(f"Expected `padding` to be a tuple of 2 integers. Received: padding={padding}")
    return tf.pad(x, [[0, 0], list(padding), [0, 0]])


def spatial_2d_padding(x, padding=((1, 1), (1, 1)), data_format=None):
    if len(padding) != 2 or len(padding[0]) != 2 or len(padding[1]) != 2:
        raise ValueError(
            f"Expected `padding` to be a tuple of 2 tuples of 2 integers. Received: padding={padding}"
        )
    return _spatial_padding(x, padding, data_format)


def spatial_3d_padding(x, padding=((1, 1), (1, 1), (1, 1)), data_format=None):
    if len(padding) != 3 or any(len(p) != 2 for p in padding):
        raise ValueError(
            f"Expected `padding` to be a tuple of 3 tuples of 2 integers. Received: padding={padding}"
        )
    return _spatial_padding(x, padding, data_format)


def _spatial_padding(x, padding, data_format):
    spatial = [list(p) for p in padding]
    if _data_format(data_format) == "channels_first":
        return tf.pad(x, [[0, 0], [0, 0], *spatial])
    return tf.pad(x, [[0, 0], *spatial, [0, 0]])


_INTERPOLATIONS = (
    "area",
    "bicubic",
    "bilinear",
    "gaussian",
    "lanczos3",
    "lanczos5",
    "mitchellcubic",
    "nearest",
)


def resize_images(x, height_factor, width_factor, data_format, interpolation="nearest"):
    """Images scaled by integer factors (``tf.image.resize``)."""
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(f"Invalid `data_format` argument: {data_format}")
    rows = 2 if data_format == "channels_first" else 1
    if interpolation not in _INTERPOLATIONS:
        shown = '"' + '", "'.join(_INTERPOLATIONS) + '"'
        raise ValueError(f'`interpolation` argument should be one of: {shown}. Received: "{interpolation}".')
    size = [x.shape[rows] * height_factor, x.shape[rows + 1] * width_factor]
    if data_format == "channels_first":
        x = tf.transpose(x, [0, 2, 3, 1])
    method = "nearest" if interpolation == "nearest" else interpolation
    x = tf.image.resize(x, size, method=method)
    return tf.transpose(x, [0, 3, 1, 2]) if data_format == "channels_first" else x


def resize_volumes(x, depth_factor, height_factor, width_factor, data_format):
    """Volumes scaled by integer factors, each voxel repeated."""
    if data_format not in ("channels_first", "channels_last"):
        raise ValueError(f"Invalid data_format: {data_format}")
    first = 2 if data_format == "channels_first" else 1
    for i, factor in enumerate((depth_factor, height_factor, width_factor)):
        x = repeat_elements(x, factor, axis=first + i)
    return x
