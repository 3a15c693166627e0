"""Random initializers: RandomNormal/Uniform, TruncatedNormal, VarianceScaling and its Glorot,
He and Lecun forms, Orthogonal (Keras 3's draws from ``tapejax.random``)."""

from __future__ import annotations

import functools
import math

import jax

from ..backend import core as backend
from ..backend.core import Tensor
from ..backend.ops import random_ops as _random
from ..backend.ops import samplers, threefry
from .initializer import Initializer, as_dtype

# Keras' constant: stddev of a unit normal truncated to [-2, 2], to undo the truncation.
_TRUNCATED_STDDEV = 0.87962566103423978


class RandomNormal(Initializer):
    """Normal values with ``mean`` and ``stddev``.

    >>> import tapejax as tf
    >>> tf.keras.initializers.RandomNormal(stddev=1.0)((2, 3)).shape
    TensorShape([2, 3])
    """

    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean, self.stddev, self.seed = mean, stddev, seed

    def __call__(self, shape, dtype=None) -> Tensor:
        return _draw("normal", shape, dtype, self.seed, (self.mean, self.stddev))


class TruncatedNormal(RandomNormal):
    """Normal values more than two standard deviations from the mean are redrawn.

    >>> import tapejax as tf
    >>> w = tf.keras.initializers.TruncatedNormal(stddev=1.0)((50,))
    >>> bool(tf.reduce_max(tf.abs(w)) <= 2.0)
    True
    """

    def __call__(self, shape, dtype=None) -> Tensor:
        return _draw("truncated_normal", shape, dtype, self.seed, (self.mean, self.stddev))


class RandomUniform(Initializer):
    """Uniform values in ``[minval, maxval)``.

    >>> import tapejax as tf
    >>> w = tf.keras.initializers.RandomUniform(0.0, 1.0)((50,))
    >>> bool(tf.reduce_min(w) >= 0.0) and bool(tf.reduce_max(w) < 1.0)
    True
    """

    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval, self.maxval, self.seed = minval, maxval, seed

    def __call__(self, shape, dtype=None) -> Tensor:
        return _draw("uniform", shape, dtype, self.seed, (self.minval, self.maxval))


class VarianceScaling(Initializer):
    """Variance ``scale / n``, ``n`` the fan in, fan out or their mean (Keras' formula).

    >>> import tapejax as tf
    >>> tf.keras.initializers.VarianceScaling(2.0, 'fan_in', 'uniform')((4, 3)).shape
    TensorShape([4, 3])
    """

    def __init__(
        self,
        scale=1.0,
        mode="fan_in",
        distribution="truncated_normal",
        seed=None,
        input_axes=None,
        output_axes=None,
    ):
        if scale <= 0.0:
            raise ValueError(f"Argument `scale` must be positive float. Received: scale={scale}")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError(
                f"Invalid `mode` argument: {mode}. Please use one of {{'fan_in', 'fan_out', 'fan_avg'}}"
            )
        distribution = "truncated_normal" if distribution.lower() == "normal" else distribution.lower()
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError(
                f"Invalid `distribution` argument: {distribution}. Please use one of "
                "{'uniform', 'truncated_normal', 'untruncated_normal'}"
            )
        self.scale, self.mode, self.distribution, self.seed = scale, mode, distribution, seed
        # Keras 3.15: the axes whose sizes make the fans (an einsum kernel's), else the shape's rule.
        self.input_axes, self.output_axes = input_axes, output_axes

    def __call__(self, shape, dtype=None) -> Tensor:
        fan_in, fan_out = _fans(shape, self.input_axes, self.output_axes)
        fan = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        scale = self.scale / max(1.0, fan)
        if self.distribution == "uniform":
            limit = math.sqrt(3.0 * scale)
            return _draw("uniform", shape, dtype, self.seed, (-limit, limit))
        if self.distribution == "untruncated_normal":
            return _draw("normal", shape, dtype, self.seed, (0.0, math.sqrt(scale)))
        return _draw("truncated_normal", shape, dtype, self.seed, (0.0, math.sqrt(scale) / _TRUNCATED_STDDEV))


class GlorotUniform(VarianceScaling):
    """Uniform in ``[-l, l]``, ``l = sqrt(6 / (fan_in + fan_out))``: Dense's default kernel.

    >>> import tapejax as tf
    >>> w = tf.keras.initializers.GlorotUniform()((2, 4))
    >>> bool(tf.reduce_max(tf.abs(w)) <= 1.0)
    True
    """

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        super().__init__(1.0, "fan_avg", "uniform", seed, input_axes, output_axes)


class GlorotNormal(VarianceScaling):
    """Truncated normal, stddev ``sqrt(2 / (fan_in + fan_out))``.

    >>> import tapejax as tf
    >>> tf.keras.initializers.GlorotNormal(seed=0)((3, 2)).shape
    TensorShape([3, 2])
    """

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        super().__init__(1.0, "fan_avg", "truncated_normal", seed, input_axes, output_axes)


class HeNormal(VarianceScaling):
    """Truncated normal, stddev ``sqrt(2 / fan_in)``.

    >>> import tapejax as tf
    >>> tf.keras.initializers.HeNormal(seed=0)((3, 2)).shape
    TensorShape([3, 2])
    """

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        super().__init__(2.0, "fan_in", "truncated_normal", seed, input_axes, output_axes)


class HeUniform(VarianceScaling):
    """Uniform in ``[-l, l]``, ``l = sqrt(6 / fan_in)``.

    >>> import tapejax as tf
    >>> tf.keras.initializers.HeUniform(seed=0)((3, 2)).shape
    TensorShape([3, 2])
    """

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        super().__init__(2.0, "fan_in", "uniform", seed, input_axes, output_axes)


class LecunNormal(VarianceScaling):
    """Truncated normal, stddev ``sqrt(1 / fan_in)``.

    >>> import tapejax as tf
    >>> tf.keras.initializers.LecunNormal(seed=0)((3, 2)).shape
    TensorShape([3, 2])
    """

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        super().__init__(1.0, "fan_in", "truncated_normal", seed, input_axes, output_axes)


class LecunUniform(VarianceScaling):
    """Uniform in ``[-l, l]``, ``l = sqrt(3 / fan_in)``.

    >>> import tapejax as tf
    >>> tf.keras.initializers.LecunUniform(seed=0)((3, 2)).shape
    TensorShape([3, 2])
    """

    def __init__(self, seed=None, input_axes=None, output_axes=None):
        super().__init__(1.0, "fan_in", "uniform", seed, input_axes, output_axes)


class Orthogonal(Initializer):
    """An orthogonal matrix (rows or columns orthonormal) times ``gain``: the recurrent kernels' default.

    >>> import numpy as np, tapejax as tf
    >>> q = tf.keras.initializers.Orthogonal(seed=1)((3, 3)).numpy()
    >>> bool(np.allclose(q @ q.T, np.eye(3), atol=1e-5))
    True
    """

    def __init__(self, gain=1.0, seed=None):
        self.gain, self.seed = gain, seed

    def __call__(self, shape, dtype=None) -> Tensor:
        shape = tuple(int(d) for d in shape)
        if len(shape) < 2:
            raise ValueError(
                "The tensor to initialize must be at least two-dimensional. Received: "
                f"shape={shape} of rank {len(shape)}."
            )
        rows, cols = math.prod(shape[:-1]), shape[-1]
        flat = (max(rows, cols), min(rows, cols))
        a = backend.value(_draw("normal", flat, "float32", self.seed, (0.0, 1.0)))
        return Tensor(
            _orthogonalize(a, self.gain, shape=shape, transpose=rows < cols, dtype=as_dtype(dtype)._np)
        )


@functools.partial(jax.jit, static_argnames=("shape", "transpose", "dtype"))
def _orthogonalize(a, gain, *, shape, transpose, dtype):
    """``a``'s Q factor, signs fixed by R's diagonal, times ``gain``: one program per shape (op
    by op, each step compiled a program of its own; the values are the same)."""
    q, r = jax.numpy.linalg.qr(a)
    q = q * jax.numpy.sign(jax.numpy.diag(r))
    if transpose:
        q = q.T
    return (gain * q).reshape(shape).astype(dtype)


def _fans(shape, input_axes=None, output_axes=None) -> tuple[int, int]:
    """Keras' fans: the sizes of ``input_axes`` and ``output_axes`` when both are given, else a
    kernel's last two axes, times the receptive field of the others."""
    shape = tuple(shape)
    if input_axes is not None and output_axes is not None:
        return math.prod(shape[a] for a in input_axes), math.prod(shape[a] for a in output_axes)
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    receptive = math.prod(shape[:-2])
    return shape[-2] * receptive, shape[-1] * receptive


_UNSEEDED = {
    "normal": _random.normal,
    "truncated_normal": _random.truncated_normal,
    "uniform": _random.uniform,
}


def _draw(kind: str, shape, dtype, seed, params: tuple) -> Tensor:
    """Samples ``kind`` with ``params`` (mean, stddev) or (minval, maxval).

    Without a seed, from tapejax's global generator (``tapejax.random``); with one, from
    ``jax.random.key(seed)``. Either way the draws are made without an XLA program per shape
    (``tapejax/_ops/sampling``), with exactly ``jax.random``'s values.
    """
    shape, dtype, (a, b) = tuple(int(d) for d in shape), as_dtype(dtype), params
    if not threefry.partitionable():
        return _draw_per_size_class(kind, shape, dtype, seed, params)
    if seed is None:
        with _random.host_draws():
            return _UNSEEDED[kind](shape, a, b, dtype=dtype)
    key, np_dtype, size = threefry.seed_key(int(seed)), dtype._np, math.prod(shape)
    if kind == "uniform":  # JAX's sampler scales inside its program (one multiply-add)
        flat = samplers.draw("uniform", key, size, np_dtype, a, b)
    else:  # then ``* b + a`` as two eager ops, each rounded: numpy's float ops round so too
        flat = samplers.draw(kind, key, size, np_dtype, -2.0, 2.0) * np_dtype.type(b) + np_dtype.type(a)
    return backend.convert_to_tensor(flat.reshape(shape))  # copied to the device: no XLA program


def _draw_per_size_class(kind: str, shape, dtype, seed, params: tuple) -> Tensor:
    """``_draw`` with ``jax_threefry_partitionable`` off, where the bits of a draw depend on its
    size: a power-of-two sized vector (one compile per size class), cut to the shape."""
    (a, b), size = params, math.prod(shape)
    n = max(64, 1 << (size - 1).bit_length())
    if seed is None:
        flat = backend.value(_UNSEEDED[kind]((n,), a, b, dtype=dtype))
    else:
        key, np_dtype = jax.random.key(int(seed)), dtype._np
        if kind == "uniform":
            flat = jax.random.uniform(key, (n,), np_dtype, a, b)
        else:
            sample = jax.random.normal if kind == "normal" else _truncated_normal
            flat = (sample(key, (n,), np_dtype) * b + a).astype(np_dtype)
    return Tensor(flat[:size].reshape(shape))


def _truncated_normal(key, shape, dtype):
    return jax.random.truncated_normal(key, -2.0, 2.0, shape, dtype)
