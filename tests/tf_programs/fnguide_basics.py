# "Better performance with tf.function", Basics and Tracing (cells rewritten with own names/values;
# a float vector stands for the guide's string tensors, which tapejax does not have).
import tapejax as tf

@tf.function
def plus(p, q):
  return p + q

print(repr(plus(tf.ones([2, 3]), tf.ones([2, 3]))))

w = tf.Variable(3.0)
with tf.GradientTape() as tape:
  out = plus(w, 2.0)
print(repr(tape.gradient(out, w)))

@tf.function
def affine(x, k, c):
  return plus(tf.matmul(x, k), c)

print(repr(affine(tf.ones([2, 3]), tf.ones([3, 2]), tf.ones([2]))))

@tf.function
def twice(t):
  print("Tracing twice with", t)
  return t + t

print(twice(tf.constant(4)))
print()
print(twice(tf.constant(2.5)))
print()
print(twice(tf.constant([1.5, 2.0])))  # the guide's third call passes a string (no strings here)
print()
print(twice(tf.constant([3.5, 4.0])))  # same signature as the call above: no tracing print
print(twice.pretty_printed_concrete_signatures())
print(twice.experimental_get_tracing_count())
