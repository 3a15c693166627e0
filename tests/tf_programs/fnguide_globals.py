# "Better performance with tf.function", Known issues: depending on Python global and free variables
# and on Python objects (cells rewritten).
import tapejax as tf

@tf.function
def add_global():
  return 10 + bar

@tf.function
def add_arg(bar):
  return 10 + bar

bar = 2
print("Global:", add_global())
print("Argument:", add_arg(bar))
print("Changing bar to 50")
bar = 50
print("Global:", add_global())
print("Argument:", add_arg(bar))

@tf.function
def add_variable():
  return 10 + baz

baz = tf.Variable(2)
print("Variable:", add_variable())
baz.assign(50)
print("Variable:", add_variable())

class Plain(tf.Module):
  def __init__(self):
    self.shift = 0.
    self.scale = 3.

@tf.function
def apply(model, x):
  return model.scale * x + model.shift

plain = Plain()
x = tf.constant(4.)
print(apply(plain, x))
plain.shift += 1.0
print(apply(plain, x))

def apply(model, x):
  return model.scale * x + model.shift

fresh = Plain()
apply_0 = tf.function(apply).get_concrete_function(fresh, x)
print(apply_0(x))
fresh.shift += 1.0
apply_1 = tf.function(apply).get_concrete_function(fresh, x)
print(apply_1(x))

class WithVariables:
  def __init__(self):
    self.shift = tf.Variable(0.)
    self.scale = tf.Variable(3.)

@tf.function
def apply(model, x):
  return model.scale * x + model.shift

good = WithVariables()
print(apply(good, x))
good.shift.assign_add(1.0)
print(apply(good, x))
