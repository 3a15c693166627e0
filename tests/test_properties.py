"""Property-based differential tests: random programs (tests/programs.py) run with tapejax under
GradientTape, checked against jax.grad / jax.jacrev / jax.hessian of the same program written
in jax.numpy, and against central finite differences, in float64.

Each program also runs a second time on new values (same Variables, same structure), so a
compiled derivative reused from the cache with stale values or statics fails the check.
The hypothesis profile (tests/conftest.py) sets how many programs: ``ci`` by default,
``TAPEJAX_HYPOTHESIS_PROFILE=fuzz`` (``make fuzz``) for thousands.
"""

from __future__ import annotations

import contextlib
import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from programs import TfProgram, as_function, draw_values, programs, usable

import tapejax as tf
from tapejax._core import reference

# JAX references in float64 (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("x64_references")

# Every program runs through the engine (what users get) and through the plain path
# (_core/reference.py: recording + autodiff, no deferral, caches or fused runs): the same
# checks hold for both, so the engine is tested against the meaning.
PATHS = pytest.mark.parametrize("path", ["engine", "reference"])


def _on(path: str):
    return reference.plain() if path == "reference" else contextlib.nullcontext()


RTOL, ATOL = 1e-6, 1e-8  # tapejax vs JAX, both float64
FD_RTOL, FD_ATOL, EPS = 1e-5, 1e-6, 1e-6


def _values(program, seed: int, tries: int = 8):
    """The first of ``tries`` random value sets on which the program is smooth and finite."""
    rng = np.random.default_rng(seed)
    for _ in range(tries):
        values = draw_values(program, rng)
        if usable(program, values):
            return values
    assume(False)
    return None


def _close(got, want, what: str, rtol=RTOL, atol=ATOL) -> None:
    assert got is not None, f"{what}: tapejax gave None for a connected source"
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=rtol, atol=atol, err_msg=what)


def finite_differences(f, arrays, k: int, eps: float = EPS):
    """Central differences of ``f`` in its ``k``-th argument: its Jacobian, shaped as jacrev's."""
    x = arrays[k]
    basis = np.eye(x.size).reshape((x.size, *x.shape)) * eps

    def at(delta):
        return f(*arrays[:k], x + delta, *arrays[k + 1 :])

    columns = (jax.vmap(at)(basis) - jax.vmap(at)(-basis)) / (2 * eps)
    return jnp.moveaxis(columns, 0, -1).reshape(columns.shape[1:] + x.shape)


@functools.lru_cache(maxsize=64)
def _first_order_reference(program):
    """A jitted ``(values, dy) -> references`` for the program's first derivatives (one XLA
    compile per program, reused for its second set of values)."""
    sources, connected = program.sources, program.connected

    def reference(values, dy):
        f = as_function(program, values, sources)
        arrays = [values[i] for i in sources]
        y, vjp = jax.vjp(f, *arrays)
        argnums = tuple(k for k, i in enumerate(sources) if i in connected)
        grads = jax.grad(lambda *xs: jnp.sum(f(*xs)), argnums=argnums)(*arrays) if argnums else ()
        jacobians = jax.jacrev(f, argnums=argnums)(*arrays) if argnums else ()
        fds = [finite_differences(f, arrays, k) for k in argnums] if program.true_gradient else None
        by_source = lambda xs: None if xs is None else dict(zip(argnums, xs, strict=True))
        return y, by_source(grads), vjp(dy), by_source(jacobians), by_source(fds)

    return jax.jit(reference)


def _check_first_order(program, run, values, rng) -> None:
    """gradient (plain, and with output_gradients and zeros for unconnected sources) and
    jacobian of every source, against JAX, finite differences and TF's None rule."""
    with tf.GradientTape(persistent=True) as tape:
        y = run(tape)
    dy = rng.normal(size=y.shape.as_list())
    sources = run.sources()
    grads = tape.gradient(y, sources)
    weighted = tape.gradient(
        y, sources, output_gradients=tf.constant(dy), unconnected_gradients=tf.UnconnectedGradients.ZERO
    )
    jacobians = tape.jacobian(y, sources)
    want, want_grads, want_weighted, want_jacobians, fds = _first_order_reference(program)(values, dy)
    _close(y, want, "forward value")
    for k, i in enumerate(program.sources):
        _close(weighted[k], want_weighted[k], f"output_gradients v{i}")
        if k not in want_grads:
            assert grads[k] is None, f"v{i} is unconnected: TF gives None, tapejax {grads[k]}"
            assert jacobians[k] is None, f"v{i} is unconnected: TF's jacobian is None"
            continue
        _close(grads[k], want_grads[k], f"gradient v{i}")
        _close(jacobians[k], want_jacobians[k], f"jacobian v{i}")
        if fds is not None:
            _close(jacobians[k], fds[k], f"jacobian v{i}, finite differences", FD_RTOL, FD_ATOL)
            fd_gradient = np.sum(fds[k], axis=tuple(range(len(want.shape))))
            _close(grads[k], fd_gradient, f"gradient v{i}, finite differences", FD_RTOL, FD_ATOL)


@PATHS
@given(programs(), st.integers(0, 2**32 - 1))
def test_first_order_derivatives_match_jax(path, program, seed):
    """tape.gradient / jacobian of a random program, twice (new values the second time)."""
    rng = np.random.default_rng(seed)
    values = _values(program, seed)
    with _on(path):
        run = TfProgram(program, values, tf)
        _check_first_order(program, run, values, rng)
        values = _values(program, seed + 1)
        run.assign(values)
        _check_first_order(program, run, values, rng)


@functools.lru_cache(maxsize=64)
def _hessian(program, i: int):
    """A jitted ``values -> jax.hessian`` of the summed output in source ``i``."""

    def hessian(values):
        f = as_function(program, values, [i])
        return jax.hessian(lambda x: jnp.sum(f(x)))(values[i])

    return jax.jit(hessian)


@functools.lru_cache(maxsize=64)
def _jacobians(program, wrt: tuple):
    """A jitted ``values -> ([jax.jacrev], [finite differences] or None)`` of the output in
    each source of ``wrt``."""

    def jacobians(values):
        f = as_function(program, values, list(wrt))
        arrays = [values[i] for i in wrt]
        fds = [finite_differences(f, arrays, k) for k in range(len(wrt))] if program.true_gradient else None
        return jax.jacrev(f, argnums=tuple(range(len(wrt))))(*arrays), fds

    return jax.jit(jacobians)


def _gradient_at(program, run, values, i: int):
    """The first gradient of the output in source ``i`` at ``values``, computed by tapejax."""
    run.assign(values)
    with tf.GradientTape() as tape:
        y = run(tape)
    return tape.gradient(y, run.sources([i]))[0].numpy()


@PATHS
@given(programs(), st.integers(0, 2**32 - 1))
def test_second_order_nested_tapes_match_hessian(path, program, seed):
    """The Jacobian of a gradient taken inside another tape is jax.hessian, and its product
    with a direction is the finite difference of tapejax's own gradient."""
    connected = [i for i in program.sources if i in program.connected]
    assume(connected)
    with _on(path):
        _check_second_order(program, seed, connected[0])


def _check_second_order(program, seed, i):
    values = _values(program, seed)
    run = TfProgram(program, values, tf)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = run(inner, outer)
        g = inner.gradient(y, run.sources([i]))[0]
    h = outer.jacobian(g, run.sources([i])[0])
    want = _hessian(program, i)(values)
    if h is None:  # TF's None: the gradient does not depend on the source (JAX: zeros)
        assert not np.any(np.asarray(want)), "tapejax's second derivative is None, JAX's is not zero"
        return
    _close(h, want, f"hessian v{i}")
    if not program.true_gradient:  # stop_gradient, or a made-up gradient TF applies again
        return
    direction = np.random.default_rng(seed).normal(size=values[i].shape)
    step = 1e-5
    plus = _gradient_at(program, run, {**values, i: values[i] + step * direction}, i)
    minus = _gradient_at(program, run, {**values, i: values[i] - step * direction}, i)
    size = values[i].size
    hv = np.asarray(want).reshape(size, size) @ direction.reshape(size)
    _close((plus - minus).reshape(size) / (2 * step), hv, "finite differences of the gradient", 1e-5, 1e-5)


@PATHS
@given(programs(rowwise=True), st.integers(0, 2**32 - 1))
def test_batch_jacobian_is_the_per_example_jacobian(path, program, seed):
    """batch_jacobian of a program whose rows are independent: the diagonal blocks of
    jax.jacrev (the off-diagonal ones are zero); zeros for an unconnected source (TF)."""
    with _on(path):
        _check_batch_jacobian(program, seed)


def _check_batch_jacobian(program, seed):
    # TF's batch_jacobian needs a source of rank >= 2; a Dense weight has no batch axis.
    batched = [i for i in program.sources if program.nodes[i].role != "layer" and program.nodes[i].shape[1:]]
    run = TfProgram(program, _values(program, seed), tf)
    for attempt in range(2):  # the second time on new values: a stale compiled derivative fails
        values = _values(program, seed + attempt)
        run.assign(values)
        with tf.GradientTape(persistent=True) as tape:
            y = run(tape)
        fulls, fds = _jacobians(program, tuple(batched))(values)
        for k, i in enumerate(batched):
            got = tape.batch_jacobian(y, run.sources([i])[0])
            blocks = _blocks(fulls[k], values[i].shape)
            assert not np.any(blocks[~np.eye(len(blocks), dtype=bool)]), "generator bug: rows are coupled"
            _close(got, _diagonal(blocks, got.shape), f"batch_jacobian v{i}")
            if fds is not None:
                fd = _diagonal(_blocks(fds[k], values[i].shape), got.shape)
                _close(got, fd, f"batch_jacobian v{i}, finite differences", FD_RTOL, FD_ATOL)


def _blocks(jacobian, source_shape):
    """A full Jacobian ``(n, *out, n, *src)`` as ``(n, n, out_size, src_size)`` blocks."""
    n = source_shape[0]
    return np.asarray(jacobian).reshape(n, -1, n, int(np.prod(source_shape[1:]))).transpose(0, 2, 1, 3)


def _diagonal(blocks, shape):
    return blocks[np.arange(len(blocks)), np.arange(len(blocks))].reshape(shape)


# -- shrunk failures, kept as plain regression tests --------------------------------------------


def test_jacobian_of_sqrt_gradient_wrt_scalar():
    """Bug: jacobian (jacfwd) of a gradient through sqrt/rsqrt/reciprocal (TF's zero-safe
    SqrtGrad, the safe_mul primitive) raised IndexError when batching met an unbatched scalar."""
    x = tf.constant(np.float64(0.7))
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.sqrt(x) + tf.math.rsqrt(x) + tf.math.reciprocal(x)
        g = inner.gradient(y, x)
    want = jax.hessian(lambda v: jnp.sqrt(v) + jax.lax.rsqrt(v) + 1 / v)(0.7)
    np.testing.assert_allclose(outer.jacobian(g, x).numpy(), want, rtol=1e-12)


def test_second_order_through_made_up_custom_gradient_applies_it_again():
    """Not a bug, a TF convention the fuzzer surfaced (checked with TF 2.21: 0.0748 at 0.3): an
    outer tape differentiates a custom_gradient op with its grad_fn again, so a gradient halved
    by grad_fn is halved twice at second order; JAX's hessian of a custom_vjp halves it once."""

    @tf.custom_gradient
    def halve_gradient(x):
        return tf.identity(x), lambda upstream: upstream * 0.5

    x = tf.constant(np.float64(0.3))
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.acos(0.9 * tf.tanh(halve_gradient(x)))
        g = inner.gradient(y, x)
    curvature = jax.hessian(lambda v: jnp.arccos(0.9 * jnp.tanh(v)))(0.3)
    np.testing.assert_allclose(outer.jacobian(g, x).numpy(), 0.25 * curvature, rtol=1e-12)


def test_batch_jacobian_through_stop_gradient_is_zeros():
    """Shrunk from the fuzzer (a test bug: finite differences see through stop_gradient): a
    source reached only through stop_gradient has batch_jacobian zeros (TF), not None."""
    x = tf.constant(np.ones((2, 3)))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.stop_gradient(x) * 2.0
    np.testing.assert_array_equal(tape.batch_jacobian(y, x).numpy(), np.zeros((2, 3, 3)))
