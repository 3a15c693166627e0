import sys

import tensorflow as tf

x = tf.Variable(2.0)

@tf.function
def step():
  with tf.GradientTape() as t:
    y = x * x
  g = t.gradient(y, x)
  tf.print('grad', g, 'x', x, output_stream=sys.stdout)
  x.assign_sub(0.1 * g)
  return g

for _ in range(3):
  print(step())
print(x.numpy())
