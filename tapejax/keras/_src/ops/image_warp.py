"""``keras.ops.image``'s resampling functions (Keras 3's ``keras.src.ops.image``), as its
TensorFlow backend computes them: ``affine_transform`` and ``perspective_transform`` through TF's
``ImageProjectiveTransformV3`` (``backend.image.transform_images``, the image layers' kernel,
with TF's inverse-transform gradient), ``map_coordinates`` and ``elastic_transform`` as
``scipy.ndimage``'s sampling, ``scale_and_translate`` as JAX's (Keras' TF backend ports it).
"""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from ..backend import tf
from ..backend.config import standardize_data_format
from ..backend.image import transform_images
from ..backend.ops import math_ops as _math
from .core import cast, convert_to_tensor
from .function_op import jax_op, operation
from .image import _IMAGE, _as_batch, _channels_back, _check_rank, gaussian_blur

_INTERPOLATIONS = ("nearest", "bilinear")
_FILL_MODES = ("constant", "nearest", "wrap", "reflect")


def _check_interpolation(interpolation) -> None:
    if interpolation not in _INTERPOLATIONS:
        raise ValueError(
            "Invalid value for argument `interpolation`. Expected of one "
            f"{set(_INTERPOLATIONS)}. Received: interpolation={interpolation}"
        )


def _check_map_mode(fill_mode) -> None:
    if fill_mode not in _MAP_MODES:
        raise ValueError(
            "Invalid value for argument `fill_mode`. Expected one of "
            f"{set(_MAP_MODES)}. Received: fill_mode={fill_mode}"
        )


def _inverse_flat(transform):
    """The 8-number form of the inverse of each transform's 3x3 matrix (TF's gradient uses it)."""
    full = jnp.concatenate([transform, jnp.ones_like(transform[:, :1])], axis=1).reshape(-1, 3, 3)
    inverse = jnp.linalg.inv(full)
    return (inverse / inverse[:, 2:3, 2:3]).reshape(-1, 9)[:, :8]


@functools.partial(jax.custom_vjp, nondiff_argnums=(2, 3, 4))
def _projective(images, transform, interpolation, fill_mode, fill_value):
    return transform_images(images, transform, interpolation, fill_mode, fill_value)


def _projective_fwd(images, transform, interpolation, fill_mode, fill_value):
    return _projective(images, transform, interpolation, fill_mode, fill_value), transform


def _projective_bwd(interpolation, fill_mode, fill_value, transform, grad):
    # TF's registered gradient: the upstream gradient sampled through the inverse transforms
    # (zeros outside), not the exact adjoint of the sampling; none to the transforms.
    inverse = _inverse_flat(jnp.broadcast_to(transform, (grad.shape[0], 8)))
    return transform_images(grad, inverse, interpolation, fill_mode, 0.0), jnp.zeros_like(transform)


_projective.defvjp(_projective_fwd, _projective_bwd)
_PROJECTIVE = jax_op(
    "ImageProjectiveTransformV3",
    lambda images, transform, **o: _projective(
        images, transform.astype(jnp.float32), o["interpolation"], o["fill_mode"], o["fill_value"]
    ),
)


@operation("AffineTransform", "interpolation fill_mode fill_value data_format", module=_IMAGE)
def affine_transform(
    images, transform, interpolation="bilinear", fill_mode="constant", fill_value=0, data_format=None
):
    """Each output pixel ``(x, y)`` read from input ``((a0 x + a1 y + a2) / k,
    (b0 x + b1 y + b2) / k)``, ``k = c0 x + c1 y + 1``, for ``transform``'s 8 numbers (one row per
    image, or one for all); outside the image by ``fill_mode``."""
    data_format = standardize_data_format(data_format)
    _check_interpolation(interpolation)
    if fill_mode not in _FILL_MODES:
        raise ValueError(
            f"Invalid value for argument `fill_mode`. Expected of one {set(_FILL_MODES)}. "
            f"Received: fill_mode={fill_mode}"
        )
    images, transform = convert_to_tensor(images), convert_to_tensor(transform)
    _check_rank(images)
    if len(transform.shape) not in (1, 2):
        raise ValueError(
            "Invalid transform rank: expected rank 1 (single transform) or rank 2 (batch of transforms). "
            f"Received input with shape: transform.shape={transform.shape}"
        )
    unbatched = len(images.shape) == 3
    x = tf.expand_dims(images, 0) if unbatched else images
    if len(transform.shape) == 1:
        transform = tf.expand_dims(transform, 0)
    if data_format == "channels_first":
        x = tf.transpose(x, (0, 2, 3, 1))
    out = _PROJECTIVE(
        x, transform, interpolation=interpolation, fill_mode=fill_mode, fill_value=float(fill_value)
    )
    if data_format == "channels_first":
        out = tf.transpose(out, (0, 3, 1, 2))
    return tf.squeeze(out, 0) if unbatched else out


_MAP_MODES = {
    "constant": "constant",
    "nearest": "nearest",
    "wrap": "grid-wrap",
    "mirror": "mirror",
    "reflect": "reflect",
}


def _map_coordinates(inputs, coordinates, *, order, fill_mode, fill_value):
    coords = [coordinates[i] for i in range(coordinates.shape[0])]
    out = jax.scipy.ndimage.map_coordinates(
        inputs, coords, order, mode=_MAP_MODES[fill_mode], cval=fill_value
    )
    return out.astype(inputs.dtype)


_MAP_COORDINATES = jax_op("MapCoordinates", _map_coordinates)


@operation("MapCoordinates", "order fill_mode fill_value", module=_IMAGE)
def map_coordinates(inputs, coordinates, order, fill_mode="constant", fill_value=0):
    """``inputs`` sampled at ``coordinates`` (one array of positions per dimension of
    ``inputs``) by ``order`` 0 (nearest) or 1 (linear) interpolation, as ``scipy.ndimage``."""
    inputs, coordinates = convert_to_tensor(inputs), convert_to_tensor(coordinates)
    if coordinates.shape[0] != len(inputs.shape):
        raise ValueError(
            "First dim of `coordinates` must be the same as the rank of `inputs`. "
            f"Received inputs with shape: {inputs.shape} and coordinate leading dim of {coordinates.shape[0]}"
        )
    if len(coordinates.shape) < 2:
        raise ValueError(
            f"Invalid coordinates rank: expected at least rank 2. Received input with shape: {coordinates.shape}"
        )
    _check_map_mode(fill_mode)
    if order not in (0, 1):
        raise ValueError(
            f"Invalid value for argument `order`. Expected one of {{0, 1}}. Received: order={order}"
        )
    return _MAP_COORDINATES(
        inputs, coordinates, order=order, fill_mode=fill_mode, fill_value=float(fill_value)
    )


def _homography(start, end):
    # The projective transform taking each output point ``end`` to the input point ``start``
    # (what the transform kernel reads): eight equations in its eight numbers, per image.
    ex, ey, sx, sy = end[..., 0], end[..., 1], start[..., 0], start[..., 1]
    one, zero = jnp.ones_like(ex), jnp.zeros_like(ex)
    rows_x = jnp.stack([ex, ey, one, zero, zero, zero, -sx * ex, -sx * ey], axis=-1)
    rows_y = jnp.stack([zero, zero, zero, ex, ey, one, -sy * ex, -sy * ey], axis=-1)
    matrix = jnp.stack([rows_x, rows_y], axis=2).reshape(start.shape[0], 8, 8)
    target = jnp.stack([sx, sy], axis=-1).reshape(start.shape[0], 8, 1)
    return jnp.linalg.solve(matrix, target)[..., 0]


_HOMOGRAPHY = jax_op("Homography", _homography, differentiable=False)


@operation("PerspectiveTransform", "interpolation fill_value data_format", module=_IMAGE)
def perspective_transform(
    images, start_points, end_points, interpolation="bilinear", fill_value=0, data_format=None
):
    """``images`` warped so that each of the 4 ``start_points`` (x, y) lands on its
    ``end_points`` (points per image, or one set for all); outside pixels read ``fill_value``."""
    data_format = standardize_data_format(data_format)
    _check_interpolation(interpolation)
    images = convert_to_tensor(images)
    start, end = convert_to_tensor(start_points, "float32"), convert_to_tensor(end_points, "float32")
    _check_rank(images)
    for points in (start, end):
        if len(points.shape) not in (2, 3) or points.shape[-2:] != (4, 2):
            raise ValueError(
                "Invalid points shape: expected (4, 2) or (batch, 4, 2) for `start_points` and `end_points`. "
                f"Received: start_points.shape={start.shape}, end_points.shape={end.shape}"
            )
    start = tf.expand_dims(start, 0) if len(start.shape) == 2 else start
    end = tf.expand_dims(end, 0) if len(end.shape) == 2 else end
    unbatched = len(images.shape) == 3
    x = tf.expand_dims(images, 0) if unbatched else images
    if data_format == "channels_first":
        x = tf.transpose(x, (0, 2, 3, 1))
    out = _PROJECTIVE(
        x,
        _HOMOGRAPHY(start, end),
        interpolation=interpolation,
        fill_mode="constant",
        fill_value=float(fill_value),
    )
    if data_format == "channels_first":
        out = tf.transpose(out, (0, 3, 1, 2))
    return tf.squeeze(out, 0) if unbatched else out


_SCALE_AND_TRANSLATE = jax_op(
    "ScaleAndTranslate",
    lambda images, scale, translation, *, shape, spatial_dims, method, antialias: (
        jax.image.scale_and_translate(
            images, shape, spatial_dims, scale, translation, method, antialias=antialias
        )
    ),
)


@operation("ScaleAndTranslate", "spatial_dims method antialias", module=_IMAGE)
def scale_and_translate(images, output_shape, scale, translation, spatial_dims, method, antialias=True):
    """``images`` resampled to ``output_shape``: output coordinate ``x`` reads input
    ``(x - translation) / scale`` along each of ``spatial_dims``, by ``method``'s kernel
    (``linear``, ``cubic``, ``lanczos3``/``5``), antialiased when downscaling."""
    images = convert_to_tensor(images)
    return _SCALE_AND_TRANSLATE(
        images,
        convert_to_tensor(scale, "float32"),
        convert_to_tensor(translation, "float32"),
        shape=tuple(output_shape),
        spatial_dims=tuple(spatial_dims),
        method=method,
        antialias=bool(antialias),
    )


def _displace(images, dy, dx, *, order, fill_mode, fill_value):
    # Each pixel (y, x) of each channel read at (y + dy, x + dx) by map_coordinates.
    _, height, width, _ = images.shape
    ys, xs = jnp.meshgrid(
        jnp.arange(height, dtype=dy.dtype), jnp.arange(width, dtype=dy.dtype), indexing="ij"
    )

    def one(image, ddy, ddx):
        coords = [ys + ddy, xs + ddx]
        channel = lambda c: jax.scipy.ndimage.map_coordinates(  # noqa: E731
            c, coords, order, mode=_MAP_MODES[fill_mode], cval=fill_value
        )
        return jax.vmap(channel, in_axes=-1, out_axes=-1)(image)

    return jax.vmap(one)(images, dy, dx).astype(images.dtype)


_DISPLACE = jax_op("ElasticTransform", _displace)


@operation(
    "ElasticTransform", "alpha sigma interpolation fill_mode fill_value seed data_format", module=_IMAGE
)
def elastic_transform(
    images,
    alpha=20.0,
    sigma=5.0,
    interpolation="bilinear",
    fill_mode="reflect",
    fill_value=0.0,
    seed=None,
    data_format=None,
):
    """``images`` warped by a random displacement field: standard normal draws per pixel,
    smoothed by a Gaussian of ``sigma``, scaled by ``alpha`` (draws from tapejax's
    ``tf.random``, so they differ from Keras' for the same seed; an int seed repeats them)."""
    data_format = standardize_data_format(data_format)
    _check_interpolation(interpolation)
    _check_map_mode(fill_mode)
    x, unbatched = _as_batch(images, data_format)
    compute = x.dtype.name if x.dtype.is_floating else "float32"
    batch, height, width, _ = x.shape.as_list()
    size = int(6 * sigma) | 1
    fields = []
    for offset in (0, 1):
        shape = (batch, height, width, 1)
        # An int seed gives the same field each call (as Keras' seeded draws); None fresh ones.
        draw = (
            tf.random.normal(shape)
            if seed is None
            else tf.random.stateless_normal(shape, (int(seed), offset))
        )
        smooth = gaussian_blur(cast(draw, compute), (size, size), (sigma, sigma))
        fields.append(_math.multiply(smooth[..., 0], convert_to_tensor(alpha, compute)))
    out = _DISPLACE(
        cast(x, compute),
        *fields,
        order=0 if interpolation == "nearest" else 1,
        fill_mode=fill_mode,
        fill_value=float(fill_value),
    )
    out = cast(out, x.dtype.name)
    if unbatched:
        out = tf.squeeze(out, 0)
    return _channels_back(out, data_format)
