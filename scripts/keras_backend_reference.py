"""Prints the numbers tests/test_keras_backend_config.py pins, from real Keras 3.15 (TF 2.21).

Run with the scratch TensorFlow venv: ``/work/tfenv/bin/python scripts/keras_backend_reference.py``.
The test holds the printed values as literals (TensorFlow never enters tapejax or its tests).
"""

from __future__ import annotations

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

keras = tf.keras
K = keras.backend


def show(name, value):
    value = np.asarray(value)
    print(f"{name} = {value.tolist()!r}  # {value.dtype}")


def legacy_backend():
    rng = np.random.RandomState(0)
    c = tf.constant  # Keras' legacy functions take tensors
    x = c(rng.randn(2, 3, 4).astype("float32"))
    y = c(rng.randn(2, 4, 5).astype("float32"))
    show("BATCH_DOT", K.batch_dot(x, y))
    show("BATCH_DOT_AXES", K.batch_dot(x, x, axes=(2, 2)))
    show("BATCH_DOT_2D", K.batch_dot(x[:, 0], y[:, :, 0], axes=1))
    show("DOT_3D", K.dot(x, y[0]))
    show("RELU", K.relu(c([-2.0, 0.5, 7.0, 3.0]), alpha=0.1, max_value=6.0, threshold=1.0))
    show("HARD_SIGMOID", K.hard_sigmoid(c([-3.0, 0.5, 4.0])))
    p = c([[0.2, 0.3, 0.5], [0.9, 0.05, 0.05]])
    t = c([[0.0, 0.0, 1.0], [0.0, 1.0, 0.0]])
    show("CCE", K.categorical_crossentropy(t, p))
    show("CFCE", K.categorical_focal_crossentropy(t, p))
    show("BCE", K.binary_crossentropy(t, p))
    show("BFCE", K.binary_focal_crossentropy(t, p, apply_class_balancing=True))
    show("SCCE", K.sparse_categorical_crossentropy(c([2, 1]), p))
    img = c(rng.randn(1, 5, 5, 2).astype("float32"))
    k = c(rng.randn(3, 3, 2, 3).astype("float32"))
    show("CONV2D_SAME_STRIDED", K.conv2d(img, k, strides=(2, 2), padding="same"))
    show("CONV1D_CAUSAL", K.conv1d(img[:, 0], k[0], padding="causal", dilation_rate=2))
    show("POOL2D_AVG", K.pool2d(img, (2, 2), (2, 2), padding="same", pool_mode="avg"))
    show("BIAS_ADD_CF", K.bias_add(img, c([1.0, -1.0, 0.5, 2.0, 0.0]), "channels_first"))
    show("RESIZE_NEAREST", K.resize_images(img[:, :2, :2], 2, 3, "channels_last"))
    show("SPATIAL_PAD", K.spatial_2d_padding(img[:, :2, :2, :1], ((1, 0), (0, 2))))
    show("STD", K.std(x, axis=1))
    show("SQRT", K.sqrt(c([-1.0, 4.0])))
    show("REPEAT_ELEMENTS", K.repeat_elements(c([[1, 2], [3, 4]]), 2, axis=1))
    show("SWITCH", K.switch(c([True, False]), c(np.ones((2, 2), "float32")), c(np.zeros((2, 2), "float32"))))

    def step(inputs, states):
        h = K.tanh(inputs + states[0] * 0.5)
        return h, [h]

    seq = c(rng.randn(2, 3, 2).astype("float32"))
    mask = c([[True, False, True], [True, True, False]])
    for kwargs in ({}, {"mask": mask}, {"mask": mask, "go_backwards": True, "zero_output_for_mask": True}):
        last, outputs, states = K.rnn(step, seq, [c(np.zeros((2, 2), "float32"))], **kwargs)
        show(f"RNN_{sorted(kwargs)}_LAST", last)
        show(f"RNN_{sorted(kwargs)}_OUTPUTS", outputs)
        show(f"RNN_{sorted(kwargs)}_STATE", states[0])
    probs = tf.nn.softmax(rng.randn(2, 5, 4).astype("float32"))
    labels = c([[1, 2], [0, 0]])
    show("CTC_COST", K.ctc_batch_cost(labels, probs, c([[5], [4]]), c([[2], [1]])))
    decoded, log_prob = K.ctc_decode(probs, c([5, 4]))
    show("CTC_DECODED", decoded[0])
    show("CTC_LOG_PROB", log_prob)


def dtypes():
    pairs = [
        ("int32", "float16"),
        ("int64", "float32"),
        ("int8", "uint8"),
        (int, "float16"),
        (float, "int32"),
    ]
    pairs += [
        ("bool", "int8"),
        ("float16", "bfloat16"),
        ("int64", "uint32"),
        ("uint64", "int64"),
        ("uint64",),
    ]
    print("RESULT_TYPES =", [K.result_type(*p) for p in pairs])


def mixed_precision():
    keras.mixed_precision.set_global_policy("mixed_float16")
    rng = np.random.RandomState(0)
    x = rng.randn(4, 3).astype("float32")
    dense = keras.layers.Dense(2, activation="relu")
    dense.build((None, 3))
    dense.set_weights([rng.randn(3, 2).astype("float32"), np.array([0.5, -0.25], "float32")])
    show("MIXED_DENSE", dense(x))
    conv = keras.layers.Conv2D(2, 2)
    conv.build((None, 3, 3, 1))
    conv.set_weights([rng.randn(2, 2, 1, 2).astype("float32"), np.zeros(2, "float32")])
    show("MIXED_CONV", conv(rng.randn(1, 3, 3, 1).astype("float32")))
    opt = keras.mixed_precision.LossScaleOptimizer(
        keras.optimizers.SGD(0.1), initial_scale=8.0, dynamic_growth_steps=2
    )
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.cast(dense(x), "float32") ** 2)
        scaled = opt.scale_loss(loss)
    grads = tape.gradient(scaled, dense.trainable_variables)
    show("LSO_SCALED", scaled)
    opt.apply(grads, dense.trainable_variables)
    show("LSO_BIAS_1", dense.bias)
    keras.mixed_precision.set_global_policy("float32")


if __name__ == "__main__":
    legacy_backend()
    dtypes()
    mixed_precision()
