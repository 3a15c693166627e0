"""The other tf.keras.optimizers (RMSprop, Adagrad, AdamW, Adamax, Nadam), the common options
(clipnorm, clipvalue, global_clipnorm, weight_decay, use_ema) and learning-rate schedules and
callables: four steps on two variables vs TF 2.21 / Keras 3.15 and vs numpy, eager and compiled.
"""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

K = tf.keras.optimizers
S = tf.keras.optimizers.schedules
G1 = [[0.5, -1.0, 2.0], [0.1, 0.3, -0.7], [-2.0, 0.0, 1.5], [0.3, 0.3, 0.3]]
G2 = [
    [[1.0, -2.0], [0.5, 3.0]],
    [[-0.2, 0.4], [1.0, -1.0]],
    [[0.0, 0.1], [-3.0, 2.0]],
    [[0.5, 0.5], [0.5, -0.5]],
]
S1, S2 = [1.0, 2.0, -3.0], [[0.5, -0.5], [1.5, 0.25]]

# name: (optimizer, v1 and v2 after the four steps, the learning rate read before each step[, v1 and
# v2 after finalize_variable_values]), printed by TF 2.21 / Keras 3.15 (CPU) for the same calls.
KERAS_4_STEPS = {
    "rmsprop": (
        lambda: K.RMSprop(0.1),
        [0.8785653, 2.1204286, -3.4422646],
        [[0.09178497, -0.3531483], [1.1448027, -0.095343694]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "rmsprop_momentum": (
        lambda: K.RMSprop(0.1, rho=0.8, momentum=0.9),
        [0.47873467, 2.493687, -3.8601086],
        [[-0.26272926, 0.038841188], [0.5426994, -0.5309379]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "rmsprop_centered": (
        lambda: K.RMSprop(0.1, centered=True),
        [0.86473924, 2.1355562, -3.4714313],
        [[0.06677553, -0.33855528], [1.1035337, -0.119195215]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "rmsprop_centered_momentum": (
        lambda: K.RMSprop(0.05, momentum=0.5, centered=True, epsilon=1e-3),
        [0.84743106, 2.1761892, -3.3908606],
        [[0.1645368, -0.3032136], [1.1218786, -0.088082194]],
        [0.05, 0.05, 0.05, 0.05],
    ),
    "adagrad": (
        lambda: K.Adagrad(0.1),
        [0.9803792, 2.041329, -3.13485],
        [[0.38097602, -0.44896445], [1.4073114, 0.14195353]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "adagrad_init": (
        lambda: K.Adagrad(0.2, initial_accumulator_value=0.5, epsilon=1e-3),
        [1.017759, 2.0693996, -3.259521],
        [[0.2942549, -0.40284726], [1.3863043, 0.038058314]],
        [0.2, 0.2, 0.2, 0.2],
    ),
    "adamw": (
        lambda: K.AdamW(0.1),
        [0.89424556, 2.1824543, -3.2515457],
        [[0.2541158, -0.29689342], [1.3534937, 0.00818897]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "adamw_wd": (
        lambda: K.AdamW(0.1, weight_decay=0.05, amsgrad=True),
        [0.8778892, 2.1440175, -3.194782],
        [[0.24703287, -0.28977618], [1.328219, 0.005643286]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "adamax": (
        lambda: K.Adamax(0.1),
        [0.88516176, 2.1570013, -3.2120643],
        [[0.30870757, -0.33374292], [1.3544829, 0.05061376]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "nadam": (
        lambda: K.Nadam(0.1),
        [0.95869434, 2.0623107, -3.1672077],
        [[0.34532112, -0.4275908], [1.3830316, 0.113920376]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "nadam_betas": (
        lambda: K.Nadam(0.05, beta_1=0.8, beta_2=0.99),
        [0.9815411, 2.0322325, -3.0933554],
        [[0.4140961, -0.46194068], [1.4402488, 0.17472431]],
        [0.05, 0.05, 0.05, 0.05],
    ),
    "sgd_clipnorm": (
        lambda: K.SGD(0.1, clipnorm=1.0),
        [1.0181782, 1.9836435, -3.1072872],
        [[0.43699333, -0.52675915], [1.4525077, 0.23249933]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "adam_clipvalue": (
        lambda: K.Adam(0.1, clipvalue=0.5),
        [0.797958, 2.1181152, -3.173341],
        [[0.2831294, -0.43865785], [1.226145, 0.12694842]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "sgd_global_clipnorm": (
        lambda: K.SGD(0.1, global_clipnorm=2.0),
        [1.0284992, 1.9852912, -3.1189408],
        [[0.4247089, -0.5039751], [1.4640716, 0.17298198]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "sgd_weight_decay": (
        lambda: K.SGD(0.1, weight_decay=0.1),
        [1.0702802, 1.9588188, -3.1857412],
        [[0.3528701, -0.3853422], [1.5413692, -0.100930706]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "adam_weight_decay": (
        lambda: K.Adam(0.1, weight_decay=0.02),
        [0.8885296, 2.1690316, -3.2317142],
        [[0.25163266, -0.29440522], [1.3446614, 0.007297978]],
        [0.1, 0.1, 0.1, 0.1],
    ),
    "sgd_ema": (
        lambda: K.SGD(0.1, use_ema=True, ema_momentum=0.9),
        [1.11, 2.04, -3.3100002],
        [[0.37, -0.4], [1.6000001, -0.10000001]],
        [0.1, 0.1, 0.1, 0.1],
        [0.98229, 2.08887, -3.2125297],
        [[0.40042, -0.31774002], [1.4749001, -0.055900015]],
    ),
    "adam_ema_overwrite": (
        lambda: K.Adam(0.1, use_ema=True, ema_momentum=0.5, ema_overwrite_frequency=2),
        [0.909486, 2.1511774, -3.1935854],
        [[0.3174943, -0.33967835], [1.3863107, 0.06412961]],
        [0.1, 0.1, 0.1, 0.1],
        [0.909486, 2.1511774, -3.1935854],
        [[0.3174943, -0.33967835], [1.3863107, 0.06412961]],
    ),
    "sgd_exp_schedule": (
        lambda: K.SGD(S.ExponentialDecay(0.1, 2, 0.5, staircase=True)),
        [1.025, 2.0549998, -3.2200003],
        [[0.395, -0.37], [1.475, -0.025000012]],
        [0.1, 0.1, 0.05, 0.05],
    ),
    "adam_cosine_schedule": (
        lambda: K.Adam(S.CosineDecay(0.01, 3, warmup_target=0.1, warmup_steps=2)),
        [1.0144647, 2.074077, -3.1349866],
        [[0.38139823, -0.4142772], [1.4845399, 0.1267362]],
        [0.01, 0.055, 0.1, 0.075],
    ),
    "rmsprop_piecewise": (
        lambda: K.RMSprop(S.PiecewiseConstantDecay([1, 2], [0.1, 0.05, 0.01]), momentum=0.5),
        [0.5192397, 2.4160256, -3.5515316],
        [[0.005508572, -0.04280199], [0.62575686, -0.2906164]],
        [0.1, 0.1, 0.05, 0.01],
    ),
    "sgd_callable_lr": (
        lambda: K.SGD(lambda: 0.05, momentum=0.9),
        [1.075475, 2.1162999, -3.40655],
        [[0.33014998, -0.24480002], [1.5385251, -0.29535002]],
        [0.05, 0.05, 0.05, 0.05],
    ),
    "adamw_schedule": (
        lambda: K.AdamW(S.InverseTimeDecay(0.1, 1, 0.5), weight_decay=0.1),
        [0.8580319, 2.0963008, -3.1008382],
        [[0.3135468, -0.33096975], [1.3238512, 0.07222345]],
        [0.1, 0.06666667, 0.05, 0.04],
    ),
    "nadam_clipnorm_wd": (
        lambda: K.Nadam(0.1, clipnorm=0.5, weight_decay=0.01),
        [0.87064433, 1.9557068, -3.1169386],
        [[0.32980505, -0.5048836], [1.3158886, 0.19276795]],
        [0.1, 0.1, 0.1, 0.1],
    ),
}


def _train(opt, compiled):
    v1, v2 = tf.Variable(S1), tf.Variable(S2)

    def step(g1, g2):
        opt.apply_gradients([(g1, v1), (g2, v2)])

    step = tf.function(step) if compiled else step
    lrs = []
    for g1, g2 in zip(G1, G2, strict=True):
        lrs.append(float(np.asarray(opt.learning_rate)))
        step(tf.constant(g1), tf.constant(g2))
    return v1, v2, lrs


@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "function"])
@pytest.mark.parametrize("case", sorted(KERAS_4_STEPS))
def test_four_steps_match_keras(case, compiled):
    make, v1_ref, v2_ref, lrs_ref, *final = KERAS_4_STEPS[case]
    opt = make()
    v1, v2, lrs = _train(opt, compiled)
    np.testing.assert_allclose(v1.numpy(), v1_ref, rtol=2e-6, atol=1e-7)
    np.testing.assert_allclose(v2.numpy(), v2_ref, rtol=2e-6, atol=1e-7)
    np.testing.assert_allclose(lrs, lrs_ref, rtol=1e-6)
    assert opt.iterations.numpy() == 4
    if final:
        opt.finalize_variable_values([v1, v2])
        np.testing.assert_allclose(v1.numpy(), final[0], rtol=2e-6, atol=1e-7)
        np.testing.assert_allclose(v2.numpy(), final[1], rtol=2e-6, atol=1e-7)


# Keras 3's update rules (its optimizers' update_step), in float64 numpy, one variable at a time.
def _np_rmsprop(w, gs, lr, rho=0.9, momentum=0.0, eps=1e-7, centered=False):
    v, m, a = 0.0, 0.0, 0.0
    for g in gs:
        v = rho * v + (1 - rho) * g * g
        a = rho * a + (1 - rho) * g
        step = lr * g / np.sqrt((v - a * a if centered else v) + eps)
        m = momentum * m + step
        w = w - (m if momentum else step)
    return w


def _np_adagrad(w, gs, lr, init=0.1, eps=1e-7):
    acc = init
    for g in gs:
        acc = acc + g * g
        w = w - lr * g / np.sqrt(acc + eps)
    return w


def _np_adamax(w, gs, lr, b1=0.9, b2=0.999, eps=1e-7):
    m, u = 0.0, 0.0
    for t, g in enumerate(gs, 1):
        m, u = m + (g - m) * (1 - b1), np.maximum(b2 * u, np.abs(g))
        w = w - lr * m / ((1 - b1**t) * (u + eps))
    return w


def _np_nadam(w, gs, lr, b1=0.9, b2=0.999, eps=1e-7):
    m, v, prod = 0.0, 0.0, 1.0
    for t, g in enumerate(gs, 1):
        u_t, u_next = b1 * (1 - 0.5 * 0.96**t), b1 * (1 - 0.5 * 0.96 ** (t + 1))
        prod = prod * u_t
        m, v = m + (g - m) * (1 - b1), v + (g * g - v) * (1 - b2)
        m_hat = u_next * m / (1 - prod * u_next) + (1 - u_t) * g / (1 - prod)
        w = w - lr * m_hat / (np.sqrt(v / (1 - b2**t)) + eps)
    return w


def _np_adamw(w, gs, lr, wd, b1=0.9, b2=0.999, eps=1e-7):
    m, v = 0.0, 0.0
    for t, g in enumerate(gs, 1):
        w = w - w * wd * lr
        m, v = m + (g - m) * (1 - b1), v + (g * g - v) * (1 - b2)
        w = w - lr * np.sqrt(1 - b2**t) / (1 - b1**t) * m / (np.sqrt(v) + eps)
    return w


def _np_sgd_clipped(ws, gss, lr, clipnorm=None, global_clipnorm=None):
    ws = [np.array(w, np.float64) for w in ws]
    for step in zip(*gss, strict=True):
        gs = [np.array(g, np.float64) for g in step]
        if clipnorm:
            gs = [g * clipnorm / max(np.linalg.norm(g), clipnorm) for g in gs]
        if global_clipnorm:
            norm = np.sqrt(sum(np.sum(g * g) for g in gs))
            gs = [g * global_clipnorm / max(norm, global_clipnorm) for g in gs]
        ws = [w - lr * g for w, g in zip(ws, gs, strict=True)]
    return ws


def _each(fn, **kw):
    return [
        fn(np.array(S1, np.float64), np.array(G1, np.float64), **kw),
        fn(np.array(S2, np.float64), np.array(G2, np.float64), **kw),
    ]


NUMPY = {
    "rmsprop": _each(_np_rmsprop, lr=0.1),
    "rmsprop_momentum": _each(_np_rmsprop, lr=0.1, rho=0.8, momentum=0.9),
    "rmsprop_centered": _each(_np_rmsprop, lr=0.1, centered=True),
    "rmsprop_centered_momentum": _each(_np_rmsprop, lr=0.05, momentum=0.5, centered=True, eps=1e-3),
    "adagrad": _each(_np_adagrad, lr=0.1),
    "adagrad_init": _each(_np_adagrad, lr=0.2, init=0.5, eps=1e-3),
    "adamw": _each(_np_adamw, lr=0.1, wd=0.004),
    "adamax": _each(_np_adamax, lr=0.1),
    "nadam": _each(_np_nadam, lr=0.1),
    "nadam_betas": _each(_np_nadam, lr=0.05, b1=0.8, b2=0.99),
    "sgd_clipnorm": _np_sgd_clipped([S1, S2], [G1, G2], 0.1, clipnorm=1.0),
    "sgd_global_clipnorm": _np_sgd_clipped([S1, S2], [G1, G2], 0.1, global_clipnorm=2.0),
}


@pytest.mark.parametrize("case", sorted(NUMPY))
def test_four_steps_match_keras_formulas_in_numpy(case):
    v1, v2, _ = _train(KERAS_4_STEPS[case][0](), compiled=False)
    np.testing.assert_allclose(v1.numpy(), NUMPY[case][0], rtol=2e-5, atol=5e-6)
    np.testing.assert_allclose(v2.numpy(), NUMPY[case][1], rtol=2e-5, atol=5e-6)


def test_variable_paths_and_order_match_keras():
    # [v.path for v in opt.variables] after opt.build(Dense(2, name='dense') on 3 inputs), TF 2.21.
    expected = {
        "rms": (
            lambda: K.RMSprop(name="rms", momentum=0.5, centered=True),
            [
                "rms/iteration",
                "rms/learning_rate",
                "rms/dense_kernel_velocity",
                "rms/dense_bias_velocity",
                "rms/dense_kernel_momentum",
                "rms/dense_bias_momentum",
                "rms/dense_kernel_average_gradient",
                "rms/dense_bias_average_gradient",
            ],
        ),
        "ada": (
            lambda: K.Adagrad(name="ada"),
            [
                "ada/iteration",
                "ada/learning_rate",
                "ada/dense_kernel_accumulator",
                "ada/dense_bias_accumulator",
            ],
        ),
        "adamw": (
            lambda: K.AdamW(name="adamw", amsgrad=True),
            [
                "adamw/iteration",
                "adamw/learning_rate",
                "adamw/dense_kernel_momentum",
                "adamw/dense_kernel_velocity",
                "adamw/dense_bias_momentum",
                "adamw/dense_bias_velocity",
                "adamw/dense_kernel_velocity_hat",
                "adamw/dense_bias_velocity_hat",
            ],
        ),
        "adamax": (
            lambda: K.Adamax(name="adamax"),
            [
                "adamax/iteration",
                "adamax/learning_rate",
                "adamax/dense_kernel_momentum",
                "adamax/dense_kernel_norm",
                "adamax/dense_bias_momentum",
                "adamax/dense_bias_norm",
            ],
        ),
        "nadam": (
            lambda: K.Nadam(name="nadam"),
            [
                "nadam/iteration",
                "nadam/learning_rate",
                "nadam/dense_kernel_momentum",
                "nadam/dense_kernel_velocity",
                "nadam/dense_bias_momentum",
                "nadam/dense_bias_velocity",
                "variable",
            ],
        ),
        "ema": (
            lambda: K.SGD(name="sgd", momentum=0.9, use_ema=True),
            [
                "sgd/iteration",
                "sgd/learning_rate",
                "sgd/dense_kernel_average",
                "sgd/dense_bias_average",
                "sgd/dense_kernel_momentum",
                "sgd/dense_bias_momentum",
            ],
        ),
        "schedule": (lambda: K.SGD(S.ExponentialDecay(0.1, 2, 0.5), name="sgd"), ["sgd/iteration"]),
    }
    for make, paths in expected.values():
        tf.keras.backend.clear_session()
        layer = tf.keras.layers.Dense(2, name="dense")
        layer.build((None, 3))
        opt = make()
        opt.build(layer.trainable_variables)
        assert [v.path for v in opt.variables] == paths
        assert [v.dtype for v in opt.variables] == [tf.int64] + [tf.float32] * (len(paths) - 1)


def test_defaults_and_get_match_keras():
    # Defaults and names printed by TF 2.21 / Keras 3.15.
    o = K.RMSprop()
    assert (o.rho, o.momentum, o.epsilon, o.centered) == (0.9, 0.0, 1e-07, False)
    np.testing.assert_allclose(o.learning_rate.numpy(), 0.001)
    assert (K.AdamW().weight_decay, K.Adagrad().initial_accumulator_value) == (0.004, 0.1)
    assert (K.Adamax().beta_2, K.Nadam().beta_1) == (0.999, 0.9)
    tf.keras.backend.clear_session()
    for name, cls, auto in [
        ("adam", K.Adam, "adam"),
        ("RMSprop", K.RMSprop, "rm_sprop"),
        ("adamw", K.AdamW, "adam_w"),
        ("nadam", K.Nadam, "nadam"),
        ("sgd", K.SGD, "sgd"),
    ]:
        opt = K.get(name)
        assert type(opt) is cls and opt.name == auto
    opt = K.Adagrad()
    assert K.get(opt) is opt and K.get(None) is None
    with pytest.raises(ValueError, match="^Could not interpret optimizer identifier: nope$"):
        K.get("nope")


def test_schedule_learning_rate_is_a_tensor_and_not_settable():
    opt = K.SGD(S.ExponentialDecay(0.1, 2, 0.5))
    assert type(opt.learning_rate).__name__ == "EagerTensor" and opt.learning_rate.dtype == tf.float32
    with pytest.raises(
        TypeError,
        match="^This optimizer was created with a `LearningRateSchedule` object as its "
        "`learning_rate` constructor argument, hence its learning rate is not settable",
    ):
        opt.learning_rate = 0.1
    opt = K.SGD(0.1)
    opt.learning_rate = S.ExponentialDecay(1.0, 1, 0.5)  # Keras lets a float rate become a schedule
    v = tf.Variable(1.0)
    opt.apply_gradients([(tf.constant(1.0), v)])
    opt.apply_gradients([(tf.constant(1.0), v)])
    np.testing.assert_allclose(v.numpy(), 1.0 - 1.0 - 0.5)


def test_option_errors_match_keras():
    # TF 2.21's messages.
    with pytest.raises(
        ValueError,
        match=r"^Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be "
        r"set. Received: clipnorm=1.0, clipvalue=1.0, global_clipnorm=None$",
    ):
        K.SGD(clipnorm=1.0, clipvalue=1.0)
    with pytest.raises(
        ValueError, match="^Argument `weight_decay` must be a float. Received: weight_decay=None$"
    ):
        K.AdamW(weight_decay=None)
    with pytest.raises(
        ValueError,
        match=r"^`ema_momentum` must be in the range \[0, 1\]. Received: "
        r"ema_momentum=2.0$",
    ):
        K.SGD(use_ema=True, ema_momentum=2.0)
    with pytest.raises(ValueError, match="`ema_overwrite_frequency` must be an integer >= 1 or None"):
        K.SGD(use_ema=True, ema_overwrite_frequency=0.5)
    with pytest.raises(ValueError, match=r"Argument\(s\) not recognized: \{'bogus': 1\}"):
        K.RMSprop(bogus=1)
    with pytest.raises(ValueError, match="Received instead: learning_rate=x"):
        K.Nadam(learning_rate="x")


def test_weight_decay_exclusions():
    v, b = tf.Variable([1.0, 2.0], name="kernel"), tf.Variable([1.0], name="bias")
    opt = K.SGD(0.1, weight_decay=0.5)
    opt.exclude_from_weight_decay(var_names=["bias"])
    opt.apply_gradients([(tf.zeros(2), v), (tf.zeros(1), b)])
    np.testing.assert_allclose(v.numpy(), [0.95, 1.9], rtol=1e-6)
    assert b.numpy().tolist() == [1.0]
    with pytest.raises(ValueError, match="can only be configured before the optimizer is built"):
        opt.exclude_from_weight_decay(var_list=[v])


def test_a_failed_step_changes_nothing():
    v, w, opt = tf.Variable([1.0, 2.0]), tf.Variable(1.0), K.Nadam(0.1, use_ema=True, weight_decay=0.1)
    opt.apply_gradients([(tf.constant([1.0, 1.0]), v), (tf.constant(1.0), w)])
    state = [x.numpy().copy() for x in opt.variables] + [v.numpy(), w.numpy()]
    with pytest.raises(tf.errors.InvalidArgumentError, match="cannot update variable"):
        opt.apply_gradients([(tf.constant([1.0, 1.0]), v), (tf.ones(3), w)])
    after = [x.numpy() for x in opt.variables] + [v.numpy(), w.numpy()]
    for before, now in zip(state, after, strict=True):
        np.testing.assert_array_equal(before, now)
