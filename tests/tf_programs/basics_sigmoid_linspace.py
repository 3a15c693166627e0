import tapejax as tf

x = tf.linspace(-5.0, 5.0, 11)
with tf.GradientTape() as tape:
  tape.watch(x)
  y = tf.nn.sigmoid(x)
dy_dx = tape.gradient(y, x)
print(x)
print(y)
print(dy_dx)
print(dy_dx.dtype, dy_dx.shape)
