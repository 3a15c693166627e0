import tapejax as tf

x = tf.constant(3.0)
with tf.GradientTape() as g:
  g.watch(x)
  y = tf.math.round(x) + tf.floor(x)
print(g.gradient(y, x))

x = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as g:
  g.watch(x)
  y = tf.cast(x, tf.int32)
  z = tf.cast(tf.cast(x, tf.float64), tf.float32) * 2
print(g.gradient(y, x), g.gradient(z, x))

x = tf.Variable(2.0)
with tf.GradientTape() as g:
  y = tf.math.abs(x - 2.0) + tf.nn.relu(x - 2.0)
print(g.gradient(y, x))

x = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as g:
  y = tf.reduce_max(x) + tf.reduce_min(x)
print(g.gradient(y, x))

x = tf.Variable(0.0)
with tf.GradientTape(persistent=True) as g:
  y = tf.sqrt(x)
  n = tf.norm(tf.stack([x, x]))
print(g.gradient(y, x), g.gradient(n, x))

x = tf.Variable([1.0, 2.0])
with tf.GradientTape() as g:
  y = tf.where(x > 1.5, x ** 2, tf.zeros_like(x))
print(g.gradient(y, x))

x = tf.Variable(3.0)
with tf.GradientTape(persistent=True) as g:
  y = x * x
  z = tf.stop_gradient(y) * x
print(g.gradient(z, x), g.gradient([y, z], x), g.gradient({'a': y}, [x]))

x = tf.Variable([1.0, 2.0])
with tf.GradientTape() as t:
  y = tf.reduce_sum(x)
print(t.gradient(y, [x, x]))

x = tf.Variable(1.0, trainable=False)
with tf.GradientTape() as t:
  t.watch(x)
  y = x * 3
print(t.gradient(y, x))

x = tf.Variable([3.0, 4.0])
with tf.GradientTape() as t:
  n = tf.norm(x)
print(n, t.gradient(n, x))
