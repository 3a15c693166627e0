# "Better performance with tf.function", AutoGraph: looping over Python data vs a Dataset, and
# accumulating values with a TensorArray (cells rewritten; fixed inputs instead of random ones; the
# graph-node counts of the guide are TF-graph internals, so results and trace counts are printed).
import tapejax as tf

@tf.function
def accumulate(pairs):
  acc = tf.constant(0)
  for a, b in pairs:
    acc += tf.abs(b - a)
  return acc

few = [(2, 5)] * 3
many = [(2, 5)] * 7
print(accumulate(few))
print(accumulate(many))
print(accumulate(tf.data.Dataset.from_generator(lambda: few, (tf.int32, tf.int32))))
print(accumulate(tf.data.Dataset.from_generator(lambda: many, (tf.int32, tf.int32))))

def cell(inp, state):
  return inp + state

@tf.function
def unroll(step, data, init):
  data = tf.transpose(data, [1, 0, 2])  # [batch, time, feature] -> [time, batch, feature]
  steps = data.shape[0]
  outs = tf.TensorArray(tf.float32, size=steps)
  state = init
  for t in tf.range(steps):
    state = step(data[t], state)
    outs = outs.write(t, state)
  return tf.transpose(outs.stack(), [1, 0, 2])

print(repr(unroll(cell, tf.reshape(tf.range(24, dtype=tf.float32), [2, 3, 4]), tf.zeros([2, 4]))))

@tf.function
def running_squares(n):
  arr = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
  for i in tf.range(n):
    arr = arr.write(i, i * i)
  return arr.stack()

print(running_squares(5))  # a Python int: tf.range(5) is static, so the array holds 5 elements
print(running_squares(3))

@tf.function
def python_list_in_python_loop(n):
  parts = []
  for i in range(n):
    parts.append(tf.constant(i) * 2)
  return tf.stack(parts)

print(python_list_in_python_loop(3))
