import tapejax as tf

x = tf.constant(-1.0)
v0 = tf.Variable(3.0)
v1 = tf.Variable(3.0)

with tf.GradientTape(persistent=True) as tape:
  tape.watch(x)
  if x > 0.0:
    result = v0
  else:
    result = v1**2

dv0, dv1 = tape.gradient(result, [v0, v1])
print(dv0)
print(dv1)
print(tape.gradient(result, x))

with tf.GradientTape() as tape:
  total = tf.constant(0.0)
  for i in range(4):
    if i % 2 == 0:
      total = total + v0 * float(i)
    else:
      total = total + v1
print(tape.gradient(total, [v0, v1]))
