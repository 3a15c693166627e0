import tapejax as tf

s = {'a': tf.constant(1.0), 'b': [tf.constant(2.0), tf.constant(3.0)]}
print(tf.nest.flatten(s))
doubled = tf.nest.map_structure(lambda t: t * 2, s)
print(doubled)
print(tf.nest.pack_sequence_as(s, [1, 2, 3]))
tf.nest.assert_same_structure(s, doubled)
print(tf.nest.is_nested(s), tf.nest.is_nested(1.0))
v = {'w': tf.Variable(1.0), 'b': tf.Variable(2.0)}
with tf.GradientTape() as tape:
  y = v['w'] * 3.0 + v['b'] ** 2
g = tape.gradient(y, v)
print(tf.nest.map_structure(lambda t: t.numpy(), g))
