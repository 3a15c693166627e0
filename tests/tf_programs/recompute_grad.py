import tapejax as tf

def block(x):
  return tf.nn.relu(x) * tf.sin(x)

ckpt = tf.recompute_grad(block)
x = tf.constant([-1.0, 0.5, 2.0])
with tf.GradientTape(persistent=True) as tape:
  tape.watch(x)
  y1 = tf.reduce_sum(block(x))
  y2 = tf.reduce_sum(ckpt(x))
print(y1, y2)
print(tape.gradient(y1, x))
print(tape.gradient(y2, x))
