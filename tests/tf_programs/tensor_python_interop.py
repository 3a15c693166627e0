import numpy as np
import tapejax as tf

t = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(np.array(t))
print(np.square(t))
print(t.numpy().sum(), float(t[0, 1]), int(t[1, 1]))
print(len(t), t.ndim)
for row in t:
  print(row)
print(t + np.ones((2, 2), dtype=np.float32))
print(tf.constant(3.0).numpy().item())
print([float(x) for x in tf.constant([0.5, 1.5])])
print(f'{tf.constant(3.14159):.2f}')
print(tf.is_tensor(t), tf.is_tensor(np.ones(2)))
