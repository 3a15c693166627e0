"""keras.io-style training programs, shared by tests/test_keras_train_steps.py (on tapejax)
and scripts/keras_train_steps_reference_tf.py (on TensorFlow 2.21 / Keras 3.15).

Each program takes the ``tf`` module (``tensorflow`` or ``tapejax``: the only difference, as
a user's import) and returns plain numbers: histories, weights, logs. Weights start from
ramps and nothing is shuffled or random, so both runs must print the same numbers.
"""

# ruff: noqa: B905 - the programs are written as keras.io writes them

from __future__ import annotations

import warnings

import numpy as np

X = (np.arange(48, dtype=np.float32).reshape(12, 4) % 7 - 3.0) / 4.0
Y = (X @ np.array([[0.5], [-1.0], [0.25], [2.0]], np.float32) + 0.1).astype(np.float32)
W = np.linspace(0.2, 1.4, 12, dtype=np.float32)


def ramp(shape, k=0.1):
    n = int(np.prod(shape))
    return (np.sin(np.arange(n, dtype=np.float32) * k + 0.3) * 0.5).reshape(shape).astype(np.float32)


def _set_ramps(model):
    model.set_weights([ramp(w.shape, 0.1 + 0.05 * i) for i, w in enumerate(model.weights)])


def _weights(model):
    return [np.asarray(w).tolist() for w in model.get_weights()]


def _history(history):
    return {k: [float(v) for v in vs] for k, vs in sorted(history.history.items())}


def compute_loss_step(tf):
    """Keras 3's guide: ``compute_loss`` and a loop over ``self.metrics`` in ``train_step``,
    returning ``{m.name: m.result()}`` (the compiled metrics a nested dict), sample weights
    read with ``unpack_x_y_sample_weight``."""
    keras = tf.keras

    class CustomModel(keras.Model):
        def train_step(self, data):
            x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
            with tf.GradientTape() as tape:
                y_pred = self(x, training=True)
                loss = self.compute_loss(y=y, y_pred=y_pred, sample_weight=sample_weight)
            gradients = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply(gradients, self.trainable_variables)
            for metric in self.metrics:
                if metric.name == "loss":
                    metric.update_state(loss)
                else:
                    metric.update_state(y, y_pred, sample_weight=sample_weight)
            return {m.name: m.result() for m in self.metrics}

        def test_step(self, data):
            x, y = data
            y_pred = self(x, training=False)
            loss = self.compute_loss(y=y, y_pred=y_pred)
            for metric in self.metrics:
                if metric.name != "loss":
                    metric.update_state(y, y_pred)
            return {"score": loss, **{m.name: m.result() for m in self.metrics if m.name != "loss"}}

    inputs = keras.Input(shape=(4,))
    hidden = keras.layers.Dense(3, activation="tanh")(inputs)
    outputs = keras.layers.Dense(1)(hidden)
    model = CustomModel(inputs, outputs)
    _set_ramps(model)
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse", metrics=["mae"])
    history = model.fit(X, Y, sample_weight=W, epochs=3, batch_size=4, shuffle=False, verbose=0)
    evaluated = model.evaluate(X, Y, batch_size=6, verbose=0, return_dict=True)
    return {
        "history": _history(history),
        "weights": _weights(model),
        "evaluate": {k: float(v) for k, v in sorted(evaluated.items())},
        "metrics_names": model.metrics_names,
    }


def compiled_loss_step(tf):
    """Keras 2's form, which Keras 3 keeps working: ``self.compiled_loss`` and
    ``self.compiled_metrics.update_state`` (every metric of ``self.metrics``; the loss tracker,
    a Mean, is given ``y_pred``), a weight regularizer in the model's losses."""
    keras = tf.keras

    class CustomModel(keras.Model):
        def train_step(self, data):
            x, y = data
            with tf.GradientTape() as tape:
                y_pred = self(x, training=True)
                loss = self.compiled_loss(y, y_pred, regularization_losses=self.losses)
            grads = tape.gradient(loss, self.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
            self.compiled_metrics.update_state(y, y_pred)
            return {m.name: m.result() for m in self.metrics}

    model = CustomModel(
        *_functional(keras, kernel_regularizer=keras.regularizers.L2(0.01)),
    )
    _set_ramps(model)
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse", metrics=["mae", "mse"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = model.fit(X, Y, epochs=2, batch_size=6, shuffle=False, verbose=0)
    return {"history": _history(history), "weights": _weights(model)}


def _functional(keras, **dense_kwargs):
    inputs = keras.Input(shape=(4,))
    outputs = keras.layers.Dense(1, **dense_kwargs)(keras.layers.Dense(3, activation="relu")(inputs))
    return inputs, outputs


def regularized_fit(tf):
    """The built-in step: the compiled loss plus the model's losses (a weight regularizer and
    an ``add_loss``), as Keras 3's ``compute_loss`` sums them."""
    keras = tf.keras

    class AddsLoss(keras.layers.Layer):
        def call(self, x):
            self.add_loss(0.1 * tf.reduce_mean(x**2))
            return x

    inputs = keras.Input(shape=(4,))
    hidden = AddsLoss()(keras.layers.Dense(3, kernel_regularizer=keras.regularizers.L1(0.02))(inputs))
    model = keras.Model(inputs, keras.layers.Dense(1)(hidden))
    _set_ramps(model)
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss="mse", metrics=["mae"])
    before = model.evaluate(X, Y, verbose=0)
    history = model.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0)
    return {"before": [float(v) for v in before], "history": _history(history), "weights": _weights(model)}


def autoencoder_fit_x(tf):
    """A VAE-like program: ``fit(x)`` without targets hands ``train_step`` the batch itself;
    losses tracked by Mean metrics held in attributes and listed in ``metrics``."""
    keras = tf.keras

    class AutoEncoder(keras.Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.encoder = keras.layers.Dense(4, name="encoder")  # z_mean, z_log_var
            self.decoder = keras.layers.Dense(4, name="decoder")
            self.total_loss_tracker = keras.metrics.Mean(name="total_loss")
            self.reconstruction_loss_tracker = keras.metrics.Mean(name="reconstruction_loss")
            self.kl_loss_tracker = keras.metrics.Mean(name="kl_loss")

        @property
        def metrics(self):
            return [self.total_loss_tracker, self.reconstruction_loss_tracker, self.kl_loss_tracker]

        def call(self, x):
            return self.decoder(self.encoder(x)[:, :2])

        def train_step(self, data):
            with tf.GradientTape() as tape:
                code = self.encoder(data)
                z_mean, z_log_var = code[:, :2], code[:, 2:]
                reconstruction = self.decoder(z_mean)
                reconstruction_loss = tf.reduce_mean(tf.reduce_sum((data - reconstruction) ** 2, axis=1))
                kl_loss = -0.5 * (1 + z_log_var - tf.square(z_mean) - tf.exp(z_log_var))
                kl_loss = tf.reduce_mean(tf.reduce_sum(kl_loss, axis=1))
                total_loss = reconstruction_loss + kl_loss
            grads = tape.gradient(total_loss, self.trainable_weights)
            self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
            self.total_loss_tracker.update_state(total_loss)
            self.reconstruction_loss_tracker.update_state(reconstruction_loss)
            self.kl_loss_tracker.update_state(kl_loss)
            return {
                "loss": self.total_loss_tracker.result(),
                "reconstruction_loss": self.reconstruction_loss_tracker.result(),
                "kl_loss": self.kl_loss_tracker.result(),
            }

    model = AutoEncoder()
    model(X[:1])
    _set_ramps(model)
    model.compile(optimizer=keras.optimizers.Adam(0.01))
    history = model.fit(X, epochs=2, batch_size=4, shuffle=False, verbose=0)
    dataset = tf.data.Dataset.from_tensor_slices(X).batch(6)
    history2 = model.fit(dataset, epochs=1, verbose=0)
    return {"history": _history(history), "dataset": _history(history2), "weights": _weights(model)}


def callback_logs(tf):
    """What each hook of a callback is given: a dict, never None (Keras 3)."""
    keras = tf.keras
    seen = []

    class Recorder(keras.callbacks.Callback):
        pass

    hooks = [
        "on_train_begin",
        "on_train_end",
        "on_epoch_begin",
        "on_epoch_end",
        "on_train_batch_begin",
        "on_train_batch_end",
        "on_test_begin",
        "on_test_end",
        "on_test_batch_begin",
        "on_test_batch_end",
        "on_predict_begin",
        "on_predict_end",
        "on_predict_batch_begin",
        "on_predict_batch_end",
    ]
    for hook in hooks:

        def record(self, *args, _hook=hook, **kwargs):
            logs = kwargs["logs"] if "logs" in kwargs else args[-1]
            seen.append([_hook, None if logs is None else sorted(logs)])

        setattr(Recorder, hook, record)
    model = keras.Model(*_functional(keras))
    model.compile("sgd", "mse", metrics=["mae"])
    model.fit(X, Y, batch_size=6, epochs=1, verbose=0, validation_data=(X[:6], Y[:6]), callbacks=[Recorder()])
    model.predict(X[:6], verbose=0, callbacks=[Recorder()])
    return {"seen": seen}


def step_overrides(tf):
    """``compute_loss`` overridden without ``training`` (Keras before 3.3), ``compute_metrics``
    and ``predict_step`` overridden, the step functions made by ``make_*_function``."""
    keras = tf.keras

    class Model(keras.Model):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.extra = keras.metrics.Mean(name="extra")

        def compute_loss(self, x, y, y_pred, sample_weight):
            return tf.reduce_mean(tf.abs(y_pred - y)) * 2.0

        def compute_metrics(self, x, y, y_pred, sample_weight):
            results = super().compute_metrics(x, y, y_pred, sample_weight)
            self.extra.update_state(tf.reduce_max(y_pred))
            results["extra"] = self.extra.result()
            return results

        def predict_step(self, data):
            return {"double": self(data) * 2.0}

    model = Model(*_functional(keras))
    _set_ramps(model)
    model.compile(optimizer=keras.optimizers.SGD(0.05), metrics=["mse"])
    history = model.fit(X, Y, epochs=2, batch_size=4, shuffle=False, verbose=0)
    predicted = model.predict(X[:3], verbose=0)
    return {
        "history": _history(history),
        "metrics_names": model.metrics_names,
        "predict": np.asarray(predicted["double"]).tolist(),
        "weights": _weights(model),
    }


PROGRAMS = {
    "compute_loss_step": compute_loss_step,
    "compiled_loss_step": compiled_loss_step,
    "regularized_fit": regularized_fit,
    "autoencoder_fit_x": autoencoder_fit_x,
    "callback_logs": callback_logs,
    "step_overrides": step_overrides,
}
