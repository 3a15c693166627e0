import numpy as np
import tapejax as tf

# Made data: 16 sequences of 5 steps with 3 features; the target is a smooth function of them.
x = np.sin(np.arange(16 * 5 * 3) * 0.13).reshape(16, 5, 3).astype("float32")
y = (x.sum(axis=(1, 2)) * 0.2).reshape(16, 1).astype("float32")


def made_weights(model, scale):
  model.set_weights([np.sin(np.arange(w.size) * 0.29 + i).reshape(w.shape).astype("float32") * scale
                     for i, w in enumerate(model.get_weights())])


for rnn in (tf.keras.layers.LSTM, tf.keras.layers.GRU):
  model = tf.keras.Sequential([
      tf.keras.Input(shape=(5, 3)),
      rnn(4),
      tf.keras.layers.Dense(1),
  ])
  made_weights(model, 0.3)
  print(rnn.__name__, [w.shape for w in model.get_weights()])
  model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.01), loss="mse")
  history = model.fit(x, y, batch_size=4, epochs=2, shuffle=False, verbose=0)
  print(np.round(history.history["loss"], 5))
  print(model.predict(x[:2], verbose=0).round(4))

# return_sequences and a stacked pair.
model = tf.keras.Sequential([
    tf.keras.Input(shape=(5, 3)),
    tf.keras.layers.LSTM(3, return_sequences=True),
    tf.keras.layers.GRU(2),
    tf.keras.layers.Dense(1),
])
made_weights(model, 0.25)
model.compile(optimizer="sgd", loss="mse")
history = model.fit(x, y, batch_size=8, epochs=2, shuffle=False, verbose=0)
print(np.round(history.history["loss"], 5))
print(model.predict(x[:2], verbose=0).round(4))
