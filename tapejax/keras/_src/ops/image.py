"""``keras.ops.image`` (Keras 3's ``keras.src.ops.image``) as its TensorFlow backend computes it:
``resize`` on tapejax's ``tf.image.resize`` (Keras' centre crop or pad to the target's aspect
ratio first), grayscale with Keras' weights, TF's HSV formulas, ``pad_images``/``crop_images``,
patches as a convolution with an identity kernel, ``gaussian_blur`` and ``sobel_edges`` as
depthwise convolutions, ``ssim`` with Keras' formula. The resampling functions
(``affine_transform``...) are in ``image_warp``. Each is a Keras operation through
``function_op.operation``.
"""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..backend import tf
from ..backend.config import standardize_data_format
from ..backend.ops import math_ops as _math
from .core import cast, convert_to_tensor
from .function_op import jax_op, operation
from .nn_conv import conv, depthwise_conv

_IMAGE = "keras.src.ops.image"


def _check_rank(images) -> None:
    if len(images.shape) not in (3, 4):
        raise ValueError(
            "Invalid images rank: expected rank 3 (single image) or rank 4 (batch of images). "
            f"Received input with shape: images.shape={images.shape}"
        )


def _channels_last(images, data_format: str):
    if data_format != "channels_first":
        return images
    return tf.transpose(images, (0, 2, 3, 1) if len(images.shape) == 4 else (1, 2, 0))


def _channels_back(images, data_format: str):
    if data_format != "channels_first":
        return images
    return tf.transpose(images, (0, 3, 1, 2) if len(images.shape) == 4 else (2, 0, 1))


def _as_batch(images, data_format: str):
    """``images`` as a channels-last batch, and whether it was one image."""
    images = convert_to_tensor(images)
    _check_rank(images)
    x = _channels_last(images, data_format)
    return (tf.expand_dims(x, 0), True) if len(x.shape) == 3 else (x, False)


@operation("RGBToGrayscale", "data_format", module=_IMAGE)
def rgb_to_grayscale(images, data_format=None):
    """``0.2989 R + 0.587 G + 0.114 B`` (Keras' weights), one channel kept."""
    images = convert_to_tensor(images)
    data_format = standardize_data_format(data_format)
    axis = -1 if data_format == "channels_last" else -3
    _check_rank(images)
    if images.shape[axis] not in (1, 3):
        raise ValueError(
            "Invalid channel size: expected 3 (RGB) or 1 (Grayscale). Received input with shape: "
            f"images.shape={images.shape}"
        )
    if images.shape[axis] == 1:
        return tf.math.multiply(images, convert_to_tensor(1, images.dtype.name))
    original = images.dtype.name
    x = cast(images, original if images.dtype.is_floating else "float32")
    weights = convert_to_tensor([0.2989, 0.587, 0.114], x.dtype.name)
    moved = (
        x
        if axis == -1
        else tf.transpose(x, (*range(len(x.shape) - 3), len(x.shape) - 2, len(x.shape) - 1, len(x.shape) - 3))
    )
    gray = tf.expand_dims(tf.math.reduce_sum(_math.multiply(moved, weights), axis=-1), axis)
    return cast(gray, original)


def _rgb_to_hsv(x):
    # TF's kernel: value the maximum, saturation range / value, hue by the largest channel.
    r, g, b = x[..., 0], x[..., 1], x[..., 2]
    value = jnp.max(x, axis=-1)
    spread = value - jnp.min(x, axis=-1)
    saturation = jnp.where(value > 0, spread / jnp.where(value > 0, value, 1), 0)
    norm = 1.0 / (6.0 * jnp.where(spread > 0, spread, 1))
    hue = jnp.where(
        r == value,
        (g - b) * norm,
        jnp.where(g == value, (b - r) * norm + 2.0 / 6.0, (r - g) * norm + 4.0 / 6.0),
    )
    hue = jnp.where(spread > 0, hue, 0)
    hue = jnp.where(hue < 0, hue + 1, hue)
    return jnp.stack([hue, saturation, value], axis=-1).astype(x.dtype)


def _hsv_to_rgb(x):
    h, s, v = x[..., 0], x[..., 1], x[..., 2]
    dh = h * 6.0
    channels = [
        jnp.clip(jnp.abs(dh - 3.0) - 1.0, 0.0, 1.0),
        jnp.clip(2.0 - jnp.abs(dh - 2.0), 0.0, 1.0),
        jnp.clip(2.0 - jnp.abs(dh - 4.0), 0.0, 1.0),
    ]
    return jnp.stack([((1.0 - s) + s * c) * v for c in channels], axis=-1).astype(x.dtype)


_RGB_TO_HSV = jax_op("RGBToHSV", _rgb_to_hsv)
_HSV_TO_RGB = jax_op("HSVToRGB", _hsv_to_rgb)


def _colour(fn, images, data_format):
    images = convert_to_tensor(images)
    data_format = standardize_data_format(data_format)
    _check_rank(images)
    if not images.dtype.is_floating:
        raise ValueError(
            f"Invalid images dtype: expected float dtype. Received: images.dtype={images.dtype.name}"
        )
    return _channels_back(fn(_channels_last(images, data_format)), data_format)


@operation("RGBToHSV", "data_format", module=_IMAGE)
def rgb_to_hsv(images, data_format=None):
    """RGB images (floats in [0, 1]) as hue, saturation, value."""
    return _colour(_RGB_TO_HSV, images, data_format)


@operation("HSVToRGB", "data_format", module=_IMAGE)
def hsv_to_rgb(images, data_format=None):
    """Hue, saturation, value images as RGB."""
    return _colour(_HSV_TO_RGB, images, data_format)


def _aspect_box(height, width, target_height, target_width, grow: bool):
    """Keras' centred box of the target's aspect ratio: inside the image (crop) or around it (pad)."""
    box_h = int(float(width * target_height) / target_width)
    box_w = int(float(height * target_width) / target_height)
    if grow:
        return max(height, box_h), max(width, box_w)
    return max(min(height, box_h), 1), max(min(width, box_w), 1)


@operation(
    "Resize",
    "size interpolation antialias crop_to_aspect_ratio pad_to_aspect_ratio fill_mode fill_value data_format",
    module=_IMAGE,
)
def resize(
    images,
    size,
    interpolation="bilinear",
    antialias=False,
    crop_to_aspect_ratio=False,
    pad_to_aspect_ratio=False,
    fill_mode="constant",
    fill_value=0.0,
    data_format=None,
):
    """``images`` resized to ``size`` (height, width) with TF's kernels; first centre-cropped
    (``crop_to_aspect_ratio``) or padded with ``fill_value`` (``pad_to_aspect_ratio``) to the
    target's aspect ratio."""
    data_format = standardize_data_format(data_format)
    if interpolation not in ("bilinear", "nearest", "bicubic", "lanczos3", "lanczos5", "area"):
        raise ValueError(
            "Invalid value for argument `interpolation`. Expected of one "
            "('bilinear', 'nearest', 'lanczos3', 'lanczos5', 'bicubic', 'area'). "
            f"Received: interpolation={interpolation}"
        )
    if fill_mode != "constant":
        raise ValueError(
            f"Invalid value for argument `fill_mode`. Only `'constant'` is supported. Received: fill_mode={fill_mode}"
        )
    if pad_to_aspect_ratio and crop_to_aspect_ratio:
        raise ValueError("Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio` can be `True`.")
    if not len(size) == 2:
        raise ValueError(
            f"Argument `size` must be a tuple of two elements (height, width). Received: size={size}"
        )
    x, unbatched = _as_batch(images, data_format)
    height, width = int(x.shape[1]), int(x.shape[2])
    target_h, target_w = size
    if crop_to_aspect_ratio:
        box_h, box_w = _aspect_box(height, width, target_h, target_w, grow=False)
        top, left = int(float(height - box_h) / 2), int(float(width - box_w) / 2)
        x = x[:, top : top + box_h, left : left + box_w, :]
    elif pad_to_aspect_ratio:
        box_h, box_w = _aspect_box(height, width, target_h, target_w, grow=True)
        top, left = int(float(box_h - height) / 2), int(float(box_w - width) / 2)
        paddings = [[0, 0], [top, box_h - height - top], [left, box_w - width - left], [0, 0]]
        x = tf.pad(x, paddings, constant_values=fill_value)
    out = tf.image.resize(x, size, method=interpolation, antialias=antialias)
    if unbatched:
        out = tf.squeeze(out, 0)
    return _channels_back(out, data_format)


def _sides(before, after, target, total_change: int, what: str):
    """Two of (before, after, target) given: all three (Keras' pad/crop arguments);
    ``total_change`` is what the target adds (padding) or removes (cropping) in all."""
    given = [v is not None for v in (before, after, target)]
    if sum(given) != 2:
        raise ValueError(
            f"Must specify exactly two of {what}. Received: {what}=({before}, {after}, {target})"
        )
    if target is None:
        return before, after
    if before is None:
        return total_change - after, after
    return before, total_change - before


@operation(
    "PadImages",
    "top_padding left_padding bottom_padding right_padding target_height target_width data_format",
    module=_IMAGE,
)
def pad_images(
    images,
    top_padding=None,
    left_padding=None,
    bottom_padding=None,
    right_padding=None,
    target_height=None,
    target_width=None,
    data_format=None,
):
    """``images`` padded with zeros: two of top/bottom/target height, two of left/right/target width."""
    data_format = standardize_data_format(data_format)
    images = convert_to_tensor(images)
    _check_rank(images)
    x = _channels_last(images, data_format)
    h, w = int(x.shape[-3]), int(x.shape[-2])
    top, bottom = _sides(
        top_padding,
        bottom_padding,
        target_height,
        (target_height or 0) - h,
        "top_padding, bottom_padding, target_height",
    )
    left, right = _sides(
        left_padding,
        right_padding,
        target_width,
        (target_width or 0) - w,
        "left_padding, right_padding, target_width",
    )
    if min(top, bottom, left, right) < 0:
        raise ValueError("The padding values must be non-negative (the target is smaller than the image).")
    paddings = [[top, bottom], [left, right], [0, 0]]
    out = tf.pad(x, ([[0, 0]] if len(x.shape) == 4 else []) + paddings)
    return _channels_back(out, data_format)


@operation(
    "CropImages",
    "top_cropping left_cropping bottom_cropping right_cropping target_height target_width data_format",
    module=_IMAGE,
)
def crop_images(
    images,
    top_cropping=None,
    left_cropping=None,
    bottom_cropping=None,
    right_cropping=None,
    target_height=None,
    target_width=None,
    data_format=None,
):
    """``images`` cropped: two of top/bottom/target height, two of left/right/target width."""
    data_format = standardize_data_format(data_format)
    images = convert_to_tensor(images)
    _check_rank(images)
    x = _channels_last(images, data_format)
    h, w = int(x.shape[-3]), int(x.shape[-2])
    top, bottom = _sides(
        top_cropping,
        bottom_cropping,
        target_height,
        h - (target_height or 0),
        "top_cropping, bottom_cropping, target_height",
    )
    left, right = _sides(
        left_cropping,
        right_cropping,
        target_width,
        w - (target_width or 0),
        "left_cropping, right_cropping, target_width",
    )
    if min(top, bottom, left, right) < 0 or top + bottom >= h or left + right >= w:
        raise ValueError(f"The cropping leaves no pixels (or is negative) for images of size {(h, w)}.")
    out = x[..., top : h - bottom, left : w - right, :]
    return _channels_back(out, data_format)


def _patches(images, size, strides, dilation_rate, padding, data_format, n: int):
    data_format = standardize_data_format(data_format)
    images = convert_to_tensor(images)
    size = (size,) * n if isinstance(size, int) else tuple(size)
    strides = size if strides is None else strides
    channels = int(images.shape[-1] if data_format == "channels_last" else images.shape[-n - 1])
    depth = int(np.prod(size)) * channels
    kernel = convert_to_tensor(np.eye(depth).reshape(*size, channels, depth), images.dtype.name)
    unbatched = len(images.shape) == n + 1
    x = tf.expand_dims(images, 0) if unbatched else images
    out = conv(
        x, kernel, strides=strides, padding=padding, data_format=data_format, dilation_rate=dilation_rate
    )
    return tf.squeeze(out, 0) if unbatched else out


@operation("ExtractPatches", "size strides dilation_rate padding data_format", module=_IMAGE)
def extract_patches(images, size, strides=None, dilation_rate=1, padding="valid", data_format=None):
    """The ``size`` patches of ``images`` (``strides`` apart: ``size`` by default), each
    flattened into the channels."""
    return _patches(images, size, strides, dilation_rate, padding, data_format, 2)


@operation("ExtractPatches3D", "size strides dilation_rate padding data_format", module=_IMAGE)
def extract_patches_3d(volumes, size, strides=None, dilation_rate=1, padding="valid", data_format=None):
    """The 3-D ``size`` patches of ``volumes``, each flattened into the channels."""
    return _patches(volumes, size, strides, dilation_rate, padding, data_format, 3)


@operation("GaussianBlur", "kernel_size sigma data_format", module=_IMAGE)
def gaussian_blur(images, kernel_size=(3, 3), sigma=(1.0, 1.0), data_format=None):
    """Each channel convolved with a normalized ``kernel_size`` Gaussian of ``sigma`` ('same')."""
    data_format = standardize_data_format(data_format)
    x, unbatched = _as_batch(images, data_format)

    kernel2d = np.outer(_gaussian(kernel_size[0], sigma[0]), _gaussian(kernel_size[1], sigma[1]))
    channels = int(x.shape[-1])
    kernel = np.tile(kernel2d[:, :, None, None], (1, 1, channels, 1))
    out = depthwise_conv(x, convert_to_tensor(kernel, x.dtype.name), padding="same")
    if unbatched:
        out = tf.squeeze(out, 0)
    return _channels_back(out, data_format)


@operation("SobelEdges", "data_format", module=_IMAGE)
def sobel_edges(images, data_format=None):
    """The vertical and horizontal Sobel responses of each channel (reflected borders), as a
    last axis of 2 (dy, dx)."""
    data_format = standardize_data_format(data_format)
    images = convert_to_tensor(images)
    x = tf.transpose(images, (0, 2, 3, 1)) if data_format == "channels_first" else images
    sobel_y = np.array([[-1, -2, -1], [0, 0, 0], [1, 2, 1]], np.float64)
    channels = int(x.shape[-1])
    kernel = np.tile(np.stack([sobel_y, sobel_y.T], -1)[:, :, None, :], (1, 1, channels, 1))
    padded = tf.pad(x, [[0, 0], [1, 1], [1, 1], [0, 0]], mode="REFLECT")
    edges = depthwise_conv(padded, convert_to_tensor(kernel, x.dtype.name))
    edges = tf.reshape(edges, [-1 if d is None else d for d in x.shape.as_list()] + [2])
    return tf.transpose(edges, (0, 3, 1, 2, 4)) if data_format == "channels_first" else edges


def _gaussian(size: int, sigma: float) -> np.ndarray:
    t = np.arange(size, dtype=np.float64) - (size - 1) / 2.0
    k = np.exp(-(t**2) / (2.0 * sigma**2))
    return k / k.sum()


@operation("SSIM", "max_val filter_size filter_sigma k1 k2 data_format", module=_IMAGE)
def ssim(image1, image2, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03, data_format=None):
    """The structural similarity of each pair of images (Keras' formula: Gaussian-weighted
    local statistics over 'valid' windows, averaged over pixels and channels)."""
    data_format = standardize_data_format(data_format)
    image1, image2 = convert_to_tensor(image1), convert_to_tensor(image2)
    original = image1.dtype.name
    compute = original if image1.dtype.is_floating else "float32"
    a, b = cast(image1, compute), cast(image2, compute)
    for name, image in (("image1", a), ("image2", b)):
        if len(image.shape) not in (3, 4):
            raise ValueError(
                f"Invalid {name} rank: expected rank 3 (single image) or rank 4 (batch of images). "
                f"Received input with shape: {name}.shape={image.shape}"
            )
    unbatched = len(a.shape) == 3
    if unbatched:
        a, b = tf.expand_dims(a, 0), tf.expand_dims(b, 0)
    if data_format == "channels_first":
        a, b = tf.transpose(a, (0, 2, 3, 1)), tf.transpose(b, (0, 2, 3, 1))
    batch, height, width, channels = a.shape.as_list()
    gauss = _gaussian(filter_size, filter_sigma)
    kernel = convert_to_tensor(np.outer(gauss, gauss).reshape(filter_size, filter_size, 1, 1), compute)

    def per_channel(x):
        return tf.reshape(tf.transpose(x, (0, 3, 1, 2)), [-1, height, width, 1])

    def blur(x):
        return conv(x, kernel)

    a, b = per_channel(a), per_channel(b)
    c1 = convert_to_tensor((k1 * max_val) ** 2, compute)
    c2 = convert_to_tensor((k2 * max_val) ** 2, compute)
    two = convert_to_tensor(2.0, compute)
    mu1, mu2 = blur(a), blur(b)
    mu1_sq, mu2_sq, mu12 = _math.multiply(mu1, mu1), _math.multiply(mu2, mu2), _math.multiply(mu1, mu2)
    s1 = _math.subtract(blur(_math.multiply(a, a)), mu1_sq)
    s2 = _math.subtract(blur(_math.multiply(b, b)), mu2_sq)
    s12 = _math.subtract(blur(_math.multiply(a, b)), mu12)
    numerator = _math.multiply(
        _math.add(_math.multiply(two, mu12), c1), _math.add(_math.multiply(two, s12), c2)
    )
    denominator = _math.multiply(_math.add(_math.add(mu1_sq, mu2_sq), c1), _math.add(_math.add(s1, s2), c2))
    per_image = tf.math.reduce_mean(_math.truediv(numerator, denominator), axis=[1, 2, 3])
    result = tf.math.reduce_mean(tf.reshape(per_image, [-1 if batch is None else batch, channels]), axis=-1)
    if unbatched:
        result = tf.squeeze(result, 0)
    return cast(result, original)
