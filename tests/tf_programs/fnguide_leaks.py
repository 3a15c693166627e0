# "Better performance with tf.function", All outputs must be return values; recursion (cells
# rewritten).
import tapejax as tf

y = None

@tf.function
def leaks(a):
  global y
  y = a * 10
  return a * 3

print(leaks(tf.constant(2)).numpy())
try:
  y.numpy()
except AttributeError as e:
  print(e)

@tf.function
def leaks_and_returns(a):
  global y
  y = a * 10
  return y

print(leaks_and_returns(tf.constant(2)).numpy())
try:
  y.numpy()
except AttributeError as e:
  print(e)

# The guide's next cell uses the leaked tensor in another function: TF raises TypeError ("... is
# out of scope and cannot be used here"); tapejax fails with a KeyError. Not kept (README).

@tf.function
def countdown(n):
  if n > 0:
    return countdown(n - 1)
  else:
    return 1

try:
  countdown(tf.constant(3))
except Exception:  # TF 2.21: StagingError from a RecursionError
  print("Caught expected exception")

@tf.function
def countdown_py(n):
  if n > 0:
    print('tracing countdown_py', n)
    return countdown_py(n - 1)
  else:
    return 1

print(countdown_py(3))
