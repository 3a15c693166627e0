"""Array ops of TF's top level beyond the basics: index arithmetic (``invert_permutation``,
``unravel_index``, ``reverse_sequence``), partitions and stitches, space/batch reshuffles."""
