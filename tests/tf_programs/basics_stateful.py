import tapejax as tf

x0 = tf.Variable(2.0)
x1 = tf.Variable(1.0)
with tf.GradientTape() as tape:
  x1.assign_add(x0)
  y = x1**2
print(tape.gradient(y, x0))
print(x1)
print(x1.numpy())

v = tf.Variable(2.0)
with tf.GradientTape() as tape:
  y = v * v
  v.assign(5.0)
  z = y + v * v
print(tape.gradient(z, v))
