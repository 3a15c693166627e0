import numpy as np
import tapejax as tf

# A small regression problem held in memory.
x = np.linspace(-1.0, 1.0, 40, dtype=np.float32).reshape(20, 2)
y = x @ np.array([[2.0], [-1.0]], np.float32) + 0.5

def scale(features, label):
  return features * 2.0, label

ds = tf.data.Dataset.from_tensor_slices((x, y))
print(ds.element_spec)
print(ds.cardinality())
for features, label in ds.take(2):
  print(features, label)

# Shuffled: print only what does not depend on the order.
shuffled = ds.shuffle(20, seed=7).map(scale, num_parallel_calls=tf.data.AUTOTUNE).batch(6).prefetch(tf.data.AUTOTUNE)
print(shuffled.element_spec)
print(len(shuffled), shuffled.cardinality().numpy())
for epoch in range(2):
  labels = np.concatenate([label.numpy()[:, 0] for _, label in shuffled])
  sizes = [int(f.shape[0]) for f, _ in shuffled]
  print(epoch, sorted(sizes), np.sort(labels)[:4], round(float(labels.sum()), 3))

# Training with a tape on a deterministic pipeline: map, batch, prefetch.
train = ds.map(scale).batch(8).prefetch(1)
w = tf.Variable(tf.zeros([2, 1]))
b = tf.Variable(0.0)

@tf.function
def train_step(features, labels):
  with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.square(tf.matmul(features, w) + b - labels))
  gw, gb = tape.gradient(loss, [w, b])
  w.assign_sub(0.1 * gw)
  b.assign_sub(0.1 * gb)
  return loss

for epoch in range(3):
  losses = [train_step(f, l) for f, l in train]
  print(epoch, [round(float(v), 4) for v in losses])
print(np.round(w.numpy(), 4), round(float(b), 4))
print(train_step.experimental_get_tracing_count())

# Order-independent training on the shuffled pipeline: the epoch's summed gradient.
@tf.function
def summed_grad(features, labels):
  with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.square(tf.matmul(features, w) + b - labels))
  return tape.gradient(loss, w)

total = tf.zeros([2, 1])
for f, l in shuffled:
  total += summed_grad(f, l)
print(np.round(total.numpy(), 3))

# Other pieces of the API on the same data.
print(list(ds.map(lambda f, l: l[0]).filter(lambda v: v > 1.0).as_numpy_iterator()))
print(ds.batch(8, drop_remainder=True).cardinality(), ds.repeat().cardinality(), ds.filter(lambda f, l: True).cardinality())
print(tf.data.Dataset.range(3).enumerate(start=1).element_spec)
