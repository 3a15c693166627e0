import tapejax as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
w = tf.constant([[1.0, -1.0, 0.5], [0.0, 2.0, 1.0]])
with tf.GradientTape(persistent=True) as tape:
  tape.watch(x)
  y = tf.nn.tanh(tf.matmul(x, w) * 0.1)
bj = tape.batch_jacobian(y, x)
print(bj.shape)
print(bj)
j = tape.jacobian(y, x)
print(j.shape)
print(tape.batch_jacobian(y, tf.constant([[1.0], [2.0], [3.0]])))
