import tapejax as tf

xs = tf.constant([[1.0], [2.0], [3.0], [4.0]])
ys = tf.constant([[3.0], [5.0], [7.0], [9.0]])
w = tf.Variable([[0.5]])
b = tf.Variable([0.0])
lr = 0.05
for step in range(5):
  with tf.GradientTape() as tape:
    pred = tf.matmul(xs, w) + b
    loss = tf.reduce_mean(tf.square(pred - ys))
  dw, db = tape.gradient(loss, [w, b])
  w.assign_sub(lr * dw)
  b.assign_sub(lr * db)
  print(step, loss.numpy())
print(w.numpy(), b.numpy())
print(w)
