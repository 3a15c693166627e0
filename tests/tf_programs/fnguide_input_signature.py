# "Better performance with tf.function", Controlling retracing: input_signature, None dims,
# tensors instead of Python literals, a new Function per trace (cells rewritten).
import sys

import tapejax as tf

@tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
def halve_or_triple(n):
  print("Tracing halve_or_triple with", n)
  return tf.where(n % 2 == 0, n // 2, 3 * n + 1)

print(halve_or_triple(tf.constant([5, 6, 7])))
for bad in (tf.constant([[5, 6], [7, 8]]), tf.constant([5.0, 6.0])):
  try:
    halve_or_triple(bad)
  except (TypeError, ValueError) as e:  # the guide expects ValueError; TF 2.21 raises TypeError
    print(type(e).__name__ + ":", str(e).split(". Received")[0])

@tf.function(input_signature=(tf.TensorSpec(shape=[None], dtype=tf.int32),))
def ident(x):
  print('Tracing ident with', x)
  return x

print(ident(tf.constant([4, 5])))
print(ident(tf.constant([4, 5, 6, 7])))
print(ident.experimental_get_tracing_count())

def one_step():
  pass

@tf.function
def loop(steps):
  print("Tracing loop with steps =", steps)
  tf.print("Running loop with steps =", steps, output_stream=sys.stdout)
  for _ in tf.range(steps):
    one_step()

print("Python arguments retrace:")
loop(steps=3)
loop(steps=4)
print("Tensor arguments reuse the trace:")
loop(steps=tf.constant(3))
loop(steps=tf.constant(4))
print(loop.experimental_get_tracing_count())

def hello():
  print('Tracing hello')
  tf.print('Running hello', output_stream=sys.stdout)

tf.function(hello)()
tf.function(hello)()

@tf.function(reduce_retracing=True)
def total(x):
  print('Tracing total with', x)
  return tf.reduce_sum(x)

print(total(tf.constant([1, 2])))
print(total(tf.constant([1, 2, 3])))
print(total(tf.constant([1, 2, 3, 4])))
print(total.experimental_get_tracing_count())
