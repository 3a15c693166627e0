import numpy as np
import tapejax as tf

def error_class(fn):
  try:
    fn()
    return 'no error'
  except Exception as e:
    return type(e).__name__

print(error_class(lambda: tf.constant([1.0, 2.0]) + tf.constant([1.0, 2.0, 3.0])))
print(error_class(lambda: tf.Variable(1.0).assign([1.0, 2.0])))
print(error_class(lambda: tf.Variable(1.0) + tf.Variable(1)))
print(error_class(lambda: tf.constant(5) // 0))
print(error_class(lambda: tf.constant([1.0]) + np.array([1.0])))
print(error_class(lambda: list(tf.constant(1))))
print(error_class(lambda: tf.reshape(tf.ones(4), (3, -1))))
print(error_class(lambda: tf.gather(tf.ones(3), [5])))
print(error_class(lambda: tf.ones((2, 2))[3]))

x = tf.constant(1.0)
with tf.GradientTape() as t:
  t.watch(x)
  y = x * 2
t.jacobian(y, x)
print(error_class(lambda: t.jacobian(y, x)))
with tf.GradientTape() as t:
  pass
print(error_class(lambda: t.gradient(tf.constant(1.0), tf.constant(2.0))))
print(error_class(lambda: t.gradient(None, tf.constant(2.0))))
