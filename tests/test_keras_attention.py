"""MultiHeadAttention, Attention, AdditiveAttention, Dot and EinsumDense (issue 11): outputs and
gradients (inputs and weights) against TF 2.21's, with the fixed weights of
keras_attention_cases.py; configs, errors and dropout.
"""

from __future__ import annotations

import numpy as np
import pytest
from keras_attention_cases import CASES, V_MASK
from keras_attention_reference import REFERENCE
from keras_layer_cases import output_weights, ramp, weight_values

import tapejax as tf


def build(name):
    cls, kwargs, shapes, style, call_kwargs = CASES[name]
    layer = getattr(tf.keras.layers, cls)(**kwargs)
    xs = [tf.constant(ramp(s, k=0.37 + 0.11 * i)) for i, s in enumerate(shapes)]

    def call(inputs):
        return layer(list(inputs), **call_kwargs) if style == "list" else layer(*inputs, **call_kwargs)

    call(xs)
    layer.set_weights(weight_values([tuple(w.shape) for w in layer.weights]))
    return layer, xs, call


def outputs_and_grads(layer, xs, call):
    with tf.GradientTape() as tape:
        tape.watch(xs)
        out = call(xs)
        outs = list(out) if isinstance(out, (list, tuple)) else [out]
        loss = tf.add_n(
            [
                tf.reduce_sum(o * w)
                for o, w in zip(outs, output_weights([tuple(o.shape) for o in outs]), strict=True)
            ]
        )
    return outs, tape.gradient(loss, xs + layer.trainable_weights)


@pytest.mark.parametrize("name", list(CASES))
def test_outputs_and_gradients_match_tf(name):
    layer, xs, call = build(name)
    ref = REFERENCE[name]
    assert [tuple(w.shape) for w in layer.weights] == [tuple(shape) for _, shape in ref["weights"]]
    outs, grads = outputs_and_grads(layer, xs, call)
    assert len(outs) == len(ref["outputs"]) and len(grads) == len(ref["grads"])
    for got, want in zip(outs + grads, ref["outputs"] + ref["grads"], strict=True):
        np.testing.assert_allclose(tf.convert_to_tensor(got).numpy(), np.asarray(want), rtol=2e-5, atol=2e-6)


@pytest.mark.parametrize("name", ["mha_scores", "attention_concat_masks", "dot_sequences"])
def test_inside_function_as_eagerly(name):
    layer, xs, call = build(name)
    eager = outputs_and_grads(layer, xs, call)
    compiled = tf.function(lambda *inputs: outputs_and_grads(layer, list(inputs), call))(*xs)
    # float32 through several einsums, a softmax and their gradients: XLA fuses the compiled
    # program differently on each CPU (2.7e-6 relative seen on an AMD EPYC), so 1e-6 holds only
    # for single ops.
    for got, want in zip(compiled[0] + compiled[1], eager[0] + eager[1], strict=True):
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=2e-5, atol=1e-6)


def test_weight_names_and_configs_round_trip():
    layer, _, _ = build("mha_key_value_dim_no_bias")
    paths = [p.split("/", 1)[1] for p, _ in REFERENCE["mha_key_value_dim_no_bias"]["weights"]]
    assert [w.path.split("/", 1)[1] for w in layer.weights] == paths  # query/kernel ... as Keras names them
    config = layer.get_config()
    assert (config["num_heads"], config["key_dim"], config["value_dim"]) == (2, 3, 2)
    assert config["output_shape"] == (5,) and config["use_bias"] is False and config["attention_axes"] == (1,)
    again = tf.keras.layers.MultiHeadAttention.from_config(config)
    assert again.get_config() == config
    for name in ("einsum_dense_heads", "attention_concat_masks", "additive_attention", "dot_normalize"):
        built = build(name)[0]
        assert type(built).from_config(built.get_config()).get_config() == built.get_config()
    assert "score_mode" not in build("additive_attention")[0].get_config()


def test_mha_in_a_functional_model_and_dropout():
    query, value = tf.keras.Input((3, 4)), tf.keras.Input((5, 6))
    mha = tf.keras.layers.MultiHeadAttention(num_heads=2, key_dim=3, dropout=0.5, seed=1)
    model = tf.keras.Model([query, value], mha(query, value))
    assert tuple(model.output.shape) == (None, 3, 4)
    xs = [ramp((2, 3, 4)), ramp((2, 5, 6), k=0.48)]
    mha.set_weights(weight_values([tuple(w.shape) for w in mha.weights]))
    without = tf.keras.layers.MultiHeadAttention(num_heads=2, key_dim=3)
    without(*xs)
    without.set_weights(mha.get_weights())
    np.testing.assert_allclose(model(xs).numpy(), without(*xs).numpy(), rtol=1e-6)  # not training: no dropout
    assert not np.allclose(mha(*xs, training=True).numpy(), without(*xs).numpy())


def test_attention_layer_errors():
    with pytest.raises(
        ValueError,
        match="Invalid value for argument score_mode. Expected one of {'dot', "
        "'concat'}. Received: score_mode=cos",
    ):
        tf.keras.layers.Attention(score_mode="cos")
    q = tf.ones([1, 2, 3])
    with pytest.raises(
        ValueError, match=r"^Attention layer must be called on a list of inputs, namely \[query, "
    ):
        tf.keras.layers.Attention()(q)
    with pytest.raises(ValueError, match="Attention layer accepts inputs list of length 2 or 3, namely "):
        tf.keras.layers.Attention()([q])
    with pytest.raises(
        ValueError, match=r"^Attention layer mask must be a list, namely \[query_mask, value_mask\]"
    ):
        tf.keras.layers.Attention()([q, q], mask=V_MASK)
    with pytest.raises(ValueError, match="^Attention layer accepts mask list of length 2 or 3."):
        tf.keras.layers.Attention()([q, q], mask=[V_MASK])
    for kwargs, message in [
        ({"num_heads": 0, "key_dim": 2}, "`num_heads`, expected a positive integer. Received: num_heads=0"),
        ({"num_heads": 2, "key_dim": 0}, "`key_dim`, expected a positive integer. Received: key_dim=0"),
        (
            {"num_heads": 2, "key_dim": 2, "value_dim": -1},
            "`value_dim`, expected a positive integer or `None`.",
        ),
        (
            {"num_heads": 2, "key_dim": 2, "attention_axes": "x"},
            "`attention_axes` must be an int, list, or tuple.",
        ),
    ]:
        with pytest.raises(ValueError, match=message):
            tf.keras.layers.MultiHeadAttention(**kwargs)
    with pytest.raises(NotImplementedError, match="MultiHeadAttention: `use_gate` is not supported"):
        tf.keras.layers.MultiHeadAttention(2, 2, use_gate=True)
    with pytest.raises(
        ValueError, match="All dimensions of `value` and `key`, except the last one, must be equal."
    ):
        tf.keras.layers.MultiHeadAttention(2, 2)(q, tf.ones([1, 4, 3]), tf.ones([1, 5, 3]))


def test_dot_and_einsum_dense_errors():
    with pytest.raises(
        TypeError, match="Invalid type for argument `axes`: it should be a list or an int. Received: axes=a"
    ):
        tf.keras.layers.Dot(axes="a")
    with pytest.raises(ValueError, match="it should contain two elements. Received: axes=\\[1, 2, 3\\]"):
        tf.keras.layers.Dot(axes=[1, 2, 3])
    with pytest.raises(ValueError, match="list elements should be integers. Received: axes=\\[1.0, 2\\]"):
        tf.keras.layers.Dot(axes=[1.0, 2])
    with pytest.raises(
        ValueError,
        match=r"^Incompatible input shapes: axis values 3 \(at axis 1\) != 4 \(at axis "
        r"1\). Full input shapes: \(2, 3\), \(2, 4\)$",
    ):
        tf.keras.layers.Dot(axes=1)([tf.ones([2, 3]), tf.ones([2, 4])])
    with pytest.raises(ValueError, match=r"^A `Dot` layer should be called on a list of 2 inputs."):
        tf.keras.layers.Dot(axes=1)([tf.ones([2, 3])] * 3)
    with pytest.raises(ValueError, match="^Invalid einsum equation 'ab->b'. Equations must be in the form"):
        tf.keras.layers.EinsumDense("ab->b", 3)(tf.ones([2, 3]))
    with pytest.raises(
        ValueError, match="^Bias dimension 'x' was requested, but is not part of the output spec"
    ):
        tf.keras.layers.EinsumDense("ab,bc->ac", 3, bias_axes="x")(tf.ones([2, 3]))
    with pytest.raises(
        ValueError, match="^Weight dimension 'd' did not have a match in either the input spec"
    ):
        tf.keras.layers.EinsumDense("ab,bcd->ac", 3)(tf.ones([2, 3]))
    with pytest.raises(
        ValueError, match="^Input shape and output shape do not match at shared dimension 'b'."
    ):
        tf.keras.layers.EinsumDense("abc,cd->abd", (5, 4))(tf.ones([2, 3, 2]))
    with pytest.raises(ValueError, match="^Dimension 'e' was specified in the output 'ae' but has no"):
        tf.keras.layers.EinsumDense("ab,bc->ae", 3)(tf.ones([2, 3]))


def test_loads_tf_saved_attention_model_and_round_trips(tmp_path):
    """A functional model of all five layers saved by TF 2.21 (tests/data), loaded here, gives
    TF's outputs; saved again here, it loads back the same."""
    path = __file__.rsplit("/", 1)[0] + "/data/keras_attention_tf221.keras"
    model = tf.keras.models.load_model(path)
    xs = [
        np.sin(np.arange(24) * 0.3).reshape(2, 3, 4).astype("f"),
        np.cos(np.arange(60) * 0.2).reshape(2, 5, 6).astype("f"),
    ]
    tf_output = [
        [
            [0.8496201, 0.9959118, 0.6086789],
            [0.8510619, 0.9956606, 0.606503],
            [0.8496422, 0.9959081, 0.6086462],
        ],
        [
            [0.636521, 0.914499, 0.1627329],
            [0.6314001, 0.9117999, 0.1692626],
            [0.6648375, 0.9289495, 0.1258283],
        ],
    ]
    np.testing.assert_allclose(model(xs).numpy(), tf_output, rtol=2e-5, atol=2e-6)
    model.save(str(tmp_path / "again.keras"))
    again = tf.keras.models.load_model(str(tmp_path / "again.keras"))
    np.testing.assert_array_equal(again(xs).numpy(), model(xs).numpy())
