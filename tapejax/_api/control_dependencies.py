"""``tf.control_dependencies``: ops in the block run after ``control_inputs``.

Eagerly ops run in program order already (TF's eager ``control_dependencies`` is a no-op too).
Inside ``tapejax.function`` the traced program keeps every side effect in the order the Python
code made it: an assignment is part of the Variable state the compiled call returns and a
``tf.print`` is an ordered callback, whether or not a later op depends on them; so the block
needs no extra edges and nothing in ``control_inputs`` is dropped.
"""

from __future__ import annotations

import contextlib


@contextlib.contextmanager
def control_dependencies(control_inputs):
    """Runs the block after ``control_inputs`` (``tf.control_dependencies``).

    >>> import tapejax as tf
    >>> v = tf.Variable(1.0)
    >>> @tf.function
    ... def step():
    ...     with tf.control_dependencies([v.assign_add(1.0)]):
    ...         return tf.identity(v)
    >>> float(step()), float(v)
    (2.0, 2.0)
    """
    yield
