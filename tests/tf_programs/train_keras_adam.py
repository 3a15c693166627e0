import tapejax as tf

xs = tf.constant([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [2.0, 1.0]])
labels = tf.constant([1, 0, 2, 2])
layer = tf.keras.layers.Dense(3, kernel_initializer=tf.keras.initializers.Constant(0.1), name="head")
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
opt = tf.keras.optimizers.Adam(learning_rate=0.1)


@tf.function
def step(x, y):
  with tf.GradientTape() as tape:
    loss = loss_fn(y, layer(x))
  grads = tape.gradient(loss, layer.trainable_variables)
  opt.apply_gradients(zip(grads, layer.trainable_variables, strict=True))
  return loss


for i in range(4):
  print(i, step(xs, labels).numpy())
mse = tf.keras.losses.MeanSquaredError()
sgd = tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)
w = tf.Variable([0.5, -0.5])
for i in range(3):
  with tf.GradientTape() as tape:
    loss = mse(tf.constant([1.0, 2.0]), w * 2.0)
  sgd.apply_gradients([(tape.gradient(loss, w), w)])
  print(i, loss.numpy(), w.numpy())
print(int(opt.iterations.numpy()), int(sgd.iterations.numpy()))
print([v.path for v in opt.variables])
print(layer.kernel.numpy())
