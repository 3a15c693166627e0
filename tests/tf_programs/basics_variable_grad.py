import tapejax as tf

x = tf.Variable(4.0)
with tf.GradientTape() as tape:
  y = x**2
dy_dx = tape.gradient(y, x)
print(dy_dx)
print(dy_dx.numpy())
print(repr(dy_dx))
print(type(dy_dx.numpy()).__name__)
