import tapejax as tf

class Linear(tf.Module):
  def __init__(self, name=None):
    super().__init__(name=name)
    self.w = tf.Variable(2.0, name='w')
    self.b = tf.Variable(1.0, name='b')

  def __call__(self, x):
    return self.w * x + self.b

model = Linear(name='linear')
x = tf.constant([0.0, 1.0, 2.0, 3.0])
y = 3.0 * x - 1.0
for epoch in range(4):
  with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.square(model(x) - y))
  grads = tape.gradient(loss, model.trainable_variables)
  for v, g in zip(model.trainable_variables, grads):
    v.assign_sub(0.1 * g)
  print(f'epoch {epoch}: loss={loss.numpy():.5f}')
print([v.name for v in model.trainable_variables])
print(model.w.numpy(), model.b.numpy())
print(model.name)
print(model.variables, model.trainable_variables[0])
