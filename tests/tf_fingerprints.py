"""TF's numbers stored compactly: an op's output and gradients as *fingerprints*.

The tests of issue 21's ``tf.nn`` families run an op on inputs ``data(shape, i)`` makes
(``sin(0.7 * k + i)``, the same in the TF 2.21 script that computed the expected numbers), and
compare ``fingerprint(y) = sum(y * cos(0.3 * k))`` over the flattened output, and the same of
each input's gradient of ``sum(y * cos(0.3 * k))``, with TF's, rounded to 5 decimals. A
fingerprint weighs every element differently, so any wrong element changes it.
"""

from __future__ import annotations

import numpy as np

import tapejax as tf


def data(shape, seed):
    return np.sin(np.arange(int(np.prod(shape))) * 0.7 + seed).reshape(shape).astype(np.float32)


def weights(shape):
    return np.cos(np.arange(int(np.prod(shape))) * 0.3).reshape(shape).astype(np.float32)


def fingerprint(a):
    a = np.asarray(a, np.float64)
    return float(np.sum(a * weights(a.shape)))


def check_against_tf(f, shapes, expected):
    """Runs ``f`` on ``data`` inputs of ``shapes`` under a tape; ``expected`` is TF's
    ``(output shape, fingerprint of the output, [fingerprint of each gradient or None])``."""
    args = [tf.constant(data(s, i)) for i, s in enumerate(shapes)]
    with tf.GradientTape() as tape:
        tape.watch(args)
        y = f(*args)
        loss = tf.reduce_sum(y * weights(y.shape))
    shape, value, grads = expected
    assert y.shape == shape
    np.testing.assert_allclose(fingerprint(y), value, rtol=1e-4, atol=2e-4)
    got = tape.gradient(loss, args)
    assert [g is None for g in got] == [g is None for g in grads]
    pairs = [(fingerprint(g), e) for g, e in zip(got, grads, strict=True) if g is not None]
    np.testing.assert_allclose([p for p, _ in pairs], [e for _, e in pairs], rtol=1e-4, atol=2e-4)
    return y
