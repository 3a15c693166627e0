import numpy as np
import tapejax as tf

print(tf.constant([1.0, 2.0, 3.0]))
print(tf.constant([1, 2, 3]))
print(tf.constant([True, False]))
print(tf.constant([0.1, 1e-5, 1e5]))
print(tf.constant([1e-10, 1.0]))
print(tf.constant([-0.0, 0.0, float('nan'), float('inf')]))
print(tf.constant(np.array([1.5, 2.25])))
print(tf.constant([], dtype=tf.float32))
print(repr(tf.constant([1.0, 2.0, 3.0])))
print(repr(tf.constant([1, 2, 3])))
print(repr(tf.constant([True, False])))
print(repr(tf.constant([1.0, 2.0], dtype=tf.float64)))
print(repr(tf.constant([1, 2], dtype=tf.int64)))
print(repr(tf.constant([], dtype=tf.int32)))
print(repr(tf.constant([1.0, 2.0], dtype=tf.float16)))
print(tf.constant([3.14159265, 2.71828183], dtype=tf.float64))
