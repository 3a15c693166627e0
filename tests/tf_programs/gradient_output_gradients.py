import tapejax as tf

x = tf.constant([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
  tape.watch(x)
  y = x ** 2
print(tape.gradient(y, x, output_gradients=tf.constant([1.0, 0.5, 0.0])))

x = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape(persistent=True) as tape:
  y = tf.reduce_sum(x * x, axis=1)
  z = tf.nn.softmax(y)
print(tape.gradient(y, x))
print(tape.gradient([y, z], x))
print(tape.gradient(z, [x, x]))
