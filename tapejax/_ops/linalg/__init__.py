"""``tf.linalg``'s LU family and matrix rank (issue 21); the older ops are in ``_ops/``."""
