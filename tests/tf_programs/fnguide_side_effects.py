# "Better performance with tf.function", Executing Python side effects; global and free variables;
# Python iterators and generators (cells rewritten; tf.print to stdout so it is compared).
import sys

import tapejax as tf

@tf.function
def show(v):
  print("Traced show with", v)
  tf.print("Ran show with", v, output_stream=sys.stdout)

show(5)
show(5)
show(6)

seen = []

@tf.function
def remember(v):
  print('Appending (Python side effect)')
  seen.append(v)

remember(5)
remember(5)
remember(5)
print(len(seen))

class Counter(tf.Module):
  def __init__(self):
    self.total = tf.Variable(10)
    self.calls = 0

  @tf.function
  def __call__(self):
    if self.calls == 0:
      self.calls += 1
      self.total.assign_add(5)
    return self.total

c = Counter()
for _ in range(3):
  print(c().numpy())

class LiftedCounter(tf.Module):
  def __init__(self):
    self.total = tf.Variable(10)
    self.calls = 0

  @tf.function
  def __call__(self):
    if self.calls == 0:
      with tf.init_scope():
        self.calls += 1
        self.total.assign_add(5)
    return self.total

c = LiftedCounter()
for _ in range(3):
  print(c().numpy())

@tf.function
def take_next(it):
  tf.print("Got:", next(it), output_stream=sys.stdout)

it = iter([7, 8, 9])
take_next(it)
take_next(it)
take_next(it)

# The guide's next cell: next() on a tf.data iterator inside the function advances it on every
# call (TF's IteratorGetNext op).
@tf.function
def good_consume_next(iterator):
  # This is ok, iterator is a tf type
  tf.print("Value:", next(iterator), output_stream=sys.stdout)

ds = tf.data.Dataset.from_tensor_slices([1, 2, 3])
iterator = iter(ds)
good_consume_next(iterator)
good_consume_next(iterator)
good_consume_next(iterator)
