import numpy as np
import tapejax as tf

x = tf.Variable(3.)
y = tf.Variable(4.)
with tf.GradientTape() as tape:
  z = y * y
print(tape.gradient(z, x))

x = tf.Variable(1.0)
for epoch in range(2):
  with tf.GradientTape() as tape:
    y = x + 1
  print(type(x).__name__, ":", tape.gradient(y, x))
  x = x + 1

x = tf.Variable([[1.0, 2.0], [3.0, 4.0]], dtype=tf.float32)
with tf.GradientTape() as tape:
  x2 = x**2
  y = np.mean(x2, axis=0)
  y = tf.reduce_mean(y, axis=0)
print(tape.gradient(y, x))
print(type(y).__name__)
