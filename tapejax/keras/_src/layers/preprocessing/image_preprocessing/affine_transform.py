"""The image layers' random affine transforms (rotation, zoom, translation, shear) as the
8-parameter projective transforms TF's ``ImageProjectiveTransformV3`` applies
(``backend.image.transform_images``, which ``keras.ops.image.affine_transform`` runs too).

One recorded op per call: the gradient to the images is JAX's (the transforms are random
draws, not differentiated).
"""

from __future__ import annotations

import jax.numpy as jnp

from ....backend.image import transform_images
from ....backend.layer_op import Op, run_op

FILL_MODES = ("reflect", "wrap", "constant", "nearest")
INTERPOLATIONS = ("nearest", "bilinear")


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
    out = transform_images(images, transforms, interpolation, fill_mode, fill_value)
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
