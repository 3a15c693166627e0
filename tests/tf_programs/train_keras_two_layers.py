import tapejax as tf

l1 = tf.keras.layers.Dense(4, activation='tanh', kernel_initializer='ones', bias_initializer='zeros')
l2 = tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(0.25))
x = tf.constant([[0.1, 0.2], [0.3, -0.4], [0.5, 0.6]])
y = tf.constant([[1.0], [0.0], [1.0]])
variables = None
for step in range(3):
  with tf.GradientTape() as tape:
    out = l2(l1(x))
    loss = tf.reduce_mean((out - y) ** 2)
  variables = l1.trainable_variables + l2.trainable_variables
  grads = tape.gradient(loss, variables)
  for v, g in zip(variables, grads):
    v.assign_sub(0.1 * g)
  print(step, round(float(loss), 6))
print([tuple(v.shape) for v in variables])
print(l1.kernel.shape, l2.bias.shape)
print(l2(l1(x)).shape)
