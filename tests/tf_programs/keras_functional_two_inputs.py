import numpy as np
import tapejax as tf

# Made data: a 3-feature input and a 2-feature input, one regression target.
a = np.stack([np.sin(np.arange(20) * 0.5), np.cos(np.arange(20) * 0.3),
              np.arange(20) / 20.0], axis=1).astype("float32")
b = np.stack([np.cos(np.arange(20) * 0.9), np.sin(np.arange(20) * 0.2)], axis=1).astype("float32")
y = (a[:, :1] * 2.0 - b[:, 1:] + 0.5).astype("float32")

in_a = tf.keras.Input(shape=(3,), name="a")
in_b = tf.keras.Input(shape=(2,), name="b")
h_a = tf.keras.layers.Dense(4, activation="relu", name="dense_a")(in_a)
h_b = tf.keras.layers.Dense(4, activation="relu", name="dense_b")(in_b)
h = tf.keras.layers.Concatenate(name="concat")([h_a, h_b])
out = tf.keras.layers.Dense(1, name="out")(h)
model = tf.keras.Model(inputs=[in_a, in_b], outputs=out, name="two_inputs")
model.summary()
print([t.name for t in model.inputs], model.output.shape)
model.set_weights([np.sin(np.arange(w.size) * 0.43 + i).reshape(w.shape).astype("float32") * 0.5
                   for i, w in enumerate(model.get_weights())])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.02), loss="mse", metrics=["mae"])
history = model.fit({"a": a, "b": b}, y, batch_size=5, epochs=3, shuffle=False, verbose=0)
for key, values in history.history.items():
  print(key, np.round(values, 5))
print(np.round(model.evaluate([a, b], y, verbose=0), 5))
print(model.predict([a[:3], b[:3]], verbose=0).round(4))
print([layer.name for layer in model.layers])
