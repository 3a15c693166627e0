import tapejax as tf

x = tf.Variable(10.0)
history = []
for step in range(50):
  with tf.GradientTape() as tape:
    loss = (x - 3.0) ** 2
  g = tape.gradient(loss, x)
  x.assign_sub(0.2 * g)
  history.append(loss.numpy())
  if loss < 1e-3:
    break
print(step, x.numpy())
print([round(float(h), 4) for h in history[:5]])
print(loss)
