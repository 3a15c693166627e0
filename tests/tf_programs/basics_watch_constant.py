import tapejax as tf

x = tf.constant(5.0)
with tf.GradientTape() as tape:
  tape.watch(x)
  y = x**3
print(tape.gradient(y, x).numpy())

x0 = tf.Variable(1.0)
x1 = tf.Variable(5.0)
with tf.GradientTape(watch_accessed_variables=False) as tape:
  tape.watch(x1)
  y0 = tf.math.sin(x0)
  y1 = tf.nn.softplus(x1)
  ys = tf.reduce_sum(y0 + y1)
grad = tape.gradient(ys, {'x0': x0, 'x1': x1})
print('dy/dx0:', grad['x0'])
print('dy/dx1:', grad['x1'].numpy())
print(len(tape.watched_variables()))
