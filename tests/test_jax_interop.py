"""tapejax in the JAX world (issue 12): no global switch at import, Tensors and Variables as JAX
values, any JAX function on the tape (``tapejax.experimental.jax_op``), optax driving Variables.

References are JAX's own results for the same functions (and finite differences)."""

from __future__ import annotations

import json
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf

_STEP = """
import json, sys
import jax, jax.numpy as jnp
def mlp_step(seed):
    k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
    params = {"w": jax.random.normal(k1, (4, 3)), "b": jnp.zeros(3)}
    x = jax.random.normal(k2, (8, 4))
    loss = lambda p: jnp.mean(jnp.tanh(x @ p["w"] + p["b"]) ** 2)
    g = jax.jit(jax.grad(loss))(params)
    new = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, g)
    return {k: [str(v.dtype), v.tolist()] for k, v in new.items()} | {"one": str(jnp.array(1.0).dtype)}
before = mlp_step(0)
import tapejax
after = mlp_step(0)
x64 = jax.config.jax_enable_x64
t = tapejax.constant([1.0, 2.0], dtype=tapejax.float64)
print(json.dumps({"before": before, "after": after, "x64": x64, "tensor": str(t.dtype.name),
                  "float64_sum": float(tapejax.reduce_sum(t))}))
"""


def test_import_changes_no_global_jax_configuration():
    out = subprocess.run([sys.executable, "-c", _STEP], capture_output=True, text=True, check=True)
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["before"] == got["after"]  # same dtypes, bit-identical values
    assert got["after"]["w"][0] == "float32" and got["after"]["one"] == "float32"
    assert got["x64"] is False
    assert got["tensor"] == "float64" and got["float64_sum"] == 3.0


def test_tensorflow_64_bit_dtypes_are_kept():
    assert not jax.config.jax_enable_x64
    x = tf.constant(np.array([0.1, 0.2]))
    assert x.dtype == tf.float64 and x.numpy().dtype == np.float64
    assert tf.argmax(tf.constant([1.0, 3.0, 2.0])).dtype == tf.int64
    v = tf.Variable(np.array([1.0, 2.0]))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v * v * 0.1)
    g = tape.gradient(y, v)
    assert g.dtype == tf.float64
    np.testing.assert_array_equal(g.numpy(), np.array([1.0, 2.0]) * 0.2)
    assert tf.constant(1e300, dtype=tf.float64).numpy() == 1e300  # not truncated to float32
    assert tf.constant(2**40, dtype=tf.int64).numpy() == 2**40


def test_numpy_and_jax_read_tapejax_dtypes():
    assert np.dtype(tf.float32) == np.float32 and np.dtype(tf.int64) == np.int64
    assert jnp.zeros(3, tf.float32).dtype == jnp.float32
    t = tf.constant([1.0, 2.0])
    assert jnp.zeros_like(t).dtype == jnp.float32 and np.result_type(t) == np.float32


def test_jax_numpy_takes_tensors_and_variables():
    t, v = tf.constant([1.0, 2.0]), tf.Variable([3.0, 4.0])
    assert float(jnp.sum(t)) == 3.0 and float(jnp.sum(v)) == 7.0
    np.testing.assert_allclose(jnp.sin(v), np.sin([3.0, 4.0]), rtol=1e-6)


def test_jit_grad_vmap_jacrev_take_and_return_tensors():
    t = tf.constant([0.5, 1.0])
    y = jax.jit(lambda a: a * 2)(t)
    assert isinstance(y, tf.Tensor) and y.numpy().tolist() == [1.0, 2.0]
    # a tapejax computation inside jax transformations, checked against the same in jax.numpy
    f_tf = lambda a: tf.reduce_sum(tf.sin(a) * a)
    f_jax = lambda a: jnp.sum(jnp.sin(a) * a)
    x = jnp.array([0.5, 1.0, -2.0])
    np.testing.assert_allclose(jax.grad(lambda a: jnp.asarray(f_tf(a)))(x), jax.grad(f_jax)(x), rtol=1e-6)
    np.testing.assert_allclose(jax.jacrev(tf.sin)(x), jax.jacrev(jnp.sin)(x), rtol=1e-6)
    batched = jax.vmap(lambda a: tf.reduce_sum(a * a))(tf.ones([3, 2]))
    assert isinstance(batched, tf.Tensor) and batched.numpy().tolist() == [2.0, 2.0, 2.0]
    jit_grad = jax.jit(jax.grad(lambda a: jnp.asarray(f_tf(a))))(x)
    np.testing.assert_allclose(jit_grad, jax.grad(f_jax)(x), rtol=1e-6)


def test_jax_transformations_take_variables_as_their_values():
    v = tf.Variable([1.0, 2.0])
    g = jax.grad(lambda w: jnp.sum(w * w))(v)
    assert isinstance(g, tf.Tensor) and g.numpy().tolist() == [2.0, 4.0]
    assert jax.jit(lambda w: w * 2)(v).numpy().tolist() == [2.0, 4.0]
    value, grad = jax.value_and_grad(lambda w: jnp.sum(jnp.asarray(w) ** 3))(v)
    assert float(value) == 9.0 and grad.numpy().tolist() == [3.0, 12.0]
    assert jax.device_put(v).numpy().tolist() == [1.0, 2.0]
    v.assign([5.0, 6.0])  # a Variable passed as an argument is read at each call
    assert jax.jit(lambda w: w * 2)(v).numpy().tolist() == [10.0, 12.0]


def test_tree_map_over_what_gradient_returns():
    params = {"w": tf.constant([[1.0, 2.0]]), "b": tf.constant([0.5])}
    with tf.GradientTape() as tape:
        tape.watch(params)
        w = params["w"]
        loss = tf.reduce_sum(tf.matmul(w, w, transpose_b=True)) + tf.reduce_sum(params["b"])
    grads = tape.gradient(loss, params)
    new = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
    assert isinstance(new["w"], tf.Tensor)
    np.testing.assert_allclose(new["w"].numpy(), [[0.8, 1.6]], rtol=1e-6)
    np.testing.assert_allclose(new["b"].numpy(), [0.4], rtol=1e-6)
    # Variables flatten to their values: updating them in place takes is_leaf
    vs = [tf.Variable([1.0]), tf.Variable([2.0])]
    jax.tree_util.tree_map(
        lambda v, g: v.assign_sub(g),
        vs,
        [tf.constant([1.0])] * 2,
        is_leaf=lambda x: isinstance(x, tf.Variable),
    )
    assert [v.numpy().tolist() for v in vs] == [[0.0], [1.0]]


def test_function_of_a_jitted_jax_function():
    f = tf.function(jax.jit(lambda a: a * 2))
    assert f(tf.constant([1.0, 2.0])).numpy().tolist() == [2.0, 4.0]


# -- jax_op --------------------------------------------------------------------------------


def _f_jax(p, x):
    return jnp.tanh(x @ p["w"] + p["b"])


_f = tf.experimental.jax_op(_f_jax)


def _params():
    rng = np.random.default_rng(0)
    return {"w": rng.normal(size=(3, 2)).astype(np.float32), "b": np.array([0.1, -0.2], np.float32)}


def test_jax_op_gradient_matches_jax_grad_and_finite_differences():
    p = _params()
    x = np.random.default_rng(1).normal(size=(4, 3)).astype(np.float32)
    pv = {k: tf.Variable(v) for k, v in p.items()}
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(_f(pv, tf.constant(x)) ** 2)
    got = tape.gradient(loss, pv)
    want = jax.grad(lambda q: jnp.sum(_f_jax(q, x) ** 2))(p)
    for k in p:
        np.testing.assert_allclose(got[k].numpy(), want[k], rtol=1e-5, atol=1e-6)
    # finite differences in float64, on one weight
    p64 = {k: v.astype(np.float64) for k, v in p.items()}
    eps, e = 1e-6, np.zeros_like(p64["w"])
    e[1, 0] = eps
    loss64 = lambda q: float(np.sum(np.tanh(x.astype(np.float64) @ q["w"] + q["b"]) ** 2))
    fd = (loss64({**p64, "w": p64["w"] + e}) - loss64({**p64, "w": p64["w"] - e})) / (2 * eps)
    np.testing.assert_allclose(got["w"].numpy()[1, 0], fd, rtol=1e-4)


def test_jax_op_jacobian_batch_jacobian_higher_order_and_forward_mode():
    sq = tf.experimental.jax_op(lambda x: jnp.sin(x) * x)
    x = tf.constant([[0.5, 1.0], [2.0, -1.0]])
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(x)
        with tf.GradientTape(persistent=True) as inner:
            inner.watch(x)
            y = sq(x)
        dy = inner.gradient(y, x)
        jac = inner.jacobian(y, x)
        bjac = inner.batch_jacobian(y, x)
    d2 = outer.gradient(dy, x)
    xs = x.numpy()
    f = lambda a: jnp.sin(a) * a
    np.testing.assert_allclose(dy.numpy(), jax.grad(lambda a: jnp.sum(f(a)))(xs), rtol=1e-6)
    np.testing.assert_allclose(jac.numpy(), jax.jacrev(f)(xs), rtol=1e-6)
    np.testing.assert_allclose(bjac.numpy(), jax.vmap(jax.jacrev(f))(xs), rtol=1e-6)
    df = jax.grad(lambda a: jnp.sum(f(a)))
    np.testing.assert_allclose(d2.numpy(), jax.grad(lambda a: jnp.sum(df(a)))(xs), rtol=1e-5)
    tangent = tf.ones_like(x)
    with tf.autodiff.ForwardAccumulator(x, tangent) as acc:
        y = sq(x)
    np.testing.assert_allclose(acc.jvp(y).numpy(), jax.jvp(f, (xs,), (np.ones_like(xs),))[1], rtol=1e-6)


def test_jax_op_unconnected_output_gives_none_and_static_arguments():
    two = tf.experimental.jax_op(lambda a, b, scale: (a * scale, jnp.cos(b)))
    a, b = tf.Variable([1.0, 2.0]), tf.Variable([0.5])
    with tf.GradientTape() as tape:
        first, _ = two(a, b, scale=3.0)
    ga, gb = tape.gradient(first, [a, b])
    assert ga.numpy().tolist() == [3.0, 3.0] and gb is None  # TF's rule: unconnected is None


def test_jax_op_inside_function_traces_once_and_matches_eager():
    p = {k: tf.Variable(v) for k, v in _params().items()}
    x = tf.constant(np.ones((2, 3), np.float32))

    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(_f(p, x))
        return loss, tape.gradient(loss, p["w"])

    compiled = tf.function(step)
    (l1, g1), (l2, g2) = step(x), compiled(x)
    compiled(x)
    assert compiled.experimental_get_tracing_count() == 1
    np.testing.assert_allclose(l1.numpy(), l2.numpy(), rtol=1e-6)
    np.testing.assert_allclose(g1.numpy(), g2.numpy(), rtol=1e-6)


def test_jax_op_runs_user_code_in_the_process_precision():
    # Inside the op a Python float is float32, as outside tapejax (x64 off in this process).
    seen = []
    op = tf.experimental.jax_op(lambda x: (seen.append(jnp.asarray(0.5).dtype), x * 2)[1])
    op(tf.constant([1.0]))
    assert seen and all(d == jnp.float32 for d in seen)


def test_equinox_model_on_the_tape():
    eqx = pytest.importorskip("equinox")
    model = eqx.nn.MLP(3, 2, 8, 2, key=jax.random.PRNGKey(0))
    params, static = eqx.partition(model, eqx.is_array)
    tf_params = jax.tree_util.tree_map(tf.Variable, params)
    apply = tf.experimental.jax_op(lambda p, x: jax.vmap(eqx.combine(p, static))(x))
    x = np.random.default_rng(2).normal(size=(5, 3)).astype(np.float32)
    leaves = jax.tree_util.tree_leaves(tf_params, is_leaf=lambda v: isinstance(v, tf.Variable))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(apply(tf_params, x) ** 2)
    grads = tape.gradient(loss, leaves)
    want = jax.grad(lambda p: jnp.mean(jax.vmap(eqx.combine(p, static))(x) ** 2))(params)
    for g, w in zip(grads, jax.tree_util.tree_leaves(want), strict=True):
        np.testing.assert_allclose(g.numpy(), w, rtol=1e-5, atol=1e-7)


# -- optax -----------------------------------------------------------------------------------


@pytest.mark.parametrize("compiled", [False, True])
def test_optax_drives_variables_like_optax_itself(compiled):
    optax = pytest.importorskip("optax")
    tx = optax.adamw(0.1, weight_decay=0.01)
    w = tf.Variable([1.0, -2.0])
    opt = tf.experimental.OptaxOptimizer(tx)

    def train():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(w * w * w)
        opt.apply_gradients([(tape.gradient(loss, w), w)])

    step = tf.function(train) if compiled else train
    pw, state = jnp.array([1.0, -2.0]), tx.init(jnp.array([1.0, -2.0]))

    def ref(pw, state):
        updates, state = tx.update(3 * pw * pw, state, pw)
        return optax.apply_updates(pw, updates), state

    ref = jax.jit(ref) if compiled else ref
    for _ in range(4):
        step()
        pw, state = ref(pw, state)
        np.testing.assert_allclose(w.numpy(), pw, rtol=2e-7)
    assert int(opt.iterations.numpy()) == 4


def test_optax_optimizer_errors():
    optax = pytest.importorskip("optax")
    with pytest.raises(TypeError, match="optax GradientTransformation"):
        tf.experimental.OptaxOptimizer(lambda g: g)
    opt = tf.experimental.OptaxOptimizer(optax.sgd(0.1))
    a, b = tf.Variable(1.0), tf.Variable(2.0)
    with pytest.raises(ValueError, match="got 2 gradients for 1 variables"):
        opt.apply([tf.constant(1.0)] * 2, [a])
    opt.apply([tf.constant(1.0)], [a])
    with pytest.raises(ValueError, match="built for other variables"):
        opt.apply([tf.constant(1.0)], [b])
    assert a.numpy() == np.float32(0.9) and b.numpy() == 2.0
