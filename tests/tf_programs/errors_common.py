import tapejax as tf

try:
  tf.constant(1) + tf.constant(1.0)
except tf.errors.InvalidArgumentError as e:
  print(type(e).__name__)
try:
  tf.reshape(tf.range(6), (4, 2))
except tf.errors.InvalidArgumentError as e:
  print(type(e).__name__)
try:
  tf.matmul(tf.ones((2, 3)), tf.ones((2, 3)))
except tf.errors.InvalidArgumentError as e:
  print(type(e).__name__)
try:
  with tf.GradientTape() as tape:
    tape.watch(1.0)
except ValueError as e:
  print(type(e).__name__)
print(issubclass(tf.errors.InvalidArgumentError, tf.errors.OpError))
