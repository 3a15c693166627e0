# "Better performance with tf.function", Creating tf.Variables; several Keras optimizers (cells
# rewritten).
import tapejax as tf

@tf.function
def makes_variable(x):
  v = tf.Variable(2.0)
  return v

try:
  makes_variable(2.0)
except ValueError as e:
  print("ValueError:", str(e).split("ValueError: ")[-1].strip())  # TF wraps it: "in user code: ..."

class Tally(tf.Module):
  def __init__(self):
    self.n = None

  @tf.function
  def __call__(self):
    if self.n is None:
      self.n = tf.Variable(10)
    return self.n.assign_add(2)

t = Tally()
print(t())
print(t())

sgd_a = tf.keras.optimizers.Adam(learning_rate=0.1)
sgd_b = tf.keras.optimizers.Adam(learning_rate=0.01)

@tf.function
def step(w, x, y, opt):
  with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.square(w * x - y))
  grads = tape.gradient(loss, [w])
  opt.apply_gradients(zip(grads, [w]))

w = tf.Variable(1.5)
x = tf.constant([-2.])
y = tf.constant([3.])
step(w, x, y, sgd_a)
print(w.numpy())
print("Now with the other optimizer")
try:
  step(w, x, y, sgd_b)
except ValueError as e:
  print("ValueError:", str(e).split("ValueError: ")[-1].strip())  # TF wraps it: "in user code: ..."
print(w.numpy())

sgd_a = tf.keras.optimizers.Adam(learning_rate=0.1)
sgd_b = tf.keras.optimizers.Adam(learning_rate=0.01)

def step(w, x, y, opt):
  with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.square(w * x - y))
  grads = tape.gradient(loss, [w])
  opt.apply_gradients(zip(grads, [w]))

w = tf.Variable(1.5)
step_a = tf.function(step).get_concrete_function(w, x, y, sgd_a)
step_b = tf.function(step).get_concrete_function(w, x, y, sgd_b)
try:  # the guide's cell: TF 2.21 fails to bind the Variable to the concrete function
  for i in range(6):
    if i % 2 == 0:
      step_a(w, x, y)
    else:
      step_b(w, x, y)
except TypeError as e:
  print("TypeError:", str(e).split(". Received")[0])
print(w.numpy())
