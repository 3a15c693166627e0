import tensorflow as tf

@tf.custom_gradient
def clip_gradients(y):
  def backward(dy):
    return tf.clip_by_norm(dy, 0.5)
  return y, backward

v = tf.Variable(2.0)
with tf.GradientTape() as t:
  output = clip_gradients(v * v)
print(t.gradient(output, v))

@tf.custom_gradient
def scale_grad(x, s):
  def grad(dy):
    return dy * s, None
  return tf.identity(x), grad

x = tf.constant([1.0, 2.0])
with tf.GradientTape() as t:
  t.watch(x)
  y = scale_grad(x, tf.constant(3.0)) ** 2
print(t.gradient(y, x))
