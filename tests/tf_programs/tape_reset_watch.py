import tapejax as tf

x = tf.Variable(2.0)
y = tf.constant(3.0)
with tf.GradientTape(persistent=True) as tape:
  tape.watch(y)
  a = x * y
  tape.reset()
  b = x * x
print(tape.gradient(b, x))
print(tape.gradient(a, x))
print(tape.gradient(b, y))
print([v.numpy() for v in tape.watched_variables()])
try:
  with tf.GradientTape() as t:
    z = x * x
  t.gradient(z, x)
  t.gradient(z, x)
except RuntimeError as e:
  print(type(e).__name__)
