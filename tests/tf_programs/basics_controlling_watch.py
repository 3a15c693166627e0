import tapejax as tf

a0 = tf.Variable(2.0, name='a0')
a1 = tf.Variable(2.0, name='a1', trainable=False)
a2 = tf.Variable(5.0, name='a2') + 1.0
a3 = tf.constant(2.0, name='a3')

with tf.GradientTape() as tape:
  y = (a0**2) + (a1**2) + (a2**2)

grad = tape.gradient(y, [a0, a1, a2, a3])
for g in grad:
  print(g)
print([var.name for var in tape.watched_variables()])
print(type(a2).__name__)
