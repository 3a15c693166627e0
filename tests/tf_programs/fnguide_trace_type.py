# "Better performance with tf.function", Use the tracing protocol (cell rewritten; the tracing
# count is printed to make the cell's comments checkable): generic Python objects as arguments.
import tapejax as tf

@tf.function
def mix(first, second):
  return first.taste + second.taste

class Base:
  taste = tf.constant([0, 0])

class Pear(Base):
  taste = tf.constant([5, 6])

class Plum(Base):
  taste = tf.constant([7, 8])

print(mix(Pear(), Plum()))
print(mix(Pear(), Plum()))
print(mix.experimental_get_tracing_count())
# The guide's second half (a custom tf.types.experimental.TraceType through __tf_tracing_type__)
# fails in TF 2.21 itself (abstract placeholder_value; the protocol method called unbound): not kept.
