# "Better performance with tf.function", section AutoGraph transformations (inputs made fixed).
import sys

import tapejax as tf

@tf.function
def f(x):
  while tf.reduce_sum(x) > 1:
    tf.print(x)
    x = tf.tanh(x)
  return x

print(f(tf.constant([0.5, 0.4, 0.3, 0.2, 0.1])).numpy().round(4))  # tanh: Eigen's vs XLA's last digit


@tf.function
def fizzbuzz(n):
  for i in tf.range(1, n + 1):
    print('Tracing for loop')
    if i % 15 == 0:
      print('Tracing fizzbuzz branch')
      tf.print('fizzbuzz')
    elif i % 3 == 0:
      print('Tracing fizz branch')
      tf.print('fizz')
    elif i % 5 == 0:
      print('Tracing buzz branch')
      tf.print('buzz')
    else:
      print('Tracing default branch')
      tf.print(i)

fizzbuzz(tf.constant(5))
fizzbuzz(tf.constant(20))


@tf.function
def fizzbuzz_stdout(n):  # the same, printing to stdout (tf.print's default is stderr)
  for i in tf.range(1, n + 1):
    if i % 15 == 0:
      tf.print('fizzbuzz', output_stream=sys.stdout)
    elif i % 3 == 0:
      tf.print('fizz', output_stream=sys.stdout)
    elif i % 5 == 0:
      tf.print('buzz', output_stream=sys.stdout)
    else:
      tf.print(i, output_stream=sys.stdout)

fizzbuzz_stdout(tf.constant(16))


@tf.function
def python_loop(n):
  total = tf.constant(0)
  for i in range(n):
    total += i
  return total

@tf.function
def tf_loop(n):
  total = tf.constant(0)
  for i in tf.range(n):
    total += i
  return total

print(python_loop(4), tf_loop(tf.constant(4)), tf_loop(4))


@tf.function
def sum_even(items):
  s = 0
  for c in items:
    if c % 2 > 0:
      continue
    s += c
  return s

print(sum_even(tf.constant([10, 12, 15, 20])))


@tf.function
def square_if_positive(x):
  if x > 0:
    x = x * x
  else:
    x = 0.0
  return x

print('square_if_positive(2) = {}'.format(square_if_positive(tf.constant(2.0))))
print('square_if_positive(-2) = {}'.format(square_if_positive(tf.constant(-2.0))))


@tf.function
def sum_even_break(items):
  s = 0
  for c in items:
    if c % 2 > 0:
      continue
    if s > 20:
      break
    s += c
  return s

print(sum_even_break(tf.constant([10, 12, 15, 20, 30, 40])))
