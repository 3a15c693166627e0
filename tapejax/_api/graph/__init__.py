"""TF's graph-mode notions inside ``tf.function``: ``tf.gradients`` and ``tf.hessians`` over a
recording of every op the traced Python code runs (``recording``, ``gradients``), and what a
nested function's trace reads from the enclosing one (``captures``)."""
