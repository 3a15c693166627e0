import tapejax as tf
print(tf.while_loop(lambda i: i < 0, lambda i: (i + 1,), [0]))
print(tf.while_loop(lambda i: i < 3, lambda i: (i + 1,), [0]))
print(tf.while_loop(lambda i: i < 3, lambda i: [i + 1], (tf.constant(0),)))
print(tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s * 2.0), (0, tf.constant(1.0)), maximum_iterations=2))
print(tf.while_loop(lambda i: i < 5, lambda i: i + 1, 0) if False else 'skip')
print(tf.cond(True, lambda: 1, lambda: 2))
print(tf.cond(tf.constant(False), lambda: (tf.constant(1), 2.0), lambda: (tf.constant(3), 4.0)))
try:
  tf.cond(tf.constant([True, False]), lambda: 1, lambda: 2)
except Exception as e:
  print(type(e).__name__, e)
try:
  tf.while_loop(lambda i: i < 3, lambda i: i + 1, [tf.constant(0)])
except Exception as e:
  print(type(e).__name__, e)
x = tf.Variable(3.0)
with tf.GradientTape() as t:
  y = tf.cond(x > 2.0, lambda: x ** 2, lambda: x)
print(t.gradient(y, x))
@tf.function
def f(x):
  return tf.cond(x > 0, lambda: x * 2, lambda: -x)
print(f(tf.constant(3.0)), f(tf.constant(-1.0)))
@tf.function
def g(n):
  i, s = tf.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s + tf.cast(i, tf.float32)), (tf.constant(0), tf.constant(0.0)))
  return s
print(g(tf.constant(5)))
v = tf.Variable(2.0)
@tf.function
def h(x):
  with tf.GradientTape() as t:
    y = tf.cond(x > 0, lambda: v * x, lambda: v * v)
  return t.gradient(y, v)
print(h(tf.constant(3.0)), h(tf.constant(-3.0)))
w = tf.Variable(1.5)
@tf.function
def k(x):
  return tf.cond(x > 0, lambda: w * x, lambda: w * w)
with tf.GradientTape() as t:
  y = k(tf.constant(-1.0))
print(t.gradient(y, w))
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
