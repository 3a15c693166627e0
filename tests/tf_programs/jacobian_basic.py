import tapejax as tf

x = tf.linspace(-1.0, 1.0, 5)
delta = tf.Variable(0.5)
with tf.GradientTape() as tape:
  tape.watch(x)
  y = tf.nn.sigmoid(x + delta)
dy_dx = tape.jacobian(y, x)
print(dy_dx.shape)
print(dy_dx)

w = tf.Variable(tf.ones((3, 2)))
x = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
with tf.GradientTape() as tape:
  y = tf.matmul(x, w)
j = tape.jacobian(y, w)
print(j.shape)
print(j[0, 1])
