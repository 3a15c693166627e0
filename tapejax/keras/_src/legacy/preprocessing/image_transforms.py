"""The random image transforms of ``keras.preprocessing.image`` (Keras 2's numpy functions):
affine warps through ``scipy.ndimage.affine_transform`` (scipy comes with JAX), channel and
brightness shifts (Pillow's ``ImageEnhance``), flips. Draws use numpy's global generator, as in
Keras, so ``np.random.seed`` gives Keras' numbers."""

from __future__ import annotations

import numpy as np

from ...utils import image_utils


def flip_axis(x, axis):
    return np.flip(np.asarray(x), axis)


def transform_matrix_offset_center(matrix, x, y):
    """``matrix`` about the image's centre rather than its corner."""
    o_x, o_y = float(x) / 2 - 0.5, float(y) / 2 - 0.5
    offset = np.array([[1, 0, o_x], [0, 1, o_y], [0, 0, 1]])
    reset = np.array([[1, 0, -o_x], [0, 1, -o_y], [0, 0, 1]])
    return offset @ matrix @ reset


def _check_axes(x, row_axis, col_axis, channel_axis):
    if np.unique([row_axis, col_axis, channel_axis]).size != 3:
        raise ValueError("'row_axis', 'col_axis', and 'channel_axis' must be distinct")
    given = {row_axis, col_axis, channel_axis}
    if given != {0, 1, 2}:
        raise ValueError(f"Invalid axis' indices: {given - {0, 1, 2}}")
    if x.ndim != 3:
        raise ValueError("Input arrays must be multi-channel 2D images.")
    if channel_axis not in (0, 2):
        raise ValueError("Channels are allowed and the first and last dimensions.")


def apply_affine_transform(x, theta=0, tx=0, ty=0, shear=0, zx=1, zy=1, row_axis=1, col_axis=2, channel_axis=0,
                           fill_mode="nearest", cval=0.0, order=1):  # fmt: skip
    """A 3D image rotated by ``theta`` degrees, shifted by ``(tx, ty)`` pixels (rows, columns),
    sheared by ``shear`` degrees and zoomed by ``(zx, zy)``, about its centre; points from
    outside filled by ``fill_mode`` (scipy's modes) or ``cval``.

    >>> import numpy as np, tapejax as tf
    >>> x = np.arange(9.0).reshape(3, 3, 1)
    >>> turned = tf.keras.preprocessing.image.apply_affine_transform(
    ...     x, theta=90, row_axis=0, col_axis=1, channel_axis=2)
    >>> turned[..., 0].round(6).tolist()
    [[2.0, 5.0, 8.0], [1.0, 4.0, 7.0], [0.0, 3.0, 6.0]]
    """
    _check_axes(x, row_axis, col_axis, channel_axis)
    steps = []
    if theta != 0:
        t = np.deg2rad(theta)
        steps.append(np.array([[np.cos(t), -np.sin(t), 0], [np.sin(t), np.cos(t), 0], [0, 0, 1]]))
    if tx != 0 or ty != 0:
        steps.append(np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]]))
    if shear != 0:
        s = np.deg2rad(shear)
        steps.append(np.array([[1, -np.sin(s), 0], [0, np.cos(s), 0], [0, 0, 1]]))
    if zx != 1 or zy != 1:
        steps.append(np.array([[zx, 0, 0], [0, zy, 0], [0, 0, 1]]))
    if not steps:
        return x
    import scipy.ndimage  # noqa: PLC0415 - JAX's own dependency; imported when a warp is asked for

    matrix = steps[0]
    for step in steps[1:]:
        matrix = matrix @ step
    matrix = transform_matrix_offset_center(matrix, x.shape[row_axis], x.shape[col_axis])
    if col_axis > row_axis:  # the matrix is in (row, col) order; scipy's in the array's axes
        matrix[:, [0, 1]] = matrix[:, [1, 0]]
        matrix[[0, 1]] = matrix[[1, 0]]
    channels = np.rollaxis(x, channel_axis, 0)
    warped = [
        scipy.ndimage.affine_transform(
            c, matrix[:2, :2], matrix[:2, 2], order=order, mode=fill_mode, cval=cval
        )
        for c in channels
    ]
    return np.rollaxis(np.stack(warped, axis=0), 0, channel_axis + 1)


def random_rotation(
    x, rg, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0, interpolation_order=1
):
    """Rotated by a uniform draw in ``[-rg, rg]`` degrees."""
    theta = np.random.uniform(-rg, rg)
    return apply_affine_transform(x, theta=theta, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)  # fmt: skip


def random_shift(x, wrg, hrg, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                 interpolation_order=1):  # fmt: skip
    """Shifted by uniform draws of up to ``hrg`` of the height and ``wrg`` of the width."""
    tx = np.random.uniform(-hrg, hrg) * x.shape[row_axis]
    ty = np.random.uniform(-wrg, wrg) * x.shape[col_axis]
    return apply_affine_transform(x, tx=tx, ty=ty, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)  # fmt: skip


def random_shear(x, intensity, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                 interpolation_order=1):  # fmt: skip
    """Sheared by a uniform draw in ``[-intensity, intensity]`` degrees."""
    shear = np.random.uniform(-intensity, intensity)
    return apply_affine_transform(x, shear=shear, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)  # fmt: skip


def random_zoom(x, zoom_range, row_axis=1, col_axis=2, channel_axis=0, fill_mode="nearest", cval=0.0,
                interpolation_order=1):  # fmt: skip
    """Zoomed by two uniform draws (rows, columns) in ``zoom_range``."""
    if len(zoom_range) != 2:
        raise ValueError(f"`zoom_range` should be a tuple or list of two floats. Received: {zoom_range}")
    if zoom_range[0] == 1 and zoom_range[1] == 1:
        zx, zy = 1, 1
    else:
        zx, zy = np.random.uniform(zoom_range[0], zoom_range[1], 2)
    return apply_affine_transform(x, zx=zx, zy=zy, row_axis=row_axis, col_axis=col_axis, channel_axis=channel_axis,
                                  fill_mode=fill_mode, cval=cval, order=interpolation_order)  # fmt: skip


def apply_channel_shift(x, intensity, channel_axis=0):
    """Every channel plus ``intensity``, clipped to the image's own range."""
    channels = np.rollaxis(x, channel_axis, 0)
    low, high = np.min(channels), np.max(channels)
    shifted = np.stack([np.clip(c + intensity, low, high) for c in channels], axis=0)
    return np.rollaxis(shifted, 0, channel_axis + 1)


def random_channel_shift(x, intensity_range, channel_axis=0):
    intensity = np.random.uniform(-intensity_range, intensity_range)
    return apply_channel_shift(x, intensity, channel_axis=channel_axis)


def apply_brightness_shift(x, brightness, scale=True):
    """Brightness times ``brightness`` by Pillow's ``ImageEnhance.Brightness`` (on 8-bit
    pixels: the image is scaled to 0..255 when ``scale`` or when it lies outside that range)."""
    image_utils._pil("apply_brightness_shift")
    from PIL import ImageEnhance  # noqa: PLC0415 - optional, as Pillow is for Keras

    low, high = np.min(x), np.max(x)
    outside = low < 0 or high > 255
    img = ImageEnhance.Brightness(image_utils.array_to_img(x, scale=outside or scale)).enhance(brightness)
    x = image_utils.img_to_array(img)
    if not scale and outside:
        x = x / 255 * (high - low) + low
    return x


def random_brightness(x, brightness_range, scale=True):
    if len(brightness_range) != 2:
        raise ValueError(
            f"`brightness_range should be tuple or list of two floats. Received: {brightness_range}"
        )
    return apply_brightness_shift(x, np.random.uniform(brightness_range[0], brightness_range[1]), scale)
