import numpy as np
import tapejax as tf

# Made data: three classes of 2-d points.
x = np.stack([np.cos(np.arange(30) * 0.7), np.sin(np.arange(30) * 1.3)], axis=1).astype("float32")
y = (np.arange(30) % 3).astype("int32")

model = tf.keras.Sequential([
    tf.keras.Input(shape=(2,)),
    tf.keras.layers.Dense(8, activation="relu"),
    tf.keras.layers.Dense(3),
])
model.summary()
# The same starting weights as TensorFlow (its random initializers draw other numbers).
model.set_weights([np.sin(np.arange(w.size) * 0.37 + i).reshape(w.shape).astype("float32") * 0.5
                   for i, w in enumerate(model.get_weights())])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.05),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
history = model.fit(x, y, batch_size=8, epochs=4, shuffle=False, verbose=0, validation_split=0.2)
print(history.params)
for key, values in history.history.items():
  print(key, np.round(values, 5))
print(np.round(model.evaluate(x, y, verbose=0), 5))
print(model.predict(x[:3], verbose=0).round(4))
print(int(model.optimizer.iterations.numpy()), model.metrics_names)
