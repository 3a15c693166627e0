# "Introduction to graphs and tf.function": the cells with random inputs and timings (numbers
# masked: TF's generator differs from JAX's; timings vary), with own names/values.
import timeit

import tapejax as tf

@tf.function
def mse(y_true, y_pred):
  sq = tf.pow(y_true - y_pred, 2)
  return tf.reduce_mean(sq)

t = tf.random.uniform([6], maxval=8, dtype=tf.int32)
p = tf.random.uniform([6], maxval=8, dtype=tf.int32)
print(t)
print(p)
print(repr(mse(t, p)))

m = tf.random.uniform(shape=[8, 8], minval=-1, maxval=2, dtype=tf.dtypes.int32)

def matrix_power(m, k):
  out = tf.eye(8, dtype=tf.dtypes.int32)
  for _ in range(k):
    out = tf.matmul(m, out)
  return out

print("Eager execution:", timeit.timeit(lambda: matrix_power(m, 20), number=20))
graph_power = tf.function(matrix_power)
print("Graph execution:", timeit.timeit(lambda: graph_power(m, 20), number=20))

conv = tf.keras.layers.Conv2D(8, 3)

@tf.function
def conv_fn(image):
  return conv(image)

image = tf.zeros([1, 32, 32, 8])
conv(image); conv_fn(image)
print("Eager conv:", timeit.timeit(lambda: conv(image), number=5))
print("Function conv:", timeit.timeit(lambda: conv_fn(image), number=5))

@tf.function
def shrink(x):
  while tf.reduce_sum(x) > 1:
    tf.print(x)
    x = tf.tanh(x)
  return x

print(shrink(tf.random.uniform([5])).shape)
