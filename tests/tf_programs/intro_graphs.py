# "Introduction to graphs and tf.function" (cells rewritten with own names/values; the random
# inputs and timings are in intro_graphs_random).
import tapejax as tf

def plain_affine(x, y, b):
  x = tf.matmul(x, y)
  x = x + b
  return x

graph_affine = tf.function(plain_affine)
x1 = tf.constant([[3.0, 1.0]])
y1 = tf.constant([[1.0], [4.0]])
b1 = tf.constant(0.5)
eager_value = plain_affine(x1, y1, b1).numpy()
graph_value = graph_affine(x1, y1, b1).numpy()
assert eager_value == graph_value
print(graph_value)

def helper(x, y, b):
  return tf.matmul(x, y) + b

@tf.function
def outer(x):
  y = tf.constant([[1.0], [4.0]])
  b = tf.constant(0.5)
  return helper(x, y, b)

print(repr(outer(tf.constant([[3.0, 1.0]]))))

def clip_negative(x):
  if tf.greater(x, 0):
    return x
  else:
    return 0

graph_clip = tf.function(clip_negative)
print("Positive branch:", graph_clip(tf.constant(3)).numpy())
print("Negative branch:", graph_clip(tf.constant(-3)).numpy())

@tf.function
def relu_like(x):
  return tf.maximum(0., x)

print(relu_like(tf.constant(2.5)))
print(relu_like([3, -3]))
print(relu_like(tf.constant([4., -4.])))
print(relu_like(tf.constant(-1.5)))
print(relu_like(tf.constant([-2., 2.])))
print(relu_like.pretty_printed_concrete_signatures())

@tf.function
def mse(y_true, y_pred):
  print("Computing mse!")
  sq = tf.pow(y_true - y_pred, 2)
  return tf.reduce_mean(sq)

t = tf.constant([1, 5, 9, 2])
p = tf.constant([3, 5, 4, 0])
print(repr(mse(t, p)))
tf.config.run_functions_eagerly(True)
print(repr(mse(t, p)))
tf.config.run_functions_eagerly(False)
e = mse(t, p)
e = mse(t, p)
e = mse(t, p)
tf.config.run_functions_eagerly(True)
e = mse(t, p)
e = mse(t, p)
e = mse(t, p)
tf.config.run_functions_eagerly(False)

@tf.function
def square_plus(x):
  print("Tracing square_plus!")
  return x * x + tf.constant(5)

print(square_plus(tf.constant(3)))
print(square_plus(tf.constant(4)))
print(square_plus(3))
print(square_plus(4))
