import tapejax as tf

x = tf.Variable([3., 3.])
y = tf.Variable(2.)
with tf.GradientTape(persistent=True) as tape:
  z = y**2
print(tape.gradient(z, x, unconnected_gradients=tf.UnconnectedGradients.ZERO))
print(tape.gradient(z, x, unconnected_gradients='zero'))
print(tape.gradient(z, [x, y]))
print(tape.gradient(z, [x, y], unconnected_gradients=tf.UnconnectedGradients.NONE))
print(tf.UnconnectedGradients.ZERO)
print(tf.UnconnectedGradients.NONE.value)
