import tapejax as tf

x = tf.Variable([1.0, 2.0])
with tf.GradientTape() as t2:
  with tf.GradientTape() as t1:
    y = x[0] ** 2 * x[1] + tf.sin(x[1])
  g = t1.gradient(y, x)
h = t2.jacobian(g, x)
print(g)
print(h)
print(h.shape)

layer = tf.keras.layers.Dense(2, kernel_initializer='ones', bias_initializer='zeros')
inp = tf.constant([[1.0, 2.0]])
with tf.GradientTape() as t2:
  with tf.GradientTape() as t1:
    out = tf.reduce_sum(layer(inp) ** 2)
  gk = t1.gradient(out, layer.kernel)
hk = t2.jacobian(gk, layer.kernel)
print(gk)
print(hk.shape)
print(tf.reshape(hk, [4, 4]))
