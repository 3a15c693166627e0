import tapejax as tf

x = tf.constant(7)
with tf.GradientTape() as g:
  g.watch(x)
  y = x * x
print(g.gradient(y, x))
print(y)
print(y.dtype)

v = tf.Variable(3)
with tf.GradientTape() as g:
  y = v * 2
print(g.gradient(y, v))
print([w.dtype for w in g.watched_variables()])
