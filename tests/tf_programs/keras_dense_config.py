import tapejax as tf

layer = tf.keras.layers.Dense(3, use_bias=False, kernel_initializer='zeros')
out = layer(tf.ones((2, 4)))
print(out)
print(layer.kernel.shape)
print(layer.bias)
print(layer.units, layer.use_bias)
print(len(layer.trainable_variables), len(layer.weights))
act = tf.keras.activations.relu(tf.constant([-1.0, 2.0]))
print(act)
print(tf.keras.activations.sigmoid(tf.constant([0.0])))
print(tf.keras.activations.softmax(tf.constant([[1.0, 1.0]])))
