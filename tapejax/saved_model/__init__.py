"""tapejax.saved_model: TensorFlow's ``tf.saved_model.save`` / ``load`` on ``jax.export``.

``save`` exports every ``tapejax.function`` with an ``input_signature`` found on a Module (and
its sub-Modules) with ``jax.export``, serialized with its VJPs so that gradients, custom
gradients included, survive; it saves the Module's Variables with their values. ``load``
restores an object with the same attributes, whose functions read and assign the restored
Variables and are differentiable under a ``GradientTape``. The directory format is in
``docs/saved_model.md``.

>>> import tempfile, tapejax as tf
>>> class Scale(tf.Module):
...   def __init__(self):
...     super().__init__()
...     self.w = tf.Variable(3.0)
...   @tf.function(input_signature=[tf.TensorSpec(None)])
...   def __call__(self, x):
...     return x * self.w
>>> path = tempfile.mkdtemp()
>>> tf.saved_model.save(Scale(), path)
>>> loaded = tf.saved_model.load(path)
>>> x = tf.Variable(2.0)
>>> with tf.GradientTape() as t:
...   y = loaded(x * x)
>>> print(t.gradient(y, x))
tf.Tensor(12.0, shape=(), dtype=float32)
"""

from ._save_load import SaveOptions, load, save

__all__ = ["SaveOptions", "load", "save"]
