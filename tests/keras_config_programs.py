"""Config round-trip programs shared by tests/test_keras_model_configs.py (tapejax) and
scripts/keras_config_reference_tf.py (TF 2.21 / Keras 3.15): each takes the ``keras`` module
and returns JSON-ready results (configs, names, outputs of fixed weights).
"""

from __future__ import annotations

import json

import numpy as np

X = (np.arange(12, dtype=np.float32).reshape(4, 3) % 5 - 2.0) / 3.0


def _ramps(model):
    model.set_weights([np.linspace(-0.5, 0.7, int(np.prod(w.shape))).reshape(w.shape) for w in model.weights])


def _functional(keras, activation):
    inputs = keras.Input((3,), name="features")
    hidden = keras.layers.Dense(
        4,
        activation=activation,
        kernel_regularizer=keras.regularizers.L1(0.01),
        bias_regularizer=keras.regularizers.L2(0.02),
        name="hidden",
    )(inputs)
    return keras.Model(inputs, keras.layers.Dense(2, name="out")(hidden), name="net")


def functional_round_trip(keras):
    """``to_json``/``model_from_json``/``from_config`` of a functional model with a registered
    custom activation and L1/L2 regularizers; same outputs once the weights are copied."""

    @keras.saving.register_keras_serializable(package="probe")
    def doubled_relu(x):
        return keras.activations.relu(x) * 2.0

    model = _functional(keras, doubled_relu)
    _ramps(model)
    text = model.to_json()
    again = keras.models.model_from_json(text)
    again.set_weights(model.get_weights())
    rebuilt = keras.Model.from_config(model.get_config())
    rebuilt.set_weights(model.get_weights())
    hidden = again.get_layer("hidden")
    return {
        "json": json.loads(text),
        "again_json": json.loads(again.to_json()),
        "layers": [layer.name for layer in rebuilt.layers],
        "activation": keras.saving.get_registered_name(hidden.activation),
        "outputs": np.asarray(again(X)).tolist(),
        "rebuilt_outputs": np.asarray(rebuilt(X)).tolist(),
        "losses": [float(v) for v in again.losses],
    }


def sequential_round_trip(keras):
    model = keras.Sequential(
        [keras.Input((3,), name="x"), keras.layers.Dense(2, activation="tanh", name="d")], name="seq"
    )
    _ramps(model)
    again = keras.Sequential.from_config(model.get_config())
    again.set_weights(model.get_weights())
    from_json = keras.models.model_from_json(model.to_json())
    return {
        "config": json.loads(json.dumps(model.get_config())),
        "built": again.built,
        "outputs": np.asarray(again(X)).tolist(),
        "json_class": type(from_json).__name__,
        "json_layers": [layer.name for layer in from_json.layers],
    }


def subclassed_config(keras):
    """Keras 3.15's auto config of a subclassed model: its ``__init__``'s defaults."""

    class Sub(keras.Model):
        def __init__(self, units=2, rate=0.5, **kwargs):
            super().__init__(**kwargs)
            self.dense = keras.layers.Dense(units)

        def call(self, x):
            return self.dense(x)

    model = Sub(units=3, name="given")
    clone = keras.models.clone_model(model)
    return {"config": json.loads(json.dumps(model.get_config())), "clone": [type(clone).__name__, clone.name]}


def cloning(keras):
    """``clone_model``: new layers with the same configs, shared layers kept shared,
    ``clone_function`` and ``input_tensors``; a compiled model's clone is compiled."""
    inputs = keras.Input((3,), name="features")
    shared = keras.layers.Dense(3, name="shared")
    outputs = keras.layers.Dense(1, name="head")(shared(shared(inputs)))
    model = keras.Model(inputs, outputs, name="twice")
    model.compile("sgd", "mse", metrics=["mae"])
    clone = keras.models.clone_model(model)
    renamed = keras.models.clone_model(
        model,
        clone_function=lambda layer: layer.__class__.from_config(
            {**layer.get_config(), "name": f"{layer.name}_c"}
        ),
    )
    new_input = keras.Input((3,), name="other")
    on_new = keras.models.clone_model(model, input_tensors=new_input)
    seq = keras.Sequential([keras.Input((3,), name="x"), keras.layers.Dense(2, name="d")])
    seq_clone = keras.models.clone_model(seq)
    keep = keras.models.clone_model(seq, clone_function=lambda layer: layer)
    return {
        "clone_layers": [layer.name for layer in clone.layers],
        "clone_is_new": [a is not b for a, b in zip(model.layers[1:], clone.layers[1:], strict=True)],
        "clone_weights": len(clone.weights),
        "clone_compiled": clone.compiled,
        "clone_loss": clone.loss,
        "renamed_layers": [layer.name for layer in renamed.layers],
        "on_new_input": on_new.inputs[0].name,
        "seq_layers": [layer.name for layer in seq_clone.layers],
        "seq_shape": list(seq_clone.output_shape),
        "keep_shares": keep.layers[0] is seq.layers[0],
    }


PROGRAMS = {
    "functional_round_trip": functional_round_trip,
    "sequential_round_trip": sequential_round_trip,
    "subclassed_config": subclassed_config,
    "cloning": cloning,
}
