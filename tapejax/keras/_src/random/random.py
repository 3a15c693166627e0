"""``keras.random``: Keras 3's random functions, each a stateless draw from a seed pair.

Seeds follow Keras 3 exactly (``seed_generator.py``): the same int seed gives the same numbers,
a SeedGenerator gives a new pair at each draw, None uses the global generator. The numbers come
from JAX's threefry generator keyed by the pair (``fold_in(key(seed[0]), seed[1])``), not TF's
Philox bits, so they differ from TensorFlow's for the same seed; their distributions, dtypes
and shapes are Keras'. A draw is one recorded op taking the seed pair as a tensor, so inside
``tf.function`` a SeedGenerator's state is read and advanced by the compiled call. The affine
maps onto ``mean``/``stddev``, ``minval``/``maxval`` are recorded ops: those get gradients.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from ..backend.core import convert_to_tensor
from ..backend.ops import cast, gather, math_ops
from ..ops.core import standardize_dtype
from ..ops.function_op import jax_op
from .seed_generator import draw_seed


def _key(seed):
    return jax.random.fold_in(jax.random.key(seed[0]), seed[1])


def _sampler(name: str, sample):
    """The op drawing ``sample(key, shape, dtype, *params)`` from a seed pair (no gradient)."""

    def fn(seed, *params, shape, dtype):
        return sample(_key(seed), shape, jnp.dtype(dtype), *params)

    return jax_op(name, fn, differentiable=False)


_NORMAL = _sampler("StatelessRandomNormalV2", jax.random.normal)
_UNIFORM = _sampler("StatelessRandomUniformV2", jax.random.uniform)
_TRUNCATED = _sampler(
    "StatelessTruncatedNormalV2", lambda k, s, d: jax.random.truncated_normal(k, -2.0, 2.0, s, d)
)
_RANDINT = _sampler(
    "StatelessRandomUniformIntV2", lambda k, s, d, lo, hi: jax.random.randint(k, s, lo, hi, d)
)
_CATEGORICAL = _sampler(
    "StatelessMultinomial",
    lambda k, s, d, logits: jax.random.categorical(k, logits, axis=-1, shape=(s[1], s[0])).T.astype(d),
)
_GAMMA = _sampler("StatelessRandomGammaV3", lambda k, s, d, alpha: jax.random.gamma(k, alpha, s, d))
_BINOMIAL = _sampler(
    "StatelessRandomBinomial", lambda k, s, d, n, p: jax.random.binomial(k, n, p, s).astype(d)
)


def _shape(shape) -> tuple:
    return tuple(int(d) for d in shape)


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Samples of the normal distribution ``N(mean, stddev**2)`` of ``shape``."""
    dtype = standardize_dtype(dtype)
    sample = _NORMAL(draw_seed(seed), shape=_shape(shape), dtype=dtype)
    return math_ops.add(
        math_ops.multiply(sample, convert_to_tensor(stddev, dtype)), convert_to_tensor(mean, dtype)
    )


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """Samples uniform in ``[minval, maxval)`` of ``shape`` (a float ``dtype``; use :func:`randint`
    for integers)."""
    dtype = standardize_dtype(dtype)
    if not jnp.issubdtype(jnp.dtype(dtype), jnp.floating):
        raise ValueError(
            "`keras.random.uniform` requires a floating point `dtype`. Received: "
            f"dtype={dtype} . If you are looking to generate a random integer tensor, use "
            "`keras.random.randint` instead."
        )
    low, high = convert_to_tensor(minval, dtype), convert_to_tensor(maxval, dtype)
    sample = _UNIFORM(draw_seed(seed), shape=_shape(shape), dtype=dtype)
    return math_ops.add(math_ops.multiply(sample, math_ops.subtract(high, low)), low)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """Normal samples more than two standard deviations from ``mean`` redrawn."""
    dtype = standardize_dtype(dtype)
    sample = _TRUNCATED(draw_seed(seed), shape=_shape(shape), dtype=dtype)
    return math_ops.add(
        math_ops.multiply(sample, convert_to_tensor(stddev, dtype)), convert_to_tensor(mean, dtype)
    )


def randint(shape, minval, maxval, dtype="int32", seed=None):
    """Integers uniform in ``[minval, maxval)`` of ``shape``."""
    dtype = standardize_dtype(dtype)
    if not jnp.issubdtype(jnp.dtype(dtype), jnp.integer):
        raise ValueError(
            "`keras.random.randint` requires an integer `dtype`. Received: "
            f"dtype={dtype} . If you are looking to generate a random float tensor, use "
            "`keras.random.uniform` instead."
        )
    work = dtype if dtype in ("int32", "int64") else "int64"
    low, high = convert_to_tensor(minval, work), convert_to_tensor(maxval, work)
    return cast(_RANDINT(draw_seed(seed), low, high, shape=_shape(shape), dtype=work), dtype)


def categorical(logits, num_samples, dtype="int32", seed=None):
    """``num_samples`` class indices per row of ``logits`` (unnormalized log-probabilities)."""
    logits = convert_to_tensor(logits)
    if len(logits.shape) != 2:
        raise ValueError(
            "`logits` should be a 2-dimensional tensor with shape [batch_size, num_classes]. "
            f"Received: logits={logits}"
        )
    shape = (int(logits.shape[0]), int(num_samples))
    return _CATEGORICAL(draw_seed(seed), logits, shape=shape, dtype=standardize_dtype(dtype))


def dropout(inputs, rate, noise_shape=None, seed=None):
    """``inputs`` with each entry zeroed with probability ``rate``, the rest scaled by
    ``1 / (1 - rate)``; ``noise_shape`` shares the mask along its 1 dimensions."""
    inputs = convert_to_tensor(inputs)
    if rate == 1.0:
        return math_ops.multiply(inputs, convert_to_tensor(0, inputs.dtype.name))
    if rate == 0.0:
        return inputs
    shape = tuple(inputs.shape) if noise_shape is None else noise_shape
    shape = tuple(int(inputs.shape[i]) if d is None else int(d) for i, d in enumerate(shape))
    keep = math_ops.greater_equal(uniform(shape, dtype=inputs.dtype.name, seed=seed), rate)
    scaled = math_ops.multiply(inputs, convert_to_tensor(1.0 / (1.0 - rate), inputs.dtype.name))
    return math_ops.multiply(scaled, cast(keep, inputs.dtype.name))


def shuffle(x, axis=0, seed=None):
    """``x`` with its slices along ``axis`` in a random order."""
    x = convert_to_tensor(x)
    keys = uniform((int(x.shape[axis]),), seed=seed)
    return gather(x, _ARGSORT(keys), axis=axis)


_ARGSORT = jax_op("ArgSort", lambda x: jnp.argsort(x).astype(jnp.int32), differentiable=False)


def gamma(shape, alpha, dtype=None, seed=None):
    """Samples of the gamma distribution of concentration ``alpha`` (scale 1)."""
    dtype = standardize_dtype(dtype)
    alpha = convert_to_tensor(alpha, dtype)
    return _GAMMA(draw_seed(seed), alpha, shape=_shape(shape), dtype=dtype)


def binomial(shape, counts, probabilities, dtype=None, seed=None):
    """Samples of the binomial distribution of ``counts`` trials of success ``probabilities``."""
    dtype = standardize_dtype(dtype)
    counts, probabilities = convert_to_tensor(counts, dtype), convert_to_tensor(probabilities, dtype)
    return _BINOMIAL(draw_seed(seed), counts, probabilities, shape=_shape(shape), dtype=dtype)


def beta(shape, alpha, beta, dtype=None, seed=None):
    """Samples of the beta distribution, as Keras draws them: ``X / (X + Y)`` for gamma ``X``
    (concentration ``alpha``) and ``Y`` (``beta``), ``Y`` from the seed pair plus 12."""
    dtype = standardize_dtype(dtype)
    first = draw_seed(seed)
    second = math_ops.add(first, convert_to_tensor(12, "int32"))
    alpha, beta = convert_to_tensor(alpha, dtype), convert_to_tensor(beta, dtype)
    shape = _shape(shape)
    x = _GAMMA(first, alpha, shape=shape, dtype=dtype)
    y = _GAMMA(second, beta, shape=shape, dtype=dtype)
    return math_ops.truediv(x, math_ops.add(x, y))
