import tapejax as tf

x = tf.constant([1.0, 2.0, 3.0])
tangent = tf.constant([1.0, 0.0, 0.0])
with tf.autodiff.ForwardAccumulator(x, tangent) as acc:
  y = tf.reduce_sum(tf.sin(x) * x)
print(acc.jvp(y))

v = tf.Variable([2.0, 3.0])
with tf.autodiff.ForwardAccumulator(v, tf.constant([1.0, 1.0])) as acc:
  z = v * v
print(acc.jvp(z))
print(acc.jvp(tf.constant(1.0)))

with tf.GradientTape() as tape:
  tape.watch(x)
  with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
    y = tf.reduce_sum(x ** 3)
  hvp = acc.jvp(y)
print(hvp)
