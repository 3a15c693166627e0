import tapejax as tf
print(tf.map_fn(lambda x: x * 2, tf.constant([1.0, 2.0, 3.0])))
print(tf.map_fn(lambda t: t[0] * t[1], (tf.constant([1.0, 2.0]), tf.constant([3.0, 4.0])), fn_output_signature=tf.float32))
print(tf.map_fn(lambda x: tf.reduce_sum(x), tf.ones((3, 2))))
print(tf.vectorized_map(lambda x: x ** 2, tf.constant([1.0, 2.0])))
print(tf.scan(lambda a, x: a + x, tf.constant([1, 2, 3, 4])))
print(tf.scan(lambda a, x: a * x, tf.constant([1.0, 2.0, 3.0]), initializer=tf.constant(2.0)))
print(tf.scan(lambda a, x: a + x, tf.constant([1, 2, 3]), reverse=True))
print(tf.scan(lambda a, x: (a[0] + x, a[1] * x), tf.constant([1.0, 2.0, 3.0]), initializer=(0.0, 1.0)))
print(tf.foldl(lambda a, x: a + x, tf.constant([1, 2, 3])))
print(tf.foldr(lambda a, x: a - x, tf.constant([1, 2, 3]), initializer=0))
print(tf.foldl(lambda a, x: a * 10 + x, tf.constant([1, 2, 3])), tf.foldr(lambda a, x: a * 10 + x, tf.constant([1, 2, 3])))
x = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as t:
  y = tf.reduce_sum(tf.map_fn(lambda e: e ** 3, x))
print(t.gradient(y, x))
with tf.GradientTape() as t:
  y = tf.reduce_sum(tf.scan(lambda a, e: a * e, x))
print(t.gradient(y, x))
with tf.GradientTape() as t:
  y = tf.foldl(lambda a, e: a * e, x, initializer=1.0)
print(t.gradient(y, x))
@tf.function
def f(m):
  return tf.vectorized_map(lambda row: tf.reduce_sum(row ** 2), m)
print(f(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
xs = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as t:
  t.watch(xs)
  y = tf.map_fn(lambda r: tf.reduce_prod(r), xs)
print(t.jacobian(y, xs))
