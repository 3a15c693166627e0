import tensorflow as tf
fns = [lambda: tf.constant(10.0), lambda: tf.constant(20.0), lambda: tf.constant(30.0)]
print(tf.switch_case(tf.constant(1), fns), tf.switch_case(tf.constant(5), fns), tf.switch_case(tf.constant(-1), fns, default=lambda: tf.constant(-1.0)))
print(tf.switch_case(tf.constant(1), {0: lambda: 1, 1: lambda: 2}), tf.switch_case(tf.constant(0), [(1, lambda: 'b'), (0, lambda: 'a')]))
x = tf.Variable(2.0)
@tf.function
def f(i):
  with tf.GradientTape() as t:
    y = tf.switch_case(i, [lambda: x * 1.0, lambda: x * x, lambda: x ** 3])
  return y, t.gradient(y, x)
print(f(tf.constant(0)), f(tf.constant(1)), f(tf.constant(7)))
@tf.function
def g(i):
  return tf.switch_case(i, [lambda: x * 1.0, lambda: x * x], default=lambda: -x)
with tf.GradientTape() as t:
  y = g(tf.constant(1)) + g(tf.constant(-3))
print(y, t.gradient(y, x))
@tf.function
def h(p):
  return tf.cond(p, lambda: (x, {'a': x * 2}), lambda: (x * 0, {'a': x}))
print(h(tf.constant(True)), h(tf.constant(False)))
try:
  tf.switch_case(1, fns)
except TypeError as e:
  print('TypeError')
