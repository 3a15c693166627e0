import tapejax as tf

x = tf.Variable(3.0)
with tf.GradientTape() as tape:
  y = x * tf.stop_gradient(x) + x
print(tape.gradient(y, x))

a = tf.constant([1.0, 2.0])
with tf.GradientTape() as tape:
  tape.watch(a)
  b = tf.stop_gradient(a * 2)
  c = tf.reduce_sum(b * a)
print(tape.gradient(c, a))
with tf.GradientTape() as tape:
  tape.watch(a)
  with tape.stop_recording():
    d = a * a
  e = d + a
print(tape.gradient(e, a))
