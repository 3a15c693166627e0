"""The benchmark workloads, each written once against the TF API and once in plain JAX.

``make_tape(tf, name)`` returns a zero-argument step for a TF-API module (tapejax or, when
installed, TensorFlow): the same source runs on both. ``make_jax(name)`` returns the
hand-written ``jax.jit`` step (the limit), the fastest of the grad/jacrev/jacfwd variants.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

RNG = np.random.default_rng(0)


def _data(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def _mlp_data(batch=128):
    return _data(batch, 784), np.eye(10, dtype=np.float32)[RNG.integers(0, 10, batch)]


def _dense_weights(sizes):
    return [
        (_data(a, b) * np.float32(1 / np.sqrt(a)), np.zeros(b, np.float32))
        for a, b in zip(sizes, sizes[1:], strict=False)
    ]


# -- TF-API workloads (tapejax and TensorFlow run this same code) --------------------------------
def _w1(tf):
    x, y = tf.Variable(3.0), tf.Variable(4.0)

    def step():
        with tf.GradientTape() as tape:
            z = x * x + y * y
        return tape.gradient(z, [x, y])

    return step


def _w2(tf):
    xs, labels = _mlp_data()
    x, t = tf.constant(xs), tf.constant(labels)
    params = [tf.Variable(v) for wb in _dense_weights([784, 512, 512, 10]) for v in wb]

    def step():
        with tf.GradientTape() as tape:
            h = x
            for i in range(0, 6, 2):
                h = tf.matmul(h, params[i]) + params[i + 1]
                if i < 4:
                    h = tf.nn.relu(h)
            loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=t, logits=h))
        grads = tape.gradient(loss, params)
        for p, g in zip(params, grads, strict=True):
            p.assign_sub(0.01 * g)
        return loss

    return step


def _w3_sigmoid(tf):
    x = tf.linspace(-10.0, 10.0, 201)
    delta = tf.Variable(0.0)

    def step():
        with tf.GradientTape() as tape:
            y = tf.nn.sigmoid(x + delta)
        return tape.jacobian(y, delta)

    return step


def _w3_tanh(tf):
    w = tf.constant(_data(256, 256) / 16)
    x = tf.Variable(_data(256))

    def step():
        with tf.GradientTape() as tape:
            y = tf.tanh(tf.linalg.matvec(w, x))
        return tape.jacobian(y, x)

    return step


def _layers(tf, sizes, activation):
    out = []
    for w, b in _dense_weights(sizes):
        layer = tf.keras.layers.Dense(w.shape[1], activation=activation)
        layer(tf.zeros([1, w.shape[0]]))
        layer.kernel.assign(w)
        layer.bias.assign(b)
        out.append(layer)
    return out


def _w4(tf, width):
    ins = 5 if width == 8 else width
    x = tf.constant(_data(7, ins))
    l1, l2 = _layers(tf, [ins, width, 6 if width == 8 else width], tf.nn.relu)

    def step():
        with tf.GradientTape() as t2:
            with tf.GradientTape() as t1:
                loss = tf.reduce_mean(l2(l1(x)) ** 2)
            g = t1.gradient(loss, l1.kernel)
        return t2.jacobian(g, l1.kernel)

    return step


def _w5(tf, batch, full):
    x = tf.constant(_data(batch, 5))
    l1, l2 = _layers(tf, [5, 8, 6], tf.nn.elu)

    def step():
        with tf.GradientTape(watch_accessed_variables=False) as tape:
            tape.watch(x)
            y = l2(l1(x))
        return tape.jacobian(y, x) if full else tape.batch_jacobian(y, x)

    return step


def _w6(tf, small):
    x = tf.constant(_data(7, 5) if small else _data(256, 64))
    (layer,) = _layers(tf, [5, 10] if small else [64, 256], tf.nn.relu)

    def step():
        with tf.GradientTape() as t2:
            with tf.GradientTape(watch_accessed_variables=False) as t1:
                t1.watch(x)
                out = tf.reduce_sum(layer(x) ** 2)
            g1_mag = tf.norm(t1.gradient(out, x))
        return t2.gradient(g1_mag, layer.trainable_variables)

    return step


# Long tapes (issue 10): per-call work must not grow with the tape beyond the ops themselves.
CHAIN_STEPS = 333  # 3 ops a step, plus the final sum: a 1,000-op tape


def _long_chain(tf):
    x = tf.Variable(_data(16))

    def step():
        with tf.GradientTape() as tape:
            h = x * 1.0
            for _ in range(CHAIN_STEPS - 1):
                h = tf.sin(h) * 1.001 + 0.01
            loss = tf.reduce_sum(tf.sin(h) * 1.001)
        return tape.gradient(loss, x)

    return step


DEEP_LAYERS, DEEP_WIDTH = 100, 32


def _deep_mlp(tf):
    x = tf.constant(_data(16, DEEP_WIDTH))
    params = [tf.Variable(v) for wb in _dense_weights([DEEP_WIDTH] * (DEEP_LAYERS + 1)) for v in wb]

    def step():
        with tf.GradientTape() as tape:
            h = x
            for i in range(0, len(params), 2):
                h = tf.tanh(tf.matmul(h, params[i]) + params[i + 1])
            loss = tf.reduce_mean(h * h)
        return tape.gradient(loss, params)

    return step


TAPE_WORKLOADS = {
    "W1 scalar grad": _w1,
    "W2 MLP step": _w2,
    "W3 jac sigmoid(201)": _w3_sigmoid,
    "W3 jac tanh(W256 x)": _w3_tanh,
    "W4 Hessian 40x40": lambda tf: _w4(tf, 8),
    "W4 Hessian 1024x1024": lambda tf: _w4(tf, 32),
    "W5 batch_jac b=7": lambda tf: _w5(tf, 7, False),
    "W5 batch_jac b=128": lambda tf: _w5(tf, 128, False),
    "W5 batch_jac b=1024": lambda tf: _w5(tf, 1024, False),
    "W5 full jac b=7": lambda tf: _w5(tf, 7, True),
    "W5 full jac b=128": lambda tf: _w5(tf, 128, True),
    "W6 input-grad reg small": lambda tf: _w6(tf, True),
    "W6 input-grad reg 256": lambda tf: _w6(tf, False),
    "L1 chain 1000 ops": _long_chain,
    "L2 MLP 100 layers": _deep_mlp,
}


# -- hand-written JAX (the limit) ------------------------------------------------------------------
def _mlp(params, x):
    h = x
    for i in range(0, len(params), 2):
        h = h @ params[i] + params[i + 1]
        if i < len(params) - 2:
            h = jax.nn.relu(h)
    return h


def _jax_w2():
    xs, labels = _mlp_data()
    x, t = jnp.asarray(xs), jnp.asarray(labels)
    state = [[jnp.asarray(v) for wb in _dense_weights([784, 512, 512, 10]) for v in wb]]

    @jax.jit
    def update(params):
        def loss_fn(p):
            return jnp.mean(-jnp.sum(t * jax.nn.log_softmax(_mlp(p, x)), axis=-1))

        loss, grads = jax.value_and_grad(loss_fn)(params)
        return loss, [p - 0.01 * g for p, g in zip(params, grads, strict=True)]

    def step():
        loss, state[0] = update(state[0])
        return loss

    return step


def _dense_params(sizes):
    return [jnp.asarray(v) for wb in _dense_weights(sizes) for v in wb]


def _jax_w4(width):
    ins = 5 if width == 8 else width
    x = jnp.asarray(_data(7, ins))
    w1, b1, w2, b2 = _dense_params([ins, width, 6 if width == 8 else width])
    loss = lambda k: jnp.mean(jax.nn.relu(jax.nn.relu(x @ k + b1) @ w2 + b2) ** 2)
    hess = jax.jit(jax.jacfwd(jax.grad(loss)))
    return lambda: hess(w1)


def _jax_w5(batch, full):
    x = jnp.asarray(_data(batch, 5))
    w1, b1, w2, b2 = _dense_params([5, 8, 6])
    net = lambda v: jax.nn.elu(jax.nn.elu(v @ w1 + b1) @ w2 + b2)
    if full:
        fn = jax.jit(jax.jacfwd(net))
    else:
        fn = jax.jit(jax.vmap(jax.jacfwd(lambda row: net(row[None])[0])))
    return lambda: fn(x)


def _jax_w6(small):
    x = jnp.asarray(_data(7, 5) if small else _data(256, 64))
    w, b = _dense_params([5, 10] if small else [64, 256])

    def mag(w, b):
        g = jax.grad(lambda x_: jnp.sum(jax.nn.relu(x_ @ w + b) ** 2))(x)
        return jnp.sqrt(jnp.sum(g * g))

    fn = jax.jit(jax.grad(mag, argnums=(0, 1)))
    return lambda: fn(w, b)


def _jax_long_chain():
    x = jnp.asarray(_data(16))

    def loss(x):
        h = x * 1.0
        for _ in range(CHAIN_STEPS - 1):
            h = jnp.sin(h) * 1.001 + 0.01
        return jnp.sum(jnp.sin(h) * 1.001)

    fn = jax.jit(jax.grad(loss))
    return lambda: fn(x)


def _jax_deep_mlp():
    x = jnp.asarray(_data(16, DEEP_WIDTH))
    params = _dense_params([DEEP_WIDTH] * (DEEP_LAYERS + 1))

    def loss(params):
        h = x
        for i in range(0, len(params), 2):
            h = jnp.tanh(h @ params[i] + params[i + 1])
        return jnp.mean(h * h)

    fn = jax.jit(jax.grad(loss))
    return lambda: fn(params)


def _jax_simple(f, *args):
    fn = jax.jit(f)
    return lambda: fn(*args)


JAX_WORKLOADS = {
    "W1 scalar grad": lambda: _jax_simple(
        jax.grad(lambda x, y: x * x + y * y, argnums=(0, 1)), jnp.float32(3.0), jnp.float32(4.0)
    ),
    "W2 MLP step": _jax_w2,
    "W3 jac sigmoid(201)": lambda: _jax_simple(
        jax.jacfwd(lambda d, x: jax.nn.sigmoid(x + d)),
        jnp.float32(0.0),
        jnp.linspace(-10.0, 10.0, 201, dtype=jnp.float32),
    ),
    "W3 jac tanh(W256 x)": lambda: _jax_simple(
        jax.jacrev(lambda x, w: jnp.tanh(w @ x)), jnp.asarray(_data(256)), jnp.asarray(_data(256, 256) / 16)
    ),
    "W4 Hessian 40x40": lambda: _jax_w4(8),
    "W4 Hessian 1024x1024": lambda: _jax_w4(32),
    "W5 batch_jac b=7": lambda: _jax_w5(7, False),
    "W5 batch_jac b=128": lambda: _jax_w5(128, False),
    "W5 batch_jac b=1024": lambda: _jax_w5(1024, False),
    "W5 full jac b=7": lambda: _jax_w5(7, True),
    "W5 full jac b=128": lambda: _jax_w5(128, True),
    "W6 input-grad reg small": lambda: _jax_w6(True),
    "W6 input-grad reg 256": lambda: _jax_w6(False),
    "L1 chain 1000 ops": _jax_long_chain,
    "L2 MLP 100 layers": _jax_deep_mlp,
}
