import tapejax as tf

layer = tf.keras.layers.Dense(2, activation='relu', kernel_initializer='ones')
x = tf.constant([[1., 2., 3.]])
with tf.GradientTape() as tape:
  y = layer(x)
  loss = tf.reduce_mean(y**2)
grad = tape.gradient(loss, layer.trainable_variables)
for var, g in zip(layer.trainable_variables, grad):
  print(f'{var.name}, shape: {g.shape}')
print(y)
print(loss)
print(grad[0])
print(grad[1])
print(len(layer.variables), len(layer.trainable_variables))
