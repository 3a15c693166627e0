import tapejax as tf

m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(m)
print(repr(m))
print(tf.constant([[1, 2, 3], [4, 5, 6]]))
print(repr(tf.constant([[1, 2, 3], [4, 5, 6]])))
t3 = tf.reshape(tf.range(12), (2, 3, 2))
print(t3)
print(repr(t3))
print(tf.constant([[True, False], [False, True]]))
print(tf.zeros((2, 0)))
print(repr(tf.ones((1, 1, 1))))
print(tf.constant([[0.001, 1000.0], [-2.5, 3.0]]))
