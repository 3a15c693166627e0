"""The ``tf.image`` ops keras' image layers and ``keras.ops.image`` compute with (TF's resize
rules, grayscale), and TF's ``ImageProjectiveTransformV3`` as a JAX function
(``transform_images``): output pixel ``(x, y)`` reads input ``((a0 x + a1 y + a2) / k,
(b0 x + b1 y + b2) / k)`` with ``k = c0 x + c1 y + 1``; coordinates outside the image are mapped
by the fill mode (``reflect``, ``wrap``, ``nearest``) or read ``fill_value`` (``constant``).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ...._ops.array_ops import reverse, saturate_cast
from ...._ops.image_ops import resize, resize_with_pad, rgb_to_grayscale

__all__ = ["resize", "resize_with_pad", "reverse", "rgb_to_grayscale", "saturate_cast", "transform_images"]


def _map_coordinate(c, size: int, mode: str):
    """TF's mapping of a sampling coordinate that falls outside ``[0, size - 1]``."""
    if mode == "constant":
        return c
    if size <= 1:
        return jnp.zeros_like(c)
    if mode == "nearest":
        return jnp.clip(c, 0, size - 1)
    if mode == "reflect":  # d c b a | a b c d | d c b a
        period = 2.0 * size
        c = jnp.mod(c, period)
        c = jnp.where(c >= size, period - c - 1, c)
        return jnp.clip(c, 0, size - 1)
    # wrap, TF's formula (periods of ``size`` counted in steps of ``size - 1``), then clamped
    span = size - 1.0
    below = c + size * (jnp.floor(-c / span) + 1)
    above = c - size * jnp.floor(c / span)
    c = jnp.where(c < 0, below, jnp.where(c > size - 1, above, c))
    return jnp.clip(c, 0, size - 1)


def _read(image, y, x, fill_value):
    """``image[y, x]`` (``(H, W, C)``, integer coordinates), ``fill_value`` outside."""
    h, w = image.shape[0], image.shape[1]
    inside = (y >= 0) & (y < h) & (x >= 0) & (x < w)
    values = image[jnp.clip(y, 0, h - 1), jnp.clip(x, 0, w - 1)]
    return jnp.where(inside[..., None], values, jnp.asarray(fill_value, image.dtype))


def _transform_one(image, transform, interpolation, fill_mode, fill_value):
    h, w = image.shape[0], image.shape[1]
    ys, xs = jnp.meshgrid(
        jnp.arange(h, dtype=transform.dtype), jnp.arange(w, dtype=transform.dtype), indexing="ij"
    )
    a0, a1, a2, b0, b1, b2, c0, c1 = (transform[i] for i in range(8))
    k = c0 * xs + c1 * ys + 1.0
    x_in = _map_coordinate((a0 * xs + a1 * ys + a2) / k, w, fill_mode)
    y_in = _map_coordinate((b0 * xs + b1 * ys + b2) / k, h, fill_mode)
    if interpolation == "nearest":
        # TF rounds half away from zero (jnp.round would round half to even).
        def nearest(c):
            return (jnp.sign(c) * jnp.floor(jnp.abs(c) + 0.5)).astype(jnp.int32)

        return _read(image, nearest(y_in), nearest(x_in), fill_value)
    y0, x0 = jnp.floor(y_in), jnp.floor(x_in)
    iy, ix = y0.astype(jnp.int32), x0.astype(jnp.int32)
    dy, dx = (y_in - y0)[..., None].astype(image.dtype), (x_in - x0)[..., None].astype(image.dtype)
    top = (1 - dx) * _read(image, iy, ix, fill_value) + dx * _read(image, iy, ix + 1, fill_value)
    bottom = (1 - dx) * _read(image, iy + 1, ix, fill_value) + dx * _read(image, iy + 1, ix + 1, fill_value)
    return (1 - dy) * top + dy * bottom


def transform_images(images, transforms, interpolation: str, fill_mode: str, fill_value):
    """``images`` (``(N, H, W, C)``) each sampled through its row of ``transforms``
    (``(N, 8)``, or ``(1, 8)`` for all): a JAX function, to record as one op."""
    transforms = jnp.broadcast_to(transforms, (images.shape[0], 8))
    one = jax.vmap(lambda im, t: _transform_one(im, t, interpolation, fill_mode, fill_value))
    return one(images, transforms).astype(images.dtype)
