"""tf.keras.optimizers.schedules vs TF 2.21 / Keras 3.15 (values at steps 0-11) and Keras 3's
formulas in numpy; schedules read at an optimizer's iterations, also inside tapejax.function."""

from __future__ import annotations

import math

import numpy as np
import pytest

import tapejax as tf

S = tf.keras.optimizers.schedules

# The schedule's value at steps 0..11 (int64 steps), printed by TF 2.21 / Keras 3.15.
SCHEDULES = {
    "exp": (
        lambda: S.ExponentialDecay(0.1, 3, 0.5),
        [
            0.1,
            0.07937005,
            0.06299605,
            0.05,
            0.039685026,
            0.031498026,
            0.025,
            0.019842515,
            0.015749013,
            0.0125,
            0.009921257,
            0.0078745065,
        ],
    ),
    "exp_stair": (
        lambda: S.ExponentialDecay(0.1, 3, 0.5, staircase=True),
        [0.1, 0.1, 0.1, 0.05, 0.05, 0.05, 0.025, 0.025, 0.025, 0.0125, 0.0125, 0.0125],
    ),
    "piecewise": (
        lambda: S.PiecewiseConstantDecay([2, 5], [1.0, 0.5, 0.1]),
        [1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1],
    ),
    "piecewise_int": (
        lambda: S.PiecewiseConstantDecay([3], [0.3, 0.2]),
        [0.3, 0.3, 0.3, 0.3, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2],
    ),
    "cosine": (
        lambda: S.CosineDecay(0.1, 6),
        [0.1, 0.093301274, 0.075, 0.049999997, 0.024999997, 0.006698731, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    ),
    "cosine_alpha": (
        lambda: S.CosineDecay(0.1, 6, alpha=0.2),
        [
            0.1,
            0.09464102,
            0.080000006,
            0.06,
            0.04,
            0.025358984,
            0.020000001,
            0.020000001,
            0.020000001,
            0.020000001,
            0.020000001,
            0.020000001,
        ],
    ),
    "cosine_warmup": (
        lambda: S.CosineDecay(0.0, 6, warmup_target=0.1, warmup_steps=3),
        [
            0.0,
            0.033333335,
            0.06666667,
            0.1,
            0.093301274,
            0.075,
            0.049999997,
            0.024999997,
            0.006698731,
            0.0,
            0.0,
            0.0,
        ],
    ),
    "cosine_warmup_alpha": (
        lambda: S.CosineDecay(0.01, 4, alpha=0.1, warmup_target=0.2, warmup_steps=2),
        [
            0.01,
            0.105,
            0.2,
            0.17363963,
            0.10999999,
            0.046360392,
            0.020000001,
            0.020000001,
            0.020000001,
            0.020000001,
            0.020000001,
            0.020000001,
        ],
    ),
    "inverse": (
        lambda: S.InverseTimeDecay(0.1, 2, 0.5),
        [
            0.1,
            0.08,
            0.06666667,
            0.057142857,
            0.05,
            0.044444446,
            0.04,
            0.036363635,
            0.033333335,
            0.03076923,
            0.028571429,
            0.026666667,
        ],
    ),
    "inverse_stair": (
        lambda: S.InverseTimeDecay(0.1, 2, 0.5, staircase=True),
        [
            0.1,
            0.1,
            0.06666667,
            0.06666667,
            0.05,
            0.05,
            0.04,
            0.04,
            0.033333335,
            0.033333335,
            0.028571429,
            0.028571429,
        ],
    ),
    "poly": (
        lambda: S.PolynomialDecay(0.1, 5),
        [
            0.1,
            0.08002,
            0.060040005,
            0.04006,
            0.020079998,
            0.0001,
            0.0001,
            0.0001,
            0.0001,
            0.0001,
            0.0001,
            0.0001,
        ],
    ),
    "poly_power": (
        lambda: S.PolynomialDecay(0.1, 4, end_learning_rate=0.01, power=2.0),
        [0.1, 0.060625, 0.0325, 0.015625, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01],
    ),
    "poly_cycle": (
        lambda: S.PolynomialDecay(0.1, 3, end_learning_rate=0.02, power=0.5, cycle=True),
        [
            0.099999994,
            0.08531973,
            0.06618802,
            0.02,
            0.06618802,
            0.05265986,
            0.02,
            0.057712357,
            0.046666663,
            0.02,
            0.05265986,
            0.04309401,
        ],
    ),
}


@pytest.mark.parametrize("case", sorted(SCHEDULES))
def test_values_match_keras(case):
    make, expected = SCHEDULES[case]
    schedule = make()
    values = [schedule(tf.constant(i, tf.int64)) for i in range(12)]
    assert all(v.dtype == tf.float32 for v in values)
    np.testing.assert_allclose([v.numpy() for v in values], expected, rtol=1e-6)
    compiled = tf.function(schedule)
    np.testing.assert_allclose(
        [compiled(tf.constant(i, tf.int64)).numpy() for i in range(12)], expected, rtol=1e-6
    )
    assert type(schedule).from_config(schedule.get_config()).get_config() == schedule.get_config()


def _np_cosine(step, initial, steps, alpha=0.0, target=None, warmup=0):
    if target is None:
        step = min(step, steps)
        return initial * ((1 - alpha) * 0.5 * (1 + math.cos(math.pi * step / steps)) + alpha)
    step = min(step, steps + warmup)
    if step < warmup:
        return (target - initial) * step / warmup + initial
    return target * ((1 - alpha) * 0.5 * (1 + math.cos(math.pi * (step - warmup) / steps)) + alpha)


def _np_poly(step, initial, steps, end=0.0001, power=1.0, cycle=False):
    if cycle:
        steps = steps * (1.0 if step == 0 else math.ceil(step / steps))
    else:
        step = min(step, steps)
    return (initial - end) * (1 - step / steps) ** power + end


# Keras 3's documented formulas (its schedules' docstrings), in float64.
NUMPY = {
    "exp": lambda s: 0.1 * 0.5 ** (s / 3),
    "exp_stair": lambda s: 0.1 * 0.5 ** (s // 3),
    "piecewise": lambda s: 1.0 if s <= 2 else 0.5 if s <= 5 else 0.1,
    "cosine": lambda s: _np_cosine(s, 0.1, 6),
    "cosine_alpha": lambda s: _np_cosine(s, 0.1, 6, alpha=0.2),
    "cosine_warmup": lambda s: _np_cosine(s, 0.0, 6, target=0.1, warmup=3),
    "cosine_warmup_alpha": lambda s: _np_cosine(s, 0.01, 4, alpha=0.1, target=0.2, warmup=2),
    "inverse": lambda s: 0.1 / (1 + 0.5 * s / 2),
    "inverse_stair": lambda s: 0.1 / (1 + 0.5 * (s // 2)),
    "poly": lambda s: _np_poly(s, 0.1, 5),
    "poly_power": lambda s: _np_poly(s, 0.1, 4, end=0.01, power=2.0),
    "poly_cycle": lambda s: _np_poly(s, 0.1, 3, end=0.02, power=0.5, cycle=True),
}


@pytest.mark.parametrize("case", sorted(NUMPY))
def test_values_match_keras_formulas(case):
    schedule = SCHEDULES[case][0]()
    np.testing.assert_allclose(
        [float(schedule(i)) for i in range(12)], [NUMPY[case](i) for i in range(12)], rtol=1e-5, atol=1e-7
    )


def test_optimizer_reads_its_schedule_at_iterations_inside_a_function():
    opt = tf.keras.optimizers.SGD(S.PiecewiseConstantDecay([1, 2], [1.0, 0.5, 0.25]))
    v = tf.Variable(0.0)
    step = tf.function(lambda: opt.apply_gradients([(tf.constant(1.0), v)]))
    for _ in range(4):
        step()
    np.testing.assert_allclose(v.numpy(), -(1.0 + 1.0 + 0.5 + 0.25))
    np.testing.assert_allclose(opt.learning_rate.numpy(), 0.25)


def test_errors_match_keras():
    # TF 2.21's messages.
    for make in (
        lambda: S.ExponentialDecay(0.1, 0, 0.5),
        lambda: S.CosineDecay(0.1, 0),
        lambda: S.InverseTimeDecay(0.1, 0, 0.5),
    ):
        with pytest.raises(ValueError, match="^Argument `decay_steps` must be > 0. Received: decay_steps=0$"):
            make()
    with pytest.raises(ValueError, match="^Argument `decay_steps` must be > 0. Received: decay_steps=-1$"):
        S.PolynomialDecay(0.1, -1)
    with pytest.raises(
        ValueError,
        match=r"^The length of boundaries should be 1 less than the length of values. "
        r"Received: boundaries=\[1, 2\] of length 2, and values=\[0.1\] of length 1.$",
    ):
        S.PiecewiseConstantDecay([1, 2], [0.1])
    with pytest.raises(
        NotImplementedError,
        match="^Learning rate schedule 'LearningRateSchedule' must override "
        r"`__call__\(self, step\)`.$",
    ):
        S.LearningRateSchedule()(1)


def test_a_custom_schedule_without_get_config():
    class Halving(S.LearningRateSchedule):
        def __call__(self, step):
            return 1.0 / (2.0 ** tf.cast(step, tf.float32))

    opt = tf.keras.optimizers.SGD(Halving())
    v = tf.Variable(0.0)
    for _ in range(3):
        opt.apply_gradients([(tf.constant(1.0), v)])
    np.testing.assert_allclose(v.numpy(), -1.75)
    with pytest.raises(
        NotImplementedError, match="^Learning rate schedule 'Halving' must override `get_config"
    ):
        Halving().get_config()
