"""TensorFlow's guide "Advanced automatic differentiation", section by section, in plain pytest.

Each test runs the guide's code (only the import changed, and 4-space indents), checks what it
prints against what TensorFlow prints, then checks the numbers independently: the same
function written in ``jax.numpy`` with the layers' own kernel/bias values, differentiated
with ``jax.grad`` / ``jax.jacrev`` / ``jax.hessian``. The notebook itself, run through a
Jupyter kernel, is ``tests/test_notebook.py``.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import tapejax as tf

F32 = dict(rtol=1e-5, atol=1e-6)  # float32 computed two ways, same order of operations
F32_LOOSE = dict(rtol=1e-4, atol=1e-5)  # float32, different order of operations


@pytest.fixture(autouse=True)
def _seed():
    tf.random.set_seed(0)


def _printed(capsys) -> list[str]:
    return capsys.readouterr().out.splitlines()


def _dense(kernel, bias, activation):
    return lambda x: activation(x @ kernel + bias)


def _weights(layer):
    return layer.kernel.numpy(), layer.bias.numpy()


def _x2(x, y):
    """The guide's z = x*x + y*y as a JAX function of x, with y held constant."""
    return x * x + jax.lax.stop_gradient(y * y)


# --- Controlling gradient recording -----------------------------------------------------------


def test_stop_recording(capsys):
    x = tf.Variable(2.0)
    y = tf.Variable(3.0)

    with tf.GradientTape() as t:
        x_sq = x * x
        with t.stop_recording():
            y_sq = y * y
        z = x_sq + y_sq

    grad = t.gradient(z, {"x": x, "y": y})

    print("dz/dx:", grad["x"])  # 2*x => 4
    print("dz/dy:", grad["y"])

    assert _printed(capsys) == ["dz/dx: tf.Tensor(4.0, shape=(), dtype=float32)", "dz/dy: None"]
    assert grad["x"].numpy() == jax.grad(_x2)(jnp.float32(2.0), jnp.float32(3.0))


def test_reset(capsys):
    x = tf.Variable(2.0)
    y = tf.Variable(3.0)
    reset = True

    with tf.GradientTape() as t:
        y_sq = y * y
        if reset:
            # Throw out all the tape recorded so far.
            t.reset()
        z = x * x + y_sq

    grad = t.gradient(z, {"x": x, "y": y})

    print("dz/dx:", grad["x"])  # 2*x => 4
    print("dz/dy:", grad["y"])

    assert _printed(capsys) == ["dz/dx: tf.Tensor(4.0, shape=(), dtype=float32)", "dz/dy: None"]
    assert grad["x"].numpy() == jax.grad(_x2)(jnp.float32(2.0), jnp.float32(3.0))


def test_stop_gradient(capsys):
    x = tf.Variable(2.0)
    y = tf.Variable(3.0)

    with tf.GradientTape() as t:
        y_sq = y**2
        z = x**2 + tf.stop_gradient(y_sq)

    grad = t.gradient(z, {"x": x, "y": y})

    print("dz/dx:", grad["x"])  # 2*x => 4
    print("dz/dy:", grad["y"])

    assert _printed(capsys) == ["dz/dx: tf.Tensor(4.0, shape=(), dtype=float32)", "dz/dy: None"]
    assert grad["x"].numpy() == jax.grad(_x2)(jnp.float32(2.0), jnp.float32(3.0))


# --- Custom gradients -------------------------------------------------------------------------


def test_custom_gradient_clips_the_incoming_gradient(capsys):
    # Establish an identity operation, but clip during the gradient pass.
    @tf.custom_gradient
    def clip_gradients(y):
        def backward(dy):
            return tf.clip_by_norm(dy, 0.5)

        return y, backward

    v = tf.Variable(2.0)
    with tf.GradientTape() as t:
        output = clip_gradients(v * v)
    print(t.gradient(output, v))  # calls "backward", which clips 4 to 2

    assert _printed(capsys) == ["tf.Tensor(2.0, shape=(), dtype=float32)"]

    assert jax.grad(lambda v: _clip_ref(v * v))(jnp.float32(2.0)) == 2.0


@jax.custom_vjp
def _clip_ref(y):
    """The guide's clip_gradients in JAX: identity, gradient clipped to norm 0.5."""
    return y


_clip_ref.defvjp(lambda y: (y, None), lambda _, dy: (dy * 0.5 / jnp.maximum(jnp.abs(dy), 0.5),))


def test_custom_gradients_in_saved_model(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the guide saves to 'saved_model' in the working directory

    @tf.custom_gradient
    def clip_gradients(y):
        def backward(dy):
            return tf.clip_by_norm(dy, 0.5)

        return y, backward

    class MyModule(tf.Module):
        @tf.function(input_signature=[tf.TensorSpec(None)])
        def call_custom_grad(self, x):
            return clip_gradients(x)

    model = MyModule()

    tf.saved_model.save(
        model, "saved_model", options=tf.saved_model.SaveOptions(experimental_custom_gradients=True)
    )

    # The loaded gradients will be the same as the above example.
    v = tf.Variable(2.0)
    loaded = tf.saved_model.load("saved_model")
    with tf.GradientTape() as t:
        output = loaded.call_custom_grad(v * v)
    print(t.gradient(output, v))

    assert _printed(capsys) == ["tf.Tensor(2.0, shape=(), dtype=float32)"]
    for value in (0.1, -3.0):  # below and beyond the clip, for other inputs too
        v = tf.Variable(value)
        with tf.GradientTape() as t:
            output = loaded.call_custom_grad(v * v)
        want = jax.grad(lambda v: _clip_ref(v * v))(jnp.float32(value))
        np.testing.assert_allclose(t.gradient(output, v).numpy(), want, **F32)


# --- Multiple tapes ---------------------------------------------------------------------------


def test_multiple_tapes():
    x0 = tf.constant(0.0)
    x1 = tf.constant(0.0)

    with tf.GradientTape() as tape0, tf.GradientTape() as tape1:
        tape0.watch(x0)
        tape1.watch(x1)

        y0 = tf.math.sin(x0)
        y1 = tf.nn.sigmoid(x1)

        y = y0 + y1

        ys = tf.reduce_sum(y)

    g0 = tape0.gradient(ys, x0).numpy()  # cos(x) => 1.0
    g1 = tape1.gradient(ys, x1).numpy()  # sigmoid(x1)*(1-sigmoid(x1)) => 0.25

    assert (g0, g1) == (1.0, 0.25)
    assert g0.dtype == g1.dtype == np.float32
    assert g0 == jax.grad(jnp.sin)(jnp.float32(0.0))
    assert g1 == jax.grad(jax.nn.sigmoid)(jnp.float32(0.0))


def test_higher_order_gradients(capsys):
    x = tf.Variable(1.0)  # Create a Tensorflow variable initialized to 1.0

    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            y = x * x * x

        # Compute the gradient inside the outer `t2` context manager
        # which means the gradient computation is differentiable as well.
        dy_dx = t1.gradient(y, x)
    d2y_dx2 = t2.gradient(dy_dx, x)

    print("dy_dx:", dy_dx.numpy())  # 3 * x**2 => 3.0
    print("d2y_dx2:", d2y_dx2.numpy())  # 6 * x => 6.0

    assert _printed(capsys) == ["dy_dx: 3.0", "d2y_dx2: 6.0"]
    cube = lambda x: x * x * x
    assert dy_dx.numpy() == jax.grad(cube)(jnp.float32(1.0))
    assert d2y_dx2.numpy() == jax.grad(jax.grad(cube))(jnp.float32(1.0))


def test_input_gradient_regularization():
    x = tf.random.normal([7, 5])

    layer = tf.keras.layers.Dense(10, activation=tf.nn.relu)

    with tf.GradientTape() as t2:
        # The inner tape only takes the gradient with respect to the input,
        # not the variables.
        with tf.GradientTape(watch_accessed_variables=False) as t1:
            t1.watch(x)
            y = layer(x)
            out = tf.reduce_sum(layer(x) ** 2)
        # 1. Calculate the input gradient.
        g1 = t1.gradient(out, x)
        # 2. Calculate the magnitude of the input gradient.
        g1_mag = tf.norm(g1)

    # 3. Calculate the gradient of the magnitude with respect to the model.
    dg1_mag = t2.gradient(g1_mag, layer.trainable_variables)

    assert repr([var.shape for var in dg1_mag]) == "[TensorShape([5, 10]), TensorShape([10])]"
    assert y.shape == (7, 10)

    def input_grad_norm(kernel, bias):
        out = lambda x: jnp.sum(_dense(kernel, bias, jax.nn.relu)(x) ** 2)
        return jnp.linalg.norm(jax.grad(out)(x.numpy()))

    kernel, bias = _weights(layer)
    np.testing.assert_allclose(g1_mag.numpy(), input_grad_norm(kernel, bias), **F32)
    ref = jax.grad(input_grad_norm, argnums=(0, 1))(kernel, bias)
    for got, want in zip(dg1_mag, ref, strict=True):
        np.testing.assert_allclose(got.numpy(), want, **F32_LOOSE)


# --- Jacobians --------------------------------------------------------------------------------


def test_jacobian_scalar_source(capsys):
    x = tf.linspace(-10.0, 10.0, 200 + 1)
    delta = tf.Variable(0.0)

    with tf.GradientTape() as tape:
        y = tf.nn.sigmoid(x + delta)

    dy_dx = tape.jacobian(y, delta)

    print(y.shape)  # (201,)
    print(dy_dx.shape)  # (201,)

    assert _printed(capsys) == ["(201,)", "(201,)"]
    xs = x.numpy()
    ref = jax.jacrev(lambda d: jax.nn.sigmoid(xs + d))(jnp.float32(0.0))
    np.testing.assert_allclose(dy_dx.numpy(), ref, **F32)
    s = jax.nn.sigmoid(xs)
    np.testing.assert_allclose(dy_dx.numpy(), s * (1 - s), **F32)  # sigmoid'(x)


def test_jacobian_tensor_source(capsys):
    x = tf.random.normal([7, 5])
    layer = tf.keras.layers.Dense(10, activation=tf.nn.relu)

    with tf.GradientTape(persistent=True) as tape:
        y = layer(x)

    assert repr(y.shape) == "TensorShape([7, 10])"
    assert repr(layer.kernel.shape) == "TensorShape([5, 10])"

    j = tape.jacobian(y, layer.kernel)
    assert repr(j.shape) == "TensorShape([7, 10, 5, 10])"

    g = tape.gradient(y, layer.kernel)
    print("g.shape:", g.shape)  # g.shape: (5, 10)

    j_sum = tf.reduce_sum(j, axis=[0, 1])
    delta = tf.reduce_max(abs(g - j_sum)).numpy()
    assert delta < 1e-3
    print("delta:", delta)  # delta: 0.0 (up to float rounding)

    printed = _printed(capsys)
    assert printed[0] == "g.shape: (5, 10)"
    assert printed[1].startswith("delta: ")

    kernel, bias = _weights(layer)
    ref = jax.jacrev(lambda k: _dense(k, bias, jax.nn.relu)(x.numpy()))(kernel)
    np.testing.assert_allclose(j.numpy(), ref, **F32)
    np.testing.assert_allclose(g.numpy(), ref.sum(axis=(0, 1)), **F32_LOOSE)


def test_hessian_and_newton_step(capsys):
    x = tf.random.normal([7, 5])
    x_in = x
    layer1 = tf.keras.layers.Dense(8, activation=tf.nn.relu)
    layer2 = tf.keras.layers.Dense(6, activation=tf.nn.relu)

    with tf.GradientTape() as t2:
        with tf.GradientTape() as t1:
            x = layer1(x)
            x = layer2(x)
            loss = tf.reduce_mean(x**2)

        g = t1.gradient(loss, layer1.kernel)

    h = t2.jacobian(g, layer1.kernel)

    print(f"layer.kernel.shape: {layer1.kernel.shape}")  # layer.kernel.shape: (5, 8)
    print(f"h.shape: {h.shape}")  # h.shape: (5, 8, 5, 8)
    assert _printed(capsys) == ["layer.kernel.shape: (5, 8)", "h.shape: (5, 8, 5, 8)"]

    (k1, b1), (k2, b2) = _weights(layer1), _weights(layer2)

    def loss_ref(kernel):
        net = _dense(k2, b2, jax.nn.relu)(_dense(kernel, b1, jax.nn.relu)(x_in.numpy()))
        return jnp.mean(net**2)

    np.testing.assert_allclose(g.numpy(), jax.grad(loss_ref)(k1), **F32_LOOSE)
    np.testing.assert_allclose(h.numpy(), jax.hessian(loss_ref)(k1), **F32_LOOSE)

    n_params = tf.reduce_prod(layer1.kernel.shape)

    g_vec = tf.reshape(g, [n_params, 1])
    h_mat = tf.reshape(h, [n_params, n_params])

    eps = 1e-3
    eye_eps = tf.eye(h_mat.shape[0]) * eps

    # X(k+1) = X(k) - (∇²f(X(k)))^-1 @ ∇f(X(k))
    # h_mat = ∇²f(X(k))
    # g_vec = ∇f(X(k))
    update = tf.linalg.solve(h_mat + eye_eps, g_vec)

    # Reshape the update and apply it to the variable.
    _ = layer1.kernel.assign_sub(tf.reshape(update, layer1.kernel.shape))

    assert (n_params.numpy(), g_vec.shape, h_mat.shape) == (40, (40, 1), (40, 40))
    step = np.linalg.solve(h_mat.numpy().astype(np.float64) + eps * np.eye(40), g_vec.numpy())
    np.testing.assert_allclose(layer1.kernel.numpy(), k1 - step.reshape(5, 8), rtol=1e-3, atol=1e-4)


def _elu_net(layer1, layer2, middle=lambda z: z):
    (k1, b1), (k2, b2) = _weights(layer1), _weights(layer2)
    return lambda x: _dense(k2, b2, jax.nn.elu)(middle(_dense(k1, b1, jax.nn.elu)(x)))


def _tf_batch_jacobian(f, x):
    """TF's batch_jacobian as TF computes it: for each output column i, the gradient of the
    column ``y[:, i]`` (summed over the batch) with respect to ``x``."""
    per_column = jax.jacrev(lambda x: jnp.sum(f(x), axis=0))(x)  # [i, b, x]
    return jnp.transpose(per_column, (1, 0, 2))


def test_batch_jacobian(capsys):
    x = tf.random.normal([7, 5])

    layer1 = tf.keras.layers.Dense(8, activation=tf.nn.elu)
    layer2 = tf.keras.layers.Dense(6, activation=tf.nn.elu)

    with tf.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
        tape.watch(x)
        y = layer1(x)
        y = layer2(y)

    assert repr(y.shape) == "TensorShape([7, 6])"

    j = tape.jacobian(y, x)
    assert repr(j.shape) == "TensorShape([7, 6, 7, 5])"

    j_sum = tf.reduce_sum(j, axis=2)
    print(j_sum.shape)  # (7, 6, 5)
    j_select = tf.einsum("bxby->bxy", j)
    print(j_select.shape)  # (7, 6, 5)
    assert _printed(capsys) == ["(7, 6, 5)", "(7, 6, 5)"]

    jb = tape.batch_jacobian(y, x)
    assert repr(jb.shape) == "TensorShape([7, 6, 5])"

    error = tf.reduce_max(abs(jb - j_sum))
    assert error < 1e-3

    f = _elu_net(layer1, layer2)
    ref = jax.jacrev(f)(x.numpy())
    np.testing.assert_allclose(j.numpy(), ref, **F32)
    # Examples are independent: every (batch, batch) slice is diagonal ...
    off_diagonal = ref * (1 - np.eye(7))[:, None, :, None]
    assert not np.any(off_diagonal) and not np.any(j.numpy() * (1 - np.eye(7))[:, None, :, None])
    # ... so batch_jacobian is the diagonal of the full Jacobian.
    diagonal = jnp.einsum("bxby->bxy", ref)
    np.testing.assert_allclose(jb.numpy(), diagonal, **F32)
    np.testing.assert_allclose(j_select.numpy(), diagonal, **F32)
    np.testing.assert_allclose(j_sum.numpy(), diagonal, **F32)


def test_batch_jacobian_with_batch_norm(capsys):
    x = tf.random.normal([7, 5])

    layer1 = tf.keras.layers.Dense(8, activation=tf.nn.elu)
    bn = tf.keras.layers.BatchNormalization()
    layer2 = tf.keras.layers.Dense(6, activation=tf.nn.elu)

    with tf.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
        tape.watch(x)
        y = layer1(x)
        y = bn(y, training=True)
        y = layer2(y)

    j = tape.jacobian(y, x)
    print(f"j.shape: {j.shape}")  # j.shape: (7, 6, 7, 5)

    jb = tape.batch_jacobian(y, x)
    print(f"jb.shape: {jb.shape}")  # jb.shape: (7, 6, 5)

    assert _printed(capsys) == ["j.shape: (7, 6, 7, 5)", "jb.shape: (7, 6, 5)"]

    def batch_norm(z):  # Keras, training=True: batch statistics, epsilon=1e-3
        mean, var = jnp.mean(z, axis=0), jnp.var(z, axis=0)
        return (z - mean) / jnp.sqrt(var + 1e-3) * bn.gamma.numpy() + bn.beta.numpy()

    f = _elu_net(layer1, layer2, batch_norm)
    ref = jax.jacrev(f)(x.numpy())
    np.testing.assert_allclose(j.numpy(), ref, **F32_LOOSE)
    # Batch statistics couple the examples: the (batch, batch) slices are not diagonal.
    assert np.abs(ref * (1 - np.eye(7))[:, None, :, None]).max() > 1e-3
    np.testing.assert_allclose(jb.numpy(), _tf_batch_jacobian(f, x.numpy()), **F32_LOOSE)
    # One training step moved the moving mean 1% of the way to the batch mean.
    hidden = _dense(*_weights(layer1), jax.nn.elu)(x.numpy())
    np.testing.assert_allclose(bn.moving_mean.numpy(), 0.01 * hidden.mean(axis=0), **F32_LOOSE)
