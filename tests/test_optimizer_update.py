"""An optimizer step is one compiled program (keras/_src/optimizers/update_program.py,
_core/recording/state_update.py): XLA compiles counted with a ``jax.monitoring`` listener (one
per structure, none for a new learning rate or hyperparameter), numbers against each update
rule written by hand op by op in numpy float32, and a failed call that changes no Variable.
"""

from __future__ import annotations

import contextlib

import jax
import jax.numpy as jnp
import numpy as np
import optax
import pytest

import tapejax as tf
from tapejax.keras._src.optimizers.hyperparameters import as_float

K = tf.keras.optimizers
f32 = np.float32
BACKEND_COMPILE = "/jax/core/compile/backend_compile_duration"
SHAPES = [(3,), (2, 2), ()]
RNG = np.random.default_rng(25)
GRADS = [[RNG.normal(size=s).astype(f32) for s in SHAPES] for _ in range(4)]
START = [RNG.normal(size=s).astype(f32) for s in SHAPES]


@contextlib.contextmanager
def compiles():
    """Counts XLA backend compiles inside the block (``len`` of the list it yields)."""
    seen: list = []

    def listener(event, duration, **kwargs):
        if event == BACKEND_COMPILE:
            seen.append(kwargs.get("fun_name"))

    jax.monitoring.register_event_duration_secs_listener(listener)
    try:
        yield seen
    finally:
        jax.monitoring.unregister_event_duration_listener(listener)


def variables():
    return [tf.Variable(v) for v in START]


def close(a, b):
    np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-5, atol=1e-6)


# -- each update rule by hand, op by op (numpy float32, Keras 3's order of operations) -------
def sgd(w, g, s, lr, t, momentum=0.0, nesterov=False):
    if not momentum:
        return w - g * lr
    m = s.get("m", 0 * w) * f32(momentum) - g * lr
    s["m"] = m
    return w + (m * f32(momentum) - g * lr) if nesterov else w + m


def adam(w, g, s, lr, t, amsgrad=False, b1=0.9, b2=0.999, eps=1e-7):
    m = s.get("m", 0 * w) + (g - s.get("m", 0 * w)) * f32(1 - b1)
    v = s.get("v", 0 * w) + (g * g - s.get("v", 0 * w)) * f32(1 - b2)
    s["m"], s["v"] = m, v
    if amsgrad:
        v = s["vh"] = np.maximum(s.get("vh", 0 * w), v)
    alpha = lr * np.sqrt(1 - f32(b2) ** f32(t)) / (1 - f32(b1) ** f32(t))
    return w - (m * alpha) / (np.sqrt(v) + f32(eps))


def rmsprop(w, g, s, lr, t, rho=0.9, momentum=0.0, centered=False, eps=1e-7):
    v = s["v"] = f32(rho) * s.get("v", 0 * w) + f32(1 - rho) * g * g
    denominator = v + f32(eps)
    if centered:
        a = s["a"] = f32(rho) * s.get("a", 0 * w) + f32(1 - rho) * g
        denominator = v - a * a + f32(eps)
    increment = lr * g / np.sqrt(denominator)
    if momentum:
        increment = s["m"] = f32(momentum) * s.get("m", 0 * w) + increment
    return w - increment


def adagrad(w, g, s, lr, t, eps=1e-7):
    acc = s["acc"] = s.get("acc", 0 * w + f32(0.1)) + g * g
    return w - lr * g / np.sqrt(acc + f32(eps))


def adamax(w, g, s, lr, t, b1=0.9, b2=0.999, eps=1e-7):
    m = s["m"] = s.get("m", 0 * w) + (g - s.get("m", 0 * w)) * f32(1 - b1)
    u = s["u"] = np.maximum(f32(b2) * s.get("u", 0 * w), np.abs(g))
    return w - lr * m / ((1 - f32(b1) ** f32(t)) * (u + f32(eps)))


def nadam(w, g, s, lr, t, b1=0.9, b2=0.999, eps=1e-7):
    u_t = f32(b1) * (f32(1) - f32(0.5) * f32(0.96) ** f32(t))
    u_t1 = f32(b1) * (f32(1) - f32(0.5) * f32(0.96) ** f32(t + 1))
    product = s["shared"]["u"]  # updated once per step, before the variables
    m = s["m"] = s.get("m", 0 * w) + (g - s.get("m", 0 * w)) * (f32(1) - f32(b1))
    v = s["v"] = s.get("v", 0 * w) + (g * g - s.get("v", 0 * w)) * (f32(1) - f32(b2))
    m_hat = u_t1 * m / (1 - product * u_t1) + (1 - u_t) * g / (1 - product)
    v_hat = v / (1 - f32(b2) ** f32(t))
    return w - m_hat * lr / (np.sqrt(v_hat) + f32(eps))


CASES = {
    "sgd": (lambda: K.SGD(0.1), sgd, {}),
    "sgd_nesterov": (
        lambda: K.SGD(0.1, momentum=0.9, nesterov=True),
        sgd,
        {"momentum": 0.9, "nesterov": True},
    ),
    "adam": (lambda: K.Adam(0.1), adam, {}),
    "adam_amsgrad": (lambda: K.Adam(0.1, amsgrad=True), adam, {"amsgrad": True}),
    "rmsprop": (
        lambda: K.RMSprop(0.1, momentum=0.5, centered=True),
        rmsprop,
        {"momentum": 0.5, "centered": True},
    ),
    "adagrad": (lambda: K.Adagrad(0.1), adagrad, {}),
    "adamax": (lambda: K.Adamax(0.1), adamax, {}),
    "nadam": (lambda: K.Nadam(0.1), nadam, {}),
}


def reference(rule, options, steps, lr=0.1, decay=None, clip=None, scale=None, lrs=None):
    """The weights after each step, by hand."""
    weights, slots, shared, out = [w.copy() for w in START], [{} for _ in SHAPES], {"u": f32(1)}, []
    for t, given in enumerate(GRADS[:steps], start=1):
        rate = f32(lr if lrs is None else lrs[t - 1])
        grads = [g / f32(scale) for g in given] if scale else given
        if clip:
            grads = [g * f32(clip) / np.maximum(np.sqrt(np.sum(g * g)), f32(clip)) for g in grads]
        if decay:
            weights = [w - w * f32(decay) * rate for w in weights]
        shared["u"] = shared["u"] * f32(0.9) * (f32(1) - f32(0.5) * f32(0.96) ** f32(t))
        for s in slots:
            s["shared"] = shared
        weights = [rule(w, g, s, rate, t, **options) for w, g, s in zip(weights, grads, slots, strict=True)]
        out.append(weights)
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_optimizer_gives_the_hand_written_numbers_with_one_compile(name):
    make, rule, options = CASES[name]
    tf.clear_caches()
    vs, opt = variables(), make()
    expected = reference(rule, options, 4)
    grads = [tf.constant(g) for g in GRADS[0]]  # converted outside the count
    with compiles() as seen:
        opt.apply_gradients(zip(grads, vs, strict=True))
    assert len(seen) == 1, seen  # the whole update: one program
    for step in range(1, 4):
        grads = [tf.constant(g) for g in GRADS[step]]  # converted outside the count
        with compiles() as seen:
            opt.apply_gradients(zip(grads, vs, strict=True))
        assert seen == []
    for v, e in zip(vs, expected[-1], strict=True):
        close(v.numpy(), e)
    assert int(opt.iterations.numpy()) == 4


def test_clipping_weight_decay_and_loss_scale_are_inside_the_one_program():
    tf.clear_caches()
    vs = variables()
    opt = K.Adam(0.1, clipnorm=0.7, weight_decay=0.05, loss_scale_factor=4.0)
    expected = reference(adam, {}, 3, decay=0.05, clip=0.7, scale=4.0)
    with compiles() as seen:
        for grads in GRADS[:3]:
            opt.apply_gradients(zip([tf.constant(g) for g in grads], vs, strict=True))
    assert len(seen) == 1
    for v, e in zip(vs, expected[-1], strict=True):
        close(v.numpy(), e)


def test_ema_is_inside_the_one_program():
    tf.clear_caches()
    vs = variables()
    opt = K.SGD(0.1, use_ema=True, ema_momentum=0.5, ema_overwrite_frequency=3)
    expected = reference(sgd, {}, 3)
    with compiles() as seen:
        for grads in GRADS[:2]:
            opt.apply_gradients(zip([tf.constant(g) for g in grads], vs, strict=True))
    assert len(seen) == 1
    # average after step 1: the weights themselves (momentum 0 at iteration 0); after step 2:
    # 0.5 * average + 0.5 * weights
    average = [0.5 * a + 0.5 * b for a, b in zip(expected[0], expected[1], strict=True)]
    opt.finalize_variable_values(vs)
    for v, e in zip(vs, average, strict=True):
        close(v.numpy(), e)


def test_learning_rates_and_hyperparameters_change_without_a_compile():
    tf.clear_caches()
    vs, opt = variables(), K.Adam(0.1)
    opt.apply_gradients(zip([tf.constant(g) for g in GRADS[0]], vs, strict=True))
    opt.learning_rate = 0.05
    opt.beta_1 = 0.5
    grads = [tf.constant(g) for g in GRADS[1]]  # converted outside the count
    with compiles() as seen:
        opt.apply_gradients(zip(grads, vs, strict=True))
    assert seen == []
    # by hand: step 1 with lr 0.1, beta_1 0.9; step 2 with lr 0.05, beta_1 0.5
    weights, slots = [w.copy() for w in START], [{} for _ in SHAPES]
    weights = [adam(w, g, s, f32(0.1), 1) for w, g, s in zip(weights, GRADS[0], slots, strict=True)]
    weights = [adam(w, g, s, f32(0.05), 2, b1=0.5) for w, g, s in zip(weights, GRADS[1], slots, strict=True)]
    for v, e in zip(vs, weights, strict=True):
        close(v.numpy(), e)


def test_a_schedule_is_read_inside_the_program_at_each_step():
    tf.clear_caches()
    schedule = K.schedules.ExponentialDecay(0.1, decay_steps=2, decay_rate=0.5)
    vs, opt = variables(), K.SGD(schedule)
    with compiles() as seen:
        for grads in GRADS:
            opt.apply_gradients(zip([tf.constant(g) for g in grads], vs, strict=True))
    assert len(seen) == 1
    lrs = [0.1 * 0.5 ** (t / 2) for t in range(4)]  # read at iterations 0, 1, 2, 3
    for v, e in zip(vs, reference(sgd, {}, 4, lrs=lrs)[-1], strict=True):
        close(v.numpy(), e)


def test_a_callable_learning_rate_is_read_before_each_step():
    tf.clear_caches()
    rates = iter([0.1, 0.01, 1.0, 0.5])
    vs, opt = variables(), K.SGD(lambda: next(rates))
    with compiles() as seen:
        for grads in GRADS:
            opt.apply_gradients(zip([tf.constant(g) for g in grads], vs, strict=True))
    assert len(seen) == 1
    for v, e in zip(vs, reference(sgd, {}, 4, lrs=[0.1, 0.01, 1.0, 0.5])[-1], strict=True):
        close(v.numpy(), e)


def test_a_new_structure_compiles_once_more():
    tf.clear_caches()
    vs, opt = variables(), K.Adam(0.1)
    grads = [tf.constant(g) for g in GRADS[0]]
    opt.apply_gradients(zip(grads, vs, strict=True))
    with compiles() as seen, pytest.warns(UserWarning, match="Gradients do not exist"):
        opt.apply_gradients(zip([grads[0], None, grads[2]], vs, strict=True))
        opt.apply_gradients(zip([grads[0], None, grads[2]], vs, strict=True))
    assert len(seen) == 1
    rows = tf.IndexedSlices(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([1, 1]), tf.constant([2, 2]))
    with compiles() as seen:
        opt.apply_gradients(zip([grads[0], rows, grads[2]], vs, strict=True))
        opt.apply_gradients(zip([grads[0], rows, grads[2]], vs, strict=True))
    assert len(seen) == 1


def test_sparse_rows_are_squared_apart_inside_the_program():
    v = tf.Variable([[1.0, 1.0], [1.0, 1.0]])
    rows = tf.IndexedSlices(tf.constant([[1.0, 2.0], [3.0, -4.0]]), tf.constant([1, 1]), tf.constant([2, 2]))
    K.Adagrad(0.1).apply_gradients([(rows, v)])
    g = np.array([[0, 0], [4, -2]], f32)
    square = np.array([[0, 0], [10, 20]], f32)  # 1 + 9 and 4 + 16, not 4**2 and 2**2
    close(v.numpy(), 1 - f32(0.1) * g / np.sqrt(f32(0.1) + square + f32(1e-7)))


def _state(opt, vs):
    return [np.array(x.numpy()) for x in [*vs, *opt.variables]]


def _unchanged(before, opt, vs):
    for a, b in zip(before, _state(opt, vs), strict=True):
        np.testing.assert_array_equal(a, b)


def test_a_failed_call_changes_no_variable():
    vs, opt = variables(), K.Adam(0.1, use_ema=True)
    opt.apply_gradients(zip([tf.constant(g) for g in GRADS[0]], vs, strict=True))
    before = _state(opt, vs)
    bad_shape = [tf.constant(GRADS[1][0]), tf.ones([3]), tf.constant(GRADS[1][2])]
    with pytest.raises(tf.errors.InvalidArgumentError, match="cannot update variable"):
        opt.apply_gradients(zip(bad_shape, vs, strict=True))
    _unchanged(before, opt, vs)
    out_of_range = tf.IndexedSlices(tf.ones([1, 2]), tf.constant([5]), tf.constant([2, 2]))
    with pytest.raises(tf.errors.InvalidArgumentError, match="does not index into shape"):
        opt.apply_gradients(
            zip([tf.constant(GRADS[1][0]), out_of_range, tf.constant(GRADS[1][2])], vs, strict=True)
        )
    _unchanged(before, opt, vs)


def test_a_call_that_fails_after_the_program_changes_no_variable():
    def constraint(w):
        raise RuntimeError("constraint failed")

    layer = tf.keras.layers.Dense(2, kernel_constraint=constraint)
    layer.build((None, 3))
    opt = K.Adam(0.1)
    grads = [tf.ones([3, 2]), tf.ones([2])]
    opt.build(layer.trainable_variables)
    before = _state(opt, layer.trainable_variables)
    with pytest.raises(RuntimeError, match="constraint failed"):
        opt.apply_gradients(zip(grads, layer.trainable_variables, strict=True))
    _unchanged(before, opt, layer.trainable_variables)


def test_the_same_program_is_traced_into_a_function():
    eager_vs, fn_vs = variables(), variables()
    eager, compiled = K.Adam(0.1, global_clipnorm=1.0), K.Adam(0.1, global_clipnorm=1.0)

    @tf.function
    def step(grads):
        compiled.apply_gradients(zip(grads, fn_vs, strict=True))

    for grads in GRADS:
        eager.apply_gradients(zip([tf.constant(g) for g in grads], eager_vs, strict=True))
        step([tf.constant(g) for g in grads])
    for a, b in zip(eager_vs, fn_vs, strict=True):
        close(a.numpy(), b.numpy())
    assert int(compiled.iterations.numpy()) == 4


def test_a_hyperparameter_rounds_once_to_16_bits():
    # XLA's float64 -> float16 conversion rounds through float32: 0.706298828... would be 0.706
    value = 0.7062988328752062
    with jax.enable_x64(True):  # as tapejax runs the program
        for dtype in (jnp.float16, jnp.bfloat16):
            got = jax.jit(lambda x, d=dtype: as_float(x, jnp.zeros((), d)))(np.float64(value))
            assert float(got) == float(np.asarray(value).astype(dtype))


def test_optax_steps_are_one_program_with_optax_numbers():
    tf.clear_caches()
    vs = variables()
    tx = optax.adam(0.1)
    opt = tf.experimental.OptaxOptimizer(tx)
    params = [jnp.asarray(w) for w in START]
    state = tx.init(params)
    for grads in GRADS:  # optax by hand
        updates, state = tx.update([jnp.asarray(g) for g in grads], state, params)
        params = optax.apply_updates(params, updates)
    grads = [tf.constant(g) for g in GRADS[0]]  # converted outside the count
    with compiles() as seen:
        opt.apply_gradients(zip(grads, vs, strict=True))
    assert seen.count("jit(_optax_step)") == 1  # the others: optax's init, run eagerly to build
    with compiles() as seen:
        for grads in GRADS[1:]:
            opt.apply_gradients(zip([tf.constant(g) for g in grads], vs, strict=True))
    assert seen == []
    for v, p in zip(vs, params, strict=True):
        close(v.numpy(), p)
    assert int(opt.iterations.numpy()) == 4


def test_optax_failed_call_changes_no_variable():
    vs = variables()
    opt = tf.experimental.OptaxOptimizer(optax.sgd(0.1))
    opt.apply_gradients(zip([tf.constant(g) for g in GRADS[0]], vs, strict=True))
    before = _state(opt, vs)
    with pytest.raises(ValueError, match="Shape mismatch"):
        opt.apply_gradients(zip([tf.constant(GRADS[1][0]), None, tf.ones([3])], vs, strict=True))
    _unchanged(before, opt, vs)
