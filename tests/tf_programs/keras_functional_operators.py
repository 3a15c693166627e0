import numpy as np
import tapejax as tf

# Made data: 4 features, one regression target.
x = np.stack([np.sin(np.arange(24) * 0.4), np.cos(np.arange(24) * 0.7),
              np.arange(24) / 24.0, np.sin(np.arange(24) * 0.13)], axis=1).astype("float32")
y = (x[:, :1] * 1.5 - x[:, 2:3] ** 2 + 0.25).astype("float32")

# Operators on KerasTensors are Keras operations; a Lambda wraps a function.
inp = tf.keras.Input((4,), name="features")
scaled = inp * 2.0 - 1.0
h = tf.keras.layers.Dense(5, activation="tanh", name="hidden")(scaled)
h = h + tf.keras.layers.Dense(5, name="skip")(inp[:, :2])
h = tf.keras.layers.Lambda(lambda t, k: t * k, arguments={"k": 0.5}, name="halve")(h)
out = tf.keras.layers.Dense(1, name="out")(abs(h) ** 2 / 2.0 + h)
model = tf.keras.Model(inp, out, name="operators")
model.summary()
print([layer.name for layer in model.layers])
print([op.name for op in model.operations])
print([type(op).__name__ for op in model.operations])
model.set_weights([np.cos(np.arange(w.size) * 0.37 + i).reshape(w.shape).astype("float32") * 0.4
                   for i, w in enumerate(model.get_weights())])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.01), loss="mse", metrics=["mae"])
history = model.fit(x, y, batch_size=6, epochs=2, shuffle=False, verbose=0)
for key, values in history.history.items():
  print(key, np.round(values, 5))
print(model.predict(x[:4], verbose=0).round(4))
