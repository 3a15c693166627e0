import numpy as np
import tapejax as tf

# Made data: 8x8 one-channel images of two kinds (a bright row or a bright column).
n = 24
x = np.zeros((n, 8, 8, 1), "float32")
for i in range(n):
  if i % 2:
    x[i, i % 8, :, 0] = 1.0
  else:
    x[i, :, i % 8, 0] = 1.0
  x[i] += (np.sin(np.arange(64) * 0.3 + i).reshape(8, 8, 1) * 0.1).astype("float32")
y = (np.arange(n) % 2).astype("int32")

model = tf.keras.Sequential([
    tf.keras.Input(shape=(8, 8, 1)),
    tf.keras.layers.Conv2D(4, 3, activation="relu", padding="same"),
    tf.keras.layers.MaxPooling2D(2),
    tf.keras.layers.Conv2D(6, 3, activation="relu"),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(2),
])
model.summary()
# The same starting weights as TensorFlow (its random initializers draw other numbers).
model.set_weights([np.cos(np.arange(w.size) * 0.61 + i).reshape(w.shape).astype("float32") * 0.4
                   for i, w in enumerate(model.get_weights())])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.5),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
history = model.fit(x, y, batch_size=6, epochs=2, shuffle=False, verbose=0)
for key, values in history.history.items():
  print(key, np.round(values, 4))
print(model.predict(x[:4], verbose=0).round(3))
print([w.shape for w in model.get_weights()])
