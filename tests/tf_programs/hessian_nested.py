import tapejax as tf

x = tf.Variable(1.5)
with tf.GradientTape() as t2:
  with tf.GradientTape() as t1:
    y = x * x * x
  dy_dx = t1.gradient(y, x)
d2y_dx2 = t2.gradient(dy_dx, x)
print('dy_dx:', dy_dx.numpy())
print('d2y_dx2:', d2y_dx2.numpy())

w = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as outer:
  with tf.GradientTape() as inner:
    f = tf.reduce_sum(w ** 3) + w[0] * w[1]
  g = inner.gradient(f, w)
h = outer.jacobian(g, w)
print(g)
print(h)
