import tapejax as tf

@tf.custom_gradient
def bounded_grad(t):
  def grad_fn(upstream):
    return tf.clip_by_value(upstream, -0.25, 0.25)
  return tf.identity(t), grad_fn

w = tf.Variable([1.0, -3.0])
with tf.GradientTape() as tape:
  out = tf.reduce_sum(bounded_grad(w ** 3) * 2.0)
print(tape.gradient(out, w))

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
