"""Model.summary as Keras 3.15 prints it (stdout not a terminal): a functional model with a frozen
layer (Connected to, trainable/non-trainable counts), the optimizer's params line after fit,
and expand_nested through print_fn (which gets the whole text). The tables are TF 2.21's output."""

from __future__ import annotations

import numpy as np

import tapejax as tf

KERAS_FUNCTIONAL = """\
Model: "fm"
┏━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┓
┃ Layer (type)        ┃ Output Shape      ┃    Param # ┃ Connected to      ┃
┡━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━┩
│ x (InputLayer)      │ (None, 4)         │          0 │ -                 │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ d1 (Dense)          │ (None, 3)         │         15 │ x[0][0]           │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ d2 (Dense)          │ (None, 3)         │         15 │ x[0][0]           │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ add (Add)           │ (None, 3)         │          0 │ d1[0][0],         │
│                     │                   │            │ d2[0][0]          │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ out (Dense)         │ (None, 1)         │          4 │ add[0][0]         │
└─────────────────────┴───────────────────┴────────────┴───────────────────┘
 Total params: 34 (136.00 B)
 Trainable params: 30 (120.00 B)
 Non-trainable params: 4 (16.00 B)
"""

KERAS_AFTER_FIT = """\
Model: "fm"
┏━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━┓
┃ Layer (type)        ┃ Output Shape      ┃    Param # ┃ Connected to      ┃
┡━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━┩
│ x (InputLayer)      │ (None, 4)         │          0 │ -                 │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ d1 (Dense)          │ (None, 3)         │         15 │ x[0][0]           │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ d2 (Dense)          │ (None, 3)         │         15 │ x[0][0]           │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ add (Add)           │ (None, 3)         │          0 │ d1[0][0],         │
│                     │                   │            │ d2[0][0]          │
├─────────────────────┼───────────────────┼────────────┼───────────────────┤
│ out (Dense)         │ (None, 1)         │          4 │ add[0][0]         │
└─────────────────────┴───────────────────┴────────────┴───────────────────┘
 Total params: 96 (388.00 B)
 Trainable params: 30 (120.00 B)
 Non-trainable params: 4 (16.00 B)
 Optimizer params: 62 (252.00 B)
"""

KERAS_NESTED = """\
Model: "seq"
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━┓
┃ Layer (type)                    ┃ Output Shape           ┃       Param # ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━┩
│ dense (Dense)                   │ (None, 2)              │             8 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│ inner (Sequential)              │ (None, 2)              │             6 │
├─────────────────────────────────┼────────────────────────┼───────────────┤
│    └ inner_d (Dense)            │ (None, 2)              │             6 │
└─────────────────────────────────┴────────────────────────┴───────────────┘
 Total params: 14 (56.00 B)
 Trainable params: 14 (56.00 B)
 Non-trainable params: 0 (0.00 B)
"""


def _functional():
    inp = tf.keras.Input((4,), name="x")
    a = tf.keras.layers.Dense(3, name="d1")(inp)
    b = tf.keras.layers.Dense(3, name="d2")(inp)
    c = tf.keras.layers.Add(name="add")([a, b])
    out = tf.keras.layers.Dense(1, name="out", trainable=False)(c)
    return tf.keras.Model(inp, out, name="fm")


def test_functional_summary_with_a_frozen_layer_and_optimizer_params(capsys):
    model = _functional()
    model.summary(line_length=76)
    assert capsys.readouterr().out == KERAS_FUNCTIONAL
    model.compile(tf.keras.optimizers.Adam(0.1), "mse")
    model.fit(np.ones((2, 4), "f"), np.ones((2, 1), "f"), verbose=0)
    model.summary(line_length=76)
    assert capsys.readouterr().out == KERAS_AFTER_FIT
    assert len(model.trainable_weights) == 4  # the frozen layer's kernel and bias are not trained


def test_expand_nested_through_print_fn():
    tf.keras.backend.clear_session()  # the layer is named 'dense', as in a fresh Keras session
    lines = []
    inner = tf.keras.Sequential([tf.keras.layers.Dense(2, name="inner_d")], name="inner")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2), inner], name="seq")
    model.summary(expand_nested=True, print_fn=lambda text, **kwargs: lines.append(text), line_length=76)
    assert lines == [KERAS_NESTED]
