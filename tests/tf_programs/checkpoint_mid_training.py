import os
import shutil
import tempfile

import tapejax as tf

# Checkpoint save/restore mid-training: a tf.Module and a Keras optimizer with momentum slots,
# a custom GradientTape loop, tf.train.CheckpointManager; training resumed in fresh objects
# continues with the same numbers as the uninterrupted run.


class Linear(tf.Module):
  def __init__(self):
    super().__init__()
    self.w = tf.Variable([[0.5], [-0.25]], name='w')
    self.b = tf.Variable([0.0], name='b')
    self.extra = {'scale': tf.Variable(1.0, name='scale')}

  def __call__(self, x):
    return (tf.matmul(x, self.w) + self.b) * self.extra['scale']


x = tf.constant([[1., 2.], [3., 4.], [5., 6.], [-1., 0.5]])
y = tf.constant([[1.], [2.], [3.], [0.]])


def train_step(model, opt):
  with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.square(model(x) - y))
  grads = tape.gradient(loss, model.trainable_variables)
  opt.apply_gradients(zip(grads, model.trainable_variables))
  return loss


def make():
  model = Linear()
  opt = tf.keras.optimizers.SGD(learning_rate=0.01, momentum=0.9)
  step = tf.Variable(0, dtype=tf.int64)
  return model, opt, step, tf.train.Checkpoint(step=step, model=model, optimizer=opt)


directory = tempfile.mkdtemp()
model, opt, step, ckpt = make()
manager = tf.train.CheckpointManager(ckpt, directory, max_to_keep=2)
print('latest before training:', manager.latest_checkpoint)
for _ in range(4):
  loss = train_step(model, opt)
  step.assign_add(1)
  path = manager.save()
  print('step', step.numpy(), f'loss {loss.numpy():.5f}', 'saved', os.path.basename(path))

print('kept:', [os.path.basename(p) for p in manager.checkpoints])
print('latest:', os.path.basename(tf.train.latest_checkpoint(directory)))
print('model keys:', [k for k, _ in tf.train.list_variables(directory) if k.startswith('model/')])

uninterrupted = [train_step(model, opt).numpy() for _ in range(3)]
print('uninterrupted:', [f'{v:.5f}' for v in uninterrupted])
print('w after:', [f'{v:.6f}' for v in model.w.numpy().ravel()])

# A new program: fresh objects (the optimizer has no slots yet), restored from the manager.
model2, opt2, step2, ckpt2 = make()
status = ckpt2.restore(tf.train.CheckpointManager(ckpt2, directory, max_to_keep=2).latest_checkpoint)
status.assert_existing_objects_matched()
print('restored step', step2.numpy(), 'iterations', opt2.iterations.numpy(), 'save_counter',
      ckpt2.save_counter.numpy())
print('restored w:', model2.w.numpy().ravel(), 'scale:', model2.extra['scale'].numpy())
resumed = [train_step(model2, opt2).numpy() for _ in range(3)]
print('resumed:', [f'{v:.5f}' for v in resumed])
print('same as uninterrupted:', resumed == uninterrupted)
print('w after:', [f'{v:.6f}' for v in model2.w.numpy().ravel()])
status.assert_consumed()
print('all values consumed')

try:
  ckpt2.restore(os.path.join(directory, 'ckpt-1'))
except tf.errors.NotFoundError as e:
  print('NotFoundError:', 'Failed to find any matching files' in str(e))
shutil.rmtree(directory)
