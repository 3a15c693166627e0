import tapejax as tf

def log1pexp_naive(x):
  return tf.math.log(1 + tf.exp(x))

@tf.custom_gradient
def log1pexp(x):
  e = tf.exp(x)
  def grad(upstream):
    return upstream * (1 - 1 / (1 + e))
  return tf.math.log(1 + e), grad

x = tf.constant(100.)
with tf.GradientTape(persistent=True) as tape:
  tape.watch(x)
  y1 = log1pexp_naive(x)
  y2 = log1pexp(x)
print(tape.gradient(y1, x))
print(tape.gradient(y2, x))
x = tf.constant([0.0, 1.0, -3.0])
with tf.GradientTape() as tape:
  tape.watch(x)
  y = log1pexp(x)
print(y)
print(tape.gradient(y, x))
