import tapejax as tf

@tf.function
def f(x):
  return x * x + 1.0

print(f(tf.constant(2.0)))
print(f(tf.constant([1.0, 2.0])))
x = tf.Variable(3.0)
with tf.GradientTape() as tape:
  y = f(x)
print(tape.gradient(y, x))

@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])
def g(x):
  return tf.reduce_sum(x ** 2)

print(g(tf.constant([1.0, 2.0, 3.0])))
print(tf.TensorSpec(shape=[None], dtype=tf.float32))
print(repr(tf.TensorSpec(shape=(2, 3), dtype=tf.int32, name='z')))
