import tapejax as tf
class Mod(tf.Module):
  def __init__(self, name=None):
    super().__init__(name=name)
    self.a = tf.Variable(1.0, name='a')
    with self.name_scope as s:
      print('scope', s)
      self.b = tf.Variable(1.0, name='b')
    self.c = None
  @tf.Module.with_name_scope
  def __call__(self, x):
    if self.c is None:
      self.c = tf.Variable(2.0, name='c')
      self.d = tf.Variable(2.0)
    return x * self.c
m = Mod(name='my_mod')
m(tf.constant(1.0))
print([v.name for v in m.variables])
with tf.name_scope('outer'):
  n = Mod()
  with tf.name_scope('inner') as s2:
    print(s2)
    v = tf.Variable(1.0)
    with tf.name_scope('/abs/') as s3:
      print(s3)
  print(tf.Variable(1.0, name='w').name, v.name)
n(tf.constant(1.0))
print(n.name, n.name_scope.name, [v.name for v in n.variables])
print(tf.name_scope('x').name)
class Dense(tf.Module):
  def __init__(self, n, name=None):
    super().__init__(name=name)
    self.w = tf.Variable(tf.ones([2, n]), name='w')
class Seq(tf.Module):
  def __init__(self, name=None):
    super().__init__(name=name)
    with self.name_scope:
      self.l1 = Dense(3)
      self.l2 = Dense(1, name='last')
s = Seq()
print([v.name for v in s.variables], [x.name for x in s.submodules])
