"""TF's graph-mode gradients inside ``tf.function``: ``tf.gradients`` and ``tf.hessians`` over a
recording of every op the traced Python code runs (see ``recording``)."""
