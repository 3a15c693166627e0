"""Sparse rows: ``tf.IndexedSlices`` and the Variable methods that read and update rows of a
Variable (``scatter_*``, ``sparse_read``, ``gather_nd``)."""
