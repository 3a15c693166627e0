"""``check_many``: several ops' tapejax gradients checked on one tape, against JAX.

Each ``(tf_fn, jax_fn)`` case gets its own copies of the inputs as sources of one tape (one
derivative for all the cases). Its gradient is compared with ``jax.grad`` of ``sum(jax_fn)``
and with central finite differences, both computed in float64 by one jitted function per case.

The tape itself runs under ``jax.jit`` (tapejax ops accept tracers, as ``tapejax.function``
relies on): the forward ops, the recording and the derivative become one XLA program, instead
of one compile per JAX primitive, which keeps the suite fast. The eager path is covered by
the tests that pin values at kinks and ties.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

import tapejax as tf

_EPS = 1e-6


def _reference(jax_fns, n_args: int):
    """Jitted ``[(grads, finite_difference_grads)]`` of ``sum(jax_fn(*args))`` per function."""
    return jax.jit(lambda *v: [_grads_and_differences(f, n_args, v) for f in jax_fns])


def _grads_and_differences(jax_fn, n_args, v):
    def total(*v):
        return jnp.sum(jax_fn(*v))

    grads = jax.grad(total, argnums=tuple(range(n_args)))(*v)
    fds = []
    for k in range(n_args):
        basis = jnp.eye(v[k].size, dtype=v[k].dtype).reshape((v[k].size, *v[k].shape)) * _EPS

        def at(delta, k=k):
            moved = list(v)
            moved[k] = v[k] + delta
            return total(*moved)

        fds.append(((jax.vmap(at)(basis) - jax.vmap(at)(-basis)) / (2 * _EPS)).reshape(v[k].shape))
    return grads, fds


def check_many(cases, *args, fd=True, rtol=1e-4, dtype=np.float32):
    """Checks each case's tapejax gradient (computed in ``dtype``, float32 by default: the
    dtype the value tests use) against jax.grad and finite differences in float64."""

    def tape_gradients(*arrays):
        sources = [[tf.constant(a) for a in arrays] for _ in cases]
        with tf.GradientTape() as tape:
            tape.watch(sources)
            targets = [tf_fn(*xs) for (tf_fn, _), xs in zip(cases, sources, strict=True)]
        return [[None if g is None else g._value for g in gs] for gs in tape.gradient(targets, sources)]

    grads = jax.jit(tape_gradients)(*[np.asarray(a, dtype) for a in args])
    with jax.enable_x64(True):  # the JAX references, in float64
        values = [jnp.asarray(a, jnp.float64) for a in args]
        references = _reference([jax_fn for _, jax_fn in cases], len(args))(*values)
    for (_, jax_fn), got, (ref, fds) in zip(cases, grads, references, strict=True):
        for k, g in enumerate(got):
            assert g is not None, f"{jax_fn}: tapejax gave None for a connected source"
            value = np.asarray(g)
            np.testing.assert_allclose(value, ref[k], rtol=rtol, atol=1e-5, err_msg=f"{jax_fn} arg {k}")
            if fd:
                np.testing.assert_allclose(
                    g,
                    fds[k],
                    rtol=max(rtol, 1e-4),
                    atol=1e-4,
                    err_msg=f"{jax_fn} arg {k} (finite differences)",
                )


def tape_grad(f, *xs, jit: bool = True) -> list:
    """``tape.gradient(f(*xs), xs)`` as numpy arrays (None stays None), for pinning TF's values.

    ``xs`` are converted with TF's rules first (lists -> float32). With ``jit`` the tape runs
    under ``jax.jit`` (one compile for the forward ops and the derivative); the TF conventions
    it pins come from the op tables, which run the same way eagerly.
    """
    arrays = [x._as_tensor()._value if isinstance(x, tf.Tensor) else tf.constant(x)._value for x in xs]

    def run(*values):
        sources = [tf.constant(v) for v in values]
        with tf.GradientTape() as tape:
            tape.watch(sources)
            y = f(*sources)
        grads = tape.gradient(y, sources)
        # A gather's gradient is TF's IndexedSlices: compared densified.
        return [None if g is None else tf.convert_to_tensor(g)._value for g in grads]

    out = (jax.jit(run) if jit else run)(*arrays)
    return [None if g is None else np.asarray(g) for g in out]
