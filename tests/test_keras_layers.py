"""tapejax.keras layers vs TF 2.21 / Keras 3.15: outputs, gradients, weights, configs, errors.

tests/keras_layer_reference.py holds TF's outputs and gradients of the cases in
tests/keras_layer_cases.py (written by scripts/keras_layers_reference_tf.py). Gradients are also
checked against central finite differences in float64, and the recurrent layers against a
jax.numpy loop of Keras' cell formulas.
"""

from __future__ import annotations

import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from helpers import finite_difference_grad
from keras_layer_cases import CASES, case_input, output_weights, ramp, weight_values
from keras_layer_reference import REFERENCE

import tapejax as tf

layers = tf.keras.layers


@pytest.fixture(autouse=True)
def fresh_names():
    tf.keras.backend.clear_session()


def build(name, dtype="float32"):
    cls, kwargs, _ = CASES[name]
    layer = getattr(layers, cls)(dtype=dtype, **kwargs)
    x = case_input(name)
    if x.dtype.kind == "f":
        x = x.astype(dtype)
    layer(tf.constant(x))
    layer.set_weights(weight_values([tuple(w.shape) for w in layer.weights]))
    return layer, tf.constant(x)


def flat(out) -> list:
    return list(out) if isinstance(out, (list, tuple)) else [out]


def loss_of(out):
    outs = flat(out)
    ws = output_weights([tuple(o.shape) for o in outs])
    return tf.add_n(
        [
            tf.reduce_sum(o * tf.constant(w.astype(o.dtype.as_numpy_dtype)))
            for o, w in zip(outs, ws, strict=True)
        ]
    )


def sources_of(layer, x) -> list:
    return ([x] if x.dtype.is_floating else []) + layer.trainable_weights


def outputs_and_grads(layer, x):
    with tf.GradientTape() as tape:
        if x.dtype.is_floating:
            tape.watch(x)
        out = layer(x)
        loss = loss_of(out)
    return flat(out), tape.gradient(loss, sources_of(layer, x))


@pytest.mark.parametrize("name", list(CASES))
def test_outputs_gradients_and_weights_match_tf(name):
    layer, x = build(name)
    ref = REFERENCE[name]
    assert [(w.path, tuple(w.shape)) for w in layer.weights] == [tuple(p) for p in ref["weights"]]
    outs, grads = outputs_and_grads(layer, x)
    assert len(outs) == len(ref["outputs"]) and len(grads) == len(ref["grads"])
    for got, want in zip(outs + grads, ref["outputs"] + ref["grads"], strict=True):
        np.testing.assert_allclose(tf.convert_to_tensor(got).numpy(), np.asarray(want), rtol=2e-5, atol=2e-6)


@pytest.mark.parametrize("name", list(CASES))
def test_inside_function_as_eagerly(name):
    layer, x = build(name)
    eager_outs, eager_grads = outputs_and_grads(layer, x)
    compiled = tf.function(lambda v: outputs_and_grads(layer, v))
    for _ in range(2):  # the second call runs the compiled function
        outs, grads = compiled(x)
        for got, want in zip(outs + grads, eager_outs + eager_grads, strict=True):
            # Convolutions, RNN scans and normalizations: the compiled program fuses and sums in
            # another order than op by op, so the tolerance of the TF comparison above.
            np.testing.assert_allclose(
                tf.convert_to_tensor(got).numpy(), tf.convert_to_tensor(want).numpy(), rtol=2e-5, atol=2e-6
            )


@pytest.mark.parametrize("name", [n for n in CASES if not n.startswith(("max_pool", "global_max"))])
def test_gradients_match_finite_differences(name):
    layer, x = build(name, "float64")
    _, grads = outputs_and_grads(layer, x)
    sources = sources_of(layer, x)
    for source, grad in zip(sources, grads, strict=True):
        if isinstance(source, tf.Variable):
            original = source.numpy()

            def f(v, variable=source):
                variable.assign(v)
                return float(loss_of(layer(x)))

            expected = finite_difference_grad(f, original)
            source.assign(original)
        else:
            expected = finite_difference_grad(lambda v: float(loss_of(layer(tf.constant(v)))), x.numpy())
        np.testing.assert_allclose(tf.convert_to_tensor(grad).numpy(), expected, rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("name", ["max_pool2d", "max_pool1d_same", "global_max_pool1d"])
def test_max_pooling_gradient_goes_to_the_maximum(name):
    layer, x = build(name, "float64")
    _, (grad,) = outputs_and_grads(layer, x)
    fn = lambda v: loss_of(layer(tf.constant(v))).numpy()  # noqa: E731 - distinct ramp values: no ties
    np.testing.assert_allclose(grad.numpy(), finite_difference_grad(fn, x.numpy()), atol=1e-7)


@pytest.mark.parametrize("name", list(CASES))
def test_compute_output_shape(name):
    layer, x = build(name)
    shapes = flat(layer.compute_output_shape(tuple(x.shape)))
    if not isinstance(layer.compute_output_shape(tuple(x.shape)), tuple) or not isinstance(
        layer.compute_output_shape(tuple(x.shape))[0], tuple
    ):
        shapes = [layer.compute_output_shape(tuple(x.shape))]
    assert [tuple(s) for s in shapes] == [tuple(o.shape) for o in flat(layer(x))]
    unknown = layer.compute_output_shape((None, *tuple(x.shape)[1:]))
    first = unknown[0] if isinstance(unknown[0], tuple) else unknown
    assert first[0] is None


# -- recurrent layers against Keras' cell formulas in jax.numpy --------------------------------
def jax_rnn(kind, x, kernel, rkernel, bias, units, go_backwards=False, reset_after=True):
    sig, h = jax.nn.sigmoid, jnp.zeros((x.shape[0], units))
    c = jnp.zeros_like(h)
    steps = range(x.shape[1])[::-1] if go_backwards else range(x.shape[1])
    outs = []
    for t in steps:
        xt = x[:, t]
        if kind == "simple":
            h = jnp.tanh(xt @ kernel + bias + h @ rkernel)
        elif kind == "lstm":
            i, f, g, o = jnp.split(xt @ kernel + h @ rkernel + bias, 4, axis=-1)
            c = sig(f) * c + sig(i) * jnp.tanh(g)
            h = sig(o) * jnp.tanh(c)
        else:
            bx, bh = (bias[0], bias[1]) if reset_after else (bias, 0.0)
            xz, xr, xh = jnp.split(xt @ kernel + bx, 3, axis=-1)
            inner = h @ rkernel + bh
            z, r = sig(xz + inner[:, :units]), sig(xr + inner[:, units : 2 * units])
            rh = r * inner[:, 2 * units :] if reset_after else (r * h) @ rkernel[:, 2 * units :]
            h = z * h + (1 - z) * jnp.tanh(xh + rh)
        outs.append(h)
    return jnp.stack(outs, axis=1), h, c


@pytest.mark.parametrize(
    "cls, kind, kwargs",
    [
        ("SimpleRNN", "simple", {}),
        ("LSTM", "lstm", {}),
        ("GRU", "gru", {}),
        ("GRU", "gru", {"reset_after": False}),
        ("LSTM", "lstm", {"go_backwards": True}),
    ],
)
@pytest.mark.usefixtures("x64_references")  # the JAX loop in float64
def test_recurrent_layers_match_jax_loop(cls, kind, kwargs):
    x = ramp((3, 5, 4), 0.31).astype(np.float64)
    layer = getattr(layers, cls)(3, return_sequences=True, return_state=True, dtype="float64", **kwargs)
    layer(tf.constant(x))
    weights = [w.numpy() for w in layer.weights]
    flags = (kwargs.get("go_backwards", False), kwargs.get("reset_after", True))
    seq, h, c = jax_rnn(kind, x, *weights, 3, *flags)
    out = layer(tf.constant(x))
    np.testing.assert_allclose(out[0].numpy(), seq, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(out[1].numpy(), h, rtol=1e-12, atol=1e-12)
    if kind == "lstm":
        np.testing.assert_allclose(out[2].numpy(), c, rtol=1e-12, atol=1e-12)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(tf.constant(x))[0] ** 2)
    grads = tape.gradient(loss, layer.trainable_weights)
    ref = jax.grad(lambda *w: jnp.sum(jax_rnn(kind, x, *w, 3, *flags)[0] ** 2), argnums=(0, 1, 2))(*weights)
    for g, r in zip(grads, ref, strict=True):
        np.testing.assert_allclose(g.numpy(), r, rtol=1e-10, atol=1e-12)


def test_recurrent_layer_records_one_op_per_call():
    layer = layers.LSTM(3)
    x = tf.constant(ramp((2, 50, 4)))
    layer(x)
    with tf.GradientTape() as tape:
        y = layer(x)
    ops = [node.op.name for node in tape._tape.nodes]
    assert ops == ["LSTM"]  # one scan op, whatever the number of steps
    assert all(g is not None for g in tape.gradient(y, layer.trainable_weights))


def test_initial_state_and_cells():
    x = tf.constant(ramp((2, 3, 4)))
    lstm = layers.LSTM(2, return_state=True)
    _, h, c = lstm(x)
    out, h2, c2 = lstm(x, initial_state=[h, c])
    cell = lstm.cell
    state = [h, c]
    for t in range(3):
        step_out, state = cell(x[:, t], state)
    np.testing.assert_allclose(out.numpy(), step_out.numpy(), rtol=1e-6)
    np.testing.assert_allclose(c2.numpy(), state[1].numpy(), rtol=1e-6)
    # RNN(cell) with the built-in cell gives the LSTM's numbers.
    rnn = layers.RNN(lstm.cell)
    np.testing.assert_allclose(rnn(x).numpy(), lstm(x)[0].numpy(), rtol=1e-6)
    with pytest.raises(ValueError, match="expects 2 state"):
        lstm(x, initial_state=[h])


def test_rnn_with_custom_cell_loops_over_time():
    class Cumsum(layers.Layer):
        state_size = 4

        def call(self, x, states):
            h = states[0] + x
            return h, [h]

        def get_initial_state(self, batch_size=None):
            return [tf.zeros((batch_size, 4))]

    x = ramp((2, 3, 4))
    np.testing.assert_allclose(
        layers.RNN(Cumsum(), return_sequences=True)(tf.constant(x)).numpy(), np.cumsum(x, axis=1), rtol=1e-6
    )


def test_recurrent_dropout_masks_inputs_while_training():
    layer = layers.GRU(3, dropout=0.5)
    x = tf.constant(ramp((4, 6, 5)))
    y = layer(x)
    np.testing.assert_array_equal(layer(x, training=False).numpy(), y.numpy())
    assert not np.allclose(layer(x, training=True).numpy(), y.numpy())


# -- get_config: Keras 3.15's keys (TF 2.21), and from_config round trips -----------------------
BASE = {"name", "trainable", "dtype"}
CONV = BASE | {
    "activation",
    "activity_regularizer",
    "bias_constraint",
    "bias_initializer",
    "bias_regularizer",
    "data_format",
    "dilation_rate",
    "filters",
    "groups",
    "kernel_constraint",
    "kernel_initializer",
    "kernel_regularizer",
    "kernel_size",
    "padding",
    "strides",
    "use_bias",
}
POOL = BASE | {"data_format", "padding", "pool_size", "strides"}
RNN_KEYS = BASE | {
    "activation",
    "activity_regularizer",
    "bias_constraint",
    "bias_initializer",
    "bias_regularizer",
    "dropout",
    "go_backwards",
    "kernel_constraint",
    "kernel_initializer",
    "kernel_regularizer",
    "recurrent_constraint",
    "recurrent_dropout",
    "recurrent_initializer",
    "recurrent_regularizer",
    "return_sequences",
    "return_state",
    "stateful",
    "units",
    "unroll",
    "use_bias",
    "zero_output_for_mask",
}
CONFIG_KEYS = [
    (layers.Conv2D(2, 3), CONV),
    (layers.Conv1D(2, 3), CONV),
    (layers.MaxPooling2D(), POOL),
    (layers.AveragePooling1D(2), POOL),
    (layers.MaxPooling1D(), POOL),
    (layers.GlobalAveragePooling2D(), BASE | {"data_format", "keepdims"}),
    (layers.GlobalMaxPooling1D(), BASE | {"data_format", "keepdims"}),
    (
        layers.LayerNormalization(),
        BASE
        | {
            "axis",
            "beta_constraint",
            "beta_initializer",
            "beta_regularizer",
            "center",
            "epsilon",
            "gamma_constraint",
            "gamma_initializer",
            "gamma_regularizer",
            "rms_scaling",
            "scale",
        },
    ),
    (
        layers.Embedding(5, 3),
        BASE
        | {
            "embeddings_constraint",
            "embeddings_initializer",
            "embeddings_regularizer",
            "input_dim",
            "mask_zero",
            "output_dim",
        },
    ),
    (layers.Dropout(0.5), BASE | {"noise_shape", "rate", "seed"}),
    (layers.Flatten(), BASE | {"data_format"}),
    (layers.Reshape((2, 3)), BASE | {"target_shape"}),
    (layers.Activation("relu"), BASE | {"activation"}),
    (layers.Concatenate(), BASE | {"axis"}),
    (layers.Add(), BASE),
    (layers.SimpleRNN(3), RNN_KEYS),
    # As Keras 3.15 (renorm_clipping and renorm_momentum kept at their defaults: tapejax has no renorm).
    (
        layers.BatchNormalization(),
        BASE
        | {
            "axis",
            "beta_constraint",
            "beta_initializer",
            "beta_regularizer",
            "center",
            "epsilon",
            "gamma_constraint",
            "gamma_initializer",
            "gamma_regularizer",
            "momentum",
            "moving_mean_initializer",
            "moving_variance_initializer",
            "renorm",
            "renorm_clipping",
            "renorm_momentum",
            "scale",
            "synchronized",
        },
    ),
    (
        layers.Dense(2),
        BASE
        | {
            "activation",
            "use_bias",
            "units",
            "kernel_initializer",
            "bias_initializer",
            "kernel_regularizer",
            "bias_regularizer",
            "kernel_constraint",
            "bias_constraint",
        },
    ),
    (layers.LSTM(3), RNN_KEYS | {"recurrent_activation", "seed", "unit_forget_bias"}),
    (layers.GRU(3), RNN_KEYS | {"recurrent_activation", "seed", "reset_after"}),
]


@pytest.mark.parametrize(
    "layer, keys", CONFIG_KEYS, ids=lambda v: "" if isinstance(v, set) else type(v).__name__
)
def test_get_config_keys_as_keras(layer, keys):
    # Keras 3.15 also lists 'quantization_config' (Dense, Embedding), which tapejax has not.
    config = layer.get_config()
    assert set(config) == keys
    assert config["dtype"] == {
        "module": "keras",
        "class_name": "DTypePolicy",
        "config": {"name": "float32"},
        "registered_name": None,
    }
    clone = type(layer).from_config(config)
    assert clone.get_config() == config


def test_dense_config_serializes_its_objects_as_keras():
    layer = layers.Dense(
        2,
        name="d",
        kernel_regularizer="l2",
        kernel_constraint="max_norm",
        activity_regularizer=tf.keras.regularizers.L1(0.1),
    )
    config = layer.get_config()
    # TF 2.21's values (Keras keeps L1's factor as a float32 scalar).
    assert config["activity_regularizer"] == {
        "module": "keras.regularizers",
        "class_name": "L1",
        "config": {"l1": 0.10000000149011612},
        "registered_name": None,
    }
    assert config["kernel_regularizer"]["config"] == {"l2": 0.01}
    assert config["kernel_constraint"] == {
        "module": "keras.constraints",
        "class_name": "MaxNorm",
        "config": {"max_value": 2, "axis": 0},
        "registered_name": None,
    }
    assert config["activation"] == "linear" and config["bias_regularizer"] is None
    assert config["kernel_initializer"]["class_name"] == "GlorotUniform"
    clone = layers.Dense.from_config(config)
    assert isinstance(clone.kernel_constraint, tf.keras.constraints.MaxNorm)
    assert clone.activity_regularizer.l1 == layer.activity_regularizer.l1


# -- Dropout ---------------------------------------------------------------------------------
def test_dropout_depends_on_training():
    layer = layers.Dropout(0.25)
    x = tf.ones([400, 10])
    np.testing.assert_array_equal(layer(x).numpy(), x.numpy())
    y = layer(x, training=True).numpy()
    assert set(np.unique(y)) <= {0.0, np.float32(1 / 0.75)} and 0.2 < (y == 0).mean() < 0.3
    np.testing.assert_array_equal(layers.Dropout(0.0)(x, training=True).numpy(), x.numpy())


def test_dropout_inside_function_draws_fresh_masks():
    layer = layers.Dropout(0.5)
    step = tf.function(lambda x: layer(x, training=True))
    a, b = step(tf.ones([64])).numpy(), step(tf.ones([64])).numpy()
    assert set(np.unique(a)) <= {0.0, 2.0} and not np.array_equal(a, b)
    np.testing.assert_array_equal(tf.function(layer)(tf.ones([64])).numpy(), np.ones(64))


def test_dropout_noise_shape_and_gradient():
    layer = layers.Dropout(0.5, noise_shape=(None, 1))
    x = tf.ones([20, 6])
    y = layer(x, training=True).numpy()
    assert all(len(set(row)) == 1 for row in y)  # one mask value per row
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x, training=True)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), y.numpy())  # d(x * mask) / dx = mask


def test_training_reaches_nested_layers():
    class Block(layers.Layer):
        def __init__(self):
            super().__init__()
            self.drop = layers.Dropout(0.5)

        def call(self, x):
            return self.drop(x)

    block = Block()
    x = tf.ones([100])
    np.testing.assert_array_equal(block(x).numpy(), np.ones(100))
    assert (block(x, training=True).numpy() == 0).any()


# -- Flatten, Reshape, Activation, channels_first --------------------------------------------
def test_flatten_reshape_activation():
    x = ramp((2, 3, 4))
    np.testing.assert_array_equal(layers.Flatten()(tf.constant(x)).numpy(), x.reshape(2, 12))
    np.testing.assert_array_equal(
        layers.Flatten(data_format="channels_first")(tf.constant(x)).numpy(),
        x.transpose(0, 2, 1).reshape(2, 12),
    )
    np.testing.assert_array_equal(layers.Flatten()(tf.constant(x[:, 0, 0])).numpy(), x[:, 0, :1])
    np.testing.assert_array_equal(layers.Reshape((4, -1))(tf.constant(x)).numpy(), x.reshape(2, 4, 3))
    assert layers.Reshape((-1, 2)).compute_output_shape((None, 8)) == (None, 4, 2)  # TF 2.21's
    assert layers.Flatten().compute_output_shape((None, 3, 4)) == (None, 12)
    np.testing.assert_array_equal(layers.Activation("relu")(tf.constant(x)).numpy(), np.maximum(x, 0))
    np.testing.assert_allclose(
        layers.Activation(tf.nn.softmax)(tf.constant(x)).numpy(), jax.nn.softmax(x), rtol=1e-6
    )


@pytest.mark.parametrize(
    "cls, kwargs, shape",
    [
        ("Conv2D", {"filters": 3, "kernel_size": 2, "strides": 2, "padding": "same"}, (2, 5, 5, 4)),
        ("Conv2D", {"filters": 4, "kernel_size": 3, "groups": 2}, (1, 4, 4, 2)),
        ("Conv1D", {"filters": 2, "kernel_size": 2, "padding": "causal"}, (2, 4, 3)),
        ("MaxPooling2D", {"pool_size": 2, "padding": "same"}, (1, 5, 5, 2)),
        ("AveragePooling1D", {"pool_size": 2}, (2, 4, 3)),
        ("GlobalAveragePooling2D", {"keepdims": True}, (2, 3, 3, 2)),
    ],
)
def test_channels_first_is_channels_last_transposed(cls, kwargs, shape):
    x = ramp(shape)
    if cls == "Conv2D" and kwargs.get("groups"):
        x = ramp((1, 4, 4, 4))
    last = getattr(layers, cls)(**kwargs)
    first = getattr(layers, cls)(data_format="channels_first", **kwargs)
    moved = np.moveaxis(x, -1, 1)
    y_last = last(tf.constant(x))
    first(tf.constant(moved))
    if last.weights:
        first.set_weights(weight_values([tuple(w.shape) for w in first.weights]))
        last.set_weights(weight_values([tuple(w.shape) for w in last.weights]))
        y_last = last(tf.constant(x))
    y_first = first(tf.constant(moved))
    np.testing.assert_allclose(y_first.numpy(), np.moveaxis(y_last.numpy(), -1, 1), rtol=1e-5, atol=1e-6)
    assert first.compute_output_shape(moved.shape) == tuple(y_first.shape)


# -- merging ---------------------------------------------------------------------------------
def test_merge_layers_and_functional_forms():
    a, b, c = ramp((2, 3)), ramp((2, 3), 0.5), ramp((2, 3), 0.7)
    ta, tb, tc = tf.constant(a), tf.constant(b), tf.constant(c)
    np.testing.assert_allclose(layers.Add()([ta, tb, tc]).numpy(), a + b + c, rtol=1e-6)
    np.testing.assert_allclose(layers.add([ta, tb]).numpy(), a + b, rtol=1e-6)
    np.testing.assert_allclose(layers.Subtract()([ta, tb]).numpy(), a - b, rtol=1e-6)
    np.testing.assert_allclose(layers.multiply([ta, tb, tc]).numpy(), a * b * c, rtol=1e-6)
    np.testing.assert_allclose(layers.Average()([ta, tb, tc]).numpy(), (a + b + c) / 3, rtol=1e-6)
    np.testing.assert_allclose(layers.maximum([ta, tb]).numpy(), np.maximum(a, b))
    np.testing.assert_allclose(layers.minimum([ta, tb]).numpy(), np.minimum(a, b))
    np.testing.assert_array_equal(layers.concatenate([ta, tb]).numpy(), np.concatenate([a, b], -1))
    np.testing.assert_array_equal(layers.Concatenate(axis=0)([ta, tb]).numpy(), np.concatenate([a, b], 0))
    # A lower-rank input gets axes after the batch axis (Keras' reshape).
    np.testing.assert_allclose(
        layers.Add()([tf.constant(ramp((2, 4, 3))), ta]).numpy(), ramp((2, 4, 3)) + a[:, None, :], rtol=1e-6
    )
    assert layers.Concatenate(axis=1).compute_output_shape([(None, 3, 2), (None, 4, 2)]) == (None, 7, 2)
    with tf.GradientTape() as tape:
        tape.watch([ta, tb])
        y = tf.reduce_sum(layers.Multiply()([ta, tb]))
    ga, gb = tape.gradient(y, [ta, tb])
    np.testing.assert_allclose(ga.numpy(), b, rtol=1e-6)
    np.testing.assert_allclose(gb.numpy(), a, rtol=1e-6)


# -- regularizers, losses, constraints (TF 2.21's numbers) -----------------------------------
@pytest.mark.parametrize(
    "regularizer, expected",
    [
        (tf.keras.regularizers.L1(0.3), 1.3132108449935913),
        (tf.keras.regularizers.L2(0.2), 0.6986376643180847),
        (tf.keras.regularizers.L1L2(0.1, 0.05), 0.6123963594436646),
        (tf.keras.regularizers.L1L2(), 0.0),
    ],
)
def test_regularizers_match_tf(regularizer, expected):
    x = ramp((2, 3), 0.9)
    assert float(regularizer(tf.constant(x))) == pytest.approx(expected, rel=1e-6)
    l1, l2 = getattr(regularizer, "l1", 0.0), getattr(regularizer, "l2", 0.0)
    formula = l1 * np.abs(x).sum() + l2 * (x**2).sum()
    assert float(regularizer(tf.constant(x))) == pytest.approx(formula, rel=1e-6)


def test_layer_losses_match_tf():
    x = tf.constant(ramp((2, 3), 0.9))
    layer = layers.Dense(
        2,
        kernel_regularizer=tf.keras.regularizers.L2(0.1),
        bias_regularizer="l1",
        activity_regularizer=tf.keras.regularizers.L1(0.5),
    )
    layer(x)
    layer.set_weights([ramp((3, 2), 0.3), ramp((2,), 0.5)])
    layer(x)
    # [activity (divided by the batch size), kernel, bias], as TF 2.21 lists them.
    np.testing.assert_allclose(
        [float(v) for v in layer.losses],
        [1.6919126510620117, 0.38318270444869995, 0.013208964839577675],
        rtol=1e-6,
    )
    layer(x)
    assert len(layer.losses) == 3  # each outermost call starts afresh
    with tf.GradientTape() as tape:
        layer(x)
        loss = tf.add_n(layer.losses)
    gk, gb = tape.gradient(loss, layer.trainable_weights)
    np.testing.assert_allclose(
        gk.numpy(), [[0.3655659, 0.4193904], [0.6445098, 0.6742523], [0.4995351, 0.4948056]], rtol=1e-5
    )
    np.testing.assert_allclose(gb.numpy(), [0.01, 0.01], rtol=1e-5)


def test_losses_of_nested_layers_and_add_loss():
    class Block(layers.Layer):
        def __init__(self):
            super().__init__()
            self.dense = layers.Dense(2, kernel_regularizer="l2", kernel_initializer="ones")

        def call(self, x):
            self.add_loss(tf.reduce_sum(x))
            return self.dense(x)

    block = Block()
    block(tf.ones([1, 3]))
    values = [float(v) for v in block.losses]
    assert values == pytest.approx([3.0, 0.01 * 6])
    block.trainable = False
    assert block.trainable_weights == [] and len(block.non_trainable_weights) == 2
    assert [float(v) for v in block.losses] == pytest.approx([3.0])  # frozen weights are not regularized
    with pytest.raises(ValueError, match="`add_loss\\(\\)` can only be called from inside"):
        block.add_loss(1.0)


@pytest.mark.parametrize(
    "constraint, expected",
    [
        (
            tf.keras.constraints.MaxNorm(1.0),
            [[0.5687038, 0.7258971], [0.7620258, 0.2467573], [-0.3096651, -0.6420158]],
        ),
        (
            tf.keras.constraints.MaxNorm(1.5, axis=1),
            [[0.8207715, 1.2555214], [1.398392, 0.542678], [-0.5600479, -1.3915266]],
        ),
        (
            tf.keras.constraints.UnitNorm(),
            [[0.5687038, 0.7258971], [0.7620258, 0.2467573], [-0.3096652, -0.6420158]],
        ),
        (
            tf.keras.constraints.MinMaxNorm(0.5, 1.0, rate=0.7),
            [[0.7846233, 1.0993978], [1.0513437, 0.373723], [-0.4272355, -0.9723565]],
        ),
        (tf.keras.constraints.NonNeg(), [[1.2884353, 1.9708995], [1.7264187, 0.6699763], [0.0, 0.0]]),
    ],
)
def test_constraints_match_tf(constraint, expected):
    np.testing.assert_allclose(constraint(tf.constant(ramp((3, 2), 0.7, 2.0))).numpy(), expected, rtol=1e-6)


def test_weights_carry_regularizer_and_constraint():
    layer = layers.Conv2D(2, 3, kernel_constraint="non_neg", bias_regularizer=tf.keras.regularizers.L2(0.5))
    layer(tf.ones([1, 4, 4, 1]))
    assert isinstance(layer.kernel.constraint, tf.keras.constraints.NonNeg)
    assert layer.kernel.regularizer is None
    assert isinstance(layer.bias.regularizer, tf.keras.regularizers.L2) and layer.bias.constraint is None
    assert tf.keras.regularizers.get("l1_l2").get_config() == {"l1": 0.0, "l2": 0.0}
    assert tf.keras.regularizers.serialize(tf.keras.regularizers.L2(0.5)) == {
        "module": "keras.regularizers",
        "class_name": "L2",
        "config": {"l2": 0.5},
        "registered_name": None,
    }
    assert tf.keras.constraints.MinMaxNorm().get_config() == {
        "min_value": 0.0,
        "max_value": 1.0,
        "rate": 1.0,
        "axis": 0,
    }


def test_trainable_setter_and_weights_of_recurrent_layers():
    layer = layers.GRU(2)
    layer(tf.ones([1, 3, 2]))
    assert [w.name for w in layer.trainable_weights] == ["kernel", "recurrent_kernel", "bias"]
    layer.trainable = False
    assert layer.trainable_weights == [] and len(layer.non_trainable_weights) == 3
    assert not layer.cell.trainable
    with tf.GradientTape() as tape:
        y = layer(tf.ones([1, 3, 2]))
    assert tape.gradient(y, layer.cell.kernel) is None  # a frozen weight is not watched


# -- errors (TF 2.21's messages) -------------------------------------------------------------
@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: layers.Conv2D(2, 3)(tf.ones([2, 5, 5])), "expected min_ndim=4, found ndim=3"),
        (lambda: layers.LSTM(2)(tf.ones([2, 5])), "expected ndim=3, found ndim=2"),
        (lambda: layers.MaxPooling2D()(tf.ones([2, 4, 4])), "expected ndim=4, found ndim=3"),
        (lambda: layers.GlobalAveragePooling2D()(tf.ones([2, 3, 4])), "expected ndim=4, found ndim=3"),
        (
            lambda: layers.Concatenate()([tf.ones([2, 3]), tf.ones([3, 3])]),
            "A `Concatenate` layer requires inputs with matching shapes except for the concatenation axis. "
            "Received: input_shape=[(2, 3), (3, 3)]",
        ),
        (lambda: layers.Concatenate()([tf.ones([2, 3, 1]), tf.ones([2, 2, 2])]), "matching shapes except"),
        (
            lambda: layers.Add()([tf.ones([2, 3]), tf.ones([2, 4])]),
            "Inputs have incompatible shapes. Received shapes (3,) and (4,)",
        ),
        (
            lambda: layers.Subtract()([tf.ones([2, 3])] * 3),
            "A `Subtract` layer should be called on exactly 2 inputs.",
        ),
        (lambda: layers.Add()(tf.ones([2, 3])), "A merge layer should be called on a list of inputs."),
        (
            lambda: layers.Reshape((4,))(tf.ones([2, 3])),
            "The total size of the tensor must be unchanged. Received: input_shape=(3,), target_shape=(4,)",
        ),
        (
            lambda: layers.Reshape((4, -1))(tf.ones([2, 3])),
            "the input size cannot by divided by the specified",
        ),
        (
            lambda: layers.Reshape((-1, -1)),
            "There must be at most one unknown dimension (-1) in `target_shape`.",
        ),
        (
            lambda: layers.Dropout(1.5),
            "Invalid value received for argument `rate`. Expected a float value between 0 and 1. "
            "Received: rate=1.5",
        ),
        (
            lambda: layers.Conv2D(3, 2, groups=2),
            "The number of filters must be evenly divisible by the number of "
            "groups. Received: groups=2, filters=3.",
        ),
        (
            lambda: layers.Conv2D(4, 2, groups=2)(tf.ones([1, 3, 3, 3])),
            "The number of input channels must be evenly divisible by the number of groups. Received groups=2, but "
            "the input has 3 channels (full input shape is (1, 3, 3, 3)).",
        ),
        (
            lambda: layers.Conv2D(4, 3)(tf.ones([1, 2, 2, 3])),
            "Computed output size would be zero or negative. Received `inputs shape=(1, 2, 2, 3)`, `kernel "
            "shape=(3, 3, 3, 4)`, `dilation_rate=[1 1]`, `strides=(1, 1)`, `padding=valid`.",
        ),
        (
            lambda: layers.Conv2D(4, 2, strides=2, dilation_rate=2),
            "`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: strides=(2, 2) and "
            "dilation_rate=(2, 2)",
        ),
        (
            lambda: layers.Conv2D(0, 2),
            "Invalid value for argument `filters`. Expected a strictly positive value. Received filters=0.",
        ),
        (lambda: layers.Conv2D(2, 2, padding="causal"), "Received: causal"),
        (
            lambda: layers.Conv2D(2, (2, 2, 2)),
            "The `kernel_size` argument must be a tuple of 2 integers. Received kernel_size=(2, 2, 2)",
        ),
        (
            lambda: layers.Flatten(data_format="nchw"),
            "The `data_format` argument must be one of "
            '{"channels_first", "channels_last"}. Received: data_format=nchw',
        ),
        (
            lambda: layers.LSTM(0),
            "Received an invalid value for argument `units`, expected a positive integer, got 0.",
        ),
        (
            lambda: layers.LayerNormalization(axis=3)(tf.ones([2, 3])),
            "Axis 3 is out of bounds for input shape (2, 3)",
        ),
        (
            lambda: tf.keras.regularizers.L1(-1),
            "Invalid value for argument l1: expected a non-negative float.Received: l1=-1",
        ),
        (lambda: tf.keras.regularizers.get("foo"), "Could not interpret regularizer identifier: foo"),
        (lambda: tf.keras.constraints.get("foo"), "Could not interpret constraint identifier: foo"),
        (lambda: layers.RNN(object()), "Argument `cell` should have a `call` method"),
        (lambda: layers.LSTM(2, stateful=True), "`stateful` is not supported by tapejax.keras"),
        (
            lambda: layers.LSTM(2, recurrent_dropout=0.1),
            "`recurrent_dropout` is not supported by tapejax.keras",
        ),
    ],
)
def test_errors_as_keras(make, message):
    with pytest.raises((ValueError, NotImplementedError), match=re.escape(message)):
        make()


def test_embedding_id_out_of_range():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"indices\[0,0\] = 5 is not in \[0, 3\)"):
        layers.Embedding(3, 2)(tf.constant([[5]]))


@pytest.mark.parametrize(
    "make, error, message",
    [
        (
            lambda: layers.Conv2D(2, 2, groups=0),
            ValueError,
            "The number of groups must be a positive integer.",
        ),
        (
            lambda: layers.Conv2D(2, 2).compute_output_shape((1, 4, 4)),
            ValueError,
            "Kernel shape must have the same length as input",
        ),
        (lambda: layers.Conv2D(2, (2, 0)), ValueError, "that do not satisfy `value {> 0}`"),
        (lambda: layers.Dropout(0.5, noise_shape="ab"), ValueError, "Expected a tuple or list of integers."),
        (
            lambda: layers.Reshape((-2, 3)),
            ValueError,
            "Each dimension in `target_shape` must be a non-negative",
        ),
        (
            lambda: layers.Add()([tf.ones([2, 3]), tf.ones([3, 3])]),
            ValueError,
            "Cannot merge tensors with different batch sizes.",
        ),
        (lambda: layers.Subtract().compute_output_shape([(2, 3)]), ValueError, "exactly 2 inputs"),
        (lambda: layers.Subtract().call([tf.ones([2])]), ValueError, "exactly 2 inputs"),
        (
            lambda: layers.Concatenate().compute_output_shape([]),
            ValueError,
            "should be called on a list of at least",
        ),
        (
            lambda: layers.Concatenate().call(tf.ones([2])),
            ValueError,
            "A merge layer should be called on a list",
        ),
        (lambda: layers.Add().call(tf.ones([2])), ValueError, "(not a list of tensors)"),
        (lambda: layers.LayerNormalization(axis="a"), TypeError, "Expected an int or a list/tuple of ints"),
        (
            lambda: layers.Layer().compute_output_shape((2,)),
            NotImplementedError,
            "should implement `def compute_output_shape(input_shape)`",
        ),
        (
            lambda: tf.keras.regularizers.Regularizer().get_config(),
            NotImplementedError,
            "does not implement get_config()",
        ),
        (lambda: tf.keras.regularizers.serialize(lambda x: x), ValueError, "it has no `get_config` method"),
        (
            lambda: tf.keras.regularizers.get({"class_name": "Nope"}),
            ValueError,
            "Could not interpret regularizer identifier",
        ),
        (lambda: tf.keras.initializers.Orthogonal()((3,)), ValueError, "must be at least two-dimensional"),
        (lambda: tf.keras.initializers.Identity()((2, 2, 2)), ValueError, "can only be used for 2D matrices"),
    ],
)
def test_more_argument_errors(make, error, message):
    with pytest.raises(error, match=re.escape(message)):
        make()


def test_orthogonal_and_identity_initializers():
    q = tf.keras.initializers.Orthogonal(gain=2.0, seed=3)((4, 6)).numpy()
    np.testing.assert_allclose(q @ q.T, 4 * np.eye(4), atol=1e-5)  # orthogonal rows, times gain
    assert tf.keras.initializers.Orthogonal().get_config() == {"gain": 1.0, "seed": None}
    np.testing.assert_array_equal(tf.keras.initializers.get("identity")((2, 3)).numpy(), np.eye(2, 3))
    config = tf.keras.initializers.serialize(tf.keras.initializers.Constant(2.0))
    assert config == {
        "module": "keras.initializers",
        "class_name": "Constant",
        "config": {"value": 2.0},
        "registered_name": None,
    }
    assert tf.keras.initializers.get(config).value == 2.0
