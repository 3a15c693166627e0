"""Masking cases shared by tests/test_keras_layers_masking.py and
scripts/keras_masking_reference_tf.py.

Each case is a function of a Keras module (``tf.keras`` of TensorFlow 2.21 in the script,
``tapejax.keras`` in the tests): the same code builds the same layers with the same fixed
weights (ramps of sines) and returns a dict of numpy arrays, which the script stored in
tests/keras_masking_reference.py.
"""

from __future__ import annotations

import math

import numpy as np

IDS = np.array([[3, 1, 0, 0, 0], [2, 4, 1, 5, 0], [1, 0, 2, 0, 3]], np.int32)
SEQ = np.sin(0.3 * np.arange(3 * 5 * 2) + 0.2).reshape(3, 5, 2).astype(np.float32)
SEQ[0, 3:] = 0.0  # steps the Masking layer masks
SEQ[2, 1] = 0.0


def ramp(shape, k=0.37, scale=1.0, phase=0.0):
    n = math.prod(shape)
    return (scale * np.sin(k * (np.arange(n) + 1.0) + phase)).reshape(shape).astype(np.float32)


def fix_weights(layer, k=0.21):
    """Sets every weight of ``layer`` to a ramp (its position in ``weights`` picks the phase)."""
    layer.set_weights([ramp(tuple(w.shape), k=k, scale=0.5, phase=i) for i, w in enumerate(layer.weights)])


def _np(x):
    return np.asarray(x)


def _mask(x):
    m = getattr(x, "_keras_mask", None)
    return None if m is None else _np(m)


def embedding_mask(keras):
    emb = keras.layers.Embedding(6, 2, mask_zero=True)
    y = emb(IDS)
    return {"mask": _mask(y)}


def _recurrent(keras, cls, **kwargs):
    emb = keras.layers.Embedding(6, 2, mask_zero=True)
    rnn = getattr(keras.layers, cls)(3, **kwargs)
    x = emb(IDS)
    out = rnn(x)
    fix_weights(emb)
    fix_weights(rnn)
    out = rnn(emb(IDS))
    outs = out if isinstance(out, (list, tuple)) else [out]
    result = {f"out{i}": _np(o) for i, o in enumerate(outs)}
    result["mask0"] = _mask(outs[0])
    return result


def lstm_last(keras):
    return _recurrent(keras, "LSTM")


def lstm_sequences_state(keras):
    return _recurrent(keras, "LSTM", return_sequences=True, return_state=True)


def lstm_backwards(keras):
    return _recurrent(keras, "LSTM", return_sequences=True, go_backwards=True)


def gru_sequences(keras):
    return _recurrent(keras, "GRU", return_sequences=True)


def gru_zero_output(keras):
    return _recurrent(keras, "GRU", return_sequences=True, zero_output_for_mask=True)


def simple_rnn_state(keras):
    return _recurrent(keras, "SimpleRNN", return_state=True)


def masking_lstm(keras):
    masking = keras.layers.Masking(0.0)
    lstm = keras.layers.LSTM(2, return_sequences=True)
    lstm(masking(SEQ))
    fix_weights(lstm)
    y = masking(SEQ)
    return {"masked": _np(y), "mask": _mask(y), "lstm": _np(lstm(y)), "lstm_mask": _mask(lstm(y))}


def pooling_and_merging(keras):
    emb = keras.layers.Embedding(6, 2, mask_zero=True)
    emb(IDS)
    fix_weights(emb)
    a = emb(IDS)
    b = keras.layers.Masking(0.0)(SEQ)
    return {
        "gap": _np(keras.layers.GlobalAveragePooling1D()(a)),
        "add_mask": _mask(keras.layers.Add()([a, b])),
        "concat": _np(keras.layers.Concatenate()([a, b])),
        "concat_mask": _mask(keras.layers.Concatenate()([a, b])),
        "concat_time_mask": _mask(keras.layers.Concatenate(axis=1)([a, b])),
        "concat_one_mask": _mask(keras.layers.Concatenate()([a, SEQ])),
        "dense_mask": _mask(keras.layers.Dense(2)(a)),
    }


def attention(keras):
    emb = keras.layers.Embedding(6, 4, mask_zero=True)
    emb(IDS)
    fix_weights(emb)
    q = emb(IDS)
    v = emb(IDS[:, ::-1].copy())
    mha = keras.layers.MultiHeadAttention(num_heads=2, key_dim=2)
    mha(q, v)
    fix_weights(mha)
    q, v = emb(IDS), emb(IDS[:, ::-1].copy())
    out = mha(q, v)
    att = keras.layers.Attention()
    q2, v2 = emb(IDS), emb(IDS[:, ::-1].copy())
    a = att([q2, v2])
    return {"mha": _np(out), "mha_mask": _mask(out), "attention": _np(a), "attention_mask": _mask(a)}


def batch_norm(keras):
    emb = keras.layers.Embedding(6, 3, mask_zero=True)
    emb(IDS)
    fix_weights(emb)
    bn = keras.layers.BatchNormalization()
    y = bn(emb(IDS), training=True)
    return {"out": _np(y), "mean": _np(bn.moving_mean), "variance": _np(bn.moving_variance)}


CLASSIFIER_Y = np.array([[1.0], [0.0], [1.0]], np.float32)


def classifier(keras):
    """Embedding(mask_zero) + LSTM + Dense fitted with SGD: losses and evaluation."""
    model = keras.Sequential(
        [
            keras.Input((5,), dtype="int32"),
            keras.layers.Embedding(6, 3, mask_zero=True),
            keras.layers.LSTM(4),
            keras.layers.Dense(1, activation="sigmoid"),
        ]
    )
    for i, layer in enumerate(model.layers):
        fix_weights(layer, k=0.17 + 0.05 * i)
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss="binary_crossentropy", metrics=["accuracy"])
    history = model.fit(IDS, CLASSIFIER_Y, batch_size=3, epochs=3, shuffle=False, verbose=0)
    loss, accuracy = model.evaluate(IDS, CLASSIFIER_Y, verbose=0)
    return {
        "losses": np.array(history.history["loss"]),
        "evaluate": np.array([loss, accuracy]),
        "predict": _np(model.predict(IDS, verbose=0)),
    }


SEQ_Y = np.sin(0.7 * np.arange(3 * 5 * 2)).reshape(3, 5, 2).astype(np.float32)


def sequence_loss(keras):
    """A per-step regression: the loss and metrics over the unmasked steps only."""
    inputs = keras.Input((5,), dtype="int32")
    x = keras.layers.Embedding(6, 3, mask_zero=True)(inputs)
    x = keras.layers.GRU(3, return_sequences=True)(x)
    outputs = keras.layers.Dense(2)(x)
    model = keras.Model(inputs, outputs)
    for i, layer in enumerate(model.layers[1:]):
        fix_weights(layer, k=0.19 + 0.05 * i)
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="mse", metrics=["mae"])
    history = model.fit(IDS, SEQ_Y, batch_size=3, epochs=2, shuffle=False, verbose=0)
    return {
        "losses": np.array(history.history["loss"]),
        "mae": np.array(history.history["mae"]),
        "evaluate": np.array(model.evaluate(IDS, SEQ_Y, verbose=0)),
        "loss_fn": _np(keras.losses.MeanSquaredError()(SEQ_Y, model(IDS))),
    }


CASES = {
    f.__name__: f
    for f in (
        embedding_mask,
        lstm_last,
        lstm_sequences_state,
        lstm_backwards,
        gru_sequences,
        gru_zero_output,
        simple_rnn_state,
        masking_lstm,
        pooling_and_merging,
        attention,
        batch_norm,
        classifier,
        sequence_loss,
    )
}
