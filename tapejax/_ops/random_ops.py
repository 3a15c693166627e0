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

import contextlib
import itertools
import math
import os
import threading

import jax
import jax.numpy as jnp
import numpy as np

from .._core.recording.convert import constant_array, convert_to_tensor, creating
from .._core.recording.record import Op, is_watched, record
from .._core.recording.state import scope_depth
from .._core.recording.state import state as thread_state
from .._core.recording.variable import Variable, assign_value, lifted_variable
from .._core.values import dtype as _dtypes
from .._core.values import x64
from .._core.values.access import is_symbolic_tensor, value_of
from .._core.values.errors import InvalidArgumentError
from .._core.values.shape import dims_text
from .._core.values.tensor import Tensor
from .array_ops import as_ints
from .builders import convert_like
from .sampling import samplers, threefry
from .selection_ops import gather

_DEFAULT_GLOBAL_SEED = 87654321  # TF's DEFAULT_GRAPH_SEED, used for op seeds without a global seed
_lock = threading.Lock()
_state = {"root": None, "op_counts": {}}


def _key_data(seed: int) -> np.ndarray:
    """threefry's key data for ``seed`` (what ``jax.random.key(seed)`` holds), without a device op."""
    return np.array([(seed >> 32) & 0xFFFFFFFF, seed & 0xFFFFFFFF], np.uint32)


def _wrap(data):
    return jax.random.wrap_key_data(data, impl="threefry2x32")


def _typed(key):
    """A JAX key: concrete keys are key data on the host (see ``_draw``), symbolic ones JAX's."""
    if isinstance(key, np.ndarray):
        with creating():  # the generator's own state, not a loop's data: never switches
            return _wrap(constant_array(key))
    return key


# The global generator's state is a Variable, as TF's is: inside a tapejax.function it is read
# and assigned like any Variable the function uses, so the compiled call takes the state in
# and gives the advanced state back (fresh numbers on every call, nothing leaks out of the
# trace). Its value is threefry key data (uint32[2]); it is not trainable, so no tape watches it.
# It is created on first use, as TF's global generator: ``import tapejax`` starts no JAX backend
# (``jax.distributed.initialize`` must run before one starts).
_generators: list = []
_creating = threading.Lock()  # not _lock: set_seed holds that one when it asks


def _generator() -> Variable:
    if not _generators:
        with _creating:
            if not _generators:
                seed = int.from_bytes(os.urandom(4), "little")
                _generators.append(
                    lifted_variable(_key_data(seed), trainable=False, name="global_generator_state")
                )
    return _generators[0]


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
        _generator().assign(_state["root"])


def _draw():
    """A fresh key from the global generator, which advances.

    In a traced tapejax.function the generator's state is the function's symbolic input, so
    the key is symbolic too. Anywhere else (eagerly, or under a foreign JAX trace such as a
    user's ``jax.jit``) the state is concrete and stays so: the draw is computed at once.
    """
    generator = _generator()
    state = value_of(generator)
    if isinstance(state, jax.core.Tracer):
        depth = scope_depth(id(generator))
        if thread_state.traced_bodies and depth < thread_state.traced_bodies[-1].depth:
            return _draw_in_body(state, depth)
        new, sub = jax.random.split(_wrap(state))
        assign_value(generator, jax.random.key_data(new))
        return sub
    with _lock:
        if threefry.partitionable():  # on the host: no XLA program (JAX's split compiles three)
            new, sub = threefry.split(np.asarray(state))
            with creating():
                assign_value(generator, constant_array(new))
            return sub
        with jax.ensure_compile_time_eval():
            new, sub = jax.random.split(_wrap(value_of(generator)))
            assign_value(generator, jax.random.key_data(new))
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
    with _lock:
        root = _state["root"] if _state["root"] is not None else _key_data(_DEFAULT_GLOBAL_SEED)
        count = _state["op_counts"].get(int(seed), 0)
        _state["op_counts"][int(seed)] = count + 1
        key = _fold_in(_fold_in(root, int(seed)), count)
    if isinstance(value_of(_generator()), jax.core.Tracer):
        # Inside a function the op's own sequence is fixed when traced; each call mixes in a
        # draw from the generator so that every call gives new numbers, as TF's stateful ops do.
        key = jax.random.fold_in(_typed(key), jax.random.bits(_typed(_draw()), (), jnp.uint32))
    return key


def _fold_in(key: np.ndarray, data: int) -> np.ndarray:
    if threefry.partitionable():
        return threefry.fold_in(key, data)
    with jax.ensure_compile_time_eval():
        return np.asarray(jax.random.key_data(jax.random.fold_in(_wrap(key), data)))


# An eager draw of a (sampler, shape, dtype) made more often than this (a loop's draw) uses
# JAX's program for the shape, compiled once: the same values, ~0.1 ms a draw instead of ~0.5.
DRAWS_BEFORE_PROGRAM = 2
_draws: dict = {}
_no_programs = threading.local()


@contextlib.contextmanager
def host_draws():
    """Eager draws in the block never compile a program for their shape (initializers: each
    weight is drawn once, however many share a shape)."""
    saved = getattr(_no_programs, "on", False)
    _no_programs.on = True
    try:
        yield
    finally:
        _no_programs.on = saved


def _without_program(kind: str, shape: tuple, dtype: np.dtype) -> bool:
    if getattr(_no_programs, "on", False):
        return True
    key = (kind, shape, dtype)
    seen = _draws.get(key, 0) + 1
    if seen <= DRAWS_BEFORE_PROGRAM + 1:
        _draws[key] = seen
    return seen <= DRAWS_BEFORE_PROGRAM


def _sample(kind: str, key, shape: tuple, dtype: np.dtype, a: float = -2.0, b: float = 2.0):
    """JAX's ``uniform`` (in [0, 1)), ``normal`` or ``truncated_normal`` (to [a, b]) draw.

    A concrete key (key data on the host) draws with ``sampling``: the same values, a numpy
    array, without an XLA program per shape (until the shape repeats: ``DRAWS_BEFORE_PROGRAM``);
    a symbolic key draws with ``jax.random``."""
    if isinstance(key, np.ndarray) and threefry.partitionable() and _without_program(kind, shape, dtype):
        count = math.prod(shape)
        if kind == "uniform":
            return samplers.uniform01(key, count, dtype).reshape(shape)
        return samplers.draw(kind, key, count, dtype, a, b).reshape(shape)
    key = _typed(key)
    if kind == "uniform":
        return jax.random.uniform(key, shape, dtype)
    if kind == "normal":
        return jax.random.normal(key, shape, dtype)
    return jax.random.truncated_normal(key, a, b, shape, dtype)


def _host_values(*tensors) -> list | None:
    """The tensors' values on the host, where an op on them may be computed there: concrete,
    and not watched by any recorder (nothing would differentiate the op); else None."""
    if any(is_symbolic_tensor(t) for t in tensors) or is_watched(tensors):
        return None
    return [np.asarray(value_of(t)) for t in tensors]


_AFFINE = Op("RandomAffine", lambda z, scale, shift: z * scale + shift)


def _affine(sample, scale, shift) -> Tensor:
    """``sample * scale + shift``, recorded (TF differentiates random ops' parameters); on the
    host for a host sample and unwatched parameters (two roundings, as the eager ops round)."""
    params = _host_values(scale, shift) if isinstance(sample, np.ndarray) else None
    if params is not None:
        return Tensor(constant_array(sample * params[0] + params[1]))
    return record(
        _AFFINE, (Tensor(constant_array(sample) if isinstance(sample, np.ndarray) else sample), scale, shift)
    )


def _difference(hi: Tensor, lo: Tensor) -> Tensor:
    """``hi - lo``, on the host where nothing differentiates it."""
    values = _host_values(hi, lo)
    return hi - lo if values is None else Tensor(constant_array(values[0] - values[1]))


def _float_params(dtype, *params):
    d = _dtypes.as_dtype(dtype)
    # TF converts the parameters to dtype first: an integer dtype fails on the float default.
    return d, [convert_to_tensor(p, dtype=d) for p in params]


@x64.enabled
def normal(shape, mean=0.0, stddev=1.0, dtype=_dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples from a normal distribution (``tf.random.normal``)."""
    d, (m, s) = _float_params(dtype, mean, stddev)
    z = _sample("normal", _next_key(seed), as_ints(shape), d._np)
    return _affine(z, s, m)


@x64.enabled
def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=_dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples from a normal distribution truncated to two standard deviations."""
    d, (m, s) = _float_params(dtype, mean, stddev)
    z = _sample("truncated_normal", _next_key(seed), as_ints(shape), d._np)
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
        return Tensor(jax.random.randint(_typed(key), shape, lo, hi, d._np))
    _, (lo, hi) = _float_params(d, minval, 1.0 if maxval is None else maxval)
    u = _sample("uniform", key, shape, d._np)
    return _affine(u, _difference(hi, lo), lo)


@x64.enabled
def shuffle(value, seed=None, name=None) -> Tensor:
    """Shuffles ``value`` along its first axis (``tf.random.shuffle``)."""
    x = convert_to_tensor(value)
    perm = Tensor(
        jax.random.permutation(_typed(_next_key(seed)), x.shape[0]) if x.ndim else jnp.zeros((0,), int)
    )
    if x.ndim == 0:
        return x

    return gather(x, perm)


@x64.enabled
def categorical(logits, num_samples, dtype=None, seed=None, name=None) -> Tensor:
    """Draws ``num_samples`` class indices per row of ``logits`` ([batch, classes])."""
    x = convert_to_tensor(logits)
    d = _dtypes.as_dtype(dtype or _dtypes.int64)._np
    out = jax.random.categorical(
        _typed(_next_key(seed)), value_of(x), axis=-1, shape=(int(num_samples), x.shape[0])
    )
    return Tensor(jnp.transpose(out).astype(d))


_GAMMA = Op(
    "RandomGamma",
    lambda key_data, alpha, beta, shape: (
        # Under x64 JAX draws float64 unless told; TF draws in alpha's dtype (float32 by default).
        jax.random.gamma(
            jax.random.wrap_key_data(key_data),
            jnp.broadcast_to(alpha, shape + alpha.shape),
            dtype=alpha.dtype,
        )
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
    key = Tensor(jax.random.key_data(_typed(_next_key(seed))))
    return record(_GAMMA, (key, a, b), {"shape": as_ints(shape)})


@x64.enabled
def poisson(shape, lam, dtype=_dtypes.float32, seed=None, name=None) -> Tensor:
    """Samples of shape ``shape + lam.shape`` from Poisson(lam), as ``dtype`` (no gradient)."""
    rate = convert_to_tensor(lam)
    shape = as_ints(shape) + tuple(rate.shape)
    out = jax.random.poisson(_typed(_next_key(seed)), jnp.broadcast_to(value_of(rate), shape), shape)
    return Tensor(out.astype(_dtypes.as_dtype(dtype)._np))


def _stateless_key(seed):
    values = np.asarray(seed.numpy() if hasattr(seed, "numpy") else seed)
    if values.shape != (2,):
        raise InvalidArgumentError(
            f"seed must have shape [2], not {dims_text(values.shape)} [Op:StatelessRandomGetKeyCounter]. "
            "A stateless random op takes a seed of two integers: seed=[a, b]."
        )
    return _fold_in(threefry.seed_key(int(values[0])), int(values[1]))


@x64.enabled
def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=_dtypes.float32, name=None, alg="auto_select"):
    """Normal samples determined by ``seed`` (a pair of ints) alone."""
    d, (m, s) = _float_params(dtype, mean, stddev)
    return _affine(_sample("normal", _stateless_key(seed), as_ints(shape), d._np), s, m)


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
        return Tensor(jax.random.randint(_typed(key), shape, int(minval), int(maxval), d._np))
    _, (lo, hi) = _float_params(d, minval, 1.0 if maxval is None else maxval)
    return _affine(_sample("uniform", key, shape, d._np), _difference(hi, lo), lo)
