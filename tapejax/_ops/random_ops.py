"""``tf.random``: stateful random ops over JAX's counter-based PRNG, with TF's seed rules.

As TF: after ``set_seed(s)`` the sequence of random ops is reproducible; an op given its own
``seed`` draws from a sequence of its own (``set_seed(s); normal(seed=1)`` gives the same
values however many other random ops ran before), and with an op seed but no global seed a
fixed default global seed is used. Without any seed the sequence starts from OS entropy.
The values differ from TensorFlow's for the same seeds (the generators differ); their
distributions are the same. The samples are constants; the affine maps onto ``mean``/
``stddev`` and ``minval``/``maxval`` are recorded, so those get gradients, as in TF.
"""

from __future__ import annotations

import itertools
import os
import threading

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import convert_to_tensor
from .._core.recording.record import Op, record
from .._core.recording.state import scope_depth
from .._core.recording.state import state as thread_state
from .._core.recording.variable import Variable, assign_value
from .._core.values import dtype as _dtypes
from .._core.values import x64
from .._core.values.access import value_of
from .._core.values.errors import InvalidArgumentError
from .._core.values.shape import dims_text
from .._core.values.tensor import Tensor
from .array_ops import as_ints
from .builders import convert_like
from .selection_ops import gather

_DEFAULT_GLOBAL_SEED = 87654321  # TF's DEFAULT_GRAPH_SEED, used for op seeds without a global seed
_lock = threading.Lock()
_state = {"root": None, "op_counts": {}}


def _key_data(seed: int) -> np.ndarray:
    """threefry's key data for ``seed`` (what ``jax.random.key(seed)`` holds), without a device op."""
    return np.array([(seed >> 32) & 0xFFFFFFFF, seed & 0xFFFFFFFF], np.uint32)


def _wrap(data):
    return jax.random.wrap_key_data(data, impl="threefry2x32")


# The global generator's state is a Variable, as TF's is: inside a tapejax.function it is read
# and assigned like any Variable the function uses, so the compiled call takes the state in
# and gives the advanced state back (fresh numbers on every call, nothing leaks out of the
# trace). Its value is threefry key data (uint32[2]); it is not trainable, so no tape watches it.
_generator = Variable(
    _key_data(int.from_bytes(os.urandom(4), "little")), trainable=False, name="global_generator_state"
)


@x64.enabled
def set_seed(seed: int) -> None:
    """Sets the global seed: the sequence of random ops after it is reproducible.

    >>> import tapejax as tf
    >>> tf.random.set_seed(1); a = tf.random.uniform([2])
    >>> tf.random.set_seed(1); b = tf.random.uniform([2])
    >>> bool(tf.reduce_all(a == b))
    True
    """
    with _lock:
        _state["root"] = _key_data(int(seed))
        _state["op_counts"] = {}
        _generator.assign(_state["root"])


def _draw():
    """A fresh key from the global generator, which advances.

    In a traced tapejax.function the generator's state is the function's symbolic input, so
    the key is symbolic too. Anywhere else (eagerly, or under a foreign JAX trace such as a
    user's ``jax.jit``) the state is concrete and stays so: the draw is computed at once.
    """
    state = value_of(_generator)
    if isinstance(state, jax.core.Tracer):
        depth = scope_depth(id(_generator))
        if thread_state.traced_bodies and depth < thread_state.traced_bodies[-1].depth:
            return _draw_in_body(state, depth)
        new, sub = jax.random.split(_wrap(state))
        assign_value(_generator, jax.random.key_data(new))
        return sub
    with _lock, jax.ensure_compile_time_eval():
        new, sub = jax.random.split(_wrap(value_of(_generator)))
        assign_value(_generator, jax.random.key_data(new))
        return sub


_body_draws = itertools.count()


def _draw_in_body(state, depth: int):
    """A key drawn inside a branch or loop body traced within a function, where the generator
    (a Variable of the function) cannot be assigned: the key mixes the generator's state, a
    number for this draw and each enclosing loop's iteration count; the generator advances
    once the outermost body's JAX call has returned, so the next call of the function differs."""
    bodies = [b for b in thread_state.traced_bodies if b.depth > depth]  # inside the generator's scope
    key = jax.random.fold_in(_wrap(state), next(_body_draws))
    for body in bodies:
        for salt in body.salts:
            key = jax.random.fold_in(key, salt)
    outermost = bodies[0]
    if _draw not in outermost.on_exit:
        outermost.on_exit.append(_draw)
    return key


def _next_key(seed=None):
    if seed is None:
        return _draw()
    with _lock, jax.ensure_compile_time_eval():
        root = _state["root"] if _state["root"] is not None else _key_data(_DEFAULT_GLOBAL_SEED)
        count = _state["op_counts"].get(int(seed), 0)
        _state["op_counts"][int(seed)] = count + 1
        key = jax.random.fold_in(jax.random.fold_in(_wrap(root), int(seed)), count)
    if isinstance(value_of(_generator), jax.core.Tracer):
        # Inside a function the op's own sequence is fixed when traced; each call mixes in a
        # draw from the generator so that every call gives new numbers, as TF's stateful ops do.
        key = jax.random.fold_in(key, jax.random.bits(_draw(), (), jnp.uint32))
    return key


_AFFINE = Op("RandomAffine", lambda z, scale, shift: z * scale + shift)


def _affine(sample, scale, shift) -> Tensor:
    """``sample * scale + shift``, recorded (TF differentiates random ops' parameters)."""
    return record(_AFFINE, (Tensor(sample), scale, shift))


def _float_params(dtype, *params):
    d = _dtypes.as_dtype(dtype)
    # TF converts the parameters to dtype first: an integer dtype fails on the float default.
    return d, [convert_to_tensor(p, dtype=d) for p in params]


@x64.enabled
def normal(shape, mean=0.0, stddev=1.0, dtype=_dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples from a normal distribution (``tf.random.normal``)."""
    d, (m, s) = _float_params(dtype, mean, stddev)
    z = jax.random.normal(_next_key(seed), as_ints(shape), d._np)
    return _affine(z, s, m)


@x64.enabled
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=_dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples from a normal distribution truncated to two standard deviations."""
    d, (m, s) = _float_params(dtype, mean, stddev)
    z = jax.random.truncated_normal(_next_key(seed), -2.0, 2.0, as_ints(shape), d._np)
    return _affine(z, s, m)


_UNIFORM_DTYPES = ("float16", "bfloat16", "float32", "float64", "int32", "int64")


@x64.enabled
def uniform(shape, minval=0, maxval=None, dtype=_dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples uniformly from ``[minval, maxval)`` (``tf.random.uniform``); ints need ``maxval``."""
    d = _dtypes.as_dtype(dtype)
    if d.name not in _UNIFORM_DTYPES:
        raise ValueError(
            f"Argument `dtype` got invalid value {d}. Accepted dtypes are (tf.float16, "
            "tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64)."
        )
    key, shape = _next_key(seed), as_ints(shape)
    if d.is_integer:
        if maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {d!r}")
        lo, hi = int(minval), int(maxval)
        if lo >= hi:
            raise InvalidArgumentError(f"Need minval < maxval, got {lo} >= {hi} [Op:RandomUniformInt]")
        return Tensor(jax.random.randint(key, shape, lo, hi, d._np))
    _, (lo, hi) = _float_params(d, minval, 1.0 if maxval is None else maxval)
    u = jax.random.uniform(key, shape, d._np)
    return _affine(u, hi - lo, lo)


@x64.enabled
def shuffle(value, seed=None, name=None) -> Tensor:
    """Shuffles ``value`` along its first axis (``tf.random.shuffle``)."""
    x = convert_to_tensor(value)
    perm = Tensor(jax.random.permutation(_next_key(seed), x.shape[0]) if x.ndim else jnp.zeros((0,), int))
    if x.ndim == 0:
        return x

    return gather(x, perm)


@x64.enabled
def categorical(logits, num_samples, dtype=None, seed=None, name=None) -> Tensor:
    """Draws ``num_samples`` class indices per row of ``logits`` ([batch, classes])."""
    x = convert_to_tensor(logits)
    d = _dtypes.as_dtype(dtype or _dtypes.int64)._np
    out = jax.random.categorical(_next_key(seed), value_of(x), axis=-1, shape=(int(num_samples), x.shape[0]))
    return Tensor(jnp.transpose(out).astype(d))


_GAMMA = Op(
    "RandomGamma",
    lambda key_data, alpha, beta, shape: (
        jax.random.gamma(jax.random.wrap_key_data(key_data), jnp.broadcast_to(alpha, shape + alpha.shape))
        / beta
    ),
)


@x64.enabled
def gamma(shape, alpha, beta=None, dtype=_dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples of shape ``shape + alpha.shape`` from Gamma(alpha, beta); differentiable with
    respect to ``alpha`` and ``beta`` (implicit reparameterization, as TF)."""
    d = _dtypes.as_dtype(dtype)
    a = convert_to_tensor(alpha, dtype=d)
    b = convert_like(1.0 if beta is None else beta, a)
    key = Tensor(jax.random.key_data(_next_key(seed)))
    return record(_GAMMA, (key, a, b), {"shape": as_ints(shape)})


@x64.enabled
def poisson(shape, lam, dtype=_dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples of shape ``shape + lam.shape`` from Poisson(lam), as ``dtype`` (no gradient)."""
    rate = convert_to_tensor(lam)
    shape = as_ints(shape) + tuple(rate.shape)
    out = jax.random.poisson(_next_key(seed), jnp.broadcast_to(value_of(rate), shape), shape)
    return Tensor(out.astype(_dtypes.as_dtype(dtype)._np))


def _stateless_key(seed):
    values = np.asarray(seed.numpy() if hasattr(seed, "numpy") else seed)
    if values.shape != (2,):
        raise InvalidArgumentError(
            f"seed must have shape [2], not {dims_text(values.shape)} [Op:StatelessRandomGetKeyCounter]. "
            "A stateless random op takes a seed of two integers: seed=[a, b]."
        )
    return jax.random.fold_in(jax.random.key(int(values[0])), int(values[1]))


@x64.enabled
def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=_dtypes.float32, name=None, alg="auto_select"):
    """Normal samples determined by ``seed`` (a pair of ints) alone."""
    d, (m, s) = _float_params(dtype, mean, stddev)
    return _affine(jax.random.normal(_stateless_key(seed), as_ints(shape), d._np), s, m)


@x64.enabled
def stateless_uniform(
    shape, seed, minval=0, maxval=None, dtype=_dtypes.float32, name=None, alg="auto_select"
):
    """Uniform samples in ``[minval, maxval)`` determined by ``seed`` (a pair of ints) alone."""
    d = _dtypes.as_dtype(dtype)
    key, shape = _stateless_key(seed), as_ints(shape)
    if d.is_integer:
        if maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {d!r}")
        return Tensor(jax.random.randint(key, shape, int(minval), int(maxval), d._np))
    _, (lo, hi) = _float_params(d, minval, 1.0 if maxval is None else maxval)
    return _affine(jax.random.uniform(key, shape, d._np), hi - lo, lo)
