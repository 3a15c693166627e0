import tapejax as tf
import sys

import numpy as np
o = sys.stdout
tf.print(tf.constant([1.0, 2.0]), 'hello', 3, output_stream=o)
tf.print(tf.range(20), output_stream=o)
tf.print(tf.range(20), summarize=-1, output_stream=o)
tf.print(tf.constant([[1.5, 2.0], [3.0, 4.0]]), output_stream=o)
tf.print(tf.reshape(tf.range(100), (10, 10)), output_stream=o)
tf.print({'a': tf.constant(1), 'b': [tf.constant(2.5)]}, output_stream=o)
tf.print(tf.constant(1.0), tf.constant(True), tf.constant([True, False]), sep=', ', end='!\n', output_stream=o)
tf.print(tf.constant(0.1), tf.constant(1e-8), tf.constant(123456789.0), tf.constant(1.0 / 3), output_stream=o)
tf.print(tf.constant([0.1, 0.25]), tf.constant(3.0, tf.float64), tf.constant(1 / 3, tf.float64), output_stream=o)
tf.print(tf.Variable([1.0, 2.0]), output_stream=o)
tf.print(tf.constant(float('nan')), tf.constant(-float('inf')), tf.constant(-0.0), output_stream=o)
tf.print(tf.constant([[[1, 2], [3, 4]], [[5, 6], [7, 8]]]), output_stream=o)
tf.print(tf.ones((4, 4, 4)), output_stream=o)
tf.print('x:', 1.5, None, [1, 2], (3,), output_stream=o)
tf.print(tf.constant(1e20), tf.constant(12345678.0), tf.constant(0.000123), tf.constant(2.5e-5), output_stream=o)
tf.print(tf.constant(7, tf.int64), tf.constant(2**40, tf.int64), tf.constant(1.5, tf.float16), output_stream=o)
tf.print(tf.constant([1.123456789, 100.5]), output_stream=o)
tf.print(output_stream=o)
@tf.function
def f(x):
  tf.print('in f', x, output_stream=o)
  return x
f(tf.constant(2.0)); f(tf.constant(3.0))
tf.print(tf.constant([]), tf.constant([1+2j, 0.5-1j]), tf.constant([1.1], tf.float16), output_stream=o)
tf.print(np.array([1.5, 2.0]), [tf.constant(1.5), 'a'], ('b',), tf.range(7), tf.range(6), output_stream=o)
tf.print(tf.reshape(tf.range(2 * 8 * 8), (2, 8, 8)), output_stream=o)
tf.print(tf.reshape(tf.range(16), (2, 2, 2, 2)), output_stream=o)
tf.print(tf.range(10), summarize=1, output_stream=o)
tf.print(tf.constant(1.0))  # to stderr, as TF


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
