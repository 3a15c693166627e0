import tapejax as tf

class Model(tf.Module):
  def __init__(self):
    super().__init__()
    self.w = tf.Variable([[1.0], [2.0]], name='w')
    self.b = tf.Variable(0.5, name='b')

  @tf.Module.with_name_scope
  def __call__(self, x):
    return tf.matmul(x, self.w) + self.b

m = Model()
print(m.name, [v.name for v in m.variables], len(m.trainable_variables))
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
with tf.GradientTape() as t:
  loss = tf.reduce_sum(m(x) ** 2)
g = t.gradient(loss, m.trainable_variables)
print(g)

d = tf.keras.layers.Dense(2, activation='softmax', kernel_initializer='ones')
print(d(tf.constant([[1.0, 2.0]])))
d = tf.keras.layers.Dense(2, kernel_initializer=tf.keras.initializers.Zeros(),
                          bias_initializer=tf.keras.initializers.Ones())
print(d(tf.ones((2, 2))))
print(d.weights)
d = tf.keras.layers.Dense(1, kernel_initializer='ones')
with tf.GradientTape() as t:
  y = d(tf.ones((2, 3)))
print(t.jacobian(y, d.kernel).shape)
print(tf.keras.initializers.Constant(3.0)(shape=(2,)))
print(tf.keras.initializers.GlorotUniform()(shape=(2, 2)).shape)
bn = tf.keras.layers.BatchNormalization()
print([v.name for v in bn.variables], bn(tf.constant([[1.0, 2.0], [3.0, 6.0]]), training=False))
print([v.name for v in bn.variables])
