"""Images sampled through per-image projective transforms, as TF's
``ImageProjectiveTransformV3`` computes them (what Keras' ``ops.image.affine_transform`` runs
under TF): output pixel ``(x, y)`` reads input ``((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k)``
with ``k = c0 x + c1 y + 1``; coordinates outside the image are mapped by the fill mode
(``reflect``, ``wrap``, ``nearest``) or read ``fill_value`` (``constant``).

One recorded op per call: the gradient to the images is JAX's (the transforms are random
draws, not differentiated).
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ....backend.layer_op import Op, run_op

FILL_MODES = ("reflect", "wrap", "constant", "nearest")
INTERPOLATIONS = ("nearest", "bilinear")


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
        return _read(image, jnp.round(y_in).astype(jnp.int32), jnp.round(x_in).astype(jnp.int32), fill_value)
    y0, x0 = jnp.floor(y_in), jnp.floor(x_in)
    iy, ix = y0.astype(jnp.int32), x0.astype(jnp.int32)
    dy, dx = (y_in - y0)[..., None].astype(image.dtype), (x_in - x0)[..., None].astype(image.dtype)
    top = (1 - dx) * _read(image, iy, ix, fill_value) + dx * _read(image, iy, ix + 1, fill_value)
    bottom = (1 - dx) * _read(image, iy + 1, ix, fill_value) + dx * _read(image, iy + 1, ix + 1, fill_value)
    return (1 - dy) * top + dy * bottom


def rotation_matrix(params, height: int, width: int):
    """Keras' rotation about the image center by ``params[:, 0]`` degrees."""
    angle = params[:, 0] * (jnp.pi / 180.0)
    cx, cy = 0.5 * (width - 1), 0.5 * (height - 1)
    cos, sin = jnp.cos(angle), jnp.sin(angle)
    zeros = jnp.zeros_like(angle)
    a2 = cx - cx * cos + cy * sin
    b2 = cy - cx * sin - cy * cos
    return jnp.stack([cos, -sin, a2, sin, cos, b2, zeros, zeros], axis=1)


def zoom_matrix(params, height: int, width: int):
    """Keras' zoom about the center: ``params`` ``(batch, 2)`` the width and height zooms."""
    zx, zy = params[:, 0], params[:, 1]
    zeros = jnp.zeros_like(zx)
    x_offset = (width - 1.0) / 2.0 * (1.0 - zx)
    y_offset = (height - 1.0) / 2.0 * (1.0 - zy)
    return jnp.stack([zx, zeros, x_offset, zeros, zy, y_offset, zeros, zeros], axis=1)


def translation_matrix(params, height: int, width: int):
    """A shift by ``params`` ``(batch, 2)`` pixels (x, y)."""
    ones, zeros = jnp.ones_like(params[:, 0]), jnp.zeros_like(params[:, 0])
    return jnp.stack([ones, zeros, -params[:, 0], zeros, ones, -params[:, 1], zeros, zeros], axis=1)


def shear_matrix(params, height: int, width: int):
    """A shear by ``params`` ``(batch, 2)`` (x, y), about the origin as Keras'."""
    ones, zeros = jnp.ones_like(params[:, 0]), jnp.zeros_like(params[:, 0])
    return jnp.stack([ones, params[:, 0], zeros, params[:, 1], ones, zeros, zeros, zeros], axis=1)


MATRICES = {
    "rotation": rotation_matrix,
    "zoom": zoom_matrix,
    "translation": translation_matrix,
    "shear": shear_matrix,
}


def _affine(images, params, *, kind, interpolation, fill_mode, fill_value, channels_first):
    if channels_first:
        images = jnp.moveaxis(images, 1, -1)
    transforms = MATRICES[kind](params.astype(jnp.float32), images.shape[1], images.shape[2])
    one = jax.vmap(lambda im, t: _transform_one(im, t, interpolation, fill_mode, fill_value))
    out = one(images, transforms).astype(images.dtype)
    return jnp.moveaxis(out, -1, 1) if channels_first else out


_AFFINE = Op("ImageProjectiveTransformV3", _affine)


def affine_transform(
    images,
    kind,
    params,
    interpolation="bilinear",
    fill_mode="constant",
    fill_value=0.0,
    data_format="channels_last",
):
    """``images`` (a batch) sampled through the ``kind`` transform (a key of ``MATRICES``) of
    each image's ``params``."""
    return run_op(
        _AFFINE,
        images,
        params,
        kind=kind,
        interpolation=interpolation,
        fill_mode=fill_mode,
        fill_value=float(fill_value),
        channels_first=data_format == "channels_first",
    )
