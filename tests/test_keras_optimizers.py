"""tf.keras.optimizers: SGD and Adam vs TF 2.21 / Keras 3.15 and vs a numpy implementation."""

from __future__ import annotations

import numpy as np
import pytest

import tapejax as tf

K = tf.keras.optimizers
GRADS = [
    np.array([0.5, -1.0, 2.0], np.float32),
    np.array([0.1, 0.3, -0.7], np.float32),
    np.array([-2.0, 0.0, 1.5], np.float32),
]
START = [1.0, 2.0, -3.0]

# The variable after the three GRADS steps, printed by TF 2.21 / Keras 3.15 (CPU).
KERAS = {
    "sgd": (lambda: K.SGD(0.1), [1.1399999856948853, 2.069999933242798, -3.2800002098083496]),
    "momentum": (
        lambda: K.SGD(0.1, momentum=0.9),
        [1.0455000400543213, 2.2139997482299805, -3.559000015258789],
    ),
    "nesterov": (
        lambda: K.SGD(0.1, momentum=0.9, nesterov=True),
        [1.1809499263763428, 2.2625999450683594, -3.783100128173828],
    ),
    "adam": (lambda: K.Adam(0.1), [0.8662817478179932, 2.175855875015259, -3.199953317642212]),
    "amsgrad": (
        lambda: K.Adam(0.1, amsgrad=True),
        [0.8662817478179932, 2.1758391857147217, -3.199953317642212],
    ),
}


def _numpy_adam(grads, lr=0.1, b1=0.9, b2=0.999, eps=1e-7, amsgrad=False):
    w, m, v, vhat = np.array(START, np.float64), 0.0, 0.0, 0.0
    for t, g in enumerate(grads, 1):
        m, v = m + (g - m) * (1 - b1), v + (g * g - v) * (1 - b2)
        vhat = np.maximum(vhat, v) if amsgrad else v
        w = w - lr * np.sqrt(1 - b2**t) / (1 - b1**t) * m / (np.sqrt(vhat) + eps)
    return w


def _numpy_sgd(grads, lr=0.1, momentum=0.0, nesterov=False):
    w, m = np.array(START, np.float64), 0.0
    for g in grads:
        m = momentum * m - lr * g
        w = w + (momentum * m - lr * g if nesterov else m)
    return w


NUMPY = {
    "sgd": _numpy_sgd(GRADS),
    "momentum": _numpy_sgd(GRADS, momentum=0.9),
    "nesterov": _numpy_sgd(GRADS, momentum=0.9, nesterov=True),
    "adam": _numpy_adam(GRADS),
    "amsgrad": _numpy_adam(GRADS, amsgrad=True),
}


def _train(opt, compiled: bool):
    v = tf.Variable(START)

    def step(g):
        return opt.apply_gradients([(g, v)])

    step = tf.function(step) if compiled else step
    for g in GRADS:
        step(tf.constant(g))
    return v


@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "function"])
@pytest.mark.parametrize("case", sorted(KERAS))
def test_three_steps_match_keras_and_numpy(case, compiled):
    make, expected = KERAS[case]
    opt = make()
    v = _train(opt, compiled)
    np.testing.assert_allclose(v.numpy(), expected, rtol=1e-6)
    np.testing.assert_allclose(v.numpy(), NUMPY[case], rtol=1e-5)
    assert opt.iterations.numpy() == 3 and opt.iterations.dtype == tf.int64


def test_variables_names_and_learning_rate():
    tf.keras.backend.clear_session()
    layer = tf.keras.layers.Dense(2, name="dense")
    layer.build((None, 3))
    opt = K.Adam(0.1, name="adam")
    opt.apply(list(tf.zeros_like(w) for w in layer.trainable_variables), layer.trainable_variables)
    assert [v.path for v in opt.variables] == [
        "adam/iteration",
        "adam/learning_rate",
        "adam/dense_kernel_momentum",
        "adam/dense_kernel_velocity",
        "adam/dense_bias_momentum",
        "adam/dense_bias_velocity",
    ]
    opt.learning_rate = 0.5
    assert opt.learning_rate.numpy() == np.float32(0.5) and opt.learning_rate.dtype == tf.float32


def test_learning_rate_change_reaches_a_compiled_step():
    v, opt = tf.Variable(1.0), K.SGD(0.1)
    step = tf.function(lambda: opt.apply_gradients([(tf.constant(1.0), v)]))
    step()
    opt.learning_rate = 1.0
    step()
    np.testing.assert_allclose(v.numpy(), 1.0 - 0.1 - 1.0, rtol=1e-6)


def test_none_gradients_are_skipped_with_keras_warning():
    v, w, opt = tf.Variable([1.0, 2.0]), tf.Variable(3.0), K.SGD(0.1)
    with pytest.warns(UserWarning, match=r"Gradients do not exist for variables \['Variable:0'\]"):
        opt.apply_gradients([(tf.constant([1.0, 1.0]), v), (None, w)])
    np.testing.assert_allclose(v.numpy(), [0.9, 1.9], rtol=1e-6)
    assert w.numpy() == 3.0
    with pytest.raises(ValueError, match="No gradients provided for any variable"):
        opt.apply_gradients([(None, w)])


def test_updates_are_not_recorded_by_a_tape():
    v, opt = tf.Variable(2.0), K.Adam(0.1)
    with tf.GradientTape(persistent=True) as tape:
        loss = v * v
        opt.apply_gradients([(tf.constant(1.0), v)])
    assert tape.gradient(loss, v).numpy() == 4.0
    assert [x.name for x in tape.watched_variables()] == [v.name]
    assert tape.gradient(tf.cast(opt.iterations, tf.float32) + opt.learning_rate, v) is None


def test_shape_mismatch_leaves_everything_unchanged():
    v, w, opt = tf.Variable([1.0, 2.0]), tf.Variable(1.0), K.Adam(0.1)
    with pytest.raises(tf.errors.InvalidArgumentError, match="cannot update variable 'Variable:0'"):
        opt.apply_gradients([(tf.constant(1.0), w), (tf.ones(3), v)])
    assert w.numpy() == 1.0 and v.numpy().tolist() == [1.0, 2.0] and opt.iterations.numpy() == 0


def test_option_errors():
    with pytest.raises(NotImplementedError, match="`gradient_accumulation_steps` is not supported"):
        K.SGD(gradient_accumulation_steps=2)
    with pytest.raises(ValueError, match="Argument\\(s\\) not recognized"):
        K.Adam(lr=0.1)
    with pytest.raises(ValueError, match="`momentum` must be a float between"):
        K.SGD(momentum=-1.0)
    with pytest.raises(
        ValueError,
        match="Argument `learning_rate` should be float, or an instance of "
        "LearningRateSchedule, or a callable .* Received instead: learning_rate=1$",
    ):
        K.SGD(learning_rate=1)
    opt, v, w = K.SGD(momentum=0.5), tf.Variable(1.0), tf.Variable(1.0)
    opt.apply_gradients([(tf.constant(1.0), v)])
    with pytest.raises(ValueError, match="unknown variable 'Variable:0'"):
        opt.apply_gradients([(tf.constant(1.0), w)])


def test_apply_needs_one_gradient_per_variable():
    with pytest.raises(ValueError, match="SGD.apply: got 1 gradients for 2 variables"):
        K.SGD().apply([tf.constant(1.0)], [tf.Variable(1.0), tf.Variable(2.0)])


def test_build_once_apply_without_variables_and_amsgrad_slot_order():
    # Slot order and values printed by TF 2.21 / Keras 3.15 for the same calls.
    v, w = tf.Variable(1.0, name="v"), tf.Variable([1.0], name="w")
    opt = K.Adam(0.1, amsgrad=True, name="ams")
    with pytest.raises(ValueError, match="when passing `grads` without `variables`"):
        opt.apply([1.0, [1.0]])
    opt.build([v, w])
    opt.build([v])  # only the first build counts, as in Keras
    assert [s.path for s in opt.variables[2:]] == [
        "ams/v_0_momentum",
        "ams/v_0_velocity",
        "ams/w_0_momentum",
        "ams/w_0_velocity",
        "ams/v_0_velocity_hat",
        "ams/w_0_velocity_hat",
    ]
    opt.apply([tf.constant(1.0), tf.constant([1.0])])
    np.testing.assert_allclose([v.numpy(), w.numpy()[0]], [0.900001, 0.900001], rtol=1e-6)
    with pytest.raises(ValueError, match="No gradients provided"):
        opt.apply_gradients(zip([], [], strict=True))


def test_optimizers_apply_variable_constraints_after_the_update():
    # TF 2.21 / Keras 3.15 printed these: the constraint projects each weight after the step
    # (MaxNorm of the kernel, NonNeg of the bias), in fit and in apply_gradients.
    x = np.linspace(-1, 1, 30, dtype=np.float32).reshape(10, 3)
    y = x @ np.array([[3.0], [-2.0], [1.0]], np.float32)
    constraints = tf.keras.constraints
    model = tf.keras.Sequential(
        [
            tf.keras.Input((3,)),
            tf.keras.layers.Dense(
                1, kernel_constraint=constraints.MaxNorm(1.0), bias_constraint=constraints.NonNeg()
            ),
        ]
    )
    model.set_weights([np.array([[0.5], [0.2], [-0.1]], np.float32), np.array([-0.3], np.float32)])
    model.compile(tf.keras.optimizers.Adam(0.5), "mse")
    history = model.fit(x, y, batch_size=5, epochs=2, shuffle=False, verbose=0)
    # atol: 6 digits printed; rtol: two epochs of XLA's float32 sums vs Eigen's.
    np.testing.assert_allclose(history.history["loss"], [0.228624, 0.044913], rtol=1e-5, atol=5e-7)
    kernel, bias = model.get_weights()
    np.testing.assert_allclose(
        kernel.ravel(), [0.6195430159568787, 0.5759490132331848, 0.5333369970321655], rtol=1e-5
    )
    assert bias.tolist() == [0.0] and np.linalg.norm(kernel) <= 1.0 + 1e-6

    layer = tf.keras.layers.Dense(2, kernel_constraint=tf.keras.constraints.NonNeg(), use_bias=False)
    layer.build((None, 2))
    layer.kernel.assign(np.array([[1.0, -1.0], [-2.0, 3.0]], np.float32))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(tf.ones((1, 2))) ** 2)
    optimizer = tf.keras.optimizers.SGD(0.1)
    optimizer.apply_gradients(
        zip(tape.gradient(loss, layer.trainable_variables), layer.trainable_variables, strict=True)
    )
    np.testing.assert_allclose(layer.kernel.numpy().ravel(), [1.2, 0.0, 0.0, 2.6], rtol=1e-6)
