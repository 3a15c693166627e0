"""XLA compiles per program (issue 25): how many programs a first run compiles, and how long.

A ``jax.monitoring`` listener on JAX's backend-compile event
(``/jax/core/compile/backend_compile_duration``, ``jax/_src/dispatch.py``
``BACKEND_COMPILE_EVENT``) counts every XLA compilation of the process and sums its seconds,
step by step, together with the name JAX gives each compiled function (the event's
``fun_name``), so that the table shows the compiles until the end of the first step, over the
whole run, and in its last half (the steady state: should be 0).

Programs, the TF-API source written once and run with ``tapejax`` (and with ``tensorflow``,
when a Python with TensorFlow is given), each beside the same computation hand-written in JAX
(``jax.jit`` of ``jax.value_and_grad`` + optax: the limit):

- ``linreg``: linear regression, eager loop, ``w.assign_sub(lr * g)``;
- ``mlp_fn``: Keras Dense MLP + Adam, the train step in one ``tf.function``;
- ``layer``: a custom ``tf.keras.layers.Layer`` (``add_weight``) model + Adam + MSE, eager;
- ``gan``, ``gan_fn``: a small GAN, two models, two tapes, two Adams; eager, then the same
  step in a ``tf.function``;
- ``pinn``: a PINN (heat equation): nested tapes for the second derivative and a persistent
  tape for u_x and u_t, in a ``tf.function``;
- ``actor_critic``: keras.io's actor-critic loop on a numpy CartPole (seeded): one tape per
  episode, episodes of varying length, a sampled Python int as an index (``probs[0, action]``),
  8 episodes (a step is an episode; the hand-written JAX pads episodes to the longest possible);
- ``fit``: Keras ``model.fit`` on a small MLP, 2 epochs (a step is a batch).

Each (program, variant) runs in its own fresh process (compiles are per process), one after
the other. JAX's persistent compilation cache is off in the children. TensorFlow's eager ops and
``tf.function`` graphs are not XLA programs: its rows show times only.

tapejax's own cache of compiled programs (``TAPEJAX_COMPILATION_CACHE``,
tapejax/_core/disk_cache.py) is off in the children unless ``--cache`` names its modes, each a
tapejax row: ``off``; ``cold`` (on, in an empty directory: what a first run pays, writing its
programs); ``warm`` (on, in a directory one unmeasured earlier run of the same program filled).
A compile the cache saves is no XLA compile: a warm row counts fewer, and its ``cache`` column
says how many programs were loaded from disk.

Usage: python benchmarks/compiles.py [--only linreg,gan] [--steps 10] [--repeats 1]
       [--tf-python PYTHON] [--json FILE] [--names] [--cache off,cold,warm]
       python benchmarks/compiles.py --child VARIANT PROGRAM STEPS   (one run; prints JSON)
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

BACKEND_COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"
TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"
LOWER_EVENT = "/jax/core/compile/jaxpr_to_mlir_module_duration"
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


# -- the counter ------------------------------------------------------------------------------
class CompileCounter:
    """Counts XLA compiles (and their seconds, and JAX's tracing and lowering seconds) from a
    ``jax.monitoring`` listener; ``step`` is the index the compiles are attributed to."""

    def __init__(self):
        self.compiles = 0
        self.seconds = 0.0
        self.trace_s = 0.0
        self.lower_s = 0.0
        self.step = "import"  # then "build", then the step's number from 1
        self.names = []  # (step, fun_name, seconds), one per compile

    def install(self):
        import jax  # noqa: PLC0415 - only the JAX-side children import JAX

        try:  # the constants, where this jax has them (0.10.2: jax/_src/dispatch.py)
            from jax._src import dispatch  # noqa: PLC0415

            assert dispatch.BACKEND_COMPILE_EVENT == BACKEND_COMPILE_EVENT
        except (ImportError, AttributeError):
            pass
        jax.monitoring.register_event_duration_secs_listener(self._on_duration)
        return self

    def _on_duration(self, event, duration, **kwargs):
        if event == BACKEND_COMPILE_EVENT:
            self.compiles += 1
            self.seconds += duration
            self.names.append((self.step, str(kwargs.get("fun_name", "?")), duration, _program_line()))
        elif event == TRACE_EVENT:
            self.trace_s += duration
        elif event == LOWER_EVENT:
            self.lower_s += duration

    def snapshot(self):
        return {
            "compiles": self.compiles,
            "compile_s": self.seconds,
            "trace_s": self.trace_s,
            "lower_s": self.lower_s,
        }


def _program_line() -> str:
    """The line of this file's programs that led to the compile (``function:line``)."""
    frame = sys._getframe(2)
    while frame is not None:
        code = frame.f_code
        if code.co_filename == __file__ and code.co_name not in ("_on_duration", "run", "child", "mark"):
            return f"{code.co_name}:{frame.f_lineno}"
        frame = frame.f_back
    return "?"


class _NoCounter(CompileCounter):
    """TensorFlow's children: no XLA compiles to count."""

    def snapshot(self):
        return {"compiles": None, "compile_s": None, "trace_s": None, "lower_s": None}


# -- shared data (numpy, the same on every side) -----------------------------------------------
def _rng(seed=0):
    return np.random.default_rng(seed)


def _glorot(rng, a, b):
    return (rng.standard_normal((a, b)) * np.sqrt(2.0 / (a + b))).astype(np.float32)


def _dense_params(rng, sizes):
    """Weights and biases of an MLP (numpy) for the hand-written JAX programs."""
    out = []
    for a, b in zip(sizes, sizes[1:], strict=False):
        out += [_glorot(rng, a, b), np.zeros(b, np.float32)]
    return out


def _loop(step, n):
    """A program of ``n`` steps: ``step(i)`` returns a scalar, read back before the next."""

    def run(mark):
        for i in range(n):
            float(step(i))
            mark()

    return run


def _batches(n, width, classes, batch, seed=0):
    rng = _rng(seed)
    x = rng.standard_normal((n * batch, width)).astype(np.float32)
    y = rng.integers(0, classes, n * batch).astype(np.int32)
    return [(x[i * batch : (i + 1) * batch], y[i * batch : (i + 1) * batch]) for i in range(n)]


# -- (1) linear regression, eager, assign_sub ---------------------------------------------------
def _linreg_data():
    rng = _rng(1)
    x = rng.standard_normal((64, 3)).astype(np.float32)
    y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 0.3).astype(np.float32)
    return x, y


def linreg(tf, n):
    xv, yv = _linreg_data()
    x, y = tf.constant(xv), tf.constant(yv)
    w, b = tf.Variable(tf.zeros([3, 1])), tf.Variable(0.0)
    lr = 0.1

    def step(i):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
        gw, gb = tape.gradient(loss, [w, b])
        w.assign_sub(lr * gw)
        b.assign_sub(lr * gb)
        return loss

    return _loop(step, n)


def jax_linreg(n):
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415

    xv, yv = _linreg_data()
    x, y = jnp.asarray(xv), jnp.asarray(yv)
    params = [jnp.zeros((3, 1), jnp.float32), jnp.zeros((), jnp.float32)]

    @jax.jit
    def update(params):
        loss, grads = jax.value_and_grad(lambda p: jnp.mean((x @ p[0] + p[1] - y) ** 2))(params)
        return [p - 0.1 * g for p, g in zip(params, grads, strict=True)], loss

    def step(i):
        params[:], loss = update(params)
        return loss

    return _loop(step, n)


# -- (2) Keras Dense MLP + Adam, one tf.function ------------------------------------------------
def mlp_fn(tf, n):
    layers = tf.keras.layers
    model = tf.keras.Sequential(
        [
            tf.keras.Input((16,)),
            layers.Dense(64, activation="relu"),
            layers.Dense(64, activation="relu"),
            layers.Dense(10),
        ]
    )
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    opt = tf.keras.optimizers.Adam(1e-3)
    data = [(tf.constant(x), tf.constant(y)) for x, y in _batches(n, 16, 10, 32)]

    @tf.function
    def train_step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables, strict=True))
        return loss

    return _loop(lambda i: train_step(*data[i]), n)


def _jax_mlp():
    import jax  # noqa: PLC0415

    def apply(params, x):
        for k in range(0, len(params) - 2, 2):
            x = jax.nn.relu(x @ params[k] + params[k + 1])
        return x @ params[-2] + params[-1]

    return apply


def _sparse_ce(logits, y):
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415

    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))


def _jax_trainer(loss, params, lr=1e-3):
    """``jax.jit`` of ``value_and_grad(loss)`` + optax Adam; ``step(*data)`` updates ``params``."""
    import jax  # noqa: PLC0415
    import optax  # noqa: PLC0415

    opt = optax.adam(lr, eps=1e-7)
    state = [params, opt.init(params)]

    @jax.jit
    def update(params, opt_state, *data):
        value, grads = jax.value_and_grad(loss)(params, *data)
        updates, opt_state = opt.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, value

    def step(*data):
        state[0], state[1], value = update(*state, *data)
        return value

    step.state = state  # [params, optimizer state]
    return step


def jax_mlp_fn(n):
    import jax.numpy as jnp  # noqa: PLC0415

    sizes = [16, 64, 64, 10]
    apply = _jax_mlp()
    params = [jnp.asarray(p) for p in _dense_params(_rng(), sizes)]
    train = _jax_trainer(lambda p, x, y: _sparse_ce(apply(p, x), y), params)
    data = [(jnp.asarray(x), jnp.asarray(y)) for x, y in _batches(n, 16, 10, 32)]
    return _loop(lambda i: train(*data[i]), n)


# -- (3) custom Layer (add_weight) + Adam + MSE, eager ------------------------------------------
def _regression_data(n, batch=32, width=8, seed=2):
    rng = _rng(seed)
    x = rng.standard_normal((n * batch, width)).astype(np.float32)
    y = np.sin(x.sum(axis=1, keepdims=True)).astype(np.float32)
    return [(x[i * batch : (i + 1) * batch], y[i * batch : (i + 1) * batch]) for i in range(n)]


def layer(tf, n):
    class Linear(tf.keras.layers.Layer):
        def __init__(self, units, **kwargs):
            super().__init__(**kwargs)
            self.units = units

        def build(self, input_shape):
            self.w = self.add_weight(
                shape=(input_shape[-1], self.units), initializer="random_normal", trainable=True
            )
            self.b = self.add_weight(shape=(self.units,), initializer="zeros", trainable=True)

        def call(self, inputs):
            return tf.matmul(inputs, self.w) + self.b

    class Net(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.hidden = Linear(32)
            self.out = Linear(1)

        def call(self, inputs):
            return self.out(tf.nn.relu(self.hidden(inputs)))

    model, opt, mse = Net(), tf.keras.optimizers.Adam(1e-2), tf.keras.losses.MeanSquaredError()
    data = [(tf.constant(x), tf.constant(y)) for x, y in _regression_data(n)]

    def step(i):
        x, y = data[i]
        with tf.GradientTape() as tape:
            loss = mse(y, model(x))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables, strict=True))
        return loss

    return _loop(step, n)


def jax_layer(n):
    import jax.numpy as jnp  # noqa: PLC0415

    sizes = [8, 32, 1]
    apply = _jax_mlp()
    params = [jnp.asarray(p) for p in _dense_params(_rng(), sizes)]
    train = _jax_trainer(lambda p, x, y: jnp.mean((apply(p, x) - y) ** 2), params, 1e-2)
    data = [(jnp.asarray(x), jnp.asarray(y)) for x, y in _regression_data(n)]
    return _loop(lambda i: train(*data[i]), n)


# -- (4) a small GAN: two models, two tapes, two Adams ------------------------------------------
NOISE, BATCH_GAN = 8, 64


def _real(n):
    rng = _rng(3)
    angle = rng.uniform(0, 2 * np.pi, (n, BATCH_GAN))
    return [np.stack([np.cos(a), np.sin(a)], axis=1).astype(np.float32) for a in angle]


def _gan(tf, n, compiled):
    layers = tf.keras.layers
    gen = tf.keras.Sequential(
        [tf.keras.Input((NOISE,)), layers.Dense(32, activation="relu"), layers.Dense(2)]
    )
    disc = tf.keras.Sequential([tf.keras.Input((2,)), layers.Dense(32, activation="relu"), layers.Dense(1)])
    bce = tf.keras.losses.BinaryCrossentropy(from_logits=True)
    g_opt, d_opt = tf.keras.optimizers.Adam(1e-3), tf.keras.optimizers.Adam(1e-3)
    real = [tf.constant(r) for r in _real(n)]

    def train_step(real):
        noise = tf.random.normal([BATCH_GAN, NOISE])
        with tf.GradientTape() as g_tape, tf.GradientTape() as d_tape:
            fake = gen(noise, training=True)
            real_out, fake_out = disc(real, training=True), disc(fake, training=True)
            g_loss = bce(tf.ones_like(fake_out), fake_out)
            d_loss = bce(tf.ones_like(real_out), real_out) + bce(tf.zeros_like(fake_out), fake_out)
        g_grads = g_tape.gradient(g_loss, gen.trainable_variables)
        d_grads = d_tape.gradient(d_loss, disc.trainable_variables)
        g_opt.apply_gradients(zip(g_grads, gen.trainable_variables, strict=True))
        d_opt.apply_gradients(zip(d_grads, disc.trainable_variables, strict=True))
        return g_loss + d_loss

    if compiled:
        train_step = tf.function(train_step)
    return _loop(lambda i: train_step(real[i]), n)


def gan(tf, n):
    return _gan(tf, n, False)


def gan_fn(tf, n):
    return _gan(tf, n, True)


def jax_gan(n):
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415
    import optax  # noqa: PLC0415

    apply = _jax_mlp()
    gp = [jnp.asarray(p) for p in _dense_params(_rng(4), [NOISE, 32, 2])]
    dp = [jnp.asarray(p) for p in _dense_params(_rng(5), [2, 32, 1])]
    g_opt, d_opt = optax.adam(1e-3, eps=1e-7), optax.adam(1e-3, eps=1e-7)
    state = [gp, dp, g_opt.init(gp), d_opt.init(dp), jax.random.key(0)]

    def bce(labels, logits):
        return jnp.mean(optax.sigmoid_binary_cross_entropy(logits, labels))

    @jax.jit
    def update(gp, dp, gs, ds, key, real):
        key, sub = jax.random.split(key)
        noise = jax.random.normal(sub, (BATCH_GAN, NOISE))

        def g_loss(gp):
            fake_out = apply(dp, apply(gp, noise))
            return bce(jnp.ones_like(fake_out), fake_out)

        def d_loss(dp):
            real_out, fake_out = apply(dp, real), apply(dp, apply(gp, noise))
            return bce(jnp.ones_like(real_out), real_out) + bce(jnp.zeros_like(fake_out), fake_out)

        gl, gg = jax.value_and_grad(g_loss)(gp)
        dl, dg = jax.value_and_grad(d_loss)(dp)
        gu, gs = g_opt.update(gg, gs, gp)
        du, ds = d_opt.update(dg, ds, dp)
        return optax.apply_updates(gp, gu), optax.apply_updates(dp, du), gs, ds, key, gl + dl

    real = [jnp.asarray(r) for r in _real(n)]

    def step(i):
        *state[:], value = update(*state, real[i])
        return value

    return _loop(step, n)


# -- (5) PINN: nested tapes (u_xx) and a persistent tape (u_x, u_t), in a tf.function ----------
NU = 0.1


def _pinn_data():
    rng = _rng(6)
    x = rng.uniform(-1, 1, (128, 1)).astype(np.float32)
    t = rng.uniform(0, 1, (128, 1)).astype(np.float32)
    x0 = rng.uniform(-1, 1, (32, 1)).astype(np.float32)
    return x, t, x0, np.zeros_like(x0), np.sin(np.pi * x0).astype(np.float32)


def pinn(tf, n):
    layers = tf.keras.layers
    net = tf.keras.Sequential(
        [
            tf.keras.Input((2,)),
            layers.Dense(32, activation="tanh"),
            layers.Dense(32, activation="tanh"),
            layers.Dense(1),
        ]
    )
    opt = tf.keras.optimizers.Adam(1e-3)
    x, t, x0, t0, u0 = (tf.constant(a) for a in _pinn_data())

    @tf.function
    def train_step():
        with tf.GradientTape() as tape:
            with tf.GradientTape() as tape2:
                tape2.watch(x)
                with tf.GradientTape(persistent=True) as tape1:
                    tape1.watch([x, t])
                    u = net(tf.concat([x, t], axis=1))
                u_x = tape1.gradient(u, x)
                u_t = tape1.gradient(u, t)
                del tape1
            u_xx = tape2.gradient(u_x, x)
            residual = u_t - NU * u_xx
            initial = net(tf.concat([x0, t0], axis=1)) - u0
            loss = tf.reduce_mean(tf.square(residual)) + tf.reduce_mean(tf.square(initial))
        grads = tape.gradient(loss, net.trainable_variables)
        opt.apply_gradients(zip(grads, net.trainable_variables, strict=True))
        return loss

    return _loop(lambda i: train_step(), n)


def jax_pinn(n):
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415

    def net(p, x, t):
        h = jnp.concatenate([x, t], axis=1)
        for k in range(0, len(p) - 2, 2):
            h = jnp.tanh(h @ p[k] + p[k + 1])
        return h @ p[-2] + p[-1]

    x, t, x0, t0, u0 = (jnp.asarray(a) for a in _pinn_data())

    def loss(p, x, t, x0, t0, u0):
        u_x = jax.grad(lambda x: net(p, x, t).sum())
        u_t = jax.grad(lambda t: net(p, x, t).sum())(t)
        u_xx = jax.grad(lambda x: u_x(x).sum())(x)
        return jnp.mean((u_t - NU * u_xx) ** 2) + jnp.mean((net(p, x0, t0) - u0) ** 2)

    params = [jnp.asarray(p) for p in _dense_params(_rng(), [2, 32, 32, 1])]
    train = _jax_trainer(loss, params)
    return _loop(lambda i: train(x, t, x0, t0, u0), n)


# -- (6) actor-critic (keras.io's CartPole example) on a numpy CartPole ------------------------
GAMMA, MAX_STEPS, EPISODES = 0.99, 60, 8


class CartPole:
    """Gym's CartPole-v1 dynamics in numpy, seeded (no gym needed)."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def reset(self):
        self.state = self.rng.uniform(-0.05, 0.05, 4)
        return self.state.astype(np.float32)

    def step(self, action):
        x, x_dot, theta, theta_dot = self.state
        force = 10.0 if action == 1 else -10.0
        cos, sin = np.cos(theta), np.sin(theta)
        temp = (force + 0.05 * theta_dot**2 * sin) / 1.1
        theta_acc = (9.8 * sin - cos * temp) / (0.5 * (4.0 / 3.0 - 0.1 * cos**2 / 1.1))
        x_acc = temp - 0.05 * theta_acc * cos / 1.1
        x, x_dot = x + 0.02 * x_dot, x_dot + 0.02 * x_acc
        theta, theta_dot = theta + 0.02 * theta_dot, theta_dot + 0.02 * theta_acc
        self.state = np.array([x, x_dot, theta, theta_dot])
        done = bool(abs(x) > 2.4 or abs(theta) > 0.2095)
        return self.state.astype(np.float32), 1.0, done


def _returns(rewards):
    returns, discounted = [], 0.0
    for r in rewards[::-1]:
        discounted = r + GAMMA * discounted
        returns.insert(0, discounted)
    returns = np.array(returns)
    return ((returns - returns.mean()) / (returns.std() + 1e-7)).tolist()


def actor_critic(tf, n):
    del n  # a fixed number of episodes
    layers = tf.keras.layers
    inputs = layers.Input(shape=(4,))
    common = layers.Dense(128, activation="relu")(inputs)
    action = layers.Dense(2, activation="softmax")(common)
    critic = layers.Dense(1)(common)
    model = tf.keras.Model(inputs=inputs, outputs=[action, critic])
    optimizer, huber = tf.keras.optimizers.Adam(learning_rate=0.01), tf.keras.losses.Huber()
    env, choice = CartPole(7), np.random.default_rng(8)

    def episode(i):
        state, probs_history, critic_history, rewards = env.reset(), [], [], []
        with tf.GradientTape() as tape:
            for _ in range(MAX_STEPS):
                state = tf.expand_dims(tf.convert_to_tensor(state), 0)
                action_probs, critic_value = model(state)
                critic_history.append(critic_value[0, 0])
                action = choice.choice(2, p=np.squeeze(action_probs))
                probs_history.append(tf.math.log(action_probs[0, action]))
                state, reward, done = env.step(action)
                rewards.append(reward)
                if done:
                    break
            actor_losses, critic_losses = [], []
            for log_prob, value, ret in zip(probs_history, critic_history, _returns(rewards), strict=True):
                actor_losses.append(-log_prob * (ret - value))
                critic_losses.append(huber(tf.expand_dims(value, 0), tf.expand_dims(ret, 0)))
            loss_value = sum(actor_losses) + sum(critic_losses)
        grads = tape.gradient(loss_value, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables, strict=True))
        return loss_value

    return _loop(episode, EPISODES)


def jax_actor_critic(n):
    """The JAX way: a jitted policy call per time step, and one jitted update per episode over
    the episode padded to ``MAX_STEPS`` (a mask), so that every length is one program."""
    del n
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415
    import optax  # noqa: PLC0415

    def apply(p, s):
        h = jax.nn.relu(s @ p[0] + p[1])
        return jax.nn.softmax(h @ p[2] + p[3]), h @ p[4] + p[5]

    rng = _rng()
    params = [
        jnp.asarray(a)
        for a in (_glorot(rng, 4, 128), np.zeros(128, np.float32), _glorot(rng, 128, 2))
        + (np.zeros(2, np.float32), _glorot(rng, 128, 1), np.zeros(1, np.float32))
    ]
    policy = jax.jit(apply)

    def loss(p, states, actions, returns, mask):
        probs, values = apply(p, states)
        log_probs = jnp.log(jnp.take_along_axis(probs, actions[:, None], axis=1)[:, 0])
        values = values[:, 0]
        actor = -log_probs * (returns - values)
        critic = optax.huber_loss(values, returns)
        return jnp.sum(jnp.where(mask, actor + critic, 0.0))

    train = _jax_trainer(loss, params, 0.01)
    env, choice = CartPole(7), np.random.default_rng(8)

    def episode(i):
        state, states, actions, rewards = env.reset(), [], [], []
        p = train.state[0]
        for _ in range(MAX_STEPS):
            probs, _ = policy(p, state[None])
            action = choice.choice(2, p=np.squeeze(np.asarray(probs)))
            states.append(state)
            actions.append(action)
            state, reward, done = env.step(action)
            rewards.append(reward)
            if done:
                break
        k = len(states)
        pad = MAX_STEPS - k
        return train(
            jnp.asarray(np.concatenate([np.stack(states), np.zeros((pad, 4), np.float32)])),
            jnp.asarray(np.array(actions + [0] * pad, np.int32)),
            jnp.asarray(np.array(_returns(rewards) + [0.0] * pad, np.float32)),
            jnp.asarray(np.arange(MAX_STEPS) < k),
        )

    return _loop(episode, EPISODES)


# -- (7) Keras fit, 2 epochs ------------------------------------------------------------------
FIT_SAMPLES, FIT_BATCH, FIT_EPOCHS = 512, 64, 2


def fit(tf, n):
    del n  # 2 epochs of 8 batches
    layers = tf.keras.layers
    model = tf.keras.Sequential(
        [tf.keras.Input((16,)), layers.Dense(64, activation="relu"), layers.Dense(10)]
    )
    model.compile(optimizer="adam", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    ((x, y),) = _batches(1, 16, 10, FIT_SAMPLES)

    def run(mark):
        class Marks(tf.keras.callbacks.Callback):
            def on_train_batch_end(self, batch, logs=None):
                mark()

        model.fit(
            x, y, batch_size=FIT_BATCH, epochs=FIT_EPOCHS, shuffle=False, verbose=0, callbacks=[Marks()]
        )

    return run


def jax_fit(n):
    del n
    import jax.numpy as jnp  # noqa: PLC0415

    sizes = [16, 64, 10]
    apply = _jax_mlp()
    params = [jnp.asarray(p) for p in _dense_params(_rng(), sizes)]
    train = _jax_trainer(lambda p, x, y: _sparse_ce(apply(p, x), y), params)
    ((x, y),) = _batches(1, 16, 10, FIT_SAMPLES)
    x, y = jnp.asarray(x), jnp.asarray(y)
    batches = FIT_SAMPLES // FIT_BATCH

    def step(i):
        k = i % batches
        return train(x[k * FIT_BATCH : (k + 1) * FIT_BATCH], y[k * FIT_BATCH : (k + 1) * FIT_BATCH])

    return _loop(step, FIT_EPOCHS * batches)


# name: (TF-API program, hand-written JAX program, label)
PROGRAMS = {
    "linreg": (linreg, jax_linreg, "linear regression, eager, assign_sub"),
    "mlp_fn": (mlp_fn, jax_mlp_fn, "Keras MLP + Adam, tf.function step"),
    "layer": (layer, jax_layer, "custom Layer (add_weight) + Adam + MSE, eager"),
    "gan": (gan, jax_gan, "GAN (2 tapes, 2 Adams), eager"),
    "gan_fn": (gan_fn, jax_gan, "GAN (2 tapes, 2 Adams), tf.function"),
    "pinn": (pinn, jax_pinn, "PINN (nested + persistent tapes), tf.function"),
    "actor_critic": (actor_critic, jax_actor_critic, f"actor-critic, {EPISODES} episodes (step: episode)"),
    "fit": (fit, jax_fit, f"Keras fit, {FIT_EPOCHS} epochs (step: batch)"),
}
VARIANTS = {
    "jax": "jax.jit (limit)",
    "tapejax": "tapejax",
    "tapejax:cold": "tapejax, cold cache",
    "tapejax:warm": "tapejax, warm cache",
    "tf": "TF",
}


# -- one run, in a fresh process ---------------------------------------------------------------
def child(variant: str, program: str, steps: int) -> dict:
    t0 = time.perf_counter()  # the import of JAX (with the counter) or TensorFlow included
    counter = _NoCounter() if variant == "tf" else CompileCounter().install()
    if variant == "jax":
        import jax  # noqa: PLC0415, F401 - timed as the import

        module = None
    else:
        module = __import__({"tapejax": "tapejax", "tf": "tensorflow"}[variant.partition(":")[0]])
    imported = {"import_s": time.perf_counter() - t0, **counter.snapshot()}
    np.random.seed(0)
    if module is not None:  # the Keras initializers' draws, so that runs are the same
        module.random.set_seed(0)
    marks = []

    def mark():
        marks.append({"t": time.perf_counter() - start, **counter.snapshot()})
        counter.step += 1

    start = time.perf_counter()
    tf_program, jax_program, _ = PROGRAMS[program]
    counter.step = "build"
    run = jax_program(steps) if module is None else tf_program(module, steps)
    built = {"t": time.perf_counter() - start, **counter.snapshot()}
    counter.step = 1
    run(mark)
    end = {"t": time.perf_counter() - start, **counter.snapshot()}
    record = {"import": imported, "build": built, "marks": marks, "end": end, "names": counter.names}
    if variant.startswith("tapejax"):
        record["disk"] = dict(sys.modules["tapejax._core.disk_cache"].stats)
    return record


# -- the parent: fresh processes, the table ----------------------------------------------------
def has_tensorflow(python: str) -> bool:
    code = "import importlib.util, sys; sys.exit(importlib.util.find_spec('tensorflow') is None)"
    try:
        return subprocess.run([python, "-c", code], capture_output=True, check=False).returncode == 0
    except OSError:
        return False


def _run_child(python: str, variant: str, program: str, steps: int, cache: str | None = None) -> dict:
    """One child; ``cache``: the directory of tapejax's compilation cache (None: off)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("JAX_COMPILATION_CACHE")}
    env["TAPEJAX_COMPILATION_CACHE"] = cache or "0"
    env.pop("JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS", None)
    env.pop("JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES", None)
    if variant == "tf":  # TensorFlow's Python imports tensorflow only, never this tapejax
        env.pop("PYTHONPATH", None)
        env.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    else:
        env["PYTHONPATH"] = os.pathsep.join(
            [ROOT] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        )
    cmd = [python, os.path.abspath(__file__), "--child", variant, program, str(steps)]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    if out.returncode != 0:
        return {"error": (out.stderr.strip().splitlines() or [f"exit {out.returncode}"])[-1][:300]}
    return json.loads(out.stdout.strip().splitlines()[-1])


def summarize(run: dict) -> dict:
    """A child's record to the table's numbers."""
    if "error" in run:
        return run
    marks, end = run["marks"], run["end"]
    n = len(marks)
    first, half = marks[0], marks[n // 2 - 1] if n >= 2 else marks[0]
    times = [b["t"] - a["t"] for a, b in zip(marks, marks[1:], strict=False)]
    steady = statistics.median(times[max(0, n // 2 - 1) :]) if times else float("nan")
    out = {
        "steps": n,
        "first_step_s": first["t"],  # build included, import excluded
        "steady_step_s": steady,
        "import_s": run["import"]["import_s"],
        "build_s": run["build"]["t"],
        "total_s": end["t"],  # building and every step
    }
    if end["compiles"] is not None:
        per_step, previous = [], run["build"]["compiles"]
        for m in marks:
            per_step.append(m["compiles"] - previous)
            previous = m["compiles"]
        out |= {
            "compiles_import": run["import"]["compiles"],
            "compiles_build": run["build"]["compiles"] - run["import"]["compiles"],
            "compiles_first": first["compiles"],
            "compiles_total": end["compiles"],
            "compiles_steady": end["compiles"] - half["compiles"],
            "compiles_per_step": per_step,
            "compile_s_first": first["compile_s"],
            "compile_s_total": end["compile_s"],
            "trace_lower_s_total": end["trace_s"] + end["lower_s"],
            "names": run["names"],
        }
    if "disk" in run:
        out["disk"] = run["disk"]
    return out


def _run_cached(variant: str, program: str, steps: int) -> dict:
    """A tapejax child with its compilation cache cold (``tapejax:cold``: an empty directory)
    or warm (``tapejax:warm``: filled by one unmeasured run before), in a new directory."""
    with tempfile.TemporaryDirectory() as cache:
        if variant.endswith(":warm"):
            _run_child(sys.executable, variant, program, steps, cache)
        return _run_child(sys.executable, variant, program, steps, cache)


def measure(programs, steps: int, repeats: int, tf_python: str | None, cache_modes=("off",)) -> dict:
    """results[program][variant]: the summary of the median run (compile counts of every
    repeat must agree: they are exact; times are the medians)."""
    tapejax_rows = [{"off": "tapejax"}.get(m, f"tapejax:{m}") for m in cache_modes]
    variants = ["jax", *tapejax_rows] + (["tf"] if tf_python else [])
    results = {}
    for program in programs:
        runs = {v: [] for v in variants}
        for _ in range(repeats):
            for v in variants:
                python = tf_python if v == "tf" else sys.executable
                cached = v.startswith("tapejax:")
                record = _run_cached(v, program, steps) if cached else _run_child(python, v, program, steps)
                runs[v].append(summarize(record))
                print(f"{program} / {v}: {_brief(runs[v][-1])}", file=sys.stderr, flush=True)
        results[program] = {}
        for v, rs in runs.items():
            ok = [r for r in rs if "error" not in r]
            if not ok:
                results[program][v] = rs[0]
                continue
            res = dict(ok[0])
            for key in (
                "first_step_s",
                "steady_step_s",
                "import_s",
                "build_s",
                "compile_s_first",
                "compile_s_total",
            ):
                if res.get(key) is not None:
                    res[key] = statistics.median(r[key] for r in ok)
            counts = {r.get("compiles_total") for r in ok}
            res["counts_agree"] = len(counts) == 1
            results[program][v] = res
    return results


def _brief(r: dict) -> str:
    if "error" in r:
        return "ERROR " + r["error"]
    c = (
        f"{r['compiles_first']}/{r['compiles_total']}/{r['compiles_steady']} compiles, "
        if "compiles_total" in r
        else ""
    )
    disk = f"cache {r['disk']}, " if "disk" in r else ""
    return c + disk + f"first step {r['first_step_s']:.2f} s, steady {r['steady_step_s'] * 1e3:.1f} ms"


def _fmt_s(s):
    return "—" if s is None else f"{s:.2f}"


def _fmt_ms(s):
    return f"{s * 1e3:.2f}" if s < 0.1 else f"{s * 1e3:.0f}"


def _per_step(counts):
    return " ".join(str(c) for c in counts)


def table(results: dict) -> str:
    lines = [
        "| program | variant | compiles: to 1st step / total / steady | compile s: to 1st step / total "
        "| compiles per step | 1st step s | steady step ms | compiles / jax.jit's | 1st step / jax.jit's "
        "| 1st step / TF's |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for program, res in results.items():
        label = PROGRAMS[program][2]
        limit, tf_run = res.get("jax", {}), res.get("tf", {})
        for v, r in res.items():
            if "error" in r:
                lines.append(f"| {label} | {VARIANTS[v]} | ERROR: {r['error']} | | | | | | | |")
                continue
            if "compiles_total" in r:
                counts = f"{r['compiles_first']} / {r['compiles_total']} / {r['compiles_steady']}"
                if not r.get("counts_agree", True):
                    counts += " (runs differ: first run's)"
                if r.get("disk", {}).get("loaded"):
                    counts += f" (+{r['disk']['loaded']} loaded from the cache)"
                secs = f"{_fmt_s(r['compile_s_first'])} / {_fmt_s(r['compile_s_total'])}"
                per = _per_step(r["compiles_per_step"])
                setup = r.get("compiles_import", 0) + r.get("compiles_build", 0)
                if setup:
                    per = f"({setup} before) " + per
                ratio = (
                    f"{r['compiles_total'] / limit['compiles_total']:.1f}x"
                    if limit.get("compiles_total")
                    else "n/a"
                )
            else:
                counts, secs, per, ratio = "no XLA", "—", "—", "—"
            first_ratio = (
                f"{r['first_step_s'] / limit['first_step_s']:.2f}x" if limit.get("first_step_s") else "n/a"
            )
            tf_ratio = (
                f"{r['first_step_s'] / tf_run['first_step_s']:.2f}x" if tf_run.get("first_step_s") else "n/a"
            )
            lines.append(
                f"| {label} | {VARIANTS[v]} | {counts} | {secs} | {per} | {r['first_step_s']:.2f} | "
                f"{_fmt_ms(r['steady_step_s'])} | {ratio} | {first_ratio} | {tf_ratio} |"
            )
    return "\n".join(lines)


def _names(names, when) -> str:
    count, secs = collections.Counter(), collections.Counter()
    for step, name, s, _ in names:
        if when(step):
            count[name] += 1
            secs[name] += s
    return ", ".join(f"`{name}` x{count[name]} ({secs[name]:.2f} s)" for name, _ in secs.most_common()) or "—"


def names_table(results: dict) -> str:
    """Where the compiles come from: JAX's name of each compiled function (the event's
    ``fun_name``), counted, with its seconds, by when it was compiled."""
    lines = [
        "| program | variant | import and building | step 1 | steps 2.. |",
        "|---|---|---|---|---|",
    ]
    for program, res in results.items():
        for v, r in res.items():
            if "names" not in r:
                continue
            cells = [
                _names(r["names"], lambda s: isinstance(s, str)),
                _names(r["names"], lambda s: s == 1),
                _names(r["names"], lambda s: isinstance(s, int) and s > 1),
            ]
            lines.append(f"| {PROGRAMS[program][2]} | {VARIANTS[v]} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--child", nargs=3, metavar=("VARIANT", "PROGRAM", "STEPS"), help=argparse.SUPPRESS)
    parser.add_argument("--only", default="", help="comma-separated programs: " + ",".join(PROGRAMS))
    parser.add_argument("--steps", type=int, default=10, help="steps of the loops (not of actor_critic, fit)")
    parser.add_argument("--repeats", type=int, default=1, help="fresh processes per (program, variant)")
    parser.add_argument(
        "--tf-python",
        default=None,
        help="a Python with TensorFlow for the TF rows (default: this one, when it has TensorFlow)",
    )
    parser.add_argument(
        "--json", default=None, help="also write the results (per-compile names included) here"
    )
    parser.add_argument("--names", action="store_true", help="also print tapejax's compiles by function name")
    parser.add_argument(
        "--cache",
        default="off",
        help="tapejax rows, by its compilation cache: comma-separated off, cold, warm (default off)",
    )
    args = parser.parse_args()
    if args.child:
        variant, program, steps = args.child
        if variant != "tf":
            sys.path.insert(0, ROOT)
        print(json.dumps(child(variant, program, int(steps))))
        return
    tf_python = args.tf_python or sys.executable
    tf_python = tf_python if has_tensorflow(tf_python) else None
    programs = [p for p in PROGRAMS if not args.only or p in args.only.split(",")]
    modes = [m for m in args.cache.split(",") if m]
    if not modes or any(m not in ("off", "cold", "warm") for m in modes):
        parser.error("--cache takes off, cold and warm, comma-separated")
    results = measure(programs, args.steps, args.repeats, tf_python, modes)
    print(table(results))
    if args.names:
        print("\n" + names_table(results))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
