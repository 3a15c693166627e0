import tapejax as tf

x = tf.Variable(4.0)
with tf.GradientTape(persistent=True) as tape:
  y0 = x**2
  y1 = 1 / x
print(tape.gradient(y0, x).numpy())
print(tape.gradient(y1, x).numpy())

x = tf.Variable(4.0)
with tf.GradientTape() as tape:
  y0 = x**2
  y1 = 1 / x
print(tape.gradient({'y0': y0, 'y1': y1}, x).numpy())

x = tf.Variable(3.)
with tf.GradientTape() as tape:
  y = x * [5., 6., 7.]
print(tape.gradient(y, x).numpy())
print(tape.gradient is not None)
