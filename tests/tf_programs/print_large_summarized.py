import tapejax as tf

print(tf.range(2000))
print(tf.zeros((100, 100)))
print(repr(tf.range(1500, dtype=tf.float32)))
print(tf.reshape(tf.range(1200), (40, 30)))
print(tf.range(1000))
print(tf.linspace(0.0, 1.0, 1001).shape)
