# AutoGraph reference ("control flow", "autograph transformations"): if/while/for on tensors,
# break/continue/return, loop-carried variables, Variables and gradients through them.
import tapejax as tf


@tf.function
def collatz(n):
  steps = 0
  while n != 1:
    if n % 2 == 0:
      n = n // 2
    else:
      n = 3 * n + 1
    steps += 1
  return steps

print(collatz(tf.constant(27)))


@tf.function
def first_negative(xs):
  found = -1
  for i in tf.range(tf.size(xs)):
    if xs[i] < 0:
      found = i
      break
  return found

print(first_negative(tf.constant([3.0, 1.0, -2.0, 5.0])), first_negative(tf.constant([1.0, 2.0])))


@tf.function
def sign(x):
  if x > 0:
    return 1.0
  elif x < 0:
    return -1.0
  else:
    return 0.0

print(sign(tf.constant(3.0)), sign(tf.constant(-0.5)), sign(tf.constant(0.0)))


@tf.function
def clipped_cumsum(xs, limit):
  total = tf.constant(0.0)
  for x in xs:
    total += x
    if total > limit:
      total = limit
  return total

print(clipped_cumsum(tf.constant([1.0, 2.0, 3.0, 4.0]), tf.constant(5.0)))


@tf.function
def python_and_tensor(x, n):
  y = x
  for _ in range(n):        # a Python loop: unrolled at trace time
    if y > 100:             # a tensor condition: tf.cond
      y = y / 2
    else:
      y = y * 3
  return y

print(python_and_tensor(tf.constant(7.0), 4))


@tf.function
def logic_values(x, y):
  a = tf.constant(0)
  if x > 0 and y > 0:
    a = 1
  elif not x > 0 or y > 0:
    a = 2
  else:
    a = 3
  return a

print(logic_values(tf.constant(1.0), tf.constant(1.0)), logic_values(tf.constant(-1.0), tf.constant(1.0)),
      logic_values(tf.constant(1.0), tf.constant(-1.0)))


@tf.function
def conditional_expression(x):
  return x * 2 if x > 0 else -x

print(conditional_expression(tf.constant(3.0)), conditional_expression(tf.constant(-4.0)))


v = tf.Variable(0.0)

@tf.function
def count_positive(xs):
  for x in xs:
    if x > 0:
      v.assign_add(1.0)
  return v.read_value()

print(count_positive(tf.constant([1.0, -1.0, 2.0, 3.0])), v.numpy())


@tf.function
def power(x, n):
  result = tf.ones_like(x)
  for _ in tf.range(n):
    result *= x
  return result

x = tf.Variable(3.0)
with tf.GradientTape() as tape:
  y = power(x, tf.constant(4))
print(y, tape.gradient(y, x))


@tf.function
def relu_loop(xs):
  out = tf.zeros_like(xs)
  for i in tf.range(4):
    if xs[i] > 0:
      out = tf.tensor_scatter_nd_update(out, [[i]], [xs[i] * xs[i]])
  return out

w = tf.Variable([1.0, -2.0, 3.0, -4.0])
with tf.GradientTape() as tape:
  s = tf.reduce_sum(relu_loop(w))
print(s, tape.gradient(s, w))


@tf.function
def newton_sqrt(a):
  x = a
  i = 0
  while i < 6:
    x = 0.5 * (x + a / x)
    i += 1
  return x

a = tf.Variable(2.0)
with tf.GradientTape() as tape:
  r = newton_sqrt(a)
print(r, tape.gradient(r, a))


@tf.function
def while_with_bound(x):
  i = tf.constant(0)
  while x < 100.0:
    tf.autograph.experimental.set_loop_options(maximum_iterations=10)
    x = x * 2.0
    i += 1
  return x, i

b = tf.Variable(3.0)
with tf.GradientTape() as tape:
  out, steps = while_with_bound(b)
print(out, steps, tape.gradient(out, b))


@tf.function
def undefined_in_branch(x):
  if x > 0:
    y = x
  return y

try:
  undefined_in_branch(tf.constant(1.0))
except ValueError as e:
  print('ValueError:', str(e).strip().splitlines()[-1].strip().removeprefix('ValueError: '))  # TF: after 'in user code: File ...'


@tf.function
def dtype_changes(x):
  n = 0
  while n < x:
    n = tf.cast(n, tf.float32) + 0.5
  return n

try:
  dtype_changes(tf.constant(3))
except TypeError as e:
  print('TypeError:', str(e).strip().splitlines()[-1].strip().removeprefix('TypeError: '))


@tf.function
def float_condition(x):
  if x:
    return x
  return -x

try:
  float_condition(tf.constant(2.0))
except ValueError as e:
  print('ValueError:', str(e).strip().splitlines()[-1].strip().removeprefix('ValueError: ').split(', got')[0])
