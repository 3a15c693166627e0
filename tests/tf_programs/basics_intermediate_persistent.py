import tapejax as tf

x = tf.constant(2.0)
with tf.GradientTape() as tape:
  tape.watch(x)
  y = x * x
  z = y * y
print(tape.gradient(z, y).numpy())

x = tf.constant([1, 2.0, 3.0])
with tf.GradientTape(persistent=True) as tape:
  tape.watch(x)
  y = x * x
  z = y * y
print(tape.gradient(z, x).numpy())
print(tape.gradient(y, x).numpy())
print(tape.gradient(z, x))
del tape
