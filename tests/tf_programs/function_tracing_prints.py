import tapejax as tf
v = tf.Variable(1.0)
@tf.function
def f(x, y=2):
  print('tracing', x, y)
  z = x * v
  print(repr(x), type(x).__name__)
  return z
print(f(tf.constant(1.0)))
print(f(tf.constant(2.0)))
print(f(tf.constant([1.0, 2.0]), y=3))
@tf.function
def g(a, b):
  print('g', a, b)
  return a + b
print(g(tf.constant(1), tf.constant(2)))
print(g(1, 2))
