import numpy as np
import tapejax as tf


class Regressor(tf.keras.Model):
  def __init__(self):
    super().__init__()
    self.hidden = tf.keras.layers.Dense(6, activation="tanh")
    self.out = tf.keras.layers.Dense(1)

  def call(self, inputs, training=None):
    return self.out(self.hidden(inputs))


x = np.linspace(-1.0, 1.0, 32, dtype="float32").reshape(16, 2)
y = (x[:, :1] * 2.0 - x[:, 1:] ** 2).astype("float32")

model = Regressor()
model(x[:1])  # builds the layers
model.set_weights([np.cos(np.arange(w.size) * 0.9 + i).reshape(w.shape).astype("float32") * 0.4
                   for i, w in enumerate(model.get_weights())])
print(model.name, [v.path for v in model.trainable_variables])
loss_fn = tf.keras.losses.MeanSquaredError()
optimizer = tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.5)
train_loss = []


@tf.function
def train_step(xb, yb):
  with tf.GradientTape() as tape:
    loss = loss_fn(yb, model(xb, training=True))
  grads = tape.gradient(loss, model.trainable_variables)
  optimizer.apply_gradients(zip(grads, model.trainable_variables))
  return loss


for epoch in range(3):
  losses = [train_step(x[i:i + 4], y[i:i + 4]) for i in range(0, 16, 4)]
  print(epoch, np.round([loss.numpy() for loss in losses], 5))
print(train_step.experimental_get_tracing_count())
print(np.round(model(x[:2]).numpy(), 5))
