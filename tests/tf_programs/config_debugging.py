import tapejax as tf
print(tf.config.list_physical_devices('GPU'), tf.config.list_physical_devices('CPU'))
print(tf.config.list_physical_devices())
print(tf.config.functions_run_eagerly())
tf.config.run_functions_eagerly(True)
@tf.function
def f(x):
  print('eager?', x)
  return x + 1
print(f(tf.constant(1.0)), f(tf.constant(2.0)), tf.config.functions_run_eagerly())
tf.config.run_functions_eagerly(False)
print(f(tf.constant(3.0)))
print(f(tf.constant(4.0)))
print(tf.debugging.assert_near(tf.constant(1.0), tf.constant(1.0 + 1e-7)))
print(tf.debugging.assert_near(tf.constant([1.0, 2.0]), [1.0, 2.0], rtol=1e-3))
for f in [lambda: tf.debugging.assert_near(tf.constant(1.0), tf.constant(1.1)),
          lambda: tf.debugging.assert_equal(tf.constant(1), tf.constant(2)),
          lambda: tf.debugging.check_numerics(tf.constant([1.0, float('nan')]), 'bad'),
          lambda: tf.debugging.assert_all_finite(tf.constant([float('inf')]), 'inf')]:
  try:
    f(); print('no error')
  except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
print(tf.debugging.assert_equal(tf.constant([1, 2]), tf.constant([1, 2])))
print(tf.debugging.check_numerics(tf.constant([1.0]), 'ok'))
x = tf.Variable(2.0)
with tf.GradientTape() as t:
  y = tf.debugging.check_numerics(x * x, 'y')
print(t.gradient(y, x))
@tf.function
def f(v):
  return tf.debugging.check_numerics(v * 2, 'v')
print(f(tf.constant(1.0)))
