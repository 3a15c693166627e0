import numpy as np
import tapejax as tf

for d in [tf.float16, tf.float32, tf.float64, tf.int32, tf.int64, tf.bool, tf.bfloat16, tf.uint8, tf.complex64]:
  print(d, repr(d), d.name, d.is_floating, d.is_integer)
print(tf.constant(1.0).dtype)
print(tf.constant(1).dtype == tf.int32)
print(tf.float32 == np.float32)
print(tf.as_dtype('float64'))
print(tf.as_dtype(np.int64))
print(tf.float32.as_numpy_dtype)
print(tf.cast(tf.constant([1.7, -2.3]), tf.int32))
print(tf.cast(tf.constant([0, 1, 2]), tf.bool))
print(tf.cast(tf.constant([1, 2]), tf.float64))
print(tf.float32.min, tf.float32.max)
print(tf.int32.min, tf.int32.max)
print(tf.constant([1.0]).dtype.size)
