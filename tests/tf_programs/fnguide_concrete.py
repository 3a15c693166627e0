# "Better performance with tf.function", Obtaining concrete functions (cells rewritten; float32 stands
# for the guide's string tensors, which tapejax does not have).
import tapejax as tf

@tf.function
def twice(t):
  print("Tracing twice with", t)
  return t + t

print("Getting a concrete function")
twice_f = twice.get_concrete_function(tf.constant(1.5))
print("Calling it")
print(twice_f(tf.constant(1.5)))
print(twice_f(t=tf.constant(2.5)))

twice_f_spec = twice.get_concrete_function(tf.TensorSpec(shape=[], dtype=tf.float32))
print(twice_f_spec(tf.constant(3.5)))

print(twice_f)
print(twice_f.structured_input_signature)
print(twice_f.structured_outputs)

try:
  twice_f(tf.constant(7))
except tf.errors.InvalidArgumentError as e:
  print("InvalidArgumentError: ... as input", str(e).split(" as input")[1].split(" [Op:")[0])

# The guide's next cells trace `a ** b` for TensorSpec(None, tf.float32): a tensor of unknown
# rank, which a JAX trace cannot take (tapejax needs the rank). Not kept; see the README.
