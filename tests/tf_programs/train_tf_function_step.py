import tapejax as tf

w = tf.Variable([[1.0, -1.0], [0.5, 2.0]])
b = tf.Variable([0.1, -0.2])
x = tf.constant([[1.0, 2.0], [3.0, 4.0], [-1.0, 0.5]])
t = tf.constant([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])

@tf.function
def train_step(x, t):
  with tf.GradientTape() as tape:
    y = tf.nn.sigmoid(tf.matmul(x, w) + b)
    loss = tf.reduce_mean(tf.square(y - t))
  gw, gb = tape.gradient(loss, [w, b])
  w.assign_sub(0.5 * gw)
  b.assign_sub(0.5 * gb)
  return loss

for i in range(3):
  print(train_step(x, t))
print(w.numpy())
print(b)
