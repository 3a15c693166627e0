import numpy as np
import tapejax as tf

x = tf.Variable(np.array([0.1, 0.2, 0.3]))
print(x.dtype)
with tf.GradientTape() as tape:
  y = tf.reduce_sum(tf.exp(x) / (1.0 + x ** 2))
g = tape.gradient(y, x)
print(g)
print(g.dtype)
print(repr(g))
h = tf.constant([1.0, 2.0], dtype=tf.float64)
with tf.GradientTape() as tape:
  tape.watch(h)
  z = tf.reduce_prod(tf.sin(h))
print(tape.gradient(z, h))
