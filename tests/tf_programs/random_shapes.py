import tapejax as tf

tf.random.set_seed(1)
a = tf.random.normal((2, 3))
print(a.shape, a.dtype)
b = tf.random.uniform((4,), minval=0, maxval=10, dtype=tf.int32)
print(b.shape, b.dtype)
c = tf.random.uniform([2, 2], dtype=tf.float64)
print(c.shape, c.dtype)
d = tf.random.truncated_normal([3])
print(d.shape, bool(tf.reduce_all(tf.abs(d) <= 2.0)))
print(tf.random.shuffle(tf.range(5)).shape)
print(tf.random.categorical(tf.math.log([[0.5, 0.5]]), 4).shape)
print(a)
